# OrderedDict made in the frame or read from outside (its type kept,
# move_to_end and popitem(last=) traced and written back), vars(obj) and
# obj.__dict__ of an object from outside, and type(p) of an nn.Parameter (the
# tensor guard tells a Parameter from a Tensor, so passing one for the other
# recompiles), and torch.numel(t) a constant as t.numel() is.
import collections

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same


class Obj:
    def __init__(self):
        self.a = 1
        self.b = 2.5


class DictKindsTests(torch._dynamo.test_case.TestCase):
    def one_graph(self, fn, *args):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)
        return got

    def test_ordered_dict_made_in_frame(self):
        def fn(x):
            d = collections.OrderedDict()
            d["a"] = x
            d["b"] = x * 2
            d["c"] = x * 3
            d.move_to_end("a")
            d.move_to_end("c", last=False)
            k, v = d.popitem()
            k2, v2 = d.popitem(last=False)
            return list(d.values())[0] + v + v2, k + k2, list(d.keys())

        got = self.one_graph(fn, torch.ones(2))
        self.assertEqual(got[1], "ac")
        self.assertEqual(got[2], ["b"])

    def test_ordered_dict_escapes_with_its_type(self):
        def fn(x):
            d = collections.OrderedDict([("x", x + 1), ("y", x)])
            return d

        got = self.one_graph(fn, torch.ones(2))
        self.assertEqual(type(got).__name__, "OrderedDict")
        self.assertIsInstance(got, collections.OrderedDict)
        self.assertEqual(list(got.keys()), ["x", "y"])

    def test_ordered_dict_isinstance_in_frame(self):
        def fn(x, d):
            if isinstance(d, collections.OrderedDict):
                return x + 1
            return x - 1

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt)
        self.assertEqual(f(torch.ones(1), collections.OrderedDict(a=1)).tolist(), [2.0])
        self.assertEqual(f(torch.ones(1), {"a": 1}).tolist(), [0.0])
        self.assertEqual(cnt.frame_count, 2)

    def test_ordered_dict_from_outside_mutated(self):
        state = collections.OrderedDict([("a", 1), ("b", 2), ("c", 3)])

        def fn(x):
            state.move_to_end("a")
            k, v = state.popitem(last=False)
            return x + v

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt)
        self.assertEqual(f(torch.zeros(1)).tolist(), [2.0])
        self.assertEqual(list(state.items()), [("c", 3), ("a", 1)])
        self.assertEqual(f(torch.zeros(1)).tolist(), [3.0])
        self.assertEqual(list(state.items()), [("a", 1)])

    def test_vars_of_an_object(self):
        o = Obj()

        def fn(x):
            total = 0
            for k, v in vars(o).items():
                total = total + v
            return x + total + len(o.__dict__)

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt, fullgraph=True)
        self.assertEqual(f(torch.zeros(1)).tolist(), [5.5])
        o.b = 10
        self.assertEqual(f(torch.zeros(1)).tolist(), [13.0])
        o.c = 100
        self.assertEqual(f(torch.zeros(1)).tolist(), [114.0])

    def test_vars_mutation_writes_back(self):
        o = Obj()

        def fn(x):
            vars(o)["a"] = 7
            o.__dict__["z"] = 1
            return x + 1

        f = torch.compile(fn, backend=CompileCounter())
        f(torch.zeros(1))
        self.assertEqual(o.a, 7)
        self.assertEqual(o.z, 1)

    def test_vars_and_attributes_agree_in_the_frame(self):
        o = Obj()

        def fn(x):
            vars(o)["a"] = 7
            y = x + o.a
            o.b = 3.0
            return y + vars(o)["b"] + len(o.__dict__)

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt)(torch.zeros(1))
        self.assertEqual(got.tolist(), [12.0])
        self.assertEqual((o.a, o.b), (7, 3.0))

    def test_vars_reads_the_dict_not_a_property(self):
        class Shadowed:
            def __init__(self):
                self.__dict__["w"] = 2

            @property
            def w(self):
                return 100

        o = Shadowed()

        def fn(x):
            return x + vars(o)["w"] + o.w

        self.one_graph(fn, torch.zeros(1))

    def test_type_of_a_parameter(self):
        p = nn.Parameter(torch.ones(2))
        t = torch.ones(2)

        def fn(x, w):
            y = x * 2
            if type(w) is nn.Parameter:
                return y + w
            return y - w

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt)
        self.assertEqual(f(torch.ones(2), p).tolist(), [3.0, 3.0])
        self.assertEqual(f(torch.ones(2), t).tolist(), [1.0, 1.0])
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(f(torch.ones(2), p).tolist(), [3.0, 3.0])
        self.assertEqual(cnt.frame_count, 2)

    def test_torch_numel_is_a_size(self):
        def fn(x, y):
            if torch.is_tensor(y):
                return x + y + torch.numel(y)
            return x + torch.numel(x)

        self.one_graph(fn, torch.ones(2), 3)
        self.one_graph(fn, torch.ones(2), torch.ones(2))

    def test_isinstance_parameter_of_module_weights(self):
        m = nn.Linear(2, 2)

        def fn(x):
            n = 0
            for p in m.parameters():
                if isinstance(p, nn.Parameter):
                    n += 1
            return m(x) + n

        self.one_graph(fn, torch.ones(1, 2))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests
    run_tests()
