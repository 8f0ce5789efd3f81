# Compiled-vs-eager cases a probe of user code found broken, each with
# Dynamo's frame / op counts: a closure over a frame's local returned from
# the compiled frame, torch.compile used as a method, a compiled module whose
# forward is replaced later, Module.parameters() and friends inside a
# compiled frame, obj.__class__.__name__, Tensor.detach() in the graph, and
# any() over a generator of constants (the convolution's padding test).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class ProbeFixTests(torch._dynamo.test_case.TestCase):
    # A returned closure over a local the graph computed: the frame's cell
    # must hold it (it raised NameError: free variable 'y').
    def test_return_closure_over_local(self):
        def fn(x):
            y = x * 2

            def g(z):
                return z + y

            return g

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt_fn(x)(x), fn(x)(x)))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, 1)

    def test_return_lambdas_over_locals(self):
        def fn(x):
            a = x + 1
            b = x * 3
            return [lambda: a, lambda: a + b], b

        opt_fn = torch.compile(fn, backend="eager")
        x = torch.arange(3.0)
        got, b = opt_fn(x)
        want, wb = fn(x)
        self.assertTrue(same(got[0](), want[0]()))
        self.assertTrue(same(got[1](), want[1]()))
        self.assertTrue(same(b, wb))

    # torch.compile's result is a function: it binds as a method.
    def test_compiled_function_as_method(self):
        class A:
            def __init__(self, k):
                self.k = k

            @torch.compile(backend="eager")
            def f(self, x):
                return x + self.k

            def plain(self, x):
                return x * self.k

        A.g = torch.compile(A.plain, backend="eager")
        x = torch.ones(2)
        self.assertTrue(same(A(3).f(x), x + 3))
        self.assertTrue(same(A(2).g(x), x * 2))
        self.assertTrue(same(A.f(A(5), x), x + 5))

    # The compiled module calls the forward of the moment, as Dynamo's
    # OptimizedModule does.
    def test_replaced_forward_is_seen(self):
        class M(nn.Module):
            def forward(self, x):
                return x + 1

        m = M()
        cnts = CompileCounter()
        cm = torch.compile(m, backend=cnts)
        x = torch.ones(2)
        self.assertTrue(same(cm(x), x + 1))
        m.forward = lambda x: x * 5
        self.assertTrue(same(cm(x), x * 5))

        def fwd(self, x):
            return x - 10

        M.forward = fwd
        del m.forward
        self.assertTrue(same(cm(x), x - 10))
        self.assertTrue(same(cm(x), m(x)))
        self.assertEqual(cnts.frame_count, 3)

    # m.parameters() / named_parameters() / modules() in a compiled frame:
    # one graph, each parameter a graph input (Dynamo's NNModuleVariable).
    def test_parameters_in_frame(self):
        m = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))

        def fn(x):
            total = x
            for p in m.parameters():
                total = total + p.sum()
            return total

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, 8)
        # A parameter changed in place is read again on the next call.
        with torch.no_grad():
            m[0].bias.add_(1.0)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnts.frame_count, 1)

    def test_named_members_in_frame(self):
        m = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))

        def fn(x):
            names = [n for n, _ in m.named_parameters()]
            kinds = [type(c).__name__ for c in m.modules()]
            out = x
            for name, b in m.named_buffers():
                if name.endswith("running_mean"):
                    out = out + b
            for c in m.children():
                if isinstance(c, nn.Linear):
                    out = out * c.weight.sum()
            return out, len(names), len(kinds), names[-1]

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        x = torch.ones(2)
        got, want = opt_fn(x), fn(x)
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[1:], want[1:])
        self.assertEqual(cnts.frame_count, 1)

    def test_parameters_sgd_step(self):
        m = nn.Linear(2, 2)

        def step(lr):
            with torch.no_grad():
                for p in m.parameters():
                    p.sub_(p * lr)

        ref = nn.Linear(2, 2)
        ref.load_state_dict(m.state_dict())
        cnts = CompileCounter()
        opt_step = torch._dynamo.optimize(cnts)(step)
        opt_step(0.5)
        with torch.no_grad():
            for p in ref.parameters():
                p.sub_(p * 0.5)
        self.assertTrue(same(m.weight, ref.weight))
        self.assertTrue(same(m.bias, ref.bias))
        self.assertEqual(cnts.frame_count, 1)

    # `is` between tensors: an in-place op returns its receiver; a view, a
    # clone or another input is another object.
    def test_tensor_identity(self):
        def fn(x, y):
            z = x.add_(1)
            w = x.view(-1)
            u = w.mul_(2)
            return z is x, w is x, x.clone() is x, x is y, u is w, (x + 0) is x, x.relu_() is x

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        a, b = torch.ones(3), torch.ones(3)
        self.assertEqual(opt_fn(a, b), (True, False, False, False, True, False, True))
        self.assertEqual(fn(torch.ones(3), b), (True, False, False, False, True, False, True))
        self.assertTrue(same(a, torch.full((3,), 4.0)))
        self.assertEqual(cnts.frame_count, 1)

    # The weights_init idiom: classname = m.__class__.__name__.
    def test_class_name(self):
        lin = nn.Linear(2, 2)

        def fn(mod, x):
            if mod.__class__.__name__.find("Linear") != -1:
                return x + 1
            return x - 1

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt_fn(lin, x), x + 1))
        self.assertTrue(same(opt_fn(nn.ReLU(), x), x - 1))
        self.assertEqual(x.__class__.__name__, "Tensor")
        self.assertEqual(cnts.frame_count, 2)

    def test_detach_in_graph(self):
        def fn(x):
            y = x * 2
            return y.detach() + 1

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        x = torch.ones(2, requires_grad=True)
        got = opt_fn(x)
        self.assertTrue(same(got, fn(x)))
        self.assertEqual(got.requires_grad, False)
        self.assertEqual(cnts.op_count, 3)

    # F.conv2d and F.interpolate are guest code over the op table: their
    # any() over a generator of constant paddings folds, so a convolution
    # is one graph, not a break.
    def test_conv_and_upsample_one_graph(self):
        conv = nn.Conv2d(1, 2, 3, padding=1)

        def fn(x):
            y = conv(x).relu()
            return F.interpolate(y, scale_factor=2, mode="nearest"), all(s > 0 for s in y.shape)

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        x = torch.arange(16.0).reshape(1, 1, 4, 4)
        got, want = opt_fn(x), fn(x)
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[1], True)
        self.assertEqual(cnts.frame_count, 1)

    # test_functions.py: test_min_max (builtin min/max of tensors lower to
    # torch.maximum / torch.minimum instead of breaking the graph).
    def test_min_max(self):
        def fn(a, b):
            c = a + b
            a = a.sum()
            b = b.sum()
            a = min(max(a, 0), 1)
            b = max(0, min(1, b))
            return max(a, b) - min(a, b) + c

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        for k in range(3):
            a = torch.arange(4.0) * (k - 1)
            b = torch.arange(4.0) / 3 - k * 0.2
            self.assertTrue(same(opt_fn(a, b), fn(a, b)))
        self.assertEqual(cnts.frame_count, 1)

    def test_min_max_of_a_list(self):
        def fn(x):
            return max([x[0, 0], 2.0, x[1, 1]]) + min(x[0, 1], x[1, 2], 0)

        opt_fn = torch._dynamo.optimize_assert(CompileCounter())(fn)
        x = torch.tensor([[1.0, -3.0, 5.0], [2.5, 7.0, 0.5]])
        self.assertTrue(same(opt_fn(x), fn(x)))

    # list.sort(reverse=True) of constants (torch's logsumexp sorts its dims).
    def test_list_sort_and_logsumexp(self):
        def fn(x, dims):
            order = [d for d in dims]
            order.sort(reverse=True)
            return x.logsumexp(1) + x.sum(order[0]).sum(), order

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
        x = torch.arange(6.0).reshape(2, 3) / 4
        got, want = opt_fn(x, [0, 1]), fn(x, [0, 1])
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[1], [1, 0])
        self.assertEqual(cnts.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
