# dict |= any mapping or iterable of pairs (as d.update), and its TypeError;
# OrderedDict == OrderedDict is order-sensitive (== a plain dict is not);
# dir() of an object whose class defines __dir__ (sorted, as CPython's).
from collections import OrderedDict

d = {"a": 1, "b": 2}
d |= {"b": 3}.items()
d |= [("c", 4)]
d |= (("d", 5),)
d |= (kv for kv in [("e", 6)])
print(d)
print(dict.__ior__({"x": 1}, [("y", 2)]))
print({"x": 1}.__ior__({"z": 3}.items()))
for bad in (1, None, 2.5):
    try:
        e = {}
        e |= bad
        print("no error")
    except TypeError as exc:
        print("TypeError:", exc)
try:
    e = {}
    e |= [1, 2]
except (TypeError, ValueError) as exc:
    print(type(exc).__name__)

a = OrderedDict([("a", 1), ("b", 2)])
b = OrderedDict([("b", 2), ("a", 1)])
print(a == b, a != b, a == dict(b), dict(a) == b, a == OrderedDict(a))
print(OrderedDict.fromkeys("abc") == OrderedDict.fromkeys("bca"))
print(OrderedDict.fromkeys("abc") == OrderedDict.fromkeys("abc"))
o = OrderedDict(a)
o |= [("c", 3)]
print(o, type(o).__name__)


class Listing:
    def __init__(self):
        self.z = 1

    def __dir__(self):
        return ["zeta", "alpha", "mid"]


class Plain:
    def __init__(self):
        self.q = 1


print(dir(Listing()))
print("q" in dir(Plain()), "__init__" in dir(Plain()))
