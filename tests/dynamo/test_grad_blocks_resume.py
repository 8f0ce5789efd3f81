# Graph breaks inside `with torch.no_grad()` (enable_grad, set_grad_enabled,
# inference_mode): Dynamo splits the frame there. The graph leaves the
# blocks at its end, the unsupported instruction runs inside them, and the
# resume function enters them again (Dynamo's ReenterWith), so its graph
# holds the rest of the block. Ported from PyTorch's test/dynamo/
# test_subgraphs.py (test_resume_with_no_grad1/2/3) and test_ctx_manager.py
# (test_nested_grad_mode_graph_break), with exceptions raised at the break,
# branches on tensors inside a block, and blocks of other managers (those
# still run the whole frame eagerly).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

seen = []


def record(*args):
    seen.append(torch.is_grad_enabled())
    torch._dynamo.graph_break()


class Boom(Exception):
    pass


def fail(x):
    seen.append(torch.is_grad_enabled())
    raise Boom("at the break")


class Tag:
    def __init__(self):
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self

    def __exit__(self, *exc):
        self.depth -= 1
        return False


class GradBlocksResumeTests(torch._dynamo.test_case.TestCase):
    def _common(self, fn, frame_count, op_count):
        torch._dynamo.reset()
        a = torch.tensor([1.0, 2.0, -3.0])
        b = torch.tensor([0.5, -1.5, 2.0])
        expected = fn(a, b)
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        r1 = opt_fn(a, b)
        r2 = opt_fn(a, b)
        self.assertTrue(same(r1, expected))
        self.assertTrue(same(r2, expected))
        self.assertEqual(cnt.frame_count, frame_count)
        self.assertEqual(cnt.op_count, op_count)

    def test_resume_with_no_grad1(self):
        def fn(a, b):
            x = a + b
            with torch.no_grad():
                x = x + 1
                x.sum().tolist()  # graph break
                x = x + 2
            x = x + 3
            return x

        self._common(fn, 2, 9)
        torch._dynamo.reset()
        with torch.no_grad():
            self._common(fn, 2, 5)

    def test_resume_with_no_grad2(self):
        def fn(a, b):
            x = a + b
            with torch.no_grad():
                x = x + 1
                x.sum().tolist()  # graph break
                x = x + 2
                x.sum().tolist()  # graph break
                x = x + 3
            x = x + 4
            return x

        self._common(fn, 3, 13)

    def test_resume_with_no_grad3(self):
        def fn(a, b):
            x = a + b
            with torch.no_grad():
                with torch.no_grad():
                    x = x + 1
                    with torch.enable_grad():
                        x.sum().tolist()  # graph break
                        x = x[0] + 2
                    x = x + 3
            x = x + 4
            return x

        self._common(fn, 2, 11)

    def test_nested_grad_mode_graph_break(self):
        def fn(x):
            before = torch.is_grad_enabled()
            with torch.set_grad_enabled(False):
                torch._dynamo.graph_break()
                with torch.set_grad_enabled(True):
                    x = torch.mul(x, 5)
                    torch._dynamo.graph_break()
                    x = torch.sqrt(x)
                    assert torch.is_grad_enabled()
                assert not torch.is_grad_enabled()
            assert torch.is_grad_enabled() == before
            return x

        a = torch.tensor([1.0, 4.0, 9.0])
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        for _ in range(10):
            self.assertTrue(same(opt_fn(a), fn(a)))
        self.assertEqual(cnts.frame_count, 2)

    def test_break_runs_inside_the_block(self):
        # the unsupported call sees the block's mode; the frame's caller gets
        # its own mode back, and the result's grad_fn is eager's
        def fn(x):
            y = x * 2
            with torch.no_grad():
                record(y)
                z = y + 1
            record(z)
            return y, z

        x = torch.tensor([1.0, 2.0], requires_grad=True)
        del seen[:]
        ey, ez = fn(x)
        eager_seen = list(seen)
        del seen[:]
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        y, z = opt_fn(x)
        self.assertEqual(seen, eager_seen)
        self.assertEqual(seen, [False, True])
        self.assertTrue(torch.is_grad_enabled())
        self.assertTrue(same(y, ey) and same(z, ez))
        self.assertEqual(z.requires_grad, ez.requires_grad)
        self.assertEqual(y.requires_grad, True)
        self.assertEqual(cnt.frame_count, 2)

    def test_exception_at_the_break_leaves_the_blocks(self):
        def fn(x):
            y = x + 1
            with torch.no_grad():
                with torch.enable_grad():
                    fail(y)
                    y = y * 3
            return y

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        for _ in range(2):
            del seen[:]
            with self.assertRaisesRegex(Boom, "at the break"):
                opt_fn(torch.ones(2))
            self.assertEqual(seen, [True])
            self.assertTrue(torch.is_grad_enabled())
        with torch.no_grad():
            del seen[:]
            with self.assertRaises(Boom):
                opt_fn(torch.ones(2))
            self.assertEqual(seen, [True])
            self.assertFalse(torch.is_grad_enabled())
        self.assertTrue(torch.is_grad_enabled())

    def test_exception_caught_in_the_block_after_the_break(self):
        def fn(x):
            with torch.no_grad():
                y = x + 1
                record(y)
                try:
                    fail(y)
                except Boom:
                    y = y - 10
                y = y * 2
            return y, torch.is_grad_enabled()

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.tensor([1.0, 2.0])
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertTrue(torch.is_grad_enabled())

    def test_branch_on_a_tensor_inside_the_block(self):
        def fn(x):
            y = x * 2
            with torch.no_grad():
                if y.sum() > 0:
                    y = y + 1
                else:
                    y = y - 1
                y = y * 3
            return y + 1

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        for v in ([1.0, 2.0], [-1.0, -2.0]):
            x = torch.tensor(v)
            self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertTrue(torch.is_grad_enabled())
        self.assertEqual(cnt.frame_count, 3)

    def test_return_inside_the_block_after_the_break(self):
        def fn(x, flag):
            with torch.inference_mode():
                y = x.cos()
                record(y)
                if flag:
                    return y + 1, torch.is_grad_enabled()
                y = y * 2
            return y, torch.is_grad_enabled()

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.tensor([0.5, 1.0])
        for flag in (True, False, True):
            self.assertTrue(same(opt_fn(x, flag), fn(x, flag)))
            self.assertTrue(torch.is_grad_enabled())

    def test_mode_switched_by_a_call_in_the_block_runs_eagerly(self):
        def fn(x):
            with torch.no_grad():
                torch.set_grad_enabled(True)
                y = x + 1
                record(y)
                y = y * 2
            return y

        x = torch.tensor([1.0, 2.0])
        prev = torch.is_grad_enabled()
        expected = fn(x)
        torch.set_grad_enabled(prev)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), expected))
        torch.set_grad_enabled(prev)

    def test_user_context_manager_block_runs_eagerly(self):
        tag = Tag()

        def fn(x):
            y = x + 1
            with tag:
                record(y)
                y = y * 2
            return y

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.tensor([1.0, 2.0])
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(tag.depth, 0)
        self.assertEqual(cnt.frame_count, 0)

    def test_grad_block_inside_user_block_runs_eagerly(self):
        tag = Tag()

        def fn(x):
            with tag:
                with torch.no_grad():
                    y = x + 1
                    record(y)
                    y = y * 2
            return y

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.tensor([1.0, 2.0])
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(tag.depth, 0)
        self.assertEqual(cnt.frame_count, 0)
        self.assertTrue(torch.is_grad_enabled())

    def test_grad_block_in_a_try_block_runs_eagerly(self):
        def fn(x):
            try:
                with torch.no_grad():
                    y = x + 1
                    fail(y)
            except Boom:
                y = x - 1
            return y * 2, torch.is_grad_enabled()

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.tensor([1.0, 2.0])
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertTrue(torch.is_grad_enabled())

    def test_with_as_target_and_locals_after_the_break(self):
        def fn(x, n):
            acc = x
            with torch.no_grad() as g:
                acc = acc + n
                record(g)
                k = n * 2
                acc = acc * k
            return acc, g, k

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.tensor([1.0, 2.0])
        self.assertTrue(same(opt_fn(x, 3), fn(x, 3)))
        self.assertTrue(same(opt_fn(x, 4), fn(x, 4)))

    # test_ctx_manager.py: test_context_wrapping_grad_mode_decorator (torch
    # 2.x's bare @torch.no_grad / torch.enable_grad(fn) and
    # torch.set_grad_enabled(mode)(fn))
    def test_grad_mode_decorator_forms(self):
        def inner(x):
            return x.sin(), torch.is_grad_enabled()

        for wrap, mode in ((torch.no_grad, False), (torch.enable_grad, True),
                           (lambda f: torch.set_grad_enabled(False)(f), False)):
            decorated = wrap(inner)
            self.assertTrue(torch.is_grad_enabled())

            def fn(x):
                with torch.no_grad() if mode else torch.enable_grad():
                    return decorated(x)

            x = torch.tensor([1.0, 2.0])
            cnt = CompileCounter()
            out, seen_mode = torch.compile(fn, backend=cnt, fullgraph=True)(x)
            self.assertEqual(seen_mode, mode)
            self.assertTrue(same(out, x.sin()))
            self.assertEqual(cnt.frame_count, 1)
            self.assertTrue(torch.is_grad_enabled())


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
