# A torch.compile'd function called from another compiled function sees
# later changes to its closure cells, defaults, bound self and partial
# arguments (they are guarded through the wrapper); an in-place write to a
# view of a leaf that requires grad raises after a graph break too; partial
# of a partial is flattened; ModuleDict del/pop of a missing key and clear();
# reversed(tensor).
import functools

import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def mk():
    c = 1

    def inner(t, k=1):
        return t * c + k

    def setc(v):
        nonlocal c
        c = v

    return inner, setc


inner, setc = mk()
hc = C(inner)


def f(x):
    return hc(x) + 1


cf = C(f)
print("a", cf(torch.ones(2)).tolist(), f(torch.ones(2)).tolist())
setc(10)
print("cell", cf(torch.ones(2)).tolist(), f(torch.ones(2)).tolist())
inner.__defaults__ = (1000,)
print("defaults", cf(torch.ones(2)).tolist(), f(torch.ones(2)).tolist())


class O:
    def __init__(self):
        self.a = 1

    def m(self, t):
        return t + self.a


o = O()
cm = C(o.m)
cg = C(lambda x: cm(x) * 2)
print("bm", cg(torch.zeros(1)).tolist())
o.a = 5
print("bm2", cg(torch.zeros(1)).tolist(), o.m(torch.zeros(1)).tolist())


def h(t, k):
    return t * k


pk = functools.partial(h, k=2)
cp = C(pk)
cg2 = C(lambda x: cp(x) - 1)
print("p", cg2(torch.ones(1)).tolist())
pk.keywords["k"] = 7
print("p2", cg2(torch.ones(1)).tolist(), pk(torch.ones(1)).tolist())


def view_write(x, how):
    v = x.view(-1)
    print("break")
    if how == 0:
        v[0] = 3
    elif how == 1:
        v[:2].mul_(2)
    else:
        v.add_(1)
    return v


for how in range(3):
    for fn in (view_write, C(view_write)):
        x = torch.arange(4.0).requires_grad_()
        try:
            r = fn(x, how)
            print("no error", r.tolist())
        except RuntimeError as e:
            print("RuntimeError", x.tolist())


def g(a, b, c=1):
    return a * 100 + b * 10 + c


q = functools.partial(g, 1)
q2 = functools.partial(q, c=5)
print(q2(3), q2.args, q2.keywords, q2.func is g)
try:
    functools.partial(3)
except TypeError as e:
    print("TypeError", e)

md = torch.nn.ModuleDict({"a": torch.nn.Identity(), "b": torch.nn.Identity()})
del md["a"]
for name, fn in [("del missing", lambda: md.__delitem__("a")), ("pop missing", lambda: md.pop("zz")),
                 ("clear", lambda: md.clear())]:
    try:
        fn()
        print(name, "ok", list(md.keys()), len(md))
    except Exception as e:
        print(name, type(e).__name__, e)

x = torch.tensor([[1.0, 3.0], [2.0, 0.5]])
print([r.tolist() for r in reversed(x)], type(reversed(x)).__name__, reversed(torch.tensor(2.0)).item())
print(C(lambda t: [r.sum() for r in reversed(t)])(x))
