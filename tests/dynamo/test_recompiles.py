# Ports of PyTorch's test/dynamo/test_recompiles.py and test_recompile_ux.py:
# guards fail and the frame recompiles; matching calls keep hitting the
# cache; after config.recompile_limit the frame runs eagerly (with correct
# results); reset() empties every cache. Shapes are static in standin (a
# new shape is a recompile, as Dynamo with automatic_dynamic_shapes off).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class RecompileTests(torch._dynamo.test_case.TestCase):
    # test_recompiles.py: test_recompiles_true_false_flop
    def test_recompiles_true_false_flop(self):
        def foo(x, y):
            if x:
                return y * 2
            else:
                return y * y

        def run_foo_6_times_and_count_recompiles():
            cnt = CompileCounter()
            x = True
            opt = torch._dynamo.optimize(cnt, nopython=True)(foo)
            opt(x, torch.randn([3]))
            opt(x, torch.randn([3]))
            opt(x, torch.randn([3]))
            x = False
            opt(x, torch.randn([3]))
            opt(x, torch.randn([3]))
            opt(x, torch.randn([3]))
            return cnt

        cnt = run_foo_6_times_and_count_recompiles()
        self.assertEqual(cnt.frame_count, 2)

    # test_recompile_ux.py: test_recompile_limit (config.cache_size_limit / recompile_limit)
    def test_recompile_limit(self):
        def fn(x, n):
            return x + n

        saved = torch._dynamo.config.recompile_limit
        torch._dynamo.config.recompile_limit = 2
        try:
            cnt = CompileCounter()
            opt = torch._dynamo.optimize(cnt)(fn)
            x = torch.ones(2)
            for i in range(5):
                self.assertTrue(same(opt(x, i), x + i))
            self.assertEqual(cnt.frame_count, 2)
            # cached entries keep serving the calls that match them
            self.assertTrue(same(opt(x, 0), x))
            self.assertEqual(cnt.frame_count, 2)
        finally:
            torch._dynamo.config.recompile_limit = saved

    # test_recompile_ux.py: test_reset clears the caches
    def test_reset_recompiles(self):
        def fn(x):
            return x.sin() + 1

        cnt = CompileCounter()
        opt = torch._dynamo.optimize(cnt)(fn)
        x = torch.ones(3)
        opt(x)
        opt(x)
        self.assertEqual(cnt.frame_count, 1)
        torch._dynamo.reset()
        opt(x)
        self.assertEqual(cnt.frame_count, 2)

    # test_recompiles.py: static shapes recompile on a new shape, dtype or requires_grad
    def test_tensor_match_recompiles(self):
        def fn(x):
            return x * 2

        cnt = CompileCounter()
        opt = torch._dynamo.optimize(cnt)(fn)
        opt(torch.ones(3))
        opt(torch.ones(3))
        self.assertEqual(cnt.frame_count, 1)
        opt(torch.ones(4))
        self.assertEqual(cnt.frame_count, 2)
        opt(torch.ones(3, dtype=torch.float64))
        self.assertEqual(cnt.frame_count, 3)
        opt(torch.ones(3))
        opt(torch.ones(4))
        self.assertEqual(cnt.frame_count, 3)

    # test_recompiles.py: a global constant changed between calls
    def test_global_constant_recompile(self):
        global SCALE
        SCALE = 2

        def fn(x):
            return x * SCALE

        cnt = CompileCounter()
        opt = torch._dynamo.optimize(cnt)(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt(x), x * 2))
        SCALE = 3
        self.assertTrue(same(opt(x), x * 3))
        SCALE = 2
        self.assertTrue(same(opt(x), x * 2))
        self.assertEqual(cnt.frame_count, 2)

    # test_recompiles.py: aliasing of inputs is guarded (DUPLICATE_INPUT / NO_TENSOR_ALIASING)
    def test_aliasing_recompiles(self):
        def fn(a, b):
            a.add_(1)
            return a + b

        cnt = CompileCounter()
        opt = torch._dynamo.optimize(cnt)(fn)
        x = torch.ones(2)
        y = torch.ones(2)
        ref_x = torch.ones(2)
        ref_y = torch.ones(2)
        self.assertTrue(same(opt(x, y), fn(ref_x, ref_y)))
        x2 = torch.ones(2)
        ref2 = torch.ones(2)
        self.assertTrue(same(opt(x2, x2), fn(ref2, ref2)))
        self.assertEqual(cnt.frame_count, 2)

    # test_misc.py: test_explain (graph_count, ops_per_graph)
    def test_explain(self):
        def fn(x, y):
            return (x + y).relu() * 2

        out = torch._dynamo.explain(fn)(torch.ones(2), torch.ones(2))
        self.assertEqual(out.graph_count, 1)
        self.assertEqual(out.graph_break_count, 0)
        # explain counts call_function nodes only (.relu() is a call_method).
        self.assertEqual(out.op_count, 2)
        self.assertIn("Graph Count: 1", str(out))

    # test_misc.py: test_explain with a graph break that makes the frame run eagerly
    def test_explain_break(self):
        def fn(x):
            torch._dynamo.graph_break()
            return x + 1

        out = torch._dynamo.explain(fn)(torch.ones(2))
        # The break splits the frame: x + 1 is compiled in the resume
        # function, the only graph (Dynamo's explain counts graph_count - 1
        # breaks; the reason is still listed).
        self.assertEqual(out.graph_count, 1)
        self.assertEqual(out.graph_break_count, 0)
        self.assertEqual(out.op_count, 1)
        self.assertIn("graph_break", out.break_reasons[0].reason)

    # A guard check that fails part-way (at p.cfg.v) after it has already
    # looked up o.x on another object; that object's dict then grows (its
    # slots move) and the first arguments come back, unchanged. The first
    # cache entry must still match them: the check may reuse only the slot
    # its last passing run found, never one a failing run found on another
    # object (that was a spurious recompile with an empty reason, and a
    # read of freed memory under ASan).
    def test_no_recompile_after_partial_guard_failure(self):
        class Obj:
            pass

        def fn(p, o, t):
            return t * (p.cfg.v * 10 + o.x)

        def obj(**kw):
            r = Obj()
            for k, v in kw.items():
                setattr(r, k, v)
            return r

        p1 = obj(cfg=obj(v=1))
        p2 = obj(cfg=obj(v=2))
        a = obj(x=3)
        b = obj(x=3)
        t = torch.ones(2)
        cnt = CompileCounter()
        opt = torch._dynamo.optimize(cnt)(fn)
        for _ in range(3):
            self.assertTrue(same(opt(p1, a, t), fn(p1, a, t)))
        self.assertTrue(same(opt(p2, b, t), fn(p2, b, t)))
        self.assertEqual(cnt.frame_count, 2)
        for i in range(40):
            setattr(b, "extra" + str(i), i)
        b.x = 9
        for _ in range(3):
            self.assertTrue(same(opt(p1, a, t), fn(p1, a, t)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertTrue(same(opt(p2, b, t), fn(p2, b, t)))
        self.assertEqual(cnt.frame_count, 3)
        # The unchanged object's own mutation is still seen.
        a.x = 4
        self.assertTrue(same(opt(p1, a, t), fn(p1, a, t)))
        self.assertEqual(cnt.frame_count, 4)


    def test_no_recursive_compile_after_cache_limit_hit(self):
        # test_recompiles.py: past the limit the frame runs eagerly, and the
        # functions it inlined are not compiled alone from it either.
        def f(x, n):
            x = x + n
            return _limit_g(x, n)

        with torch._dynamo.config.patch(cache_size_limit=2):
            counter = CompileCounter()
            opt_f = torch.compile(f, backend=counter, dynamic=False)
            for i in range(10):
                self.assertTrue(same(opt_f(torch.ones(3), i), torch.ones(3) + 3 * i))
            self.assertEqual(counter.frame_count, 2)

    def test_run_mode_after_cache_limit_hit(self):
        def f(x, n):
            x = x + n
            if torch._dynamo.is_compiling():
                x = x + 1
            return _limit_g2(x, n)

        with torch._dynamo.config.patch(cache_size_limit=2):
            counter = CompileCounter()
            opt_f = torch.compile(f, backend=counter, dynamic=False)
            # compiles: x + 2n + 3
            self.assertEqual(opt_f(torch.ones(3), 0), torch.ones(3) + 3)
            self.assertEqual(opt_f(torch.ones(3), 1), torch.ones(3) + 5)
            # cache limit hit: all eager, the callee too (x + 2n)
            self.assertEqual(opt_f(torch.ones(3), 2), torch.ones(3) + 4)
            # the cached entries still run
            self.assertEqual(opt_f(torch.ones(3), 0), torch.ones(3) + 3)
            self.assertEqual(counter.frame_count, 2)


def _limit_g(x, n):
    x = x + n
    return _limit_h(x, n)


def _limit_h(x, n):
    return x + n


def _limit_g2(x, n):
    x = x + n
    if torch._dynamo.is_compiling():
        x = x + 2
    return x


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
