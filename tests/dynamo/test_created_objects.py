# Objects a compiled frame makes: instances of the user's classes (their
# __init__ inlined, attributes tracked until the rewritten code builds the
# object), namedtuples, dataclasses, functools.partial, sets, super(), the
# operator methods of user classes, dict(pairs) and dict.fromkeys, dicts
# with int keys read from outside, and slices of nn.ModuleList. Each ran as
# a graph break (or skipped its frame) before; each matches eager here, with
# Dynamo's frame and op counts.
import collections
import dataclasses
import functools
import itertools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same


class Point:
    def __init__(self, x, scale=2):
        self.x = x
        self.scale = scale

    def value(self):
        return self.x * self.scale


class Base:
    def __init__(self, x):
        self.x = x

    def get(self):
        return self.x + 1


class Child(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def get(self):
        return super().get() * self.y


class Vec:
    def __init__(self, t):
        self.t = t

    def __add__(self, other):
        return Vec(self.t + other.t)

    def __rmul__(self, k):
        return Vec(self.t * k)

    def __len__(self):
        return self.t.shape[0]

    def __getitem__(self, i):
        return self.t[i]


class Acc:
    def __init__(self):
        self.items = []
        self.count = 0

    def add(self, t):
        self.items.append(t)
        self.count += 1
        return self


State = collections.namedtuple("State", ["h", "c"])


@dataclasses.dataclass
class Cfg:
    dim: int = 4
    tags: list = dataclasses.field(default_factory=list)


class CreatedObjectTests(torch._dynamo.test_case.TestCase):
    def check(self, fn, *args, frames=1, ops=None):
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        for _ in range(2):
            got = opt_fn(*args)
            want = fn(*args)
            self.assertTrue(same(got, want))
        self.assertEqual(cnts.frame_count, frames)
        if ops is not None:
            self.assertEqual(cnts.op_count, ops)
        return got

    def test_user_object_used_in_frame(self):
        def fn(x):
            p = Point(x + 1)
            return p.value()

        self.check(fn, torch.ones(3), ops=2)

    def test_user_object_returned(self):
        def fn(x):
            p = Point(x, scale=3)
            p.extra = x - 1
            return p

        cnts = CompileCounter()
        p = torch._dynamo.optimize(cnts)(fn)(torch.ones(2))
        self.assertEqual(type(p).__name__, "Point")
        self.assertTrue(isinstance(p, Point))
        self.assertEqual(p.scale, 3)
        self.assertTrue(same(p.extra, torch.zeros(2)))
        self.assertTrue(same(p.value(), torch.full((2,), 3.0)))
        self.assertEqual(cnts.frame_count, 1)
        # Each call builds its own object.
        q = torch._dynamo.optimize(cnts)(fn)(torch.ones(2))
        self.assertFalse(p is q)

    def test_one_object_in_two_places(self):
        def fn(x):
            p = Point(x)
            return [p, p], {"p": p}

        opt_fn = torch.compile(fn, backend="eager")
        pair, d = opt_fn(torch.ones(2))
        self.assertTrue(pair[0] is pair[1])
        self.assertTrue(pair[0] is d["p"])

    def test_object_stored_on_existing_object_and_list(self):
        holder = Base(0)
        seen = []

        def fn(x):
            obj = Base(x + 1)
            holder.child = obj
            seen.append(obj)
            return obj.get()

        # The list's length is guarded (as Dynamo's LIST_LENGTH): each call
        # that finds it longer compiles again.
        r = self.check(fn, torch.ones(2), frames=2, ops=4)
        self.assertEqual(len(seen), 4)
        self.assertTrue(holder.child is seen[-1])
        self.assertFalse(seen[-1] is seen[-2])
        self.assertTrue(same(holder.child.x, torch.full((2,), 2.0)))
        self.assertTrue(same(r, torch.full((2,), 3.0)))

    def test_object_mutated_across_graph_break(self):
        def fn(x):
            acc = Acc()
            acc.add(x)
            torch._dynamo.graph_break()
            acc.add(x * 2)
            return acc.items[0] + acc.items[1], acc.count

        # Nothing to compute before the break: one graph, after it.
        self.check(fn, torch.ones(2), frames=1, ops=2)

    def test_inheritance_and_super(self):
        def fn(x):
            c = Child(x, 3)
            return c.get(), isinstance(c, Base), type(c).__name__

        self.check(fn, torch.ones(2), ops=2)

    def test_super_forward_of_a_layer(self):
        class Doubled(nn.Linear):
            def forward(self, x):
                return super().forward(x) * 2

        torch.manual_seed(0)
        m = Doubled(4, 3)
        self.check(m, torch.randn(2, 4), ops=2)

    def test_operator_methods(self):
        def fn(x):
            v = Vec(x) + Vec(x * 2)
            w = 3 * v
            return w.t, len(w), w[0]

        self.check(fn, torch.arange(4.0), ops=4)

    def test_namedtuple(self):
        def fn(x):
            s = State(h=x, c=x * 2)
            s2 = s._replace(c=x * 3)
            h, c = s2
            return h + c, s2.c, len(s2), s2[0], s2._asdict()["c"]

        self.check(fn, torch.ones(2), ops=3)

        def make(x):
            return State(x + 1, c=x * 2)

        got = torch.compile(make, backend="eager")(torch.ones(2))
        self.assertEqual(type(got).__name__, "State")
        self.assertEqual(got._fields, ("h", "c"))
        self.assertTrue(same(tuple(got), (torch.full((2,), 2.0), torch.full((2,), 2.0))))
        self.assertEqual(repr(got), "State(h=tensor([2., 2.]), c=tensor([2., 2.]))")

    def test_dataclass(self):
        def fn(x):
            c = Cfg(dim=3)
            c.tags.append("a")
            return x * c.dim, c

        got = self.check(fn, torch.ones(2), ops=1)
        self.assertEqual(got[1], Cfg(dim=3, tags=["a"]))

    def test_partial(self):
        def fn(x):
            f = functools.partial(torch.mul, x)
            g = functools.partial(lambda a, b, c=1: a * b + c, c=5)
            return f(3), g(x, 2)

        self.check(fn, torch.ones(2), ops=3)

    def test_sets(self):
        def fn(x, names):
            seen = set()
            for n in names:
                seen.add(n)
            a = {1, 2, 3}
            b = {2, 3, 4}
            out = x * len(a | b) + len(a & b) - len(a - b)
            for n in sorted(seen):
                out = out + n
            return out, seen, {k * 2 for k in seen}, frozenset(names), 3 in a, a.issubset(a | b)

        self.check(fn, torch.ones(2), [3, 1, 3, 2])

    def test_dict_of_pairs_and_fromkeys(self):
        def fn(x):
            d = dict(zip(["a", "b"], [x, x + 1]))
            e = dict.fromkeys("xy", 0)
            return d["a"] + d["b"], e, dict(enumerate([1, 2]))

        self.check(fn, torch.ones(2), ops=2)

    def test_dict_with_int_keys_from_outside(self):
        table = {0: 1.5, 7: -1.0}

        def fn(x, d):
            return x * d[0] + d[7]

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt_fn(x, table), fn(x, table)))
        table[7] = 3.0
        self.assertTrue(same(opt_fn(x, table), fn(x, table)))
        self.assertEqual(cnts.frame_count, 2)

    def test_module_list_slices(self):
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])
                self.seq = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))

            def forward(self, x):
                for blk in self.layers[:-1]:
                    x = blk(x)
                for blk in self.layers[::2]:
                    x = x + blk(x)
                h = x
                for m in self.seq[:2]:
                    h = m(h)
                return x, h, len(self.layers[1:])

        torch.manual_seed(0)
        self.check(Net(), torch.randn(2, 4), ops=9)

    def test_truth_names_and_joins(self):
        class Bag:
            def __init__(self, xs):
                self.xs = xs

            def __len__(self):
                return len(self.xs)

        class Flag:
            def __init__(self, on):
                self.on = on

            def __bool__(self):
                return self.on

        def helper(t):
            return t + 1

        def fn(x, names):
            label = "-".join([n.upper() for n in names]) + ":" + ",".join(str(i) for i in range(3))
            out = x
            if Bag([x, x]):
                out = out + 2
            if not Bag([]):
                out = out * 2
            if Flag(False):
                out = out - 100
            return out, label, helper.__name__, (lambda: 0).__name__

        got = self.check(fn, torch.ones(2), ["a", "b"], ops=2)
        self.assertEqual(got[1:], ("A-B:0,1,2", "helper", "<lambda>"))

    def test_itertools_in_frame(self):
        def fn(x):
            out = x
            for a, b in itertools.product([1, 2], [3, 4]):
                out = out + a * b
            for c in itertools.chain([1], [2, 3]):
                out = out + c
            return out

        self.check(fn, torch.ones(2), ops=7)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
