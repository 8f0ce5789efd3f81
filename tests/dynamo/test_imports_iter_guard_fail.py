# Imports inside a compiled frame (IMPORT_NAME / IMPORT_FROM run at trace
# time, the module a constant), __iter__ called by name on built-in
# iterables, isinstance against the legacy tensor types,
# optimize(guard_fail_fn=) called with the failing guard, and
# cls.__subclasses__() (eager).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Base:
    pass


class Left(Base):
    pass


class Right(Base):
    pass


class ImportIterTests(torch._dynamo.test_case.TestCase):
    def test_import_in_frame(self):
        def fn(x, y):
            import math
            import torch
            from torch import sub
            from collections import OrderedDict

            d = OrderedDict(a=math.pi)
            return sub(torch.add(x, y), y) * d["a"]

        x, y = torch.ones(2), torch.ones(2)
        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(x, y), fn(x, y)))
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 3))

    def test_dunder_iter_by_name(self):
        def fn(x, n):
            out = x
            for v in range(n).__iter__():
                out = out + v
            for row in x.__iter__():
                out = out * row
            for k in {"a": 1, "b": 2}.__iter__():
                out = out + len(k)
            return out

        x = torch.arange(1.0, 3.0)
        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(x, 3), fn(x, 3)))
        self.assertEqual(cnt.frame_count, 1)

    def test_legacy_tensor_types(self):
        def fn(dtype, tensor_type):
            x = torch.empty(4, dtype=dtype)
            assert isinstance(x, tensor_type)
            return x.shape

        opt = torch.compile(fn, backend="eager")
        for dtype, kind in [(torch.float32, torch.FloatTensor), (torch.float64, torch.DoubleTensor),
                            (torch.int64, torch.LongTensor), (torch.int32, torch.IntTensor),
                            (torch.bool, torch.BoolTensor), (torch.uint8, torch.ByteTensor)]:
            self.assertEqual(opt(dtype, kind), torch.Size([4]))
        with self.assertRaises(AssertionError):
            opt(torch.float32, torch.LongTensor)

    def test_guard_fail_fn(self):
        def fn(x, y, k):
            return (x + 1) * (y + 1) * k

        failures = []
        opt = torch._dynamo.optimize("eager", nopython=True, guard_fail_fn=failures.append)(fn)
        opt(torch.ones(2), torch.ones(2), 3)
        self.assertEqual(failures, [])
        opt(torch.ones(3), torch.ones(3), 3)
        self.assertEqual(len(failures), 1)
        self.assertEqual(failures[0].reason, "tensor 'x' size mismatch at index 0. expected 2, actual 3")
        self.assertEqual(failures[0].orig_code.co_name, "fn")

    def test_subclasses(self):
        def fn(x):
            return x + 1

        names = [c.__name__ for c in Base.__subclasses__()]
        self.assertEqual(names, ["Left", "Right"])
        self.assertTrue(same(torch.compile(fn, backend="eager")(torch.ones(1)), torch.tensor([2.0])))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
