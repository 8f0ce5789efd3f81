# Ports and repros of the thirteenth round. A graph break at an instruction
# that is neither a call nor a branch: a store to an attribute breaks there
# and resumes after it (Dynamo's store_attr_graph_break); any other
# unsupported instruction ends the graph at the last point with an empty
# stack, and the frame's own code runs on from there (step_graph_break).
# Exceptions: `e.__cause__ = ...` hides the context, as CPython's setter does.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class MiscPorts13(torch._dynamo.test_case.TestCase):
    def test_setattr_requires_grad_graph_breaks(self):
        def fn(x):
            z = x + 4
            x.requires_grad = True
            y = x * z
            return y

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(5)
        out = opt(x)
        self.assertTrue(x.requires_grad)
        self.assertTrue(out.requires_grad)
        self.assertEqual(out, torch.zeros(5))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 2)

    def test_slice_by_tensor_ends_graph_at_statement(self):
        def fn(y):
            x = torch.ones(8)
            idx = y[0]
            out = x[idx:]
            return (out + 3) * 5

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        r = opt(torch.ones(10, dtype=torch.long))
        self.assertEqual(r, (torch.ones(8)[1:] + 3) * 5)
        # The graph up to `out = x[idx:]`; the rest runs uncompiled.
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 2)
        r = opt(torch.full((10,), 3, dtype=torch.long))
        self.assertEqual(r.shape, (5,))
        self.assertEqual(cnt.frame_count, 1)

    def test_step_break_keeps_locals_and_side_effects(self):
        log = []

        def fn(x, n):
            a = x.sin()
            log.append(n)
            b = x[a.argmax():]
            return a.sum() + b.sum() + n

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.tensor([0.1, 1.5, 0.2, 0.3])
        self.assertEqual(opt(x, 2), fn(x, 2))
        self.assertEqual(log, [2, 2])
        self.assertEqual(cnt.frame_count, 1)

    def test_no_step_break_without_ops(self):
        def fn(y, x):
            return x[y[0]:]

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertEqual(opt(torch.ones(3, dtype=torch.long), torch.ones(8)), torch.ones(7))
        self.assertEqual(cnt.frame_count, 0)

    def test_step_break_in_while_loop_runs_eagerly(self):
        def fn(x, n):
            y = x + 1
            i = 0
            while i < n:
                y = y[x.long()[0]:] + 1
                i += 1
            return y

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(6)
        self.assertEqual(opt(x, 3), fn(x, 3))

    def test_cause_store_sets_suppress_context(self):
        def fn(x):
            try:
                raise ValueError("a")
            except ValueError as v:
                w = TypeError("b")
                w.__cause__ = v
                return x + 1, w.__cause__ is v, w.__suppress_context__

        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(torch.ones(2)), fn(torch.ones(2)))
        e = KeyError(1)
        e.__cause__ = None
        self.assertTrue(e.__suppress_context__)
        with self.assertRaisesRegex(TypeError, "exception cause must be None or derive from BaseException"):
            e.__cause__ = 3

    def test_str_of_exception_from_outside(self):
        def fn(e, x):
            return str(e), repr(e), x + 1

        opt = torch.compile(fn, backend="eager")
        for e in (ValueError(), KeyError("k"), ValueError(1, 2), RuntimeError("boom")):
            self.assertEqual(opt(e, torch.ones(1))[:2], fn(e, torch.ones(1))[:2])

        def made(x):
            e = TypeError("t", 3)
            return str(e), repr(e), str(KeyError()), x * 2

        self.assertEqual(torch.compile(made, backend="eager")(torch.ones(1))[:3], ("('t', 3)", "TypeError('t', 3)", ""))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
