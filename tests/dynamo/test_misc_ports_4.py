# Ports of Dynamo test_misc/test_functions cases: detach_() in the graph,
# set.update(map(...)) and isinstance on lazy iterators, `post is not None`
# on a bound method (dataclass __post_init__), and guard_fail_fn's reason
# naming locals without L[...].
import collections
import dataclasses
import functools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class MiscPorts4Tests(torch._dynamo.test_case.TestCase):
    def test_detach_inplace_on_input(self):
        def fn(x):
            return x.detach_().mul_(2)

        x = torch.ones(2, 3)
        ref = fn(x.clone())
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(x)
        self.assertTrue(same(ref, res))
        self.assertTrue(same(x, ref))
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 1))

    def test_set_update_from_map(self):
        @torch.compile(backend="eager", fullgraph=True)
        def run(x, int_set, int_list):
            int_set.update(map(int, int_list))
            return x + 1

        int_set = set()
        int_list = [1, 2, 1]
        self.assertTrue(same(run(torch.ones(1), int_set, int_list), torch.ones(1) + 1))
        self.assertEqual(int_set, {1, 2})
        self.assertEqual(int_list, [1, 2, 1])

    def test_lazy_iterator_types(self):
        def fn(x, xs):
            m = map(abs, xs)
            f = filter(None, xs)
            z = zip(xs, xs)
            e = enumerate(xs)
            names = [type(it).__name__ for it in (m, f, z, e)]
            return x + len(set(m)), names, isinstance(z, (list, tuple)), sorted(f), list(e)

        xs = [1, -2, 0, 3]
        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1), xs)
        want = fn(torch.zeros(1), xs)
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[1:], want[1:])
        self.assertEqual(got[1], ["map", "filter", "zip", "enumerate"])

    def test_frozen_dataclass_post_init_sets_with_object_setattr(self):
        @dataclasses.dataclass(frozen=True)
        class D:
            x: torch.Tensor

            def __post_init__(self):
                object.__setattr__(self, "y", self.x + 2)

        def fn(x):
            return D(x)

        x = torch.randn(4)
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(x)
        self.assertTrue(same(got.x, x))
        self.assertTrue(same(got.y, x + 2))
        self.assertEqual(cnt.frame_count, 1)

    def test_bound_method_is_not_none(self):
        class Hooked:
            def hook(self, t):
                return t * 3

        h = Hooked()

        def fn(x):
            m = getattr(h, "hook", None)
            n = getattr(h, "missing", None)
            return m(x) if m is not None else x, n is None, m is None

        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2))
        self.assertTrue(same(got[0], torch.ones(2) * 3))
        self.assertEqual(got[1:], (True, False))

    def test_super_plain_class_attribute(self):
        class A:
            a = 4
            t = (1, 2)

            def add(self, x):
                return x + 10

        class B(A):
            coeff = 4

            @classmethod
            def cube(cls, x):
                return cls.coeff * x * x * x

        class C(B):
            def add(self, x):
                return super().cube(x) + super(B, self).add(x) + super().a * x + super().t[1]

            @classmethod
            def scaled(cls, x):
                return x * super().a

        x = torch.rand(4)
        fn = C().add
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        self.assertTrue(same(opt(x), fn(x)))
        A.a = 5  # the guard on type(L['self']).__mro__[2].a fails
        self.assertTrue(same(opt(x), fn(x)))
        self.assertTrue(same(opt(x), fn(x)))
        self.assertEqual(cnt.frame_count, 2)
        B.a = 100  # now found earlier in the MRO
        self.assertTrue(same(opt(x), fn(x)))
        opt_cls = torch.compile(C.scaled, backend="eager", fullgraph=True)
        self.assertTrue(same(opt_cls(x), x * 100))
        del B.a
        self.assertTrue(same(opt_cls(x), x * 5))

    def test_namedtuple_made_in_frame(self):
        def fn(a, b):
            mytuple = collections.namedtuple("mytuple", ["x", "y", "xy"])
            tmp = mytuple(a, b, a + b)
            return mytuple(tmp.x, tmp[1], tmp.xy + b)

        def fn_defaults(a):
            pair = collections.namedtuple("pair", "first second", defaults=(7,))
            p = pair(a)
            return p.first * p.second, p._fields, p

        a, b = torch.randn(3), torch.randn(3)
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(a, b)
        want = fn(a, b)
        self.assertEqual(type(got).__name__, "mytuple")
        self.assertEqual(got._fields, ("x", "y", "xy"))
        self.assertTrue(all(same(g, w) for g, w in zip(got, want)))
        self.assertEqual(cnt.frame_count, 1)
        got = torch.compile(fn_defaults, backend="eager", fullgraph=True)(a)
        self.assertTrue(same(got[0], a * 7))
        self.assertEqual(got[1], ("first", "second"))
        self.assertEqual(repr(got[2]), repr(fn_defaults(a)[2]))

        def bad(a):
            t = collections.namedtuple("t", ["x", "x"])
            return t(a, a)

        with self.assertRaisesRegex(ValueError, "Encountered duplicate field name"):
            torch.compile(bad, backend="eager")(a)

    def test_lru_cache_traced_through(self):
        @functools.lru_cache
        def scaled_sin(x, y, _=None):
            return torch.sin(x * y)

        @functools.lru_cache(maxsize=4)
        def table(n):
            return tuple(range(n))

        def fn(a, b):
            return scaled_sin(a, 2, _=3) + scaled_sin(b, 3) + len(table(3))

        a, b = torch.randn(4), torch.randn(4)
        table(3)  # cached already: a hit changes nothing the guards read
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        self.assertTrue(same(opt(a, b), fn(a, b)))
        self.assertTrue(same(opt(b, a), fn(b, a)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(scaled_sin.__name__, "scaled_sin")

    def test_lru_cache_of_constants_keeps_its_cache(self):
        calls = []

        @functools.lru_cache(maxsize=None)
        def width(name):
            calls.append(name)
            return len(name) * 2

        def fn(x):
            return x * width("abc") + width("abc")

        x = torch.ones(2)
        opt = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertTrue(same(opt(x), fn(x)))
        self.assertTrue(same(opt(x), x * 6 + 6))
        self.assertEqual(calls, ["abc"])  # computed once, as eagerly

    def test_slice_input(self):
        def getitem(a, idx):
            if isinstance(idx, slice):
                return torch.zeros(1), a[idx] + [100]
            return torch.zeros(1), a[idx]

        layers = list(range(10))
        cnt = CompileCounter()
        opt = torch.compile(getitem, backend=cnt, fullgraph=True)
        for idx in (slice(0, 2, 1), 2, slice(3, 8, 2), slice(0, 2, 1), slice(None, -3), slice(0, 2)):
            got, want = opt(layers, idx), getitem(layers, idx)
            self.assertTrue(same(got[0], want[0]))
            self.assertEqual(got[1], want[1])
        self.assertEqual(cnt.frame_count, 5)  # one per distinct index; slice(0, 2, 1) again hits

    def test_guard_fail_reason_names_locals(self):
        failures = []

        def compare_shapes(a):
            x = a.shape
            if x[0] != 3:
                return a * 4
            return a * 3

        opt = torch._dynamo.optimize("eager", nopython=True, guard_fail_fn=failures.append)(compare_shapes)
        opt(torch.ones(3, 4))
        opt(torch.ones(4, 3))
        self.assertIn("tensor 'a' size mismatch at index 0. expected 3, actual 4", failures[0].reason)
        self.assertNotIn("L[", failures[0].reason)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
