# The container protocol in a trace, as the ports of upstream test_list.py
# and test_sets.py use it: bound list/dict methods passed around (and into
# a compiled frame), the TypeErrors a call's types alone decide, del,
# index/count/remove over objects, sort by objects and cmp_to_key (the list
# empty while it sorts), str/repr/f-strings of containers, the TypeErrors of
# inlined calls that do not fit their parameters, config.enable_trace_unittest,
# config.error_on_recompile, and a content-less frame that raises.
import collections
import enum
import functools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


def call_catching(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except (TypeError, ValueError, IndexError, KeyError) as e:
        return type(e).__name__ + ": " + str(e)


class Key:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v % 3 < other.v % 3


class Same:
    def __eq__(self, other):
        return True


class Never:
    def __eq__(self, other):
        return False


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Shape:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return "Shape(" + str(self.n) + ")"

    def __format__(self, spec):
        return "<" + spec + ":" + str(self.n) + ">"


class BoundMethodTests(torch._dynamo.test_case.TestCase):
    def test_bound_methods_passed_around(self):
        def fn(x):
            p = list("abcab")
            q = tuple(p)
            d = {"a": 1}
            r = (call_catching(p.count, "a"), call_catching(p.count), call_catching(p.index, "z"),
                 call_catching(q.count, "b"), call_catching(q.index), call_catching(d.get, "a"),
                 call_catching(d.pop, "zz"), call_catching(p.append), call_catching(p.extend, 1),
                 call_catching(p.insert, "a", 1), call_catching(p.__delitem__, 1.5), call_catching(p.__mul__, 2.5),
                 call_catching(q.__rmul__, "a"), call_catching(p.pop, 10))
            call_catching(p.append, "z")
            return x + len(p), r, p

        ref = fn(torch.ones(1))
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(cnt.frame_count, 1)

    def test_bound_method_as_frame_input(self):
        # a new bound object each time it is read: guarded as the method of
        # that name bound to L['fn'].__self__, so no recompile per call
        def apply(fn, x):
            fn(x * 2)
            return x + 1

        cnt = CompileCounter()
        opt = torch.compile(apply, backend=cnt)
        a, b, c = [], [], []
        opt(a.append, torch.ones(1))
        opt(b.append, torch.ones(1))  # another list of the same length: the same entry
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual((len(a), len(b)), (1, 1))
        self.assertTrue(same(a[0], torch.full((1,), 2.0)))
        opt(c.extend, torch.ones(2))  # another method: the guard on __name__ fails, a recompile
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(len(c), 2)
        d = {}
        opt(d.setdefault, torch.ones(1))  # a dict's method
        self.assertEqual(len(d), 1)

    def test_list_method_from_outside_no_graph(self):
        # the frame without a tensor op runs eagerly; its callee, compiled
        # alone, gets the list's bound method as an input
        def call0(fn):
            return fn("a")

        def fn(x):
            p = ["a", "b", "a"]
            return call0(p.count)

        self.assertEqual(torch.compile(fn, fullgraph=True)(1), 2)


class TypeErrorsInTraceTests(torch._dynamo.test_case.TestCase):
    def test_type_decided_errors(self):
        def fn(x):
            p = list("ab")
            out = []
            for f in (lambda: p + {}, lambda: (1,) + [2], lambda: p.extend(1), lambda: [].__iadd__(1),
                      lambda: p.__setitem__(slice(0, 1), 1), lambda: p.__setitem__(slice(0, 2, 2), 1),
                      lambda: iter(1), lambda: hash([1]), lambda: hash({}), lambda: frozenset("a") - 1,
                      lambda: Key(1) + 2, lambda: p.__delitem__(5)):
                out.append(call_catching(f))
            out.append("%d" % (len(p),))
            q = list("ab")
            q += "cd"
            q += (1,)
            q += {"k": 0}
            del q[1]
            q.__delitem__(slice(0, 2))
            return x + 1, out, q

        ref = fn(torch.ones(1))
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(cnt.frame_count, 1)

    def test_str_format_is_not_a_type_decided_error(self):
        # "%s" % (x,) fails on an empty tuple but not on (x,): no TypeError is
        # made up in the trace (formatting a tensor breaks the graph instead)
        def fn(x):
            try:
                msg = "value %s" % (x,)
            except TypeError:
                msg = "TypeError"
            return x + 1, msg[:5]

        res = torch.compile(fn, backend="eager")(torch.ones(1))
        self.assertEqual(res[1], "value")

    def test_inlined_call_that_does_not_fit(self):
        def f(a, b):
            return a + b

        def g(a, b=1, *, c):
            return a + b + c

        def fn(x):
            msgs = []
            for call in (lambda: f(x), lambda: f(x, 1, 2), lambda: f(x, 1, z=3), lambda: f(x, a=2),
                         lambda: g(x), lambda: g(x, 1, 2, c=1), lambda: g()):
                try:
                    call()
                except TypeError as e:
                    msgs.append(str(e))
            return x * 2, msgs

        ref = fn(torch.ones(1))
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(ref[1], res[1])
        self.assertEqual(len(res[1]), 7)
        self.assertTrue(res[1][0].endswith("<locals>.f() missing 1 required positional argument: 'b'"))
        self.assertEqual(cnt.frame_count, 1)

    def test_uncaught_error_at_the_root_frame(self):
        # Dynamo's "Observed exception": an exception no handler of the
        # compiled frame catches is a graph break (Unsupported under
        # fullgraph); caught in an inlined helper, it is traced through.
        class Foo:
            def __init__(self, x):
                self.x = x

        def sub(a, b):
            return a - b

        with self.assertRaises(torch._dynamo.exc.Unsupported):
            torch.compile(sub, fullgraph=True)(Foo(1), Foo(2))

        def caught(x):
            try:
                return sub(Foo(1), Foo(2))
            except TypeError as e:
                return x + 1, str(e)

        cnt = CompileCounter()
        res = torch.compile(caught, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(res[1], "unsupported operand type(s) for -: 'Foo' and 'Foo'")
        self.assertEqual(cnt.frame_count, 1)


class SequenceProtocolTests(torch._dynamo.test_case.TestCase):
    def test_index_count_remove_over_objects(self):
        def fn(x):
            a, b = Never(), Same()
            xs = [a, x, b]
            r = (xs.index(a), xs.index(x), xs.count(a), xs.index(b, 1), call_catching([Never()].index, "z"),
                 call_catching((Never(),).index, "z"), (a, b).count(b))
            ys = [Same()]
            ys.remove(Never())  # Same() == Never(): item first, as CPython's list.remove
            cmp = (x == b, x != b, b != x, x == a, x != a, a != x, x != Level.LOW, Level.HIGH == x, x < Level.HIGH)
            return x + 1, r, len(ys), cmp

        ref = fn(torch.ones(1))
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(cnt.frame_count, 1)

    def test_sort_by_objects_and_cmp_to_key(self):
        def fn(x):
            p = [3, 4, 5, 7]
            p.sort(key=Key)
            q = sorted([3, 4, 5, 7], key=Key, reverse=True)
            r = sorted([5, 3, 9, 1, 4], key=functools.cmp_to_key(lambda a, b: (a % 3) - (b % 3) or a - b))
            s = [1, 3, 2]
            sizes = []

            def key(v):
                sizes.append(len(s))
                return v

            s.sort(key=key)
            t = [1, 3, 2]

            def grow(v):
                t.append(0)
                return v

            msg = call_catching(t.sort, key=grow)
            return x + 1, p, q, r, s, sizes, msg, t

        ref = fn(torch.ones(1))
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(ref[5], [0, 0, 0])
        self.assertEqual(cnt.frame_count, 1)

    def test_str_repr_and_fstrings_of_containers(self):
        def fn(x):
            d = {"k": (1, 2.5), "j": [1]}
            t = (1, {"a": 2})
            s = {3}
            p = Shape(4)
            od = collections.OrderedDict(a=1, b=[2])
            return (x + 1, str(d), repr(d), str(t), str([d]), f"{d} {t} {s} {p!r} {p:xy} {[1, 'a']!r}", bool([]), bool(t),
                    repr(od), f"{od}", str({"z": od}))

        ref = fn(torch.ones(1))
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(res[1], "{'k': (1, 2.5), 'j': [1]}")
        self.assertEqual(cnt.frame_count, 1)


class ConfigTests(torch._dynamo.test_case.TestCase):
    def test_enable_trace_unittest(self):
        def fn(self, x):
            self.assertEqual(len([1, 2]), 2)
            self.assertRaises(TypeError, lambda: [1] + 1)
            return x + 1

        cnt = CompileCounter()
        with torch._dynamo.config.patch(enable_trace_unittest=True):
            torch.compile(fn, backend=cnt, fullgraph=True)(self, torch.ones(1))
            # the harness's assertRaises inlined: the lambda's TypeError is
            # caught by its with block inside the trace
            p = frozenset("abc")
            torch.compile(lambda x: (self.assertRaises(TypeError, lambda: p - 1), x + 1), backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertEqual(cnt.frame_count, 2)
        torch._dynamo.reset()
        try:
            torch.compile(fn, fullgraph=True)(self, torch.ones(1))
        except torch._dynamo.exc.Unsupported as e:
            self.assertIn("skipped", str(e))
        else:
            raise AssertionError("the harness was traced without enable_trace_unittest")

    def test_error_on_recompile(self):
        def fn(x, n):
            return x + n

        opt = torch.compile(fn, backend="eager")
        opt(torch.ones(1), 1)
        with torch._dynamo.config.patch(error_on_recompile=True):
            with self.assertRaises(torch._dynamo.exc.RecompileError):
                opt(torch.ones(1), 2)
        self.assertTrue(same(opt(torch.ones(1), 2), torch.full((1,), 3.0)))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
