# Ports of upstream test/dynamo/test_list.py CustomNewTupleTests: classes that
# derive from tuple, with and without their own __new__, made eagerly and in a
# fullgraph trace (make_dynamo_test runs each body eagerly, then compiled), plus
# tuple subclasses crossing a compiled frame's boundary.
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


def make_dynamo_test(fn):
    def test(self):
        fn(self)
        torch._dynamo.reset()
        old = torch._dynamo.config.enable_trace_unittest
        torch._dynamo.config.enable_trace_unittest = True
        try:
            torch.compile(fn, backend="eager", fullgraph=True)(self)
        finally:
            torch._dynamo.config.enable_trace_unittest = old

    test.__name__ = fn.__name__
    return test


class CustomNewTupleTests(torch._dynamo.test_case.TestCase):
    class CustomTupleWithNew(tuple):
        def __new__(cls, arg, newarg=None):
            self = super().__new__(cls, arg)
            self.newarg = newarg
            return self

    class GrandchildTupleWithNew(CustomTupleWithNew):
        pass

    class PlainTuple(tuple):
        pass

    class GrandchildPlainTuple(PlainTuple):
        pass

    @make_dynamo_test
    def test_tuple_subclass_new_via_super(self):
        t = self.CustomTupleWithNew([1, 2], newarg=5)
        self.assertTrue(type(t) is self.CustomTupleWithNew)
        self.assertTrue(tuple(t) == (1, 2))
        self.assertTrue(t.newarg == 5)

    @make_dynamo_test
    def test_tuple_subclass_new_via_super_multilevel(self):
        t = self.GrandchildTupleWithNew([1, 2, 3])
        self.assertTrue(type(t) is self.GrandchildTupleWithNew)
        self.assertTrue(tuple(t) == (1, 2, 3))

    @make_dynamo_test
    def test_tuple_new_exact_type(self):
        t = tuple.__new__(tuple, [1, 2])
        self.assertTrue(t == (1, 2))

    @make_dynamo_test
    def test_tuple_new_rejects_kwargs(self):
        self.assertRaises(TypeError, lambda: tuple.__new__(tuple, [1, 2], extra=1))

    @make_dynamo_test
    def test_tuple_new_multilevel_no_override(self):
        t = self.GrandchildPlainTuple.__new__(self.GrandchildPlainTuple, [1, 2, 3])
        self.assertTrue(type(t) is self.GrandchildPlainTuple)
        self.assertTrue(tuple(t) == (1, 2, 3))

    @make_dynamo_test
    def test_tuple_new_multilevel_no_override_via_construction(self):
        t = self.GrandchildPlainTuple([1, 2, 3])
        self.assertTrue(type(t) is self.GrandchildPlainTuple)
        self.assertTrue(tuple(t) == (1, 2, 3))

    @make_dynamo_test
    def test_tuple_subclass_protocol(self):
        p = self.PlainTuple("abc")
        self.assertTrue(isinstance(p, tuple) and len(p) == 3 and p[1] == "b" and p[-1] == "c")
        self.assertTrue(p[:2] == ("a", "b") and type(p[:2]) is tuple)
        self.assertTrue(p + ("d",) == ("a", "b", "c", "d") and ("z",) + p == ("z", "a", "b", "c"))
        self.assertTrue("b" in p and p.index("c") == 2 and p.count("a") == 1)
        self.assertTrue(p < ("b",) and p == ("a", "b", "c") and p != ("a",))
        a, b, c = p
        self.assertTrue(a + b + c == "abc")

    def test_tuple_subclass_input_guarded(self):
        cnt = CompileCounter()
        Pair = self.PlainTuple

        @torch.compile(backend=cnt)
        def fn(x, p):
            return x * p[0] + p[1], Pair((p[1], p[0]))

        x = torch.ones(2)
        r, q = fn(x, Pair((2, 3)))
        self.assertEqual(r, x * 2 + 3)
        self.assertTrue(type(q) is Pair and q == (3, 2))
        r, q = fn(x, Pair((2, 3)))
        self.assertEqual(cnt.frame_count, 1)
        r, q = fn(x, Pair((4, 3)))
        self.assertEqual(r, x * 4 + 3)
        self.assertEqual(cnt.frame_count, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
