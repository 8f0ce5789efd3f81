# Values a frame makes from constants or reads from torch's tables that Dynamo folds
# or traces in one graph: torch.linspace, torch.device('cpu'), getattr/hasattr on a
# class (guarded present or absent), math functions of constants (copysign), x.type()
# (torch's dtype-keyed table), x << n / x >> n on tensors, finfo/iinfo, and a batch of
# tensor methods and operators models use.
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter, same


class K:
    scale = 3
    name = "k"


class ConstantsInFrameTests(torch._dynamo.test_case.TestCase):
    def one(self, fn, *args):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)

    def test_linspace(self):
        self.one(lambda x: x + torch.linspace(0, 1, 4), torch.ones(4))

    def test_arange_float(self):
        self.one(lambda x: x + torch.arange(0, 2, 0.5), torch.ones(4))

    def test_shifts(self):
        self.one(lambda x: (x << 2) + (x >> 1), torch.tensor([4, 8]))

    def test_device(self):
        self.one(lambda x: x + torch.ones(2, device=torch.device("cpu")), torch.ones(2))

    def test_device_of_tensor(self):
        self.one(lambda x: torch.zeros(2, device=x.device) + x, torch.ones(2))

    def test_getattr_class(self):
        self.one(lambda x: x * getattr(K, "scale") + len(getattr(K, "name")), torch.ones(2))

    def test_hasattr_class(self):
        self.one(lambda x: x + (1 if hasattr(K, "scale") else 2) + (1 if hasattr(K, "zzz") else 5), torch.ones(2))

    def test_hasattr_class_guarded(self):
        class Late:
            pass

        def fn(x):
            return x + (1 if hasattr(Late, "flag") else 2)

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt)
        self.assertEqual(f(torch.zeros(1)).tolist(), [2.0])
        Late.flag = True
        self.assertEqual(f(torch.zeros(1)).tolist(), [1.0])
        self.assertEqual(cnt.frame_count, 2)

    def test_math_copysign(self):
        import math
        self.one(lambda x: x * math.copysign(2.0, -1.0), torch.ones(2))

    def test_finfo(self):
        self.one(lambda x: x.clamp(min=torch.finfo(x.dtype).min) * torch.iinfo(torch.int32).bits, torch.ones(2))

    def test_eye_full(self):
        self.one(lambda x: x + torch.eye(2) + torch.full((2, 2), 3.0) + torch.zeros_like(x), torch.ones(2, 2))

    def test_tensor_split_chunk(self):
        self.one(lambda x: torch.cat(x.chunk(3) + x.split([1, 2])), torch.arange(6.0).reshape(3, 2))

    def test_dtype_attr(self):
        self.one(lambda x: x.to(torch.float64) if x.dtype == torch.float32 else x, torch.ones(2))

    def test_type_str(self):
        self.one(lambda x: x + (1 if x.type() == "torch.FloatTensor" else 0), torch.ones(2))

    def test_is_floating(self):
        self.one(lambda x: x + (1 if x.is_floating_point() and not x.is_complex() else 0), torch.ones(2))

    def test_new_tensor(self):
        self.one(lambda x: x + x.new_tensor([1.0, 2.0]) + x.new_full((2,), 3.0), torch.ones(2))

    def test_contiguous_flags(self):
        self.one(lambda x: x.t().contiguous() if not x.t().is_contiguous() else x, torch.ones(2, 3))

    def test_einsum_list(self):
        self.one(lambda a, b: torch.einsum("bi,bj->bij", [a, b]), torch.ones(2, 3), torch.ones(2, 4))

    def test_where_scalar(self):
        self.one(lambda x: torch.where(x > 0, x, 0.0), torch.tensor([-1.0, 2.0]))

    def test_tensor_bool_cond_const(self):
        self.one(lambda x: x * 2 if x.shape[0] == 2 and x.ndim == 1 else x, torch.ones(2))

    def test_sort_values(self):
        self.one(lambda x: x.sort(descending=True).values + x.topk(1).indices, torch.tensor([3.0, 1.0, 2.0]))

    def test_max_dim(self):
        self.one(lambda x: x.max(dim=1)[0] + x.max(1).indices + x.max(), torch.arange(6.0).reshape(2, 3))

    def test_cumsum_etc(self):
        self.one(lambda x: x.cumsum(0) + x.cumprod(0) + x.flip(0) + x.roll(1), torch.arange(1.0, 4.0))

    def test_getitem_none_ellipsis(self):
        self.one(lambda x: x[None, ..., 1:] + x[..., None, :1], torch.ones(2, 3))

    def test_list_of_tensors_sum(self):
        self.one(lambda xs: sum(xs) / len(xs), [torch.ones(2), torch.ones(2) * 3])

    def test_dict_of_tensors(self):
        self.one(lambda d: {k: v * 2 for k, v in d.items()}, {"a": torch.ones(2), "b": torch.zeros(2)})

    def test_bitwise_bool(self):
        self.one(lambda x: (x > 0) & (x < 2) | ~(x == 1) ^ (x > 5), torch.tensor([0.0, 1.0, 3.0]))

    def test_pow_rpow(self):
        self.one(lambda x: 2 ** x + x ** 2 + (-x).abs() % 2 + 7 // (x + 1), torch.tensor([1.0, 2.0]))

    def test_item_const_like(self):
        self.one(lambda x: x + x.shape.numel() + x.size().numel(), torch.ones(2, 3))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests
    run_tests()
