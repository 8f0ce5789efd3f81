# Autograd through compiled frames: a backend's graph module is an
# nn.Module whose nodes carry meta['val'] (fake tensors with the traced
# shape and dtype); backward through a compiled call reaches the
# parameters; backward inside a compiled function breaks the graph and
# still fills .grad; a module's backward hook runs under torch.compile.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class AutogradCompileTests(torch._dynamo.test_case.TestCase):
    def test_graph_module_meta(self):
        seen = {}

        def backend(gm, example_inputs):
            seen['module'] = isinstance(gm, torch.nn.Module)
            seen['shapes'] = [tuple(n.meta['val'].shape) for n in gm.graph.nodes
                              if n.op in ('placeholder', 'call_function', 'call_method')]
            gm.recompile()
            gm.graph.lint()
            return gm.forward

        def f(x):
            return torch.sin(x).sum(0)

        torch.compile(f, backend=backend)(torch.ones(3, 2))
        self.assertTrue(seen['module'])
        self.assertEqual(seen['shapes'], [(3, 2), (3, 2), (2,)])

    def test_backward_through_compiled_module(self):
        torch.manual_seed(0)
        m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
        x = torch.linspace(-1, 1, 6).reshape(2, 3)
        m(x).sum().backward()
        eager = [p.grad.clone() for p in m.parameters()]
        m.zero_grad(set_to_none=True)
        cnt = CompileCounter()
        out = torch.compile(m, backend=cnt)(x)
        self.assertEqual(type(out.grad_fn).__name__, 'AddmmBackward0')
        out.sum().backward()
        self.assertEqual(cnt.frame_count, 1)
        for p, g in zip(m.parameters(), eager):
            self.assertTrue(torch.allclose(p.grad, g))

    def test_backward_inside_compiled_function(self):
        w = torch.tensor([0.5, -1.0], requires_grad=True)
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def step(x):
            loss = ((x * w).sum() - 1) ** 2
            loss.backward()
            return loss.detach()

        step(torch.tensor([1.0, 2.0]))
        self.assertEqual(w.grad.tolist(), [-5.0, -10.0])
        # (backward breaks the graph: the code after it is a second frame)
        self.assertEqual(cnt.frame_count, 2)

    def test_module_backward_hook_under_compile(self):
        lin = torch.nn.Linear(2, 1)
        calls = []
        lin.register_full_backward_hook(lambda m, gi, go: calls.append(tuple(go[0].shape)))
        x = torch.ones(3, 2, requires_grad=True)
        torch.compile(lin, backend="eager")(x).sum().backward()
        self.assertEqual(calls, [(3, 1)])
        self.assertEqual(x.grad.shape, (3, 2))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
