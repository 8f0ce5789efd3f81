# with-blocks and try-blocks in compiled frames, ported from PyTorch's
# test/dynamo/test_ctx_manager.py (no_grad / enable_grad / inference_mode,
# user context managers) and test_misc.py / test_exceptions.py (the path of a
# try block that raises nothing). The translator follows the path without an
# exception; __enter__ and __exit__ of user context managers are inlined.
# A graph break inside a try block (or a user context manager's with block)
# runs the whole frame eagerly; one inside torch.no_grad() splits the frame
# (test_grad_blocks_resume.py); one outside it splits the frame, and the
# resume function keeps the block.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

events = []


class Recorder:
    def __init__(self, tag):
        self.tag = tag
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        events.append("enter " + self.tag)
        return self

    def __exit__(self, exc_type, exc, tb):
        self.depth -= 1
        events.append("exit " + self.tag)
        return False


rec = Recorder("r")


class Scale:
    def __init__(self, k):
        self.k = k

    def __enter__(self):
        return self.k

    def __exit__(self, exc_type, exc, tb):
        return False


scale3 = Scale(3)


class CtxManagerTests(torch._dynamo.test_case.TestCase):
    # test_ctx_manager.py: test_no_grad
    def test_no_grad(self):
        def fn(a, b):
            x = a * b
            with torch.no_grad():
                y = x + 1
            return y.sin()

        a, b = torch.randn(4), torch.randn(4)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(a, b), fn(a, b)))
        self.assertEqual(cnt.frame_count, 1)
        # mul, add, sin and the two grad-mode switches Dynamo records
        # (torch._C._set_grad_enabled(False) / (True)).
        self.assertEqual(cnt.op_count, 5)

    # test_ctx_manager.py: test_enable_grad / test_inference_mode
    def test_enable_grad_and_inference_mode(self):
        def fn(x):
            with torch.enable_grad():
                y = x * 2
            with torch.inference_mode():
                z = y - 1
            return z

        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        # enable_grad under grad mode switches nothing (no node); inference_mode
        # switches it off and back: two nodes.
        self.assertEqual(cnt.op_count, 4)

    # test_ctx_manager.py: test_no_grad_nested (a with inside an inlined call)
    def test_no_grad_in_inlined_call(self):
        def inner(x):
            with torch.no_grad():
                return x.relu() * 2

        def fn(x):
            return inner(x + 1) - 1

        x = torch.randn(5)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 6)  # with the two grad-mode switches

    # test_ctx_manager.py: user-defined context managers whose __enter__ and
    # __exit__ are traced (their side effects replayed after the graph)
    def test_user_context_manager_side_effects(self):
        def fn(x):
            with rec:
                y = x * 2
            return y + rec.depth

        del events[:]
        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        expected = fn(x)
        self.assertEqual(events, ["enter r", "exit r"])
        self.assertTrue(same(opt_fn(x), expected))
        self.assertEqual(events, ["enter r", "exit r", "enter r", "exit r"])
        self.assertEqual(rec.depth, 0)
        self.assertEqual(cnt.frame_count, 1)

    # test_ctx_manager.py: `with ... as v` binds __enter__'s result
    def test_with_as(self):
        def fn(x):
            with scale3 as k:
                y = x * k
            return y

        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        scale3.k = 4  # guarded
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnt.frame_count, 2)

    # test_ctx_manager.py: a graph break inside the block splits the frame;
    # the resume function enters the block again
    def test_graph_break_inside_with_block(self):
        def fn(x):
            y = x + 1
            with torch.no_grad():
                print("inside")
                y = y * 2
            return y

        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 4)  # x + 1; no_grad's switch, y * 2, the switch back

    # a break before the block: the resume function holds the block (and its
    # exception table) and compiles it
    def test_graph_break_before_with_block(self):
        def fn(x):
            y = x + 1
            print("before")
            with torch.no_grad():
                y = y * 2
            return y - 3

        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 5)  # with the two grad-mode switches

    # test_exceptions.py: a try block that raises nothing is traced
    def test_try_except_no_exception(self):
        def fn(x, d):
            try:
                y = x * d["k"]
            except KeyError:
                y = x
            return y + 1

        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x, {"k": 2}), fn(x, {"k": 2})))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 2)
        # The key is missing: the trace sees the KeyError and the frame runs
        # eagerly, taking the except branch as eager does.
        self.assertTrue(same(opt_fn(x, {}), fn(x, {})))

    # test_exceptions.py: try/finally on the normal path
    def test_try_finally(self):
        def fn(x):
            try:
                y = x.cos()
            finally:
                events.append("finally")
            return y

        del events[:]
        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt_fn(x), fn(x)))
        self.assertEqual(events, ["finally", "finally"])
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
