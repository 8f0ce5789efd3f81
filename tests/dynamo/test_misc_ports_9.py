# Ports and repros of the ninth probe round: dict |= pairs, OrderedDict
# equality by order, obj.__dict__ after the frame stored attributes (on an
# object from outside or one it made, kept in step both ways), built-in
# dict methods of subclasses and OrderedDicts refusing bad arguments with
# TypeError, and the compiled module wrapper (training, dir, deepcopy).
import copy
from collections import OrderedDict

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class Obj:
    def __init__(self):
        self.a = 1
        self.b = 2


class Sub(dict):
    pass


class MiscPorts9(torch._dynamo.test_case.TestCase):
    def test_dict_ior_pairs(self):
        def fn(x):
            d1 = {"a": 1, "b": 2}
            r1 = d1.copy().__ior__({"b": 3, "c": 4}.items())
            d2 = dict(d1)
            d2 |= [("z", 9)]
            try:
                dict.__ior__(d1.copy(), 1)
                r2 = "no error"
            except TypeError:
                r2 = "TypeError"
            return x + 1, r1, d2, r2

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(1))
        self.assertEqual(got, fn(torch.zeros(1)))
        self.assertEqual(got[1], {"a": 1, "b": 3, "c": 4})
        self.assertEqual(got[3], "TypeError")

    def test_ordered_dict_equality_is_ordered(self):
        def fn(x, a, b):
            return (x + 1 if a == b else x - 1), a == dict(b), a != b

        a = OrderedDict([("a", 1), ("b", 2)])
        b = OrderedDict([("b", 2), ("a", 1)])
        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(torch.zeros(1), a, b), (torch.tensor([-1.0]), True, True))
        self.assertEqual(opt(torch.zeros(1), a, OrderedDict(a)), (torch.tensor([1.0]), True, False))

    def test_dunder_dict_after_stores(self):
        def fn(x, obj):
            obj.c = 3
            obj.a = 10
            items = dict(obj.__dict__.items())
            obj.d = 4
            return x + 1, items, sorted(obj.__dict__.keys())

        o1, o2 = Obj(), Obj()
        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1), o1)
        want = fn(torch.zeros(1), o2)
        self.assertEqual(got, want)
        self.assertEqual(got[1], {"a": 10, "b": 2, "c": 3})
        self.assertEqual(o1.__dict__, o2.__dict__)

    def test_dunder_dict_of_object_made_in_frame(self):
        def fn(x):
            obj = Obj()
            obj.c = 3
            d = obj.__dict__
            d.pop("b")
            d["b"] = 42
            d["e"] = 5
            obj.f = 6
            del obj.a
            return x + obj.b, list(d), obj.e, hasattr(obj, "a"), obj.__dict__ is d

        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1))
        self.assertEqual(got, fn(torch.zeros(1)))
        self.assertEqual(got[1], ["c", "b", "e", "f"])

    def test_subclass_and_ordered_dict_methods_raise_type_error(self):
        def fn(x, d):
            out = []
            for call in (lambda: d.get(), lambda: d.keys(1), lambda: d.popitem(1), lambda: d.setdefault()):
                try:
                    call()
                    out.append("ok")
                except TypeError:
                    out.append("TypeError")
            return x + 1, out

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        # (OrderedDict.popitem takes last=)
        for make, want in ((lambda: Sub(a=1), ["TypeError"] * 4),
                           (lambda: OrderedDict(a=1), ["TypeError", "TypeError", "ok", "TypeError"])):
            got = opt(torch.zeros(1), make())
            self.assertEqual(got, fn(torch.zeros(1), make()))
            self.assertEqual(got[1], want)

    def test_compiled_module_training_dir_and_deepcopy(self):
        mod = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU())
        with torch.no_grad():
            mod[0].weight.copy_(torch.tensor([[1.0, 2.0], [3.0, -4.0]]))
            mod[0].bias.zero_()
        mod.eval()
        opt = torch.compile(mod, backend="eager")
        self.assertFalse(opt.training)
        opt.train()
        self.assertTrue(mod.training and mod[0].training and opt.training)
        mod.eval()
        self.assertFalse(opt.training)
        opt.is_compiled = True
        self.assertIn("is_compiled", dir(opt))
        x = torch.ones(1, 2)
        self.assertEqual(opt(x), torch.tensor([[3.0, 0.0]]))
        ema = copy.deepcopy(opt)
        with torch.no_grad():
            ema._orig_mod[0].weight.mul_(2)
        self.assertIsNot(ema._orig_mod, mod)
        self.assertEqual(ema(x), torch.tensor([[6.0, 0.0]]))
        self.assertEqual(opt(x), torch.tensor([[3.0, 0.0]]))

    def test_hasattr_and_getattr_default_run_the_attribute_protocol(self):
        class C:
            def __init__(self):
                self.n = 0

            @property
            def counted(self):
                self.n += 1
                return 1

            @property
            def bad(self):
                raise ValueError("bad")

            @property
            def missing(self):
                raise AttributeError("missing")

            def __getattr__(self, k):
                if k.startswith("x"):
                    return len(k)
                raise AttributeError(k)

        def fn(x, o):
            return (x + hasattr(o, "counted") + getattr(o, "xyz", 0) * 10, hasattr(o, "nope"),
                    getattr(o, "nope", -1), hasattr(o, "missing"), getattr(o, "missing", "d"), o.n)

        o1, o2 = C(), C()
        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1), o1)
        self.assertEqual(got, fn(torch.zeros(1), o2))
        self.assertEqual(got[0], torch.tensor([31.0]))
        self.assertEqual(o1.n, 1)

        def raising(x, o):
            return x + hasattr(o, "bad")

        with self.assertRaises(ValueError):
            torch.compile(raising, backend="eager")(torch.zeros(1), C())

    def test_module_attribute_added_later(self):
        import math

        def fn(x):
            return x + getattr(math, "_standin_probe_const", 0), hasattr(math, "_standin_probe_other")

        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(torch.zeros(1)), (torch.tensor([0.0]), False))
        math._standin_probe_const = 4
        math._standin_probe_other = 1
        try:
            self.assertEqual(opt(torch.zeros(1)), (torch.tensor([4.0]), True))
        finally:
            del math._standin_probe_const
            del math._standin_probe_other
        self.assertEqual(opt(torch.zeros(1)), (torch.tensor([0.0]), False))

    def test_instance_attribute_shadows_non_data_descriptors(self):
        class D:
            def __get__(self, obj, t):
                return 7

        class C:
            d = D()

            @staticmethod
            def s(x):
                return x + 1

            @classmethod
            def c(cls, x):
                return x + 2

        o = C()

        def fn(x):
            return o.s(x), o.c(x), x + o.d

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(1)
        self.assertEqual(opt(x), fn(x))
        o.s = lambda x: x + 50
        o.c = lambda x: x + 60
        o.d = 100
        self.assertEqual(opt(x), fn(x))
        self.assertEqual(opt(x)[2], torch.tensor([100.0]))
        self.assertEqual(cnt.frame_count, 2)
        # shadowed before the first compile
        p = C()
        p.s = lambda x: x - 1
        p.d = 5
        g = torch.compile(lambda x: (p.s(x), x + p.d), backend="eager")
        self.assertEqual(g(x), (torch.tensor([-1.0]), torch.tensor([5.0])))

    def test_getattr_default_sees_a_getattr_added_later(self):
        class A:
            pass

        class B(A):
            pass

        o = B()

        def fn(x):
            return x + getattr(o, "zz", 1), hasattr(o, "yy")

        opt = torch.compile(fn, backend="eager")
        x = torch.zeros(1)
        self.assertEqual(opt(x), (torch.tensor([1.0]), False))
        A.__getattr__ = lambda s, n: 42
        try:
            self.assertEqual(opt(x), (torch.tensor([42.0]), True))
        finally:
            del A.__getattr__
        self.assertEqual(opt(x), (torch.tensor([1.0]), False))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
