# class X(tuple): items, slicing, comparisons, hashing, __new__ forms, copies, % formatting, dict items, and compiled calls that make and take them
class Pair(tuple):
    pass
p = Pair([1, 2])
print(p, type(p).__name__, isinstance(p, tuple), len(p), p[0], p[-1], p[:1], type(p[:1]).__name__)
print(p == (1, 2), (1, 2) == p, p != (1, 3), hash(p) == hash((1, 2)), p + (3,), (0,) + p, p * 2, 2 in p)
a, b = p
print(a, b, list(p), tuple(p), type(tuple(p)).__name__, sorted(Pair([3, 1, 2])), p.index(2), p.count(1))
print(p < (1, 3), p > (0,), max(Pair((4, 5))), str(p), repr(Pair()), bool(Pair()), bool(p))
class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
    def norm2(self):
        return self[0] ** 2 + self[1] ** 2
q = Point(3, 4)
print(q, q.x, q.norm2(), isinstance(q, Point), Point.__mro__[0].__name__, q == (3, 4))
class T2(tuple):
    def __new__(cls, *args):
        return tuple.__new__(cls, args)
    def __repr__(self):
        return 'T2' + super().__repr__()
print(T2(1, 2, 3), len(T2(1, 2, 3)), {T2(1,): 5}[(1,)])
try:
    Pair(1, 2)
except TypeError as e:
    print('TypeError', e)
class WithInit(tuple):
    def __init__(self, it):
        super().__init__()
        self.extra = len(self)
w = WithInit('abc')
print(w, w.extra)
import copy
print(copy.copy(p), copy.deepcopy(p), type(copy.deepcopy(p)).__name__, type(copy.copy(w)).__name__)
print(issubclass(Point, tuple))
d = dict([Pair(('k', 1))])
print(d, '%s-%s' % (1, 2), '{}'.format(p), f'{p}', set([p, Pair((1, 2))]))
def f(*args):
    return args
print(f(*p), [*p, 9], sum(Pair(range(5))), sorted(p, reverse=True), list(reversed(p)), list(zip(p, p)))
print('%s+%s' % Pair((1, 2)))
import torch
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
def g(x, pt):
    q = Point(pt[0] + 1, pt[1])
    return x * q.norm2() + x.shape[0], q, Pair((x.sum(), 2)), q.x
cg = C(g)
x = torch.arange(3.)
for pt in (Point(1, 2), Point(1, 2), Point(2, 2)):
    e, c = g(x, pt), cg(x, pt)
    print(e[0].tolist(), c[0].tolist(), e[1], c[1], type(c[1]).__name__, c[2][0].item(), c[3])
print(torch.zeros(Pair((2, 3))).shape, x.view(Pair((3, 1))).shape)
