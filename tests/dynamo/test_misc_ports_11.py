# Ports and repros of the eleventh round: a class that gains a data
# descriptor or an attribute hook after a frame compiled recompiles it (guards
# read instance attributes from their __dict__); a dict subclass from outside
# whose class gains or replaces a method recompiles; a backend raising
# SkipFrame runs the frame eagerly and skips its code from then on; str() of a
# plain dict subclass, "".join(OrderedDict), dict-subclass | dict-subclass and
# an unhashable dict key under fullgraph.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from collections import OrderedDict
from torch._dynamo.testing import CompileCounter


class SimpleDict(dict):
    pass


class MiscPorts11(torch._dynamo.test_case.TestCase):
    def test_class_gains_property_over_instance_attribute(self):
        class O:
            def __init__(self):
                self.v = 1

        o = O()

        def f(x):
            return x + o.v

        cnt = CompileCounter()
        opt = torch.compile(f, backend=cnt)
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([1.0]))
        O.v = property(lambda s: 42)
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([42.0]))
        self.assertEqual(cnt.frame_count, 2)
        del O.v
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([1.0]))

    def test_base_class_gains_getattribute(self):
        class Base:
            pass

        class O(Base):
            def __init__(self):
                self.v = 1

        o = O()

        def f(x):
            return x + o.v

        opt = torch.compile(f, backend="eager")
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([1.0]))
        Base.__getattribute__ = lambda self, n: 7
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([7.0]))

    def test_setattr_hook_added_later(self):
        class O:
            pass

        o = O()

        def f(x):
            o.v = 1
            return x + o.v

        opt = torch.compile(f, backend="eager")
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([1.0]))

        def hook(self, n, v):
            object.__setattr__(self, n, v * 10)

        O.__setattr__ = hook
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([10.0]))
        self.assertEqual(o.v, 10)

    def test_dict_subclass_method_replaced(self):
        class AD(dict):
            def scale(self):
                return self["s"]

        d = AD(s=1)

        def f(x):
            return x * d.scale()

        cnt = CompileCounter()
        opt = torch.compile(f, backend=cnt)
        self.assertEqual(opt(torch.ones(1)), torch.tensor([1.0]))
        self.assertEqual(opt(torch.ones(1)), torch.tensor([1.0]))
        self.assertEqual(cnt.frame_count, 1)
        AD.scale = lambda self: 99
        self.assertEqual(opt(torch.ones(1)), torch.tensor([99.0]))
        self.assertEqual(cnt.frame_count, 2)

    def test_dict_subclass_getitem_added(self):
        class D(dict):
            pass

        d = D(a=1)

        def f(x):
            return x + d["a"]

        opt = torch.compile(f, backend="eager")
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([1.0]))
        D.__getitem__ = lambda self, k: 77
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([77.0]))

    def test_backend_skipframe_skips_the_code(self):
        calls = []

        def backend(gm, args):
            calls.append(1)
            raise torch._dynamo.exc.SkipFrame("backend skip")

        def fn(x, n):
            return x + n

        opt = torch.compile(fn, backend=backend)
        self.assertEqual(opt(torch.ones(1), 0), torch.tensor([1.0]))
        self.assertEqual(opt(torch.ones(1), 1), torch.tensor([2.0]))
        self.assertEqual(len(calls), 1)

    def test_backend_other_error_is_backend_compiler_failed(self):
        def backend(gm, args):
            raise ValueError("duck")

        opt = torch.compile(lambda x: x + 1, backend=backend)
        with self.assertRaises(torch._dynamo.exc.BackendCompilerFailed):
            opt(torch.ones(1))

    def test_fullgraph_dict_subclass_str_join_or_and_unhashable_key(self):
        def fstring(x):
            return x + len(f"{SimpleDict({'a': 1})}") + len(str(SimpleDict(b=2)))

        def join(x):
            return x + len("".join(OrderedDict.fromkeys("abc")))

        def merged(x):
            d = SimpleDict({"a": 1}) | SimpleDict({"b": 2})
            return x + len(d), type(d) is dict

        def unhashable(x):
            try:
                {}.setdefault([[]])
            except TypeError as e:
                return x + 1, str(e)
            return x, ""

        for fn in (fstring, join, merged, unhashable):
            cnt = CompileCounter()
            got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
            self.assertEqual(got, fn(torch.ones(1)))
            self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
