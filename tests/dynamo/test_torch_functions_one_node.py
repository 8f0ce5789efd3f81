# torch functions that standin writes in guest code (torch.clamp, F.gelu,
# F.cross_entropy, Tensor.tril, ...) are one node in the graph, as the C++
# functions they stand for are in Dynamo's: CompileCounter counts one op for
# each, the compiled result matches eager, and a graph that calls one runs
# again on new inputs, after a recompile, under every backend.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class OneNodeTests(torch._dynamo.test_case.TestCase):
    def check(self, fn, *args, ops=1):
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        for _ in range(2):
            self.assertTrue(same(opt_fn(*args), fn(*args)))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, ops)

    def test_functions(self):
        x = torch.randn(3, 4)
        t = torch.tensor([1, 0, 3])
        cases = [
            lambda x: torch.clamp(x, 0, 1),
            lambda x: torch.clamp(x, min=0),
            lambda x: F.gelu(x),
            lambda x: F.gelu(x, approximate="tanh"),
            lambda x: F.silu(x),
            lambda x: F.leaky_relu(x, 0.2),
            lambda x: F.elu(x),
            lambda x: F.hardtanh(x),
            lambda x: F.softplus(x),
            lambda x: F.normalize(x),
            lambda x: torch.tril(x),
            lambda x: torch.triu(x, 1),
            lambda x: torch.einsum("ij,kj->ik", x, x),
            lambda x: F.pad(x, (1, 1)),
            lambda x: F.mse_loss(x, x),
            lambda x: F.cross_entropy(x, t),
            lambda x: F.dropout(x, 0.5, training=False),
            lambda x: torch.roll(x, 1),
        ]
        for fn in cases:
            self.check(fn, x)

    def test_tensor_methods(self):
        x = torch.randn(3, 4)
        for fn in [lambda x: x.clamp(0, 1), lambda x: x.tril(), lambda x: x.logsumexp(1), lambda x: x.repeat(2, 1)]:
            self.check(fn, x)

    def test_tuple_results_are_taken_apart(self):
        # split + one getitem per piece, as Dynamo records it.
        x = torch.randn(3, 4)
        self.check(lambda x: x.split(2, 1), x, ops=3)
        self.check(lambda x: torch.chunk(x, 3), x, ops=4)

        def fn(x):
            a, b = torch.broadcast_tensors(x, x[0])
            return a + b

        self.check(fn, x, ops=5)

    def test_in_a_model(self):
        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 8)
                self.norm = nn.LayerNorm(8)
                self.drop = nn.Dropout(0.1)

            def forward(self, x):
                h = F.gelu(self.fc(x))
                h = self.drop(self.norm(h))
                return h.clamp(-1, 1).sum()

        torch.manual_seed(0)
        m = Block().eval()
        # linear, gelu, layer_norm, dropout, clamp, sum
        self.check(m, torch.randn(2, 4), ops=6)

    def test_graph_code_names_the_function(self):
        graphs = []

        def backend(gm, example_inputs):
            graphs.append(gm)
            return gm.forward

        def fn(x):
            return torch.clamp(x, 0, 1) + x.tril()

        opt_fn = torch.compile(fn, backend=backend)
        x = torch.randn(3, 3)
        self.assertTrue(same(opt_fn(x), fn(x)))
        code = graphs[0].code
        self.assertIn("torch.clamp(", code)
        self.assertIn(".tril()", code)

    def test_errors_still_come_from_the_function(self):
        def fn(x):
            return F.cross_entropy(x, torch.tensor([5, 0, 1]))

        with self.assertRaises(IndexError):
            fn(torch.randn(3, 4))
        cnts = CompileCounter()
        with self.assertRaises(IndexError):
            torch._dynamo.optimize(cnts)(fn)(torch.randn(3, 4))

    def test_inductor_backend_and_new_shapes(self):
        def fn(x):
            return F.gelu(x) * 2 + torch.clamp(x, 0, 1)

        opt_fn = torch.compile(fn, backend="inductor")
        for shape in [(3, 4), (3, 4), (5, 2)]:
            x = torch.randn(*shape)
            self.assertTrue(same(opt_fn(x), fn(x)))

    def test_argument_mutated_stays_inlined(self):
        def fn(x):
            y = x.clone()
            y.clamp_(0, 1)
            return y

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        x = torch.randn(3, 4)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnts.frame_count, 1)


class DataReadingOneNodeTests(torch._dynamo.test_case.TestCase):
    # torch functions whose guest code reads the values (linalg.inv, det,
    # solve, cholesky, histc, multinomial) are one node each, as Dynamo
    # records the aten op, where they broke the graph before.
    def test_linalg_and_histc_one_graph(self):
        def fn(A, B, x):
            Ai = torch.linalg.inv(A)
            L = torch.linalg.cholesky(A @ A.mT + torch.eye(3))
            return (Ai.sum(-1) * 2, torch.linalg.det(A) + 1, torch.linalg.solve(A, B), L.tril().sum(),
                    torch.histc(x, bins=4, min=0, max=4) * 2, x.histc(2, 0, 4))
        A = torch.tensor([[2., 1., 0.], [1., 3., 1.], [0., 1., 4.]])
        B, x = torch.ones(3, 2), torch.tensor([0.5, 1.5, 1.7, 3.2])
        cnt = CompileCounter()
        ref = fn(A, B, x)
        res = torch.compile(fn, backend=cnt, fullgraph=True)(A, B, x)
        for r, e in zip(res, ref):
            self.assertTrue(same(r, e))
            self.assertEqual(r.stride(), e.stride())
        self.assertEqual(cnt.frame_count, 1)
        # New values, same graph (the nodes read them when the graph runs).
        A2 = A * 2
        ref2 = fn(A2, B, x + 0.5)
        res2 = torch.compile(fn, backend=cnt, fullgraph=True)(A2, B, x + 0.5)
        for r, e in zip(res2, ref2):
            self.assertTrue(same(r, e))
        self.assertEqual(cnt.frame_count, 1)

    def test_singular_matrix_raises_from_the_graph(self):
        def fn(A):
            return torch.linalg.inv(A) + 1
        opt = torch.compile(fn, backend='eager', fullgraph=True)
        self.assertTrue(same(opt(torch.eye(2)), torch.eye(2) + 1))
        with self.assertRaises(RuntimeError):
            opt(torch.zeros(2, 2))

    def test_multinomial_draws_as_eager(self):
        def fn(p):
            return torch.multinomial(p, 2) + 0, torch.multinomial(p, 1, replacement=True)
        p = torch.tensor([[0.1, 0.2, 0.7], [0.5, 0.5, 0.0]])
        cnt = CompileCounter()
        torch.manual_seed(3)
        ref = [fn(p) for _ in range(2)]
        torch.manual_seed(3)
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        res = [opt(p) for _ in range(2)]
        for r, e in zip(res, ref):
            self.assertTrue(same(r[0], e[0]) and same(r[1], e[1]))
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
