# collections.abc and typing in isinstance/issubclass: the builtin containers
# registered under the ABCs, structural checks (a class with __iter__ is
# Iterable), user classes deriving the ABCs and their mixin methods
# (MutableMapping's update/setdefault/pop, Set's operators, Sequence's index),
# abc.ABC.register, typing aliases (typing.Mapping is collections.abc.Mapping,
# typing.Dict is dict, subscripted ones refuse); {**mapping} and dict(mapping)
# of a user mapping; deque's methods; float.hex; dict.fromkeys on subclasses.
import abc
import collections
import typing
from collections.abc import (Callable, Container, Hashable, ItemsView, Iterable, Iterator, KeysView, Mapping,
                             MutableMapping, MutableSequence, MutableSet, Sequence, Set, Sized)

print("builtins")
for value in ({}, [], (), "s", set(), frozenset(), range(3), 1, 1.5, None, iter([]), collections.OrderedDict(),
              collections.deque()):
    row = [isinstance(value, c) for c in (Mapping, MutableMapping, Sequence, MutableSequence, Set, MutableSet,
                                          Iterable, Iterator, Sized, Container, Hashable)]
    print(type(value).__name__, row)
print(issubclass(dict, Mapping), issubclass(list, Sequence), issubclass(tuple, MutableSequence), issubclass(int, Hashable))
print(isinstance(len, Callable), isinstance(lambda: 0, Callable), isinstance(3, Callable), isinstance(int, Callable))


class Bag:
    def __iter__(self):
        return iter([1, 2])

    def __len__(self):
        return 2

    def __call__(self):
        return 0


print("structural", isinstance(Bag(), Iterable), isinstance(Bag(), Sized), isinstance(Bag(), Callable),
      isinstance(Bag(), Container), issubclass(Bag, Iterable))


class Table(MutableMapping):
    def __init__(self, **kw):
        self._d = dict(kw)

    def __getitem__(self, k):
        return self._d[k]

    def __setitem__(self, k, v):
        self._d[k] = v

    def __delitem__(self, k):
        del self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


t = Table(a=1)
t.update({"b": 2}, c=3)
t.update([("d", 4)])
print(t.setdefault("e", 5), t.setdefault("a", 9), len(t), "b" in t, "z" in t, t.get("z"), t.get("a"))
print(list(t), list(t.keys()), list(t.values()), list(t.items()))
print(t.pop("e"), t.pop("e", "gone"), dict(t), {**t}, {**t, "x": 0})
print(t == {"a": 1, "b": 2, "c": 3, "d": 4}, t == {"a": 1}, isinstance(t, Mapping), isinstance(t, dict))
print(("a", 1) in t.items(), ("a", 2) in t.items(), "a" in t.keys(), 4 in t.values())
print(sorted(t.keys() & {"a", "b", "q"}), sorted(t.keys() | {"q"}), sorted(t.keys() - {"a"}))
print(t.popitem(), len(t))
t.clear()
print(len(t), isinstance({}, Table))
try:
    t.pop("missing")
except KeyError as e:
    print("KeyError", e)


class Letters(Sequence):
    def __init__(self, s):
        self.s = s

    def __getitem__(self, i):
        return self.s[i]

    def __len__(self):
        return len(self.s)


seq = Letters("abcab")
print(list(seq), "c" in seq, seq.index("b"), seq.count("a"), list(reversed(seq)), isinstance(seq, Iterable))


class Ids(MutableSet):
    def __init__(self, xs=()):
        self._s = set(xs)

    def __contains__(self, x):
        return x in self._s

    def __iter__(self):
        return iter(sorted(self._s))

    def __len__(self):
        return len(self._s)

    def add(self, x):
        self._s.add(x)

    def discard(self, x):
        self._s.discard(x)


ids = Ids([1, 2, 3])
ids.remove(2)
print(list(ids), ids <= Ids([1, 3, 4]), ids == Ids([3, 1]), sorted(ids | Ids([9])), sorted(ids & Ids([3])),
      ids.isdisjoint([5]))


class Base(abc.ABC):
    pass


class Plain:
    pass


Base.register(Plain)
print("register", isinstance(Plain(), Base), issubclass(Plain, Base), isinstance(1, Base))

print("typing", isinstance({}, typing.Mapping), isinstance({}, typing.Dict), isinstance([], typing.List),
      isinstance((), typing.Sequence), isinstance([], typing.Tuple), isinstance(t, typing.Mapping),
      issubclass(list, typing.Sequence))
for bad in (typing.Dict[str, int], typing.Any):
    try:
        isinstance({}, bad)
    except TypeError as e:
        print("TypeError", e)

d = collections.deque([1, 2, 3, 4], maxlen=5)
d.rotate(1)
print(d, d.count(4), d.index(2), 3 in d)
d.rotate(-2)
d.remove(4)
d.reverse()
print(d, d.copy(), d == collections.deque([2, 1, 3]), d + collections.deque([0]))
d[0] = "x"
del d[1]
print(d, len(d))
d.clear()
print(d, bool(d))
for op in (d.pop, d.popleft):
    try:
        op()
    except IndexError as e:
        print("IndexError", e)

print((1.5).hex(), (-0.1).hex(), (0.0).hex(), (-0.0).hex(), (5e-324).hex(), (1e300).hex(), float("inf").hex())


class Counted(dict):
    pass


print(dict.fromkeys("ab", 0), collections.OrderedDict.fromkeys(["x", "y"], value=1),
      type(Counted.fromkeys([1])).__name__, Counted.fromkeys([1, 2], []))
try:
    Counted.fromkeys([1], value=0)
except TypeError as e:
    print("TypeError", e)

# dict views are registered: keys and items set-like, values a collection.
import collections.abc as _cabc

_d = {"a": 1}
print(
    isinstance(_d.keys(), _cabc.Set),
    isinstance(_d.keys(), _cabc.KeysView),
    isinstance(_d.items(), _cabc.ItemsView),
    isinstance(_d.values(), _cabc.ValuesView),
    isinstance(_d.values(), _cabc.Collection),
    isinstance(_d.values(), _cabc.Set),
    isinstance(_d.keys(), _cabc.MutableSet),
)
