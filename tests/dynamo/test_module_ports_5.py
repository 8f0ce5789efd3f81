# Ports of Dynamo test_modules / test_misc cases: an attribute set on the
# compiled module reaches the original module; a classmethod called through
# self keeps hitting the cache; guard_fail_fn's GuardFail indexes as a named
# tuple; forward hooks with_kwargs / prepend, eagerly and compiled; a tensor
# operator with an object of a guest class uses the object's reflected method;
# complex rotary embeddings trace into one graph.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Stepper(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.step = 10

    def forward(self, x):
        return x + self.step


class Twice(torch.nn.Module):
    @classmethod
    def twice(cls, x):
        return x + x

    @staticmethod
    def thrice(x):
        return x * 3

    def forward(self, x):
        return self.twice(x) + self.thrice(x)


class Scale:
    def __init__(self, k):
        self.k = k

    def __rmul__(self, other):
        return other * self.k

    def __radd__(self, other):
        return other + self.k


class ModulePorts5Tests(torch._dynamo.test_case.TestCase):
    def test_setattr_on_compiled_module(self):
        m = Stepper()
        opt = torch.compile(m, backend="eager")
        self.assertTrue(same(opt(torch.zeros(1)), torch.tensor([10.0])))
        opt.step = 20
        self.assertEqual(m.step, 20)
        self.assertEqual(opt.step, 20)
        self.assertFalse("step" in opt.__dict__)
        self.assertTrue(same(opt(torch.zeros(1)), torch.tensor([20.0])))

    def test_classmethod_through_self_hits_cache(self):
        cnt = CompileCounter()
        reasons = []
        opt = torch._dynamo.optimize(cnt, nopython=True, guard_fail_fn=lambda f: reasons.append(f[0]))(Twice())
        for _ in range(3):
            self.assertTrue(same(opt(torch.ones(2)), torch.full((2,), 5.0)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(reasons, [])

    def test_classmethod_on_plain_object(self):
        class P:
            @classmethod
            def twice(cls, x):
                return x + x

            def go(self, x):
                return self.twice(x)

        p = P()
        cnt = CompileCounter()
        f = torch.compile(lambda x: p.go(x), backend=cnt, fullgraph=True)
        for _ in range(3):
            self.assertTrue(same(f(torch.ones(2)), torch.full((2,), 2.0)))
        self.assertEqual(cnt.frame_count, 1)

    def test_guard_fail_is_a_named_tuple(self):
        failures = []

        def fn(x, n):
            return x + n

        opt = torch._dynamo.optimize("eager", guard_fail_fn=failures.append)(fn)
        opt(torch.ones(1), 1)
        opt(torch.ones(1), 2)
        self.assertEqual(len(failures), 1)
        reason, code = failures[0]
        self.assertEqual(failures[0][0], failures[0].reason)
        self.assertEqual(reason, "n == 1")
        self.assertEqual(len(failures[0]), 2)
        self.assertIs(code, failures[0].orig_code)

    def test_forward_hook_removed_recompiles(self):
        class M(torch.nn.Module):
            def forward(self, x):
                return 2 * x + 1

        m = M()
        h = m.register_forward_hook(lambda mod, inp, out: 2 * out + 1)

        def outer(t):
            return m(t * 2 + 1)

        reasons = []
        cnt = CompileCounter()
        f = torch._dynamo.optimize(cnt, guard_fail_fn=lambda g: reasons.append(g[0]))(outer)
        self.assertEqual(f(torch.tensor(1.0)).item(), 15.0)
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 6))
        h.remove()
        self.assertEqual(f(torch.tensor(1.0)).item(), 7.0)
        self.assertEqual((cnt.frame_count, cnt.op_count), (2, 10))
        self.assertEqual(len(reasons), 1)
        self.assertIn("_forward_hooks", reasons[0])

    def test_hooks_with_kwargs_and_prepend(self):
        calls = []

        class M(torch.nn.Module):
            def forward(self, x, scale=1.0):
                return x * scale

        def kw_pre(mod, args, kwargs):
            calls.append("kw_pre")
            return (args[0] + 1,), {"scale": kwargs.get("scale", 1.0) * 2}

        def plain_pre(mod, args):
            calls.append("plain_pre")

        def kw_post(mod, args, kwargs, out):
            calls.append("kw_post")
            return out + kwargs["scale"]

        m = M()
        m.register_forward_pre_hook(kw_pre, with_kwargs=True)
        m.register_forward_pre_hook(plain_pre, prepend=True)
        m.register_forward_hook(kw_post, with_kwargs=True)
        eager = m(torch.ones(2), scale=3.0)
        self.assertTrue(same(eager, torch.full((2,), 18.0)))
        self.assertEqual(calls, ["plain_pre", "kw_pre", "kw_post"])
        calls.clear()
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        self.assertTrue(same(opt(torch.ones(2), scale=3.0), eager))
        self.assertEqual(calls, ["plain_pre", "kw_pre", "kw_post"])
        calls.clear()
        self.assertTrue(same(torch.compile(lambda x: m(x, scale=3.0), backend="eager")(torch.ones(2)), eager))
        self.assertEqual(calls, ["plain_pre", "kw_pre", "kw_post"])

    def test_bad_kwargs_pre_hook_result(self):
        m = torch.nn.Identity()
        m.register_forward_pre_hook(lambda mod, args, kwargs: args, with_kwargs=True)
        with self.assertRaisesRegex(RuntimeError, "forward pre-hook must return None or a tuple of"):
            m(torch.ones(1), torch.ones(1), torch.ones(1))

    def test_tensor_op_with_reflected_user_method(self):
        def fn(x, s):
            return x * s + s

        s = Scale(3.0)
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2), s)
        self.assertTrue(same(res, torch.full((2,), 6.0)))
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 2))

    def test_complex_rotary_one_graph(self):
        def rotate(xq, freqs):
            xq_ = torch.view_as_complex(xq.reshape(*xq.shape[:-1], -1, 2))
            return torch.view_as_real(xq_ * freqs).flatten(-2)

        angles = torch.outer(torch.arange(3.0), torch.tensor([1.0, 0.5]))
        freqs = torch.polar(torch.ones_like(angles), angles)
        xq = torch.arange(12.0).reshape(3, 4)
        ref = rotate(xq, freqs)
        cnt = CompileCounter()
        opt = torch.compile(rotate, backend=cnt, fullgraph=True)
        self.assertTrue(same(opt(xq, freqs), ref))
        self.assertEqual(cnt.frame_count, 1)
        # (x0 + i x1)(cos t + i sin t) for row 1, pair 0 (t = 1)
        c, s = torch.cos(torch.tensor(1.0)), torch.sin(torch.tensor(1.0))
        self.assertTrue(same(ref[1, :2], torch.stack((4 * c - 5 * s, 4 * s + 5 * c))))
        self.assertTrue(same(opt(xq + 1, freqs), rotate(xq + 1, freqs)))
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
