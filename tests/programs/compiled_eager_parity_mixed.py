# Compiled calls return what the eager ones do: max()/min() of a tensor and a
# number return the one the data pick (not a clamped tensor); stores made
# before `t.append` on a tuple raises happen; Tensor.trace keeps autograd
# metadata; divmod of a tensor raises as torch's does.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def pick(L):
    return max(L), min(L), max(L[0], L[1]), min(2, torch.tensor(3.0)), max(L[0], 0.5, 1)


def describe(v):
    return (type(v).__name__, round(float(v), 3))


for L in ([torch.tensor(1.0), 2], [torch.tensor(3.0), 2], [torch.tensor(2), 1.5]):
    print([describe(v) for v in C(pick)(L)])


def same_dtype(a, b):
    return max(a, b) * 2, min(a, b, a + 1)


print([describe(v) for v in C(same_dtype)(torch.tensor(1.0), torch.tensor(4.0))])

G = []
T = (1,)


def side_effects(x, lst=[]):
    G.append(9)
    lst.append(len(lst))
    T.append(1)
    return x


for _ in range(2):
    try:
        C(side_effects)(torch.zeros(1))
    except AttributeError as e:
        print("AttributeError:", e, G, side_effects.__defaults__[0])


def list_attr(xs):
    xs.append(1)
    return xs.no_such_thing


try:
    ys = []
    C(list_attr)(ys)
except AttributeError as e:
    print("AttributeError:", e, ys)

w = torch.arange(9.0).reshape(3, 3).requires_grad_()
for fn in (lambda m: m.trace(), lambda m: torch.trace(m * 2)):
    for f in (fn, C(fn)):
        r = f(w)
        print(r, r.requires_grad, type(r.grad_fn).__name__)
print(torch.trace(torch.arange(4).reshape(2, 2)), torch.trace(torch.ones(2, 2, dtype=torch.float64)))
try:
    divmod(torch.tensor(2), 3)
except TypeError as e:
    print("TypeError:", e)


class D:
    def __divmod__(self, other):
        return ("divmod", other)

    def __rdivmod__(self, other):
        return ("rdivmod", other)


print(divmod(D(), 3), divmod(3, D()), divmod(7, 2), divmod(-7.5, 2))
