# The reflected operator methods, tried as CPython's binary_op1 tries them.
import torch


class A:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return NotImplemented

    def __radd__(self, other):
        return "A.__radd__"

    def __sub__(self, other):
        return "A.__sub__"

    def __rsub__(self, other):
        return "A.__rsub__"


class B(A):
    def __rsub__(self, other):
        return "B.__rsub__"


class C(A):
    pass


def f(x, a, b, c):
    out = []
    try:
        out.append(a + A(2))
    except TypeError as e:
        out.append(str(e))
    out.append(1 + a)
    out.append(a - b)
    out.append(a - c)
    out.append(b - a)
    out.append(a - 3)
    out.append(3 - a)
    return x + 1, out


compiled = torch.compile(f) if hasattr(torch, "compile") else f
for fn in (f, compiled):
    r = fn(torch.ones(2), A(1), B(2), C(3))
    print(r[1])


class V:
    def __init__(self, n):
        self.n = n

    def __mul__(self, k):
        if isinstance(k, V):
            return V(self.n * k.n)
        return NotImplemented

    def __rmul__(self, k):
        return V(self.n * k * 10)

    def __repr__(self):
        return "V(%d)" % self.n


print(V(2) * V(3), 2 * V(3))
try:
    V(2) * "s"
except TypeError as e:
    print(e)
