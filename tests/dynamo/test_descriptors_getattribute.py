# Descriptors written in Python and __getattribute__, traced: a class
# attribute with __get__ is read by inlining __get__(obj, type(obj)) (a data
# descriptor before the instance's own attribute), a store through __set__
# inlines __set__, and a Python __getattribute__ is inlined for every lookup
# (its object.__getattribute__ / super().__getattribute__ is the lookup
# itself). The descriptor is read through type(obj) and guarded there.
import functools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Scaled:
    def __init__(self, k):
        self.k = k

    def __get__(self, obj, cls):
        if obj is None:
            return self
        return obj.base * self.k


class Typed:
    def __init__(self, kind):
        self.kind = kind

    def __set_name__(self, owner, name):
        self.private = "_" + name

    def __get__(self, obj, cls):
        if obj is None:
            return self
        return getattr(obj, self.private)

    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError("expected " + self.kind.__name__)
        setattr(obj, self.private, value)


class Holder:
    tenx = Scaled(10)
    scale = Typed(float)

    def __init__(self, scale):
        self.base = 3
        self.scale = scale


class Cached:
    def __init__(self, s):
        self.s = s

    @functools.cached_property
    def doubled(self):
        return self.s * 2


class DescriptorTests(torch._dynamo.test_case.TestCase):
    def test_non_data_descriptor_inlined_and_guarded(self):
        def fn(h, x):
            return x * h.tenx

        h = Holder(1.0)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        x = torch.ones(2)
        self.assertTrue(same(opt(h, x), x * 30))
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 1))
        Holder.__dict__["tenx"].k = 100  # the descriptor's state is guarded
        self.assertTrue(same(opt(h, x), x * 300))
        self.assertEqual(cnt.frame_count, 2)
        h.base = 5
        self.assertTrue(same(opt(h, x), x * 500))
        Holder.__dict__["tenx"].k = 10

    def test_data_descriptor_store_runs_set(self):
        def fn(h, x):
            h.scale = h.scale + 0.5
            return x * h.scale

        h = Holder(1.0)
        opt = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertTrue(same(opt(h, torch.ones(2)), torch.ones(2) * 1.5))
        self.assertEqual(h._scale, 1.5)
        self.assertTrue("scale" not in vars(h))
        self.assertTrue(same(opt(h, torch.ones(2)), torch.ones(2) * 2.0))

    def test_data_descriptor_wins_over_instance_dict(self):
        def fn(h, x):
            return x + h.scale

        h = Holder(2.0)
        h.__dict__["scale"] = 100.0  # shadowed: the descriptor answers
        self.assertTrue(same(torch.compile(fn, backend="eager", fullgraph=True)(h, torch.zeros(1)), torch.tensor([2.0])))

    def test_descriptor_on_object_made_in_frame(self):
        def fn(x):
            h = Holder(4.0)
            h.scale = 0.25
            return x * h.scale * h.tenx

        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2)), torch.ones(2) * 7.5))
        self.assertEqual(cnt.frame_count, 1)

    def test_descriptor_set_error_is_eager(self):
        def fn(h, x):
            h.scale = 3
            return x

        h = Holder(1.0)
        with self.assertRaisesRegex(TypeError, "expected float"):
            torch.compile(fn, backend="eager")(h, torch.ones(1))

    def test_cached_property_written_back(self):
        def fn(c, x):
            return x + c.doubled

        c = Cached(1.5)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt(c, torch.zeros(2)), torch.full((2,), 3.0)))
        self.assertEqual(vars(c), {"s": 1.5, "doubled": 3.0})
        c.s = 7  # cached: still 3.0, as eagerly
        self.assertTrue(same(opt(c, torch.zeros(2)), torch.full((2,), 3.0)))
        self.assertTrue(same(opt(Cached(2.0), torch.zeros(2)), torch.full((2,), 4.0)))

    def test_super_classmethod_and_staticmethod(self):
        class A:
            coeff = 2

            @classmethod
            def cube(cls, x):
                return cls.coeff * x * x * x

            @staticmethod
            def twice(x):
                return x * 2

        class B(A):
            coeff = 3

            def run(self, x):
                return super().cube(x) + super().twice(x)

        b = B()
        cnt = CompileCounter()
        x = torch.ones(2) * 2
        self.assertTrue(same(torch.compile(b.run, backend=cnt, fullgraph=True)(x), b.run(x)))
        self.assertEqual(cnt.frame_count, 1)


class GetattributeTests(torch._dynamo.test_case.TestCase):
    def test_user_getattribute(self):
        class MyObject:
            def __init__(self):
                self.custom_dict = {"a": torch.rand((2, 2))}
                self.my_number = 42

            def __getattribute__(self, name):
                custom_dict = super().__getattribute__("custom_dict")
                if name in custom_dict:
                    return custom_dict[name]
                return super().__getattribute__(name)

            def run(self, x):
                return self.my_number * x + self.a * x

        def fn(obj, x):
            return obj.run(x)

        obj = MyObject()
        x = torch.rand((2, 2))
        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(obj, x), fn(obj, x)))
        self.assertEqual(cnt.frame_count, 1)

    def test_nn_module_getattribute(self):
        class MyMod(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.my_number = 42

            def __getattribute__(self, name):
                if name == "special_attr":
                    return torch.tensor([[1, 2], [3, 4]])
                return super().__getattribute__(name)

            def forward(self, x):
                return self.my_number * x + self.special_attr * x

        mod = MyMod()
        x = torch.rand((2, 2))
        self.assertTrue(same(torch.compile(lambda m, x: m(x), backend="eager")(mod, x), mod(x)))

    def test_nn_module_getattribute_delegation(self):
        class MyMod(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = 3.0

            def __getattribute__(self, name):
                if name == "my_scale":
                    return object.__getattribute__(self, "scale")
                return super().__getattribute__(name)

            def forward(self, x):
                return x * self.my_scale

        mod = MyMod()
        x = torch.randn(2, 4)
        self.assertTrue(same(torch.compile(mod, backend="eager")(x), x * 3.0))

    def test_getattribute_with_getattr_fallback_eager(self):
        class Proxy:
            def __init__(self):
                self.v = 2

            def __getattribute__(self, name):
                if name.startswith("hidden"):
                    raise AttributeError(name)
                return object.__getattribute__(self, name)

            def __getattr__(self, name):
                return 10

        p = Proxy()
        self.assertEqual(p.hidden_x, 10)
        self.assertEqual(p.v, 2)
        self.assertTrue(same(torch.compile(lambda p, x: x * p.v, backend="eager", fullgraph=True)(p, torch.ones(1)), torch.tensor([2.0])))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
