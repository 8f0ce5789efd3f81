# A builtin the compiled frame reads is guarded as Dynamo guards it: by
# identity in the builtins dict (G['__builtins_dict___0']['len']), and, in
# the frame's own module, by the name staying absent from its globals
# (DICT_CONTAINS), so a global defined later that shadows the builtin, or a
# patched builtins module, recompiles instead of replaying a stale graph.
import builtins

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


def uses_len_and_abs(x):
    return x + len([1, 2, 3]) + abs(-2)


def helper(n):
    return max(n, 1) * 2


def calls_helper(x):
    return x * helper(3)


class BuiltinGuardTests(torch._dynamo.test_case.TestCase):
    def test_global_shadowing_a_builtin_recompiles(self):
        cnt = CompileCounter()
        opt = torch.compile(uses_len_and_abs, backend=cnt)
        x = torch.tensor([1.0])
        self.assertEqual(opt(x), torch.tensor([6.0]))
        self.assertEqual(opt(x), torch.tensor([6.0]))
        self.assertEqual(cnt.frame_count, 1)
        globals()["len"] = lambda s: 42
        try:
            self.assertEqual(opt(x), uses_len_and_abs(x))
            self.assertEqual(opt(x), torch.tensor([45.0]))
            self.assertEqual(cnt.frame_count, 2)
        finally:
            del globals()["len"]
        self.assertEqual(opt(x), torch.tensor([6.0]))
        self.assertEqual(cnt.frame_count, 2)

    def test_patched_builtins_module_recompiles(self):
        cnt = CompileCounter()
        opt = torch.compile(uses_len_and_abs, backend=cnt)
        x = torch.tensor([1.0])
        self.assertEqual(opt(x), torch.tensor([6.0]))
        saved = builtins.abs
        builtins.abs = lambda v: 100
        try:
            self.assertEqual(opt(x), torch.tensor([104.0]))
            self.assertEqual(cnt.frame_count, 2)
        finally:
            builtins.abs = saved
        self.assertEqual(opt(x), torch.tensor([6.0]))
        self.assertEqual(cnt.frame_count, 2)

    def test_shadowing_seen_by_inlined_function(self):
        cnt = CompileCounter()
        opt = torch.compile(calls_helper, backend=cnt)
        x = torch.tensor([2.0])
        self.assertEqual(opt(x), torch.tensor([12.0]))
        globals()["max"] = lambda a, b: a + b
        try:
            self.assertEqual(opt(x), calls_helper(x))
            self.assertEqual(opt(x), torch.tensor([16.0]))
        finally:
            del globals()["max"]
        self.assertEqual(opt(x), torch.tensor([12.0]))
        self.assertEqual(cnt.frame_count, 2)

    def test_no_recompile_when_other_globals_change(self):
        cnt = CompileCounter()
        opt = torch.compile(uses_len_and_abs, backend=cnt)
        x = torch.tensor([1.0])
        for i in range(5):
            globals()["_unrelated_counter"] = i
            self.assertEqual(opt(x), torch.tensor([6.0]))
        self.assertEqual(cnt.frame_count, 1)

    def test_builtin_returned_from_frame(self):
        def fn(x):
            return x + 1, len, isinstance

        opt = torch.compile(fn, backend="eager")
        r, f, g = opt(torch.ones(1))
        self.assertIs(f, builtins.len)
        self.assertIs(g, builtins.isinstance)
        self.assertEqual(f([1, 2]), 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
