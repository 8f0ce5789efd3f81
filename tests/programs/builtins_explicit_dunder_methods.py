# The operator methods of the built-in types called explicitly: (3).__add__(4),
# str.__eq__, list.__iadd__, d.__or__(e); another type gives NotImplemented
# (a sequence + raises its TypeError); namedtuples and IntEnums keep working.
import collections, enum
P = collections.namedtuple('P', 'x y')
p = P(1, 2)
print(len(p), p[0], hash(p) == hash((1, 2)), p == (1, 2), p + (3,), p * 2, p < P(1, 3), {p: 1}[P(1, 2)], 2 in p)
class C(enum.IntEnum):
    A = 1
    B = 2
print(C.A + 1, C.A * 3, C.B > C.A, C.A == 1, hash(C.A) == hash(1), {C.A: 'a'}[1], C.A | 2)
print((3).__add__(4), (3).__add__(1.5), (1.5).__radd__(2), int.__add__(2, 3), float.__mul__(2.0, 3), True.__and__(False))
print('ab'.__len__(), 'ab'.__add__('c'), 'ab'.__mul__(2), 'a%s'.__mod__('b'), 'ab'.__getitem__(1), 'ab'.__contains__('a'), str.__eq__('a', 'a'), str.__lt__('a', 1))
print([1].__add__([2]), list.__mul__([1], 2), [1].__eq__((1,)), (1, 2).__add__((3,)), tuple.__getitem__((1, 2), 0), (1, 2).__hash__() == hash((1, 2)))
xs = [1]
print(xs.__iadd__((2, 3)), xs, xs.__imul__(2), {'a': 1}.__or__({'b': 2}), {'a': 1}.__eq__({'a': 1}), {'a': 1}.__or__(1))
for f in (lambda: [1].__add__((2,)), lambda: 'a'.__add__(1), lambda: (1).__truediv__(0)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print((5).__index__(), (5).__invert__(), (2.5).__int__(), (2).__float__(), (0).__bool__(), (-3).__abs__(), (1).__eq__(1.0), (1.0).__eq__(1))
import functools, operator
print(functools.reduce(int.__add__, [1, 2, 3]), sorted([3, 1, 2], key=int.__neg__), list(map(str.__len__, ['a', 'bcd'])))
class V:
    def __init__(self, v): self.v = v
    def __radd__(self, o): return 'radd'
print(1 + V(1), (1).__add__(V(1)))
