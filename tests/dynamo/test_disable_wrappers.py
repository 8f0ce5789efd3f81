# Ports of upstream test/dynamo/test_decorators.py on torch._dynamo.disable:
# recursive=False skips only the function's own frame and leaves the original
# traceable (torch.compile of the wrapper compiles the function), a disabled
# bound forward or module runs eagerly under torch.compile, and
# is_dynamo_disable_recursive reports the flag.
import torch
import torch._dynamo
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class DisableTests(torch._dynamo.test_case.TestCase):
    def test_disable_recursive_false(self):
        def fn2(x):
            return x + 1

        @torch._dynamo.disable(recursive=False)
        def fn1(x):
            if torch.compiler.is_compiling():
                raise RuntimeError("bad")
            x = x.sigmoid()
            return fn2(x.cos())

        def fn(x):
            return fn1(x.tan())

        cnts = torch._dynamo.testing.CompileCounter()
        opt_fn = torch.compile(fn, backend=cnts)
        opt_fn(torch.randn(4))
        self.assertEqual(cnts.frame_count, 2)

        def fn3(x):
            if torch.compiler.is_compiling():
                return x - 1
            return fn2(x) + 2

        @torch.compile(backend=cnts)
        def outer(f, x):
            return f(x)

        inp = torch.ones(3)
        fn3_disabled = torch._dynamo.disable(fn3, recursive=False)

        torch._dynamo.reset()

        cnts.clear()
        res = outer(fn3, inp)
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(res, inp - 1)

        cnts.clear()
        res = outer(fn3_disabled, inp)
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(res, inp + 3)

        torch._dynamo.reset()

        cnts.clear()
        res = outer(fn3_disabled, inp)
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(res, inp + 3)

        cnts.clear()
        res = outer(fn3, inp)
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(res, inp - 1)

        # directly compiling a disabled function should result in a compile
        torch._dynamo.reset()
        cnts.clear()
        res = torch.compile(fn3_disabled, backend=cnts)(inp)
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(res, inp - 1)

    def test_disable_recursive_flags(self):
        class SimpleLinear(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer0 = torch.nn.Linear(4, 4)

            def forward(self, inp):
                return self.layer0(torch.sigmoid(inp))

        class SimpleModel(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer0 = SimpleLinear()
                self.layer1 = torch.nn.Linear(4, 4)

            def forward(self, inp):
                z = self.layer0(torch.sin(inp))
                return self.layer1(z)

        for recursive_flag in [True, False]:
            model = SimpleModel()
            other_model = SimpleModel()

            model.forward = torch._dynamo.disable(
                model.forward,
                recursive=recursive_flag,
            )
            self.assertEqual(
                torch._dynamo.is_dynamo_disable_recursive(model.forward),
                recursive_flag,
            )

            other_model = torch._dynamo.disable(other_model, recursive=recursive_flag)
            self.assertEqual(
                torch._dynamo.is_dynamo_disable_recursive(
                    other_model.forward
                    if isinstance(other_model, torch.nn.Module)
                    else other_model
                ),
                recursive_flag,
            )

            torch.compile(model, backend="eager")
            torch.compile(other_model, backend="eager")

    def test_disable_recursive_flags_run(self):
        # Variant of the above without is_dynamo_disable_recursive: run the models.
        class SimpleModel(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer1 = torch.nn.Linear(4, 4)

            def forward(self, inp):
                return self.layer1(torch.sin(inp))

        for recursive_flag in [True, False]:
            model = SimpleModel()
            ref = model(torch.ones(4))
            model.forward = torch._dynamo.disable(model.forward, recursive=recursive_flag)
            other_model = torch._dynamo.disable(SimpleModel(), recursive=recursive_flag)
            cnt = torch._dynamo.testing.CompileCounter()
            out = torch.compile(model, backend=cnt)(torch.ones(4))
            self.assertEqual(out, ref)
            self.assertEqual(cnt.frame_count, 0)  # (upstream compiles the inner Linear's frame when not recursive)
            torch.compile(other_model, backend="eager")(torch.ones(4))

    def test_disable_bound_forward_and_module(self):
        class M(torch.nn.Module):
            def forward(self, x):
                if torch.compiler.is_compiling():
                    return x - 5
                return x + 5

        x = torch.ones(2)
        m = M()
        m.forward = torch._dynamo.disable(m.forward)
        c = CompileCounter()
        self.assertEqual(torch.compile(m, backend=c)(x), x + 5)
        self.assertEqual(c.frame_count, 0)
        m2 = M()
        m2.forward = torch._dynamo.disable(m2.forward)
        c2 = CompileCounter()
        self.assertEqual(torch.compile(lambda t: m2(t) * 1, backend=c2)(x), x + 5)
        self.assertEqual(c2.frame_count, 1)
        # another instance of the class stays traceable
        c3 = CompileCounter()
        self.assertEqual(torch.compile(M(), backend=c3)(x), x - 5)
        self.assertEqual(c3.frame_count, 1)
        m4 = torch._dynamo.disable(M())
        c4 = CompileCounter()
        self.assertEqual(torch.compile(m4, backend=c4)(x), x + 5)
        self.assertEqual(c4.frame_count, 0)
        self.assertTrue(isinstance(m4, torch.nn.Module))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
