# Sequence operators' TypeErrors, slice stores of a non-iterable, list.sort
# (the list is empty while it sorts; a key that fills it is ValueError),
# functools.cmp_to_key, and a tensor compared with an object whose class
# writes the comparison.
import functools

import torch


def attempt(f):
    try:
        return f()
    except (TypeError, ValueError) as e:
        return type(e).__name__ + ": " + str(e)


for f in (lambda: [1].__mul__(2.5), lambda: [1].__mul__("a"), lambda: (1,).__mul__(1.0), lambda: "ab".__mul__(2.0),
          lambda: [1].__rmul__(0.5), lambda: [1].__imul__(1.5), lambda: [1] * 2.0, lambda: [].__add__(1),
          lambda: [].__iadd__(1), lambda: {}.__or__(1), lambda: [].__lt__(1)):
    print(attempt(f))

p = list("abcdef")
for key in (slice(1, 3), slice(1, 5, 2), slice(None, None, 1), slice(0, 1, -1)):
    def store():
        p[key] = 1
    print(attempt(store))
p[1:3] = "xy"
del p[::2]
print(p)

s = [1, 3, 2]
sizes = []


def key(v):
    sizes.append(len(s))
    return -v


s.sort(key=key)
print(s, sizes)
t = [3, 1, 2]


def grow(v):
    t.append(v)
    return v


print(attempt(lambda: t.sort(key=grow)), sorted(t))
u = [2, 1]


def bad(v):
    raise ValueError("no key for " + str(v))


print(attempt(lambda: u.sort(key=bad)), u)


def by_mod(a, b):
    return (a % 3) - (b % 3) or a - b


K = functools.cmp_to_key(by_mod)
print(sorted([5, 3, 9, 1, 4, 7], key=K), sorted([5, 3, 9], key=K, reverse=True))
print(K(3) < K(4), K(3) > K(4), K(3) <= K(6), K(3) >= K(6), K(3) == K(3), max([5, 3, 9], key=K))
print(min(["bb", "a", "ccc"], key=functools.cmp_to_key(lambda a, b: len(a) - len(b))))
print(attempt(lambda: hash(K(1))).split(":")[0])


class Same:
    def __eq__(self, other):
        return True


class Never:
    def __eq__(self, other):
        return False


class Plain:
    pass


x = torch.ones(2)
print(x == Same(), x != Same(), x == Never(), Same() == x, x == Plain(), x != Plain())
items = [Never(), x, Same()]
print(items.index(Same(), 1), items.count(items[2]), x in [Same()], Never() in [x])

import enum


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Kind(enum.Enum):
    A = 1


t = torch.tensor([1, 2])
print(t == Level.LOW, Level.HIGH == t, t != Level.LOW, t < Level.HIGH, t == Kind.A, t != Kind.A)
