# Objects made inside functions that take and return tensors: run eagerly
# and under --compile-all, where each function frame is compiled and the
# objects are made by the trace (user classes, super(), operator methods,
# namedtuple, dataclass, functools.partial, sets, dict(pairs),
# dict.fromkeys, itertools, list slice stores, ModuleList slices).
import collections
import dataclasses
import functools
import itertools

import torch
import torch.nn as nn

State = collections.namedtuple('State', 'h c')


class Acc:
    def __init__(self):
        self.items = []
        self.total = 0

    def add(self, t):
        self.items.append(t)
        self.total = self.total + 1
        return self


class Base:
    def __init__(self, x):
        self.x = x

    def get(self):
        return self.x


class Child(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def get(self):
        return super().get() + self.y


@dataclasses.dataclass
class Pair:
    a: torch.Tensor
    b: torch.Tensor

    def total(self):
        return self.a + self.b


class Vec:
    def __init__(self, t):
        self.t = t

    def __add__(self, other):
        return Vec(self.t + other.t)

    def __mul__(self, k):
        return Vec(self.t * k)

    def __rmul__(self, k):
        return Vec(self.t * k)

    def __len__(self):
        return self.t.shape[0]

    def __getitem__(self, i):
        return self.t[i]

    def __iter__(self):
        return iter([self.t[0], self.t[1]])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x):
        for blk in self.layers[:-1]:
            x = blk(x)
        for blk in self.layers[::2]:
            x = x + blk(x)
        return x, len(self.layers[1:])


class Doubled(nn.Linear):
    def forward(self, x):
        return super().forward(x) * 2


holder = Base(0)
table = {0: 1.5, 1: 2.5, 7: -1.0}


def g1(x):
    acc = Acc()
    acc.add(x).add(x + 1)
    return acc.items[1] * acc.total, type(acc).__name__, acc.total


def g2(x):
    s = State(h=x, c=x * 2)
    s2 = s._replace(c=x * 3)
    h, c = s2
    return h + c, s2.c, len(s2), s2[0], s2._asdict()['c'], s2


def g3(x):
    c = Child(x, 2)
    return c.get(), isinstance(c, Base), type(c).__name__


def g4(x):
    p = Pair(x, x * 2)
    q = Pair(a=x, b=p.total())
    return q.total(), p, dict.fromkeys('ab', 0)


def g5(x):
    v = Vec(x) + Vec(x * 2)
    w = 3 * v * 2
    a, b = w
    return w.t, len(w), w[0], a + b


def g6(x):
    obj = Base(x + 1)
    holder.child = obj
    return obj.x, [obj, obj][0] is obj


def g7(x, names):
    seen = set()
    for n in names:
        seen.add(n)
    a = {1, 2, 3}
    b = {2, 3, 4}
    out = x * len(a | b) + len(a & b) - len(a - b)
    for n in sorted(seen):
        out = out + n
    return out, sorted(seen), sorted({k * 2 for k in seen}), 3 in a, a.issubset(a | b), len(frozenset(names))


def g8(x):
    f = functools.partial(torch.mul, x)
    h = functools.partial(lambda a, b, c=1: a * b + c, c=5)
    d = dict(zip(['p', 'q'], [x, x + 1]))
    return f(3), h(x, 2), d['q'], dict(enumerate('ab'))


def g9(x):
    out = x
    for a, b in itertools.product([1, 2], [3, 4]):
        out = out + a * b
    for c in itertools.combinations([x, x * 2, x * 3], 2):
        out = out + c[0] * c[1]
    for p in itertools.permutations([1, 2, 3], 2):
        out = out - p[0]
    return out, list(itertools.product('ab', repeat=2))


def g10(x, d):
    xs = [x, x + 1, x + 2, x + 3]
    xs[1:3] = [x * 10]
    ys = [0, 1, 2, 3, 4, 5]
    ys[::2] = [x, x, x]
    return xs, len(xs), ys[0] + ys[1], x * d[0] + d[7]


torch.manual_seed(0)
net = Net()
dbl = Doubled(4, 3)
x = torch.arange(4.0)
for i in range(2):
    print(g1(x + i))
    print(g2(x + i))
    print(g3(x + i))
    print(g4(x + i))
    print(g5(x + i))
    print(g6(x + i), holder.child.x)
    print(g7(x + i, [3, 1, 3, 2]))
    print(g8(x + i))
    print(g9(x + i))
    print(g10(x + i, table))
    table[7] = 3.0
    y = torch.ones(2, 4) * (i + 1)
    out, n = net(y)
    print(out.shape, n, torch.allclose(out, net.layers[0](net.layers[1](y)) * 0 + out))
    print(dbl(y).shape)
