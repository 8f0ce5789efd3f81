# Mutations between calls of frames split by graph breaks: changing a value
# one graph guards recompiles that graph only; the graphs on either side of
# the break keep hitting their cache entries (test_recompiles.py's guard
# failure tests, on frames with breaks). Every call is compared with eager.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Config:
    def __init__(self):
        self.scale = 2
        self.shift = 1


cfg = Config()
OFFSET = 3
table = [1, 2, 3]


def log(msg):
    print(msg)


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)
        self.gain = 2

    def forward(self, x):
        y = self.lin(x).relu()
        log("block")
        return y * self.gain


class BreakMutationTests(torch._dynamo.test_case.TestCase):
    def check(self, opt_fn, fn, *args):
        self.assertTrue(same(opt_fn(*args), fn(*args)))

    def test_attribute_before_and_after_the_break(self):
        def fn(x):
            y = x * cfg.scale
            log("mid")
            return y + cfg.shift

        x = torch.randn(5)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 2)
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 2)
        cfg.shift = 5  # guarded by the resume function only
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 3)
        cfg.scale = 4  # guarded by the first graph only
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 4)
        # Back to values both caches hold: no compile.
        cfg.scale = 2
        cfg.shift = 1
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 4)

    def test_global_between_two_breaks(self):
        def fn(x):
            a = x + 1
            log("one")
            b = a * OFFSET
            log("two")
            return b - 1

        global OFFSET
        OFFSET = 3
        x = torch.randn(3)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 3)
        OFFSET = 7  # only the middle graph reads it
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 4)
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 4)

    def test_list_item_read_after_the_break(self):
        def fn(x):
            y = x.cos()
            log("mid")
            return y + table[0]

        x = torch.randn(4)
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 2)
        table[2] = 30  # not read: no guard fails
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 2)
        table[0] = 10
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 3)
        table.append(4)  # the list's length is guarded
        self.check(opt_fn, fn, x)
        self.assertEqual(cnt.frame_count, 4)

    def test_tensor_shape_change_recompiles_both_sides(self):
        def fn(x):
            y = x * 2
            log("mid")
            return y.sum(0)

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        self.check(opt_fn, fn, torch.randn(3, 2))
        self.assertEqual(cnt.frame_count, 2)
        # Both graphs see the new shape: both recompile.
        self.check(opt_fn, fn, torch.randn(5, 2))
        self.assertEqual(cnt.frame_count, 4)
        self.check(opt_fn, fn, torch.randn(3, 2))
        self.assertEqual(cnt.frame_count, 4)

    def test_module_attribute_after_the_break(self):
        m = Block()
        x = torch.randn(2, 4)
        cnt = CompileCounter()
        opt_m = torch.compile(m, backend=cnt)
        self.assertTrue(same(opt_m(x), m(x)))
        self.assertEqual(cnt.frame_count, 2)
        m.gain = 3  # read after the break
        self.assertTrue(same(opt_m(x), m(x)))
        self.assertEqual(cnt.frame_count, 3)
        self.assertTrue(same(opt_m(x), m(x)))
        self.assertEqual(cnt.frame_count, 3)

    def test_branch_taken_after_mutation(self):
        def fn(x, k):
            y = x + k
            if y.sum() > 0:
                return y * cfg.scale
            return y - cfg.scale

        cfg.scale = 2
        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        pos, neg = torch.ones(3), torch.ones(3) * -2
        self.check(opt_fn, fn, pos, 1)
        self.assertEqual(cnt.frame_count, 2)
        self.check(opt_fn, fn, neg, 1)  # the other branch: its resume function
        self.assertEqual(cnt.frame_count, 3)
        cfg.scale = 5  # both resume functions read it, the first graph does not
        self.check(opt_fn, fn, pos, 1)
        self.assertEqual(cnt.frame_count, 4)
        self.check(opt_fn, fn, neg, 1)
        self.assertEqual(cnt.frame_count, 5)
        self.check(opt_fn, fn, pos, 2)  # k is guarded by the first graph
        self.assertEqual(cnt.frame_count, 6)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
