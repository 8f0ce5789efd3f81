# Instances of dict subclasses read from outside that leave the dict protocol
# to dict (config objects: a __getattr__ that reads self[name], the AttrDict
# idiom self.__dict__ = self, extra methods and properties): traced as dicts
# that know their class (Dynamo's UserDefinedDictVariable), guarded on that
# class, mutations written back, returned as the same object. A subclass that
# overrides __getitem__ and the like breaks the graph and runs eagerly.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class MyConfig(dict):
    def __getattr__(self, name):
        return self[name]


class AttrDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self

    def scaled(self, x):
        return x * self["scale"]

    @property
    def doubled_shift(self):
        return self["shift"] * 2


class Defaulting(dict):
    def __missing__(self, key):
        return 0


class DictSubclassTests(torch._dynamo.test_case.TestCase):
    def test_getattr_reads_items(self):
        def fn(cfg, x, y):
            return x + y + cfg.offset

        cfg = MyConfig(offset=5)
        x = torch.randn(10)
        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt)(cfg, x, x), 2 * x + 5))
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 2))

    def test_attrdict_methods_properties_and_guards(self):
        def fn(c, x):
            return c.scaled(x) + c.shift + c.doubled_shift, isinstance(c, dict), type(c).__name__, sorted(c.keys())

        c = AttrDict(scale=2.0, shift=1.0)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(3)
        self.assertTrue(same(opt(c, x), fn(c, x)))
        c["scale"] = 3.0  # an item guard fails: recompiles
        self.assertTrue(same(opt(c, x), fn(c, x)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertTrue(same(opt(AttrDict(scale=3.0, shift=1.0), x), fn(c, x)))
        self.assertEqual(cnt.frame_count, 2)

    def test_mutation_written_back_and_identity(self):
        def fn(c, x):
            c["seen"] = True
            return x + c.shift, c

        c = AttrDict(scale=2.0, shift=1.0)
        out, back = torch.compile(fn, backend="eager", fullgraph=True)(c, torch.ones(2))
        self.assertTrue(back is c)
        self.assertTrue(c["seen"])
        self.assertEqual(type(back).__name__, "AttrDict")

    def test_missing_override_answers_a_missing_key(self):
        def fn(d, x):
            return x + d["missing"]

        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt)(Defaulting(), torch.ones(2)), torch.ones(2)))
        self.assertEqual(cnt.frame_count, 1)  # __missing__ inlined

    def test_instance_dict_of_a_dict_subclass(self):
        from collections import OrderedDict

        class Lazy(dict):
            pass

        class Counted(OrderedDict):
            def __init__(self):
                super().__init__()
                self.__dict__["_value"] = 0

            @property
            def value(self):
                return self.__dict__.get("_value", 0)

            @value.setter
            def value(self, v):
                self.__dict__["_value"] = v

        @torch.compile(fullgraph=True, backend="eager")
        def lazy(m, x):
            if not hasattr(m, "_cache"):
                m.__dict__["_cache"] = {}
            m.__dict__["_cache"]["key"] = "value"
            m.__dict__["n"] = 1
            m.__dict__["n"] = m.__dict__["n"] + 1
            return x + m.__dict__["n"], m.__dict__["_cache"]["key"]

        m = Lazy(a=1)
        out, s = lazy(m, torch.zeros(1))
        self.assertEqual((out.item(), s), (2.0, "value"))
        self.assertEqual(m.__dict__, {"_cache": {"key": "value"}, "n": 2})
        self.assertEqual(dict(m), {"a": 1})

        @torch.compile(fullgraph=True, backend="eager")
        def setter(c, x):
            c.value = 100
            c.tag = "t"
            return x + c.value, c.tag

        c = Counted()
        out, tag = setter(c, torch.zeros(1))
        self.assertEqual((out.item(), tag, c.value, c.tag), (100.0, "t", 100, "t"))
        self.assertEqual(c.__dict__, {"_value": 100, "tag": "t"})


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
