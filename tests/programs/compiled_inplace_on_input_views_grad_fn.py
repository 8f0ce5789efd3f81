# In-place ops in a compiled call on an input that is a view (of a global, an
# argument or an attribute): the base gets CopySlices and the view
# AsStridedBackward0, as eagerly (the view got CopySlices or the op's node,
# and the next call raised "a view of a leaf").
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

# --- 06_inplace_grad_view_global
G = torch.zeros(4).reshape(2, 2)   # G is a view of another tensor
def f(x):
    G[0] = x.sum()
cf = C(f, backend="eager")
w = torch.tensor([1.0, 2.0], requires_grad=True)
cf(w)
print(G.is_leaf, G.requires_grad, type(G.grad_fn).__name__, G._base.is_leaf, G._base.requires_grad)
try:
    cf(w)
    print(G.tolist())
except RuntimeError as e:
    print("RuntimeError", e)

# --- 07_inplace_grad_view_input
def f(v, x):
    v[0] = x.sum()
    return v
cf = C(f, backend="eager")
base = torch.zeros(2, 2)
w = torch.tensor([1.0, 2.0], requires_grad=True)
cf(base[0], w)
print(base.is_leaf, base.requires_grad, type(base.grad_fn).__name__)
try:
    cf(base[1], w); cf(base[0], w)
    print(base.tolist())
except RuntimeError as e:
    print("RuntimeError", e)
v = base.view(4)
cf(v, w)
print(type(v.grad_fn).__name__, type(base.grad_fn).__name__)

# --- 09_inplace_input_view_gradfn
def f(x):
    x.mul_(2)
    return x
cf = C(f, backend="eager")
w = torch.arange(3.0, requires_grad=True)
print(cf(w * 1).tolist())
try:
    cf(w)
except RuntimeError as e:
    print("RE", str(e)[:60])
print(w.detach())
v = (w * 1)[1:]
r = cf(v)
print(type(r.grad_fn).__name__, type(v.grad_fn).__name__)
print(r)

# --- 13_attr_view_inplace_gradfn
class S: pass
s = S()
base = torch.zeros(4)
s.v = base[1:3]
def f(x):
    s.v.add_(x)
    return s.v * 1
cf = C(f, backend="eager")
w = torch.ones(2, requires_grad=True)
r = cf(w)
print(base.requires_grad, base.is_leaf, s.v.requires_grad, type(s.v.grad_fn).__name__)
try:
    r = cf(w)
    print(base.detach().tolist())
except RuntimeError as e:
    print("RE", str(e)[:50])
