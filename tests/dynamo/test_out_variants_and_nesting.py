# torch's out= keyword, eagerly and in a trace (Dynamo's test_repros /
# test_misc out-variant cases): the result lands in `out` (resized when its
# shape differs), `out` is returned, pairs (sort, max(dim), frexp) fill pairs;
# an `out` from outside that would be resized breaks the graph, as in Dynamo.
# Nested torch.compile (test_misc's nested_optimize): the outer backend
# compiles the innermost function, and a compiled function or module called
# from a compiled frame is traced through. index_add_/scatter_add_/scatter/
# index_fill_/scatter_reduce are one node each. Also torch._dynamo.mark_dynamic,
# testing.same on numbers, random.getstate/setstate, Tensor.exponential_
# with a generator, torch.randint(high, size).
import random

import torch
import torch.nn.functional as F
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


def sig_into(x, o):
    torch.sigmoid(x, out=o)
    return o + 1


def sort_into(x, a, b):
    r = torch.sort(x, out=(a, b))
    return r.values * 2, r.indices, r.values is a, r.indices is b


def made_in_frame(x):
    out = torch.empty(0)

    def run():
        torch.sigmoid(x, out=out)
        return out.size()

    return run(), out


class OutVariantTests(torch._dynamo.test_case.TestCase):
    def test_eager_out_writes_and_returns(self):
        x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.25]])
        o = torch.empty(0)
        r = torch.sigmoid(x, out=o)
        self.assertTrue(r is o)
        self.assertEqual(tuple(o.shape), (2, 3))
        self.assertTrue(torch.equal(o, torch.sigmoid(x)))
        # same shape: written in place, so a view of it sees the values
        o = torch.ones(2, 3)
        row = o[0]
        torch.add(x, 1, out=o)
        self.assertTrue(torch.equal(row, x[0] + 1))
        # a transposed view as out
        y = torch.zeros(3, 2)
        torch.abs(x, out=y.T)
        self.assertTrue(torch.equal(y, x.abs().T))
        # dtype: cast where torch's rule allows, refused where not
        o = torch.zeros(2, dtype=torch.float64)
        torch.add(torch.tensor([1, 2]), 1, out=o)
        self.assertEqual(o.tolist(), [2.0, 3.0])
        self.assertEqual(o.dtype, torch.float64)
        with self.assertRaisesRegex(RuntimeError, "result type Float can't be cast to the desired output type Long"):
            torch.sigmoid(x, out=torch.zeros(3, dtype=torch.long))
        with self.assertRaisesRegex(TypeError, "sigmoid\\(\\): argument 'out' must be Tensor, not int"):
            torch.sigmoid(x, out=3)
        # factories make out's dtype
        z = torch.zeros(2, 3, out=torch.empty(0, dtype=torch.long))
        self.assertEqual(z.dtype, torch.long)
        self.assertEqual(torch.arange(4, out=torch.empty(0)).tolist(), [0.0, 1.0, 2.0, 3.0])
        # guest-code functions and pairs
        a, b = torch.empty(0), torch.empty(0, dtype=torch.long)
        r = torch.sort(torch.tensor([3.0, 1.0, 2.0]), out=(a, b))
        self.assertTrue(r.values is a and r[1] is b)
        self.assertEqual(a.tolist(), [1.0, 2.0, 3.0])
        self.assertEqual(b.tolist(), [1, 2, 0])
        self.assertTrue(repr(r).startswith("torch.return_types.sort_out("))
        with self.assertRaisesRegex(TypeError, "expected tuple of 2 elements but got 1"):
            torch.sort(torch.tensor([3.0, 1.0]), out=[a])
        v, i = torch.max(torch.tensor([[1.0, 3.0], [4.0, 0.0]]), 1, out=(torch.empty(0), torch.empty(0, dtype=torch.long)))
        self.assertEqual((v.tolist(), i.tolist()), ([3.0, 4.0], [1, 0]))
        self.assertEqual(torch.mm(torch.ones(2, 2), torch.ones(2, 2), out=torch.empty(0)).tolist(), [[2.0, 2.0], [2.0, 2.0]])
        self.assertEqual(torch.cat([x, x], out=torch.empty(0)).shape, (4, 3))
        self.assertEqual(torch.randint(3, (4,), out=torch.empty(0, dtype=torch.long)).shape, (4,))
        self.assertTrue(torch.equal(torch.exp(x, out=None), torch.exp(x)))
        # functions without out= refuse it, as torch's do
        with self.assertRaisesRegex(TypeError, "unexpected keyword argument 'out'"):
            torch.nn.functional.relu(x, out=o)
        self.assertTrue(torch.can_cast(torch.int32, torch.float32))
        self.assertFalse(torch.can_cast(torch.float32, torch.int32))
        self.assertFalse(torch.can_cast(torch.int64, torch.bool))

    def test_out_input_same_shape_one_graph(self):
        x = torch.randn(2, 3)
        cnt = CompileCounter()
        opt = torch.compile(sig_into, backend=cnt, fullgraph=True)
        o1, o2 = torch.zeros(2, 3), torch.zeros(2, 3)
        self.assertTrue(same(opt(x, o1), sig_into(x, o2)))
        self.assertTrue(same(o1, o2))
        self.assertEqual(cnt.frame_count, 1)

    def test_out_input_resized_breaks_graph(self):
        x = torch.randn(2, 3)
        cnt = CompileCounter()
        opt = torch.compile(sig_into, backend=cnt)
        o1, o2 = torch.empty(0), torch.empty(0)
        self.assertTrue(same(opt(x, o1), sig_into(x, o2)))
        self.assertTrue(same(o1, o2))
        self.assertEqual(tuple(o1.shape), (2, 3))
        with self.assertRaisesRegex(Exception, "out variants with resizing on graph inputs"):
            torch.compile(sig_into, backend="eager", fullgraph=True)(x, torch.empty(0))

    def test_out_made_in_frame_resized(self):
        x = torch.randn(2, 3)
        cnt = CompileCounter()
        opt = torch.compile(made_in_frame, backend=cnt, fullgraph=True)
        size, out = opt(x)
        self.assertEqual(size, (2, 3))
        self.assertTrue(same(out, torch.sigmoid(x)))
        self.assertEqual(cnt.frame_count, 1)

    def test_sort_out_pair(self):
        x = torch.tensor([3.0, -1.0, 2.0])
        cnt = CompileCounter()
        opt = torch.compile(sort_into, backend=cnt, fullgraph=True)
        a, b = torch.empty(3), torch.empty(3, dtype=torch.long)
        got = opt(x, a, b)
        want = sort_into(x, torch.empty(3), torch.empty(3, dtype=torch.long))
        self.assertTrue(same(got[0], want[0]) and same(got[1], want[1]))
        self.assertEqual(got[2:], (True, True))
        self.assertEqual(a.tolist(), [-1.0, 2.0, 3.0])
        self.assertEqual(cnt.frame_count, 1)

    def test_module_buffer_out(self):
        class MyModule(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("base", torch.ones(4, 4))

            def forward(self, x):
                torch.sigmoid(x, out=self.base)
                return x + self.base

        x = torch.randn(4, 4)
        m1, m2 = MyModule(), MyModule()
        cnt = CompileCounter()
        opt = torch.compile(m2, backend=cnt, fullgraph=True)
        self.assertTrue(same(m1(x), opt(x)))
        self.assertTrue(same(m1.base, m2.base))
        self.assertEqual(cnt.frame_count, 1)

    def test_frexp_out_list_kwargs(self):
        class Repro(torch.nn.Module):
            def forward(self, param):
                return torch.frexp(**param)

        params = {"input": torch.tensor([[0.0, 1, 2, 4, -3.5, 0.1]]),
                  "out": [torch.empty(0, dtype=torch.float32), torch.empty(0, dtype=torch.int32)]}
        mantissa, exponent = torch.compile(Repro(), backend="eager")(params)
        self.assertTrue(same(mantissa, torch.tensor([[0.0, 0.5, 0.5, 0.5, -0.875, 0.8]])))
        self.assertEqual(exponent.tolist(), [[0, 1, 2, 3, 2, -3]])
        self.assertEqual(exponent.dtype, torch.int32)
        self.assertTrue(mantissa is params["out"][0])


class NestedCompileTests(torch._dynamo.test_case.TestCase):
    def test_nested_optimize(self):
        cnts1, cnts2 = CompileCounter(), CompileCounter()

        def fn(x):
            return torch.relu(torch.cos(x) + torch.sin(x))

        fn1 = torch.compile(fn, backend=cnts1, fullgraph=True)
        fn2 = torch.compile(fn1, backend=cnts2, fullgraph=True)
        fn2(torch.randn(4))
        self.assertEqual(cnts2.frame_count, 1)
        self.assertEqual(cnts1.frame_count, 0)

    def test_compiled_function_called_from_compiled_frame(self):
        @torch._dynamo.run()
        def fn1(x):
            return torch.sin(x) * 10

        cnts2, cnts3 = CompileCounter(), CompileCounter()

        @torch.compile(backend=cnts2, fullgraph=True)
        def fn2(x):
            return fn1(x) + 1

        @torch.compile(backend=cnts3, fullgraph=True)
        def fn3(x):
            return torch.relu(fn2(x))

        x = torch.randn(4, 5)
        self.assertTrue(same(fn3(x), torch.relu(torch.sin(x) * 10 + 1)))
        self.assertEqual(cnts2.frame_count, 0)
        self.assertEqual(cnts3.frame_count, 1)
        self.assertEqual(cnts3.op_count, 4)

    def test_compiled_module_called_from_compiled_frame(self):
        lin = torch.nn.Linear(3, 3)
        om = torch.compile(lin, backend="eager")
        cnt = CompileCounter()

        def outer(x):
            return om(x) + 1

        opt = torch.compile(outer, backend=cnt, fullgraph=True)
        x = torch.randn(2, 3)
        self.assertTrue(same(opt(x), lin(x) + 1))
        self.assertEqual(cnt.frame_count, 1)
        # a hook registered on the wrapper later runs (guarded: a recompile)
        om.register_forward_hook(lambda mod, args, out: out * 0)
        self.assertTrue(same(torch.compile(outer, backend="eager")(x), torch.ones(2, 3)))


def gnn(x, edge_index):
    src, dst = edge_index
    deg = torch.zeros(x.shape[0]).index_add_(0, dst, torch.ones(dst.shape[0]))
    norm = deg.pow(-0.5)
    norm = norm.masked_fill(torch.isinf(norm), 0.0)
    msg = x[src] * norm[src].unsqueeze(1)
    out = torch.zeros_like(x).index_add_(0, dst, msg)
    agg = torch.zeros_like(x).scatter_add_(0, dst.unsqueeze(1).expand(-1, x.shape[1]), msg)
    s = torch.scatter(torch.zeros(3, 4), 1, torch.tensor([[0, 1], [2, 3], [1, 0]]), 5.0)
    f = torch.ones(3, 2).index_fill_(0, torch.tensor([1]), -1.0)
    r = torch.zeros(3).scatter_reduce(0, torch.tensor([0, 0, 2]), torch.tensor([1.0, 5.0, 2.0]), reduce="amax")
    return out, agg, s, f, r + x.sum()


def add_into_input(x, idx, y):
    x.index_add_(0, idx, y)
    return x * 2


class ScatterIndexOpTests(torch._dynamo.test_case.TestCase):
    # index_add_, scatter_add_, scatter, index_fill_, scatter_reduce read
    # their index's data in torch's guest code, but keep the input's shape:
    # one node each, as Dynamo records the aten op (a GNN's aggregation in one graph).
    def test_gnn_aggregation_one_graph(self):
        x = torch.arange(12.0).reshape(4, 3)
        ei = torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 0, 2]])
        cnt = CompileCounter()
        got = torch.compile(gnn, backend=cnt, fullgraph=True)(x, ei)
        for a, b in zip(gnn(x, ei), got):
            self.assertTrue(torch.equal(a, b))
        self.assertEqual(cnt.frame_count, 1)

    def test_one_hot_and_bounds_checked_ops_one_graph(self):
        # (their index checks run with the graph: no data-dependent break)
        def fn(t, x):
            return (F.one_hot(t, 5).float() * x[:, None], torch.zeros(3).scatter_(0, t[:1], 1.0),
                    torch.zeros(5).index_add(0, t, torch.ones(3)), x.gather(0, t % 2))

        t, x = torch.tensor([0, 2, 4]), torch.arange(3.0)
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(t, x)
        for a, b in zip(fn(t, x), got):
            self.assertTrue(torch.equal(a, b))
        self.assertEqual(cnt.frame_count, 1)

    def test_in_place_on_input_and_errors(self):
        idx, y = torch.tensor([0, 2]), torch.ones(2, 2)
        x1, x2 = torch.zeros(3, 2), torch.zeros(3, 2)
        r1 = add_into_input(x1, idx, y)
        r2 = torch.compile(add_into_input, backend="eager", fullgraph=True)(x2, idx, y)
        self.assertTrue(torch.equal(r1, r2) and torch.equal(x1, x2))
        with self.assertRaisesRegex(IndexError, "index out of range in self"):
            torch.compile(add_into_input, backend="eager")(torch.zeros(3, 2), torch.tensor([5]), torch.ones(1, 2))


