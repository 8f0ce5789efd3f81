# A compiled frame's in-place ops give its inputs the autograd metadata the
# eager ops would (a plain tensor given a value that requires grad records
# the op: requires_grad, not a leaf), and an in-place op on a view of a
# non-leaf input that requires grad runs, as eager.
import torch
compile = getattr(torch, 'compile', None) or (lambda f, **k: f)
C = compile
w = torch.ones(2, requires_grad=True)
def g0(x):
    x.add_(w)
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g0)(X)
    print('x.add_(w)', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.add_(w)', type(e).__name__)
def g1(x):
    x.copy_(w)
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g1)(X)
    print('x.copy_(w)', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.copy_(w)', type(e).__name__)
def g2(x):
    x[0] = w[0]
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g2)(X)
    print('x[0] = w[0]', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x[0] = w[0]', type(e).__name__)
def g3(x):
    x.mul_(w)
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g3)(X)
    print('x.mul_(w)', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.mul_(w)', type(e).__name__)
def g4(x):
    x[:] = w
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g4)(X)
    print('x[:] = w', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x[:] = w', type(e).__name__)
def g7(x):
    x.masked_fill_(x == 0, w.sum())
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g7)(X)
    print('x.masked_fill_(x == 0, w.sum())', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.masked_fill_(x == 0, w.sum())', type(e).__name__)
def g8(x):
    x.clamp_(min=w)
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g8)(X)
    print('x.clamp_(min=w)', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.clamp_(min=w)', type(e).__name__)
def g9(x):
    x.lerp_(w, 0.5)
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g9)(X)
    print('x.lerp_(w, 0.5)', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.lerp_(w, 0.5)', type(e).__name__)
def g10(x):
    x.addcmul_(w, w)
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g10)(X)
    print('x.addcmul_(w, w)', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.addcmul_(w, w)', type(e).__name__)
def g11(x):
    x.where(x > 0, w) if False else x.copy_(torch.where(x > 0, x, w))
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g11)(X)
    print('x.where(x > 0, w) if False else x.copy_(torch.where(x > 0, x, w))', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.where(x > 0, w) if False else x.copy_(torch.where(x > 0, x, w))', type(e).__name__)
def g12(x):
    x[torch.tensor([0])] = w[:1]
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g12)(X)
    print('x[torch.tensor([0])] = w[:1]', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x[torch.tensor([0])] = w[:1]', type(e).__name__)
def g13(x):
    x.masked_scatter_(x == 0, w) if False else x[x == 0].sum()
    return x.sum()
X = torch.zeros(2)
try:
    s = C(g13)(X)
    print('x.masked_scatter_(x == 0, w) if False else x[x == 0].sum()', X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
except Exception as e:
    print('x.masked_scatter_(x == 0, w) if False else x[x == 0].sum()', type(e).__name__)


v = torch.ones(2, 2, requires_grad=True)


def view_add(x):
    x[0].add_(1)
    return x


y = C(view_add)(v * 2)
print([round(a, 4) for a in y.detach().flatten().tolist()], y.is_leaf, y.requires_grad)
