# object's slot methods (__repr__, __eq__, __ne__, __hash__ None beside __eq__,
# __format__) read, called and asked for with hasattr in compiled frames: the
# same answers as eagerly, never an AttributeError an except could catch.
import torch
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
class P:
    pass
class Q:
    def __eq__(self, o): return True
def f(x, p, q):
    a = hasattr(p, '__repr__'), hasattr(p, '__eq__'), hasattr(q, '__hash__'), getattr(q, '__hash__', 1), hasattr(p, '__call__')
    return x + 1, a
cf = C(f, backend="eager")
print(cf(torch.ones(1), P(), Q())[1])
def g(x):
    p = P()
    return x + 1, hasattr(p, '__ne__'), hasattr(P, '__lt__'), hasattr(f, '__call__')
print(C(g, backend="eager")(torch.ones(1))[1:])
def h(x, p, q):
    r = [p.__repr__()[:12], p.__eq__(p), p.__ne__(1), q.__ne__(1), type(q).__hash__, p.__hash__() == hash(p), p.__format__('')[:12], str(p)[:12]]
    return x + 1, r
print(C(h, backend="eager")(torch.ones(1), P(), Q())[1])
def k(x):
    p = P()
    return x + 1, [p.__eq__(p), p.__ne__(p), p.__lt__(p), P.__eq__(p, 1)]
print(C(k, backend="eager")(torch.ones(1))[1])
class R:
    def __init__(self, v): self.v = v
    def __repr__(self): return "R" + str(self.v) + super().__repr__()[:3]
    def __eq__(self, o):
        if not isinstance(o, R): return super().__eq__(o)
        return self.v == o.v
    __hash__ = object.__hash__
def m(x, r):
    try:
        s = r.__str__()
    except AttributeError:
        s = "caught"
    return x + 1, repr(r), r == 1, r == R(1), s
print(C(m, backend="eager")(torch.ones(1), R(1))[1:])
print(m(torch.ones(1), R(1))[1:])
