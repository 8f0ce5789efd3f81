# Globals and the grad mode across a compiled frame, ported from PyTorch's
# test/dynamo/test_global.py (TestDeleteGlobal), test_ctx_manager.py
# (test_grad_mode_guard), test_exceptions.py (an exception the frame's
# constant arithmetic raises, caught in the frame), and model files that
# compile a built-in container (nn.Sequential) whose user children and hooks
# read and mutate the user's globals: those globals are guarded and their
# mutations replayed (before, a frame of torch.nn's code read them as
# constants: a changed config gave a stale result, a hook's list stayed empty).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same

_dg_a = 10
CFG = {"scale": 2.0}
SHIFT = 3.0
log = []
feats = {}


class Blk(nn.Module):
    def forward(self, x):
        log.append("blk")
        return x * CFG["scale"] + SHIFT


def hook(mod, inp, out):
    feats[type(mod).__name__] = tuple(out.shape)


class GlobalsTests(torch._dynamo.test_case.TestCase):
    def test_delete_global(self):
        global _dg_a
        _dg_a = 10

        def fn(x):
            global _dg_a
            y = x + _dg_a
            del _dg_a
            return y

        opt = torch.compile(fn, backend="eager")
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) + 10))
        self.assertFalse("_dg_a" in globals())
        # absent now: the guard fails, the frame runs eagerly and raises NameError
        with self.assertRaises(NameError):
            opt(torch.ones(2))
        _dg_a = 4
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) + 4))
        self.assertFalse("_dg_a" in globals())

    def test_delete_then_store_global(self):
        global _dg_a
        _dg_a = 1

        def fn(x):
            global _dg_a
            del _dg_a
            _dg_a = 7
            return x + _dg_a

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) + 7))
        self.assertEqual(_dg_a, 7)
        self.assertEqual(cnt.frame_count, 1)

    def test_user_globals_read_from_a_compiled_sequential(self):
        global SHIFT
        seq = nn.Sequential(Blk(), nn.ReLU())
        seq[1].register_forward_hook(hook)
        cnt = CompileCounter()
        opt = torch.compile(seq, backend=cnt)
        x = torch.ones(2, 4)
        del log[:]
        feats.clear()
        self.assertTrue(same(opt(x), seq(x)))
        self.assertEqual(log, ["blk", "blk"])
        self.assertEqual(feats, {"ReLU": (2, 4)})
        CFG["scale"] = -5.0
        self.assertTrue(same(opt(x), seq(x)))
        self.assertTrue(same(opt(x), torch.zeros(2, 4)))
        SHIFT = 10.0
        self.assertTrue(same(opt(x), seq(x)))
        CFG["scale"] = 2.0
        SHIFT = 3.0
        self.assertEqual(len(log), 7)

    def test_zero_division_caught_in_the_frame(self):
        def fn(x, n):
            try:
                r = 1 / n
            except ZeroDivisionError:
                r = -1.0
            return x * r

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertTrue(same(opt(torch.ones(2), 0), -torch.ones(2)))
        self.assertTrue(same(opt(torch.ones(2), 4), torch.ones(2) * 0.25))

    def test_zero_division_uncaught_raises_as_eager(self):
        def fn(x, n):
            return x + 1 / n

        opt = torch.compile(fn, backend="eager")
        with self.assertRaisesRegex(ZeroDivisionError, "division by zero"):
            opt(torch.ones(2), 0)


class GradStateTests(torch._dynamo.test_case.TestCase):
    def test_grad_mode_guard(self):
        def fn(a, b):
            prev_grad = torch.is_grad_enabled()
            torch.set_grad_enabled(False)
            a = a + 1
            a.tolist()  # graph break
            ret = a + b
            torch.set_grad_enabled(prev_grad)
            return ret

        a = torch.tensor([1.0, 2.0])
        b = torch.tensor([3.0, 4.0], requires_grad=True)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        for _ in range(10):
            r = opt_fn(a, b)
            self.assertTrue(torch.is_grad_enabled())
        self.assertEqual(cnts.frame_count, 2)
        self.assertTrue(same(r, fn(a, b)))
        self.assertFalse(r.requires_grad)

    def test_mode_left_switched_where_the_frame_returns(self):
        def fn(x):
            torch.set_grad_enabled(False)
            return x * 2

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2, requires_grad=True)
        r = opt(x)
        self.assertFalse(torch.is_grad_enabled())
        self.assertFalse(r.requires_grad)  # computed after the switch
        torch.set_grad_enabled(True)
        self.assertEqual(cnt.frame_count, 1)
        opt(x)
        self.assertFalse(torch.is_grad_enabled())
        torch.set_grad_enabled(True)

    def test_switched_mode_is_restored_after_a_test_part1(self):
        torch.set_grad_enabled(False)

    def test_switched_mode_is_restored_after_a_test_part2(self):
        self.assertTrue(torch.is_grad_enabled())


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
