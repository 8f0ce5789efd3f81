# A view knows its base (t._base), and an in-place op on a view that records
# autograd history rewrites the base's (CopySlices), eagerly and compiled.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def node(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__


w = torch.ones(2, requires_grad=True)

x = torch.zeros(2, 2)
v = x[0]
print(v._base is x, x._base, x[1:][0:]._base is x, x.t()._base is x, x.view(4)._base is x)
print(x.unsqueeze(0)._base is x, x.reshape(4)._base is x, x.detach()._base, x.clone()._base)
print(x.t().reshape(4)._base, x.contiguous()._base)
v.add_(w)
print(node(x), node(v), x.requires_grad, x.is_leaf, v.requires_grad)

x = torch.zeros(2, 2)
v = x[0]
v[0] = w[0]
print(node(x), node(v))

b = w * 1
v = b[0:1]
v.add_(1)
print(node(b), node(v))

x = torch.zeros(3)
x[1:].mul_(w)
print(node(x), x.tolist())

x = torch.zeros(3)
x[1:].mul_(2)
print(node(x), x.requires_grad)

with torch.no_grad():
    w[0].add_(1)
print(w.tolist(), node(w))
try:
    w[0].add_(1)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    w.add_(1)
except RuntimeError as e:
    print("RuntimeError:", e)
print(node(w * 2), node(w.sum()), node(torch.cat([w, w])), node(w[0]))


def f(x):
    x[0].add_(w[0])
    return x.sum()


def g(x):
    x.index_add_(0, torch.tensor([0]), w[:1])
    return x.sum() * 2


def h(x):
    v = x[1:]
    v.mul_(w[:1])
    return x + 1


for fn in (f, g, h):
    X = torch.zeros(2)
    out = C(fn)(X)
    print(fn.__name__, X.tolist(), X.requires_grad, X.is_leaf, node(X), out.requires_grad, node(out))
