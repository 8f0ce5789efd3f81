# Memory formats under torch.compile: memory_format= is a graph argument
# (printed torch.channels_last), the format object is ID_MATCH-guarded so
# rebinding it recompiles, the compiled result has eager's strides, and
# is_contiguous(memory_format=) branches recompile per layout.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

fmt = torch.channels_last


class MemoryFormatTests(torch._dynamo.test_case.TestCase):
    def test_contiguous_channels_last_in_graph(self):
        def fn(x):
            y = x.contiguous(memory_format=torch.channels_last)
            return y * 2, y.stride(), y.is_contiguous()

        x = torch.arange(24.0).reshape(1, 2, 3, 4)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        got, want = opt(x), fn(x)
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[0].stride(), (24, 1, 8, 2))
        self.assertEqual(got[0].stride(), want[0].stride())
        self.assertEqual(got[1:], want[1:])
        self.assertEqual(cnt.frame_count, 1)

    def test_rebinding_the_format_recompiles(self):
        global fmt

        def fn(x):
            return x.contiguous(memory_format=fmt) + 1

        x = torch.ones(2, 3, 4, 5)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        try:
            fmt = torch.channels_last
            self.assertEqual(opt(x).stride(), (60, 1, 15, 3))
            fmt = torch.contiguous_format
            self.assertEqual(opt(x).stride(), (60, 20, 5, 1))
            self.assertEqual(cnt.frame_count, 2)
        finally:
            fmt = torch.channels_last

    def test_format_as_argument(self):
        def fn(x, f):
            return x.clone(memory_format=f).to(torch.float64, memory_format=f)

        x = torch.ones(2, 3, 4, 5)
        opt = torch.compile(fn, backend="eager")
        for f in (torch.channels_last, torch.contiguous_format, torch.preserve_format):
            self.assertEqual(opt(x, f).stride(), fn(x, f).stride())
            self.assertEqual(opt(x, f).dtype, torch.float64)

    def test_pointwise_keeps_channels_last(self):
        def fn(x, y):
            return torch.relu(x * y + 1), torch.zeros_like(x), torch.empty_like(x).shape

        x = torch.rand(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
        y = torch.rand(2, 3, 4, 5)
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(x, y)
        want = fn(x, y)
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[0].stride(), want[0].stride())
        self.assertEqual(got[1].stride(), want[1].stride())
        self.assertEqual(got[2], want[2])

    def test_is_contiguous_frame_counts(self):
        data = [
            torch.rand(10),
            torch.rand(2, 3, 32, 32),
            torch.rand(2, 3, 32, 32).contiguous(memory_format=torch.channels_last),
            torch.rand(10)[::2],
            torch.rand(12),
            torch.rand(2, 3, 24, 24).contiguous(memory_format=torch.channels_last),
        ]

        def fn(x):
            if x.is_contiguous():
                return x + 1
            elif x.is_contiguous(memory_format=torch.channels_last):
                return x + 2
            return x + 3

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, dynamic=False)
        for i, x in enumerate(data):
            self.assertTrue(same(opt(x), fn(x)))
            self.assertEqual(cnt.frame_count, i + 1)
        # The same layouts again: no recompile.
        for x in data:
            self.assertTrue(same(opt(x), fn(x)))
        self.assertEqual(cnt.frame_count, len(data))

    def test_wrong_rank_raises_as_eager(self):
        def fn(x):
            return x.contiguous(memory_format=torch.channels_last)

        opt = torch.compile(fn, backend="eager")
        with self.assertRaisesRegex(RuntimeError, "required rank 4 tensor to use channels_last format"):
            opt(torch.ones(2, 3))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
