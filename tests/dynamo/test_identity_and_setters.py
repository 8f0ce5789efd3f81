# Compiled-vs-eager cases a third probe found: property setters and namedtuples
# traced without a break, identity and equality against objects from outside
# guarded (a cached graph answered `y is E.A` with the first call's answer),
# staticmethods that recompiled on every call, and more.
import enum
from collections import namedtuple

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same

Pair = namedtuple("Pair", "a b")
_MISSING = object()


class Mode(enum.Enum):
    A = 1
    B = 2


class Scaled:
    def __init__(self):
        self._v = 0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        self._v = x * 10


class Helpers:
    @staticmethod
    def act(t):
        return t.relu()

    @classmethod
    def make(cls, t):
        return t * 2


class Scale:
    def __init__(self, k):
        self.k = k

    def mul(self, x):
        return x * self.k

    def add(self, x):
        return x + self.k


class IdentityAndSetterTests(torch._dynamo.test_case.TestCase):
    def test_property_setter_is_inlined(self):
        def fn(x, q):
            q.v = 2
            r = Scaled()
            r.v = 3
            return x + q.v + r.v

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        q = Scaled()
        self.assertTrue(same(opt(torch.ones(1), q), torch.full((1,), 51.0)))
        self.assertEqual(q._v, 20)
        q._v = 5
        self.assertTrue(same(opt(torch.ones(1), q), torch.full((1,), 51.0)))
        self.assertEqual(q._v, 20)
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 2)

    def test_namedtuple_is_a_tuple_in_the_frame(self):
        def fn(x, p):
            n = Pair(x + 1, x * 2)
            return torch.cat(n) + torch.cat(p), isinstance(n, tuple), isinstance(p, tuple)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        p = Pair(torch.ones(2), torch.zeros(2))
        got = opt(torch.ones(2), p)
        self.assertTrue(same(got[0], fn(torch.ones(2), p)[0]))
        self.assertEqual(got[1:], (True, True))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 5)

    def test_identity_with_enum_members_is_guarded(self):
        def fn(x, y):
            if y is Mode.A:
                return x + 1
            if y == Mode.B:
                return x - 1
            return x

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(1)
        for y in (Mode.B, Mode.A, Mode.B, Mode.A):
            self.assertTrue(same(opt(x, y), fn(x, y)))
        self.assertEqual(cnt.frame_count, 2)

    def test_identity_between_objects_is_guarded(self):
        a, b = object(), object()

        def fn(x, p, q):
            return x + 1 if p is q else x - 1, p != q

        opt = torch.compile(fn, backend="eager")
        x = torch.zeros(1)
        for args in ((a, b), (a, a), (b, a), (b, b), (a, b)):
            got, want = opt(x, *args), fn(x, *args)
            self.assertTrue(same(got[0], want[0]))
            self.assertEqual(got[1], want[1])

    def test_identity_with_a_module_is_guarded(self):
        m1, m2 = nn.Linear(1, 1), nn.Linear(1, 1)

        def fn(x, m, other):
            return x * 2 if m is other else x

        opt = torch.compile(fn, backend="eager")
        x = torch.ones(1)
        for args in ((m1, m2), (m1, m1), (m2, m1), (m2, m2)):
            self.assertTrue(same(opt(x, *args), fn(x, *args)))

    def test_is_none_on_an_object_needs_no_identity_guard(self):
        class Cfg:
            pass

        def fn(x, cfg):
            return x + 1 if cfg is None else x + 2

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        for _ in range(3):
            self.assertTrue(same(opt(torch.zeros(1), Cfg()), torch.full((1,), 2.0)))
        self.assertEqual(cnt.frame_count, 1)

    def test_sentinel_default_that_is_also_a_global(self):
        def fn(x, y=_MISSING):
            return x + 1 if y is _MISSING else x + y

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt(torch.ones(2)), torch.full((2,), 2.0)))
        self.assertTrue(same(opt(torch.ones(2), 3), torch.full((2,), 4.0)))
        self.assertTrue(same(opt(torch.ones(2)), torch.full((2,), 2.0)))
        self.assertEqual(cnt.frame_count, 2)
        torch._dynamo.reset()
        full = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertTrue(same(full(torch.ones(2)), torch.full((2,), 2.0)))

    def test_staticmethods_do_not_recompile(self):
        class M(nn.Module):
            @staticmethod
            def helper(t):
                return t + 1

            def forward(self, x):
                return self.helper(x) + Helpers.act(x) + Helpers().act(x) + Helpers.make(x) + type(self).helper(x)

        cnt = CompileCounter()
        opt = torch.compile(M(), backend=cnt)
        for _ in range(4):
            self.assertTrue(same(opt(torch.ones(2)), torch.full((2,), 8.0)))
        self.assertEqual(cnt.frame_count, 1)
        old = Helpers.act
        try:
            Helpers.act = staticmethod(lambda t: t * 100)
            self.assertTrue(same(opt(torch.ones(2)), torch.full((2,), 206.0)))
            self.assertEqual(cnt.frame_count, 2)
        finally:
            Helpers.act = old

    def test_sequential_slice_is_callable(self):
        seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2))

        def fn(x):
            return seq[:2](x) + seq[1:](x)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.tensor([1.0, -2.0])
        self.assertTrue(same(opt(x), fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 5)

    def test_bound_methods_from_outside(self):
        c, d = Scale(2), Scale(3)

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.act = self._double
                self.fns = [c.mul, d.add]

            def _double(self, x):
                return x * 2

            def _triple(self, x):
                return x * 3

            def forward(self, x, h):
                y = self.act(x) + h(x)
                for fn in self.fns:
                    y = fn(y)
                return y, self.act

        cnt = CompileCounter()
        m = M()
        opt = torch.compile(m, backend=cnt)
        x = torch.ones(2)
        for step in range(5):
            if step == 2:
                m.act = m._triple
            if step == 3:
                c.k = 10
            got, want = opt(x, d.mul), m(x, d.mul)
            self.assertTrue(same(got[0], want[0]))
            self.assertEqual(got[1], want[1])
        self.assertEqual(cnt.frame_count, 3)  # m.act and c.k changed
        self.assertEqual(cnt.op_count, 15)

    def test_map_filter_sum_callable(self):
        def g(a, **kw):
            return a + sum(kw.values())

        def fn(x):
            ys = [x * v for v in map(lambda v: v + 1, [1, 2])]
            zs = list(map(torch.sin, [x, x + 1]))
            kept = list(filter(lambda v: v > 1, [0, 2, 3]))
            both = list(map(lambda a, b: a * b, [x, x], [2, 3]))
            flags = (callable(Scale(1)), callable(Helpers()), callable(x), callable(g))
            return g(x, p=1, q=2), ys, zs, kept, both, sum([x, x * 2]), flags

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2))
        want = fn(torch.ones(2))
        self.assertTrue(same(list(got[:3]) + list(got[4:6]), list(want[:3]) + list(want[4:6])))
        self.assertEqual(got[3], [2, 3])
        self.assertEqual(got[6], (False, False, False, True))
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
