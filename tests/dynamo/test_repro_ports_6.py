# Ports of Dynamo test_repros cases: `assert` on a tensor becomes
# torch._assert in the graph (and raises the statement's AssertionError when
# the graph runs); functools.wraps inside a trace; torch.randn(dtype=x.dtype)
# in the graph; tuple/list .index with bounds in a trace; torch.compile of a
# built-in compiles the frame that calls it; assertExpectedInline of an int;
# objects of guest classes that are iterators (a Python __next__), pulled
# lazily in for loops, next(), list() and sum(); `del obj.attr` (DELETE_ATTR)
# on objects from outside and objects the frame made.
import functools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


def cool_name(x):
    return x.sin()


class Count:
    def __init__(self, n):
        self.i = 0
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.i < self.n:
            self.i += 1
            return self.i
        raise StopIteration


class MyObj:
    kind = "cls"

    def __init__(self, a, b):
        self.a = a
        self.b = b


class Bag:
    def __init__(self, xs):
        self.xs = xs

    def __iter__(self):
        return BagIter(self.xs)


class BagIter:
    def __init__(self, xs):
        self.xs = xs
        self.k = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.k >= len(self.xs):
            raise StopIteration
        v = self.xs[self.k]
        self.k += 1
        return v


class ReproPorts6Tests(torch._dynamo.test_case.TestCase):
    def test_rewrite_assert_with_msg(self):
        def f(x):
            b = x.sin()
            assert x[0] == 3, "First dim need to be 3"
            return x.cos() + b

        args = (torch.tensor([3.0, 4.0, 5.0]),)
        cnt = CompileCounter()
        opt_f = torch.compile(f, backend=cnt, fullgraph=True)
        self.assertTrue(same(f(*args), opt_f(*args)))
        self.assertEqual(cnt.op_count, 6)
        self.assertEqual(cnt.frame_count, 1)
        # The second call hits the cache; the graph's assert raises.
        with self.assertRaisesRegex(AssertionError, "First dim need to be 3"):
            opt_f(torch.tensor([2.0, 4.0, 5.0]))
        self.assertEqual(cnt.frame_count, 1)

    def test_rewrite_bare_assert_matches_eager(self):
        def f(x):
            assert (x > 0).all()
            return x + 1

        opt_f = torch.compile(f, backend="eager", fullgraph=True)
        self.assertTrue(same(opt_f(torch.ones(2)), torch.full((2,), 2.0)))
        for fn in (f, opt_f):
            try:
                fn(torch.tensor([1.0, -1.0]))
                self.fail("no AssertionError")
            except AssertionError as e:
                self.assertEqual(str(e), "")
                self.assertEqual(e.args, ())

    def test_rewrite_assert_not(self):
        def f(x):
            assert not (x < 0).any(), "negative entries"
            assert not x.sum() > 100
            return x + 1

        cnt = CompileCounter()
        opt_f = torch.compile(f, backend=cnt, fullgraph=True)
        self.assertTrue(same(opt_f(torch.ones(2)), torch.full((2,), 2.0)))
        self.assertEqual(cnt.frame_count, 1)
        for bad, message in ((torch.tensor([1.0, -1.0]), "negative entries"), (torch.tensor([60.0, 60.0]), "")):
            for fn in (f, opt_f):
                try:
                    fn(bad)
                    self.fail("no AssertionError")
                except AssertionError as e:
                    self.assertEqual(str(e), message)
        self.assertEqual(cnt.frame_count, 1)

    def test_assert_on_many_elements_is_ambiguous(self):
        def f(x):
            assert x > 0, "positive"
            return x + 1

        opt_f = torch.compile(f, backend="eager")
        for fn in (f, opt_f):
            with self.assertRaisesRegex(RuntimeError, "more than one value is ambiguous"):
                fn(torch.ones(2))
        self.assertTrue(same(opt_f(torch.ones(1)), torch.full((1,), 2.0)))

    def test_functools_wraps_in_trace(self):
        def fn(x):
            @functools.wraps(cool_name)
            def uncool_name():
                return cool_name(x)

            return uncool_name

        cnt = CompileCounter()
        result = torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(10))
        self.assertEqual(result.__name__, "cool_name")
        self.assertEqual(result.__doc__, None)
        self.assertEqual(result.__wrapped__, cool_name)
        self.assertTrue(same(result(), torch.zeros(10)))

    def test_randn_with_dtype_of_input(self):
        def fn(x):
            return x + torch.randn(2, dtype=x.dtype)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        torch.manual_seed(5)
        ref = fn(torch.zeros(2, dtype=torch.float64))
        torch.manual_seed(5)
        res = opt(torch.zeros(2, dtype=torch.float64))
        self.assertTrue(same(ref, res))
        self.assertEqual(res.dtype, torch.float64)
        self.assertEqual(cnt.frame_count, 1)

    def test_list_index_with_bounds(self):
        def fn(t):
            return t + [1, 2, 3, 4, 3].index(3, 3) + (5, 6, 5).index(5, -1)

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertTrue(same(opt(torch.zeros(1)), torch.tensor([6.0])))

    def test_compile_a_builtin(self):
        cnt = CompileCounter()
        opt = torch.compile(torch.sin, backend=cnt, fullgraph=True)
        x = torch.tensor([0.5, 1.0])
        self.assertTrue(same(opt(x), torch.sin(x)))
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 1))

    def test_expected_inline_of_an_int(self):
        cnt = CompileCounter()
        torch.compile(lambda x: x + 1, backend=cnt)(torch.ones(1))
        self.assertExpectedInline(cnt.frame_count, """1""")

    def test_user_defined_iter(self):
        def fn(x):
            for i in Count(3):
                x = x + i
            return x, list(Count(2)), sum(Count(4))

        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(1))
        self.assertTrue(same(res[0], torch.tensor([6.0])))
        self.assertEqual(res[1:], ([1, 2], 10))
        self.assertEqual(cnt.frame_count, 1)

    def test_iterable_with_separate_iterator(self):
        def fn(x, bag):
            for t in bag:
                x = x * t
            return x

        bag = Bag([torch.tensor([2.0, 3.0]), torch.tensor([1.0, 0.5])])
        res = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2), bag)
        self.assertTrue(same(res, torch.tensor([2.0, 1.5])))

    def test_iterator_from_outside_keeps_its_state(self):
        def fn(x, it):
            first = next(it)
            for v in it:
                if v > 3:
                    break
                x = x + v
            return x + first

        it_eager, it_compiled = Count(6), Count(6)
        ref = fn(torch.zeros(1), it_eager)
        res = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1), it_compiled)
        self.assertTrue(same(ref, res))
        self.assertEqual((it_compiled.i, next(it_compiled)), (it_eager.i, next(it_eager)))
        with self.assertRaises(StopIteration):
            torch.compile(lambda x, it: x + next(it), backend="eager")(torch.zeros(1), Count(0))

    def test_iterator_made_in_frame_escapes(self):
        def fn(x):
            it = Count(5)
            for v in it:
                if v == 2:
                    break
            return x + v, it

        out, it = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1))
        self.assertTrue(same(out, torch.tensor([2.0])))
        self.assertEqual(list(it), [3, 4, 5])

    def test_graph_break_inside_user_iterator_loop(self):
        def fn(x):
            for v in Count(3):
                x = x + v
                torch._dynamo.graph_break()
            return x

        self.assertTrue(same(torch.compile(fn, backend="eager")(torch.zeros(1)), torch.tensor([6.0])))

    def test_delattr(self):
        @torch.compile(backend="eager", fullgraph=True)
        def fn(x, obj):
            del obj.a
            obj.c = x + 1
            del obj.c
            tmp = MyObj(x + 2, x + 3)
            del tmp.b
            if hasattr(obj, "a"):
                return x + 1
            return tmp

        x = torch.zeros([])
        obj1 = MyObj(x, x)
        obj2 = fn(x, obj1)
        self.assertFalse(hasattr(obj1, "a"))
        self.assertFalse(hasattr(obj1, "c"))
        self.assertFalse(hasattr(obj2, "b"))
        self.assertEqual(obj2.a, x + 2)

    def test_delattr_raises(self):
        @torch.compile(backend="eager")
        def fn(x, obj):
            del obj.a
            x = x + 1
            obj.a  # will raise
            return x

        x = torch.zeros([])
        self.assertRaises(AttributeError, lambda: fn(x, MyObj(x, x)))

    def test_delattr_uncovers_class_attribute(self):
        def fn(x, obj):
            obj.kind = "inst"
            seen = obj.kind
            del obj.kind
            return x + 1, seen, obj.kind, hasattr(obj, "kind")

        obj = MyObj(1, 2)
        res = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1), obj)
        self.assertEqual(res[1:], ("inst", "cls", True))
        self.assertEqual(sorted(vars(obj)), ["a", "b"])

    def test_delattr_guards_presence(self):
        cnt = CompileCounter()

        def fn(x, obj):
            del obj.b
            return x * 2

        opt = torch.compile(fn, backend=cnt)
        o1, o2 = MyObj(1, 2), MyObj(1, 2)
        del o2.b
        self.assertTrue(same(opt(torch.ones(1), o1), torch.full((1,), 2.0)))
        self.assertFalse(hasattr(o1, "b"))
        with self.assertRaises(AttributeError):
            opt(torch.ones(1), o2)
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
