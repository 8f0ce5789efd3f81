# torch.compiler's control surface: set_stance (each stance, as a call, a
# with block and a decorator; force_backend), list_backends,
# assume_constant_result, nn.Module.compile(), the global module forward
# hooks, and torch._dynamo.testing's normalize_gm / AotEagerAndRecordGraphs.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class CompilerStanceAndApi(torch._dynamo.test_case.TestCase):
    def test_force_eager_runs_without_compiling(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def f(x):
            return x + 1

        with torch.compiler.set_stance("force_eager"):
            self.assertEqual(f(torch.ones(2)), torch.full((2,), 2.0))
        self.assertEqual(cnt.frame_count, 0)
        self.assertEqual(f(torch.ones(2)), torch.full((2,), 2.0))
        self.assertEqual(cnt.frame_count, 1)
        # compiled code exists now, and force_eager still ignores it
        log = []

        def g(x):
            log.append(torch.compiler.is_compiling())
            return x * 2

        cg = torch.compile(g, backend=cnt)
        cg(torch.ones(2))
        with torch.compiler.set_stance("force_eager"):
            cg(torch.ones(2))
        self.assertEqual(log, [True, False])

    def test_eager_on_recompile_keeps_cached_graphs(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def f(x, n):
            return x * n

        f(torch.ones(2), 2)
        self.assertEqual(cnt.frame_count, 1)
        with torch.compiler.set_stance("eager_on_recompile"):
            self.assertEqual(f(torch.ones(2), 3), torch.full((2,), 3.0))
            self.assertEqual(f(torch.ones(2), 2), torch.full((2,), 2.0))
        self.assertEqual(cnt.frame_count, 1)
        f(torch.ones(2), 3)
        self.assertEqual(cnt.frame_count, 2)

    def test_fail_on_recompile_names_the_guard_failures(self):
        @torch.compile(backend="eager")
        def f(x):
            return x + 1

        f(torch.ones(4))
        f(torch.ones(5))
        with torch.compiler.set_stance("fail_on_recompile"):
            self.assertEqual(f(torch.ones(4)), torch.full((4,), 2.0))
            with self.assertRaises(RuntimeError) as ctx:
                f(torch.ones(7))
        msg = str(ctx.exception)
        self.assertTrue(msg.startswith("Detected recompile when torch.compile stance is 'fail_on_recompile'. "))
        self.assertIn("function name: 'f', line number: ", msg)
        self.assertIn("\n    triggered by the following guard failure(s):\n    - 0/0: ", msg)
        self.assertIn("\n    - 0/1: ", msg)
        # a first compile is refused too; a disabled callee never compiles
        torch._dynamo.reset()

        @torch.compiler.disable
        def inner(x):
            return x

        @torch.compile(backend="eager")
        def g(x):
            return inner(x) + 1

        g(torch.ones(3))
        with torch.compiler.set_stance("fail_on_recompile"):
            self.assertEqual(g(torch.ones(3)), torch.full((3,), 2.0))
            with self.assertRaisesRegex(RuntimeError, "Detected recompile"):
                torch.compile(lambda x: x - 1, backend="eager")(torch.ones(3))

    def test_eager_then_compile(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def f(x):
            return x.sin()

        with torch.compiler.set_stance("eager_then_compile"):
            f(torch.ones(2))
            self.assertEqual(cnt.frame_count, 0)
            f(torch.ones(2))
            self.assertEqual(cnt.frame_count, 1)

    def test_stance_as_decorator_and_call(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def f(x):
            return x + 1

        @torch.compiler.set_stance("force_eager")
        def run_eager(x):
            return f(x)

        run_eager(torch.ones(1))
        self.assertEqual(cnt.frame_count, 0)
        f(torch.ones(1))  # the decorator did not change the stance outside
        self.assertEqual(cnt.frame_count, 1)
        torch.compiler.set_stance("force_eager")
        try:
            f(torch.ones(2, 2))
            self.assertEqual(cnt.frame_count, 1)
        finally:
            torch.compiler.set_stance("default")
        f(torch.ones(2, 2))
        self.assertEqual(cnt.frame_count, 2)

    def test_force_backend_and_bad_stances(self):
        cnt = CompileCounter()

        @torch.compile(backend="eager")
        def f(x):
            return x + 1

        with torch.compiler.set_stance(force_backend=cnt):
            self.assertEqual(f(torch.ones(2)), torch.full((2,), 2.0))
        self.assertEqual(cnt.frame_count, 1)
        with self.assertRaisesRegex(RuntimeError, "non-default stance cannot have force_backend set"):
            torch.compiler.set_stance("force_eager", force_backend="eager")
        with torch.compiler.set_stance("bogus"):
            with self.assertRaisesRegex(RuntimeError, "invalid torch.compile stance 'DynamoStance\\(stance='bogus'"):
                f(torch.ones(2))
        self.assertEqual(f(torch.ones(2)), torch.full((2,), 2.0))

    def test_list_backends(self):
        self.assertEqual(torch.compiler.list_backends(), ["inductor"])
        self.assertEqual(torch._dynamo.list_backends(exclude_tags=()), ["aot_eager", "eager", "inductor"])
        for name in torch._dynamo.list_backends(exclude_tags=None):
            self.assertEqual(torch.compile(lambda x: x * 2, backend=name)(torch.ones(1)), torch.full((1,), 2.0))

    def test_assume_constant_result(self):
        calls = []

        @torch._dynamo.assume_constant_result
        def scale(k):
            calls.append(k)
            return k * 2.5

        cnt = CompileCounter()

        def f(x):
            return x * scale(2)

        opt = torch.compile(f, backend=cnt, fullgraph=True)
        self.assertEqual(opt(torch.ones(2)), torch.full((2,), 5.0))
        self.assertEqual(opt(torch.ones(2)), torch.full((2,), 5.0))
        self.assertEqual(calls, [2])  # called when traced, not at each call
        self.assertEqual(cnt.frame_count, 1)
        # a tensor result is an attribute of the graph
        backend = torch._dynamo.testing.EagerAndRecordGraphs()
        mk = torch._dynamo.assume_constant_result(lambda: torch.arange(3.0))
        g = torch.compile(lambda x: x + mk(), backend=backend, fullgraph=True)
        self.assertEqual(g(torch.ones(3)), torch.tensor([1.0, 2.0, 3.0]))
        self.assertEqual(g(torch.zeros(3)), torch.tensor([0.0, 1.0, 2.0]))
        self.assertIn("= self._lambda_", str(backend.graphs[0].graph))
        self.assertEqual(scale(4), 10.0)  # eagerly, the function itself
        # torch.compiler's spelling; a tensor argument is a graph break
        g = torch.compiler.assume_constant_result(lambda t: t.sum().item())
        cnt2 = CompileCounter()
        out = torch.compile(lambda x: x + g(x), backend=cnt2)(torch.ones(3))
        self.assertEqual(out, torch.full((3,), 4.0))

    def test_module_compile(self):
        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = torch.nn.Linear(3, 2)

            def forward(self, x):
                return self.lin(x).relu()

        torch.manual_seed(0)
        m = M()
        x = torch.randn(4, 3)
        ref = m(x)
        seen = []
        m.register_forward_hook(lambda mod, args, out: seen.append(out.shape))
        cnt = CompileCounter()
        self.assertIsNone(m.compile(backend=cnt))
        self.assertEqual(m(x), ref)
        self.assertEqual(m(x), ref)
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(seen, [torch.Size([4, 2])] * 2)
        self.assertIsInstance(m, M)
        self.assertEqual(sorted(m.state_dict()), ["lin.bias", "lin.weight"])
        m.compile(backend=cnt)  # again: one more compile of the same forward
        self.assertEqual(m(x), ref)

    def test_global_module_hooks(self):
        log = []
        lin = torch.nn.Linear(2, 2)
        seq = torch.nn.Sequential(lin, torch.nn.ReLU())
        h1 = torch.nn.modules.module.register_module_forward_pre_hook(
            lambda mod, args: log.append(("pre", type(mod).__name__)))
        h2 = torch.nn.modules.module.register_module_forward_hook(
            lambda mod, args, out: log.append(("post", type(mod).__name__)))
        lin.register_forward_hook(lambda mod, args, out: log.append(("own", type(mod).__name__)))
        try:
            seq(torch.ones(2))
            self.assertEqual(log, [("pre", "Sequential"), ("pre", "Linear"), ("post", "Linear"), ("own", "Linear"),
                                   ("pre", "ReLU"), ("post", "ReLU"), ("post", "Sequential")])
            del log[:]
            opt = torch.compile(seq, backend="eager")
            got = opt(torch.ones(2))
            self.assertEqual(got, seq(torch.ones(2)))
            self.assertEqual(log[:7], log[7:])
            self.assertTrue(torch.nn.modules.module._has_any_global_hook())
        finally:
            h1.remove()
            h2.remove()
        self.assertFalse(torch.nn.modules.module._has_any_global_hook())
        del log[:]
        seq(torch.ones(2))
        self.assertEqual(log, [("own", "Linear")])

    def test_global_hook_replaces_output(self):
        h = torch.nn.modules.module.register_module_forward_hook(
            lambda mod, args, kwargs, out: out * 10 if isinstance(mod, torch.nn.ReLU) else None, with_kwargs=True)
        try:
            fn = torch.compile(lambda x: torch.nn.ReLU()(x) + 1, backend="eager")
            self.assertEqual(fn(torch.ones(2)), torch.full((2,), 11.0))
        finally:
            h.remove()
        self.assertEqual(fn(torch.ones(2)), torch.full((2,), 2.0))

    def test_testing_helpers_and_eval_frame(self):
        backend = torch._dynamo.testing.AotEagerAndRecordGraphs()

        def f(x):
            return x.cos() + 1

        opt = torch.compile(f, backend=backend)
        opt(torch.ones(2))
        self.assertEqual(len(backend.graphs), 1)
        self.assertEqual(len(backend.fw_graphs), 1)
        text = torch._dynamo.testing.normalize_gm(backend.graphs[0].print_readable(print_output=False))
        self.assertNotIn("#", text)
        self.assertFalse(any(line != line.rstrip() for line in text.split("\n")))
        self.assertEqual(torch._dynamo.testing.normalize_gm("a  \n    # note\nb\n"), "a\nb\n")
        m = torch.compile(torch.nn.Linear(1, 1))
        self.assertIsInstance(m, torch._dynamo.eval_frame.OptimizedModule)
        self.assertIs(torch._dynamo.eval_frame.innermost_fn(opt), f)
        torch.compiler.cudagraph_mark_step_begin()


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
