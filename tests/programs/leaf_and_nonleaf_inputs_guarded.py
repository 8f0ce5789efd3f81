# A compiled function called with a leaf that requires grad, then with a
# non-leaf of the same metadata (and the other way round), recompiles: is_leaf
# reads right and in-place writes through a view of the leaf raise as eager
# ones do. An advanced-indexing copy of an input written in place leaves the
# input a leaf.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def g(x):
    v = x[1:]
    v.mul_(2)
    return v


def f(x):
    x[0] = 5
    return x * 1


def N(t):
    return type(t.grad_fn).__name__


def A(t):
    return (t.is_leaf, N(t), (lambda u: u.grad_fn)(t) is None)


def h(x):
    y = x * 2
    return x.is_leaf, y


def k(t):
    v = t[[0]]
    v[0] = 3
    w = t[[0, 1]]
    w.add_(1)
    return v, w


for fn in (g, f, A, h, k):
    cf = C(fn)
    for make in (lambda: torch.ones(3, requires_grad=True) * 1, lambda: torch.ones(3, requires_grad=True),
                 lambda: torch.ones(3, requires_grad=True) * 1, lambda: torch.ones(3)):
        for run in (fn, cf):
            x = make()
            try:
                r = run(x)
                out = [t.tolist() if isinstance(t, torch.Tensor) else t for t in (r if isinstance(r, tuple) else (r,))]
                print(fn.__name__, "ok", out, x.tolist(), x.is_leaf, N(x))
            except RuntimeError as e:
                print(fn.__name__, "RuntimeError", str(e)[:50], x.tolist(), x.is_leaf)
for idx in [0, slice(None), Ellipsis, [0], torch.tensor([True, False, True]), (0,), None, torch.tensor(0), (Ellipsis, 1)]:
    x = torch.ones(3, requires_grad=True)
    try:
        x[idx] = 5
    except RuntimeError as e:
        print(str(e)[:45])