class SmallApiTests(torch._dynamo.test_case.TestCase):
    def test_mark_dynamic_accepted(self):
        x = torch.randn(3, 4)
        torch._dynamo.mark_dynamic(x, 0)
        torch._dynamo.maybe_mark_dynamic(x, 1)
        torch._dynamo.mark_static(x, 0)
        with self.assertRaises(AssertionError):
            torch._dynamo.mark_dynamic(x, 2)
        opt = torch.compile(lambda t: t * 2, backend="eager")
        self.assertTrue(same(opt(x), x * 2))
        self.assertTrue(torch._dynamo.config.specialize_float)

    def test_same_on_numbers(self):
        self.assertTrue(same(torch.tensor([105]), 105))
        self.assertTrue(same(torch.tensor([1.0]), torch.tensor(1.0)))
        self.assertTrue(same(2.5, torch.tensor(2.5)))
        self.assertFalse(same(2.5, torch.tensor(2.5, dtype=torch.float64)))  # exact_dtype, as Dynamo's
        self.assertFalse(same(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.5])))
        self.assertFalse(same(torch.ones(2), torch.ones(3)))

    def test_random_state_roundtrip(self):
        random.seed(7)
        state = random.getstate()
        first = [random.random() for _ in range(3)]
        random.setstate(state)
        self.assertEqual([random.random() for _ in range(3)], first)
        self.assertEqual(state[0], 3)
        self.assertEqual(len(state[1]), 625)
        r = random.Random(3)
        s = r.getstate()
        a = r.randint(0, 100)
        r.setstate(s)
        self.assertEqual(r.randint(0, 100), a)

    def test_exponential_with_generator(self):
        g = torch.Generator().manual_seed(0)
        t = torch.empty(5).exponential_(lambd=10, generator=g)
        self.assertTrue(bool((t >= 0).all()))
        t2 = torch.empty(5).exponential_(lambd=10, generator=torch.Generator().manual_seed(0))
        self.assertTrue(torch.equal(t, t2))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
