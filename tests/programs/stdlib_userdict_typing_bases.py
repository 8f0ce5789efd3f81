# collections.UserDict (its methods go through the subclass's __getitem__ /
# __setitem__ / __missing__), and typing forms as base classes
# (class It(Iterator[int]), class D(Dict[str, int])) via __mro_entries__.
import collections
import collections.abc
from typing import Any, Dict, Iterator, List


class Lower(collections.UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())


d = Lower({"A": 1}, B=2)
d["C"] = 3
d.update({"Dd": 4}, e=5)
print(d, len(d), d["a"], d.get("B"), d.get("zz", 0), "c" in d, "C" in d, sorted(d), list(d.items()))
print(d.pop("b"), d.pop("zz", None), d.setdefault("F", 6), d)
print(d == {"a": 1, "c": 3, "dd": 4, "e": 5, "f": 6}, isinstance(d, collections.abc.MutableMapping), isinstance(d, dict))
k, v = d.popitem()
print(k, v, d.copy(), type(d.copy()).__name__, (d | {"g": 7}), type(d | {"g": 7}).__name__)
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e)


class Counts(collections.UserDict):
    def __missing__(self, key):
        return 0


c = Counts()
c["x"] += 2
print(c["x"], c["y"], c, dict(c), Counts.fromkeys("ab", 1))
c.clear()
print(c, len(c), bool(c))
u = collections.UserDict(a=1)
u |= {"b": 2}
print(u, u.data, list(u.keys()), list(u.values()))


class Countdown(Iterator[int]):
    def __init__(self, n):
        self.n = n

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


class Registry(Dict[str, int]):
    def total(self):
        return sum(self.values())


print(list(Countdown(3)), [b.__name__ for b in Countdown.__mro__[1:3]], isinstance(Countdown(1), collections.abc.Iterator))
r = Registry(a=1, b=2)
print(r.total(), isinstance(r, dict), r)
try:
    Lower().popitem()
except KeyError as e:
    print("KeyError", repr(e))
