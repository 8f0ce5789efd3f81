# Python attributes on tensors (p._no_weight_decay = True) read in a compiled
# frame, and lists and dicts of user subclasses (class AttrDict(dict)) met by
# one: every compiled result equals the eager one, attribute reads are guarded,
# and a subclass instance never passes a guard made for a plain list or dict.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class AttrDict(dict):
    def __getattr__(self, k):
        return self[k]


class Pipeline(list):
    def __call__(self, x):
        for f in self:
            x = f(x)
        return x


class TensorAttrTests(torch._dynamo.test_case.TestCase):
    def test_tensor_attribute_is_read_and_guarded(self):
        def fn(x, w):
            return x * w._scale

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        w = torch.ones(2)
        w._scale = 3.0
        x = torch.ones(2)
        self.assertTrue(same(opt(x, w), torch.full((2,), 3.0)))
        self.assertTrue(same(opt(x, w), torch.full((2,), 3.0)))
        self.assertEqual(cnt.frame_count, 1)
        w._scale = 4.0
        self.assertTrue(same(opt(x, w), torch.full((2,), 4.0)))
        self.assertEqual(cnt.frame_count, 2)

    def test_hasattr_on_a_tensor_is_guarded(self):
        def fn(x, w):
            if hasattr(w, "_scale"):
                return x * w._scale
            return x + 1

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        w, x = torch.ones(2), torch.ones(2)
        self.assertTrue(same(opt(x, w), torch.full((2,), 2.0)))
        w._scale = 5.0
        self.assertTrue(same(opt(x, w), torch.full((2,), 5.0)))
        del w._scale
        self.assertTrue(same(opt(x, w), torch.full((2,), 2.0)))
        self.assertEqual(cnt.frame_count, 2)

    def test_getattr_default_on_a_parameter(self):
        p = torch.nn.Parameter(torch.ones(2))
        p._no_wd = True

        def fn(x, p):
            return x + p if getattr(p, "_no_wd", False) else x - p

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        self.assertTrue(same(opt(x, p), fn(x, p)))
        p._no_wd = False
        self.assertTrue(same(opt(x, p), fn(x, p)))
        self.assertEqual(cnt.frame_count, 2)


class SubclassTests(torch._dynamo.test_case.TestCase):
    def test_dict_subclass_never_passes_a_plain_dict_guard(self):
        def fn(x, c):
            return x * c["scale"]

        class Doubling(dict):
            def __getitem__(self, k):
                return 2 * dict.__getitem__(self, k)

        opt = torch.compile(fn, backend=CompileCounter())
        x = torch.ones(2)
        for c in ({"scale": 2.0}, Doubling(scale=2.0), {"scale": 3.0}, AttrDict(scale=5.0)):
            self.assertTrue(same(opt(x, c), fn(x, c)))

    def test_subclass_instances_from_globals_run_as_eager(self):
        cfg = AttrDict(scale=2.0)
        procs = Pipeline([lambda t: t + 1, lambda t: t * 3])

        def fn(x):
            return procs(x) * cfg.scale

        opt = torch.compile(fn, backend=CompileCounter())
        x = torch.ones(2)
        self.assertTrue(same(opt(x), torch.full((2,), 12.0)))
        cfg["scale"] = 5.0
        procs.append(lambda t: t - 1)
        self.assertTrue(same(opt(x), fn(x)))

    def test_subclass_made_in_the_frame(self):
        def fn(x):
            d = AttrDict(a=1)
            p = Pipeline([torch.relu])
            return p(x) + d.a

        opt = torch.compile(fn, backend=CompileCounter())
        x = torch.tensor([-1.0, 2.0])
        self.assertTrue(same(opt(x), fn(x)))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
