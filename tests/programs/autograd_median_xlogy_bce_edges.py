# Gradients at exact edges model code meets: median() shared by tied
# elements (MedianBackward0 / NanmedianBackward0), xlogy at x = 0 (log(y),
# or 0 where y <= 0), binary cross-entropy at saturated probabilities
# (ATen's clamp of p(1-p) at 1e-12, not a zero gradient), its target's
# gradient, and the error for a weight that requires grad.
import torch
import torch.nn.functional as F
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]
for vals in ([1.0, 2.0, 2.0, 3.0], [1.0, 2.0, 2.0, 3.0, 2.0], [5.0, 1.0, 3.0]):
    x = torch.tensor(vals, requires_grad=True)
    m = x.median()
    m.backward()
    print("median", m.item(), type(m.grad_fn).__name__, r(x.grad))
    x.grad = None
    m = x.nanmedian()
    m.backward()
    print("nanmedian", m.item(), type(m.grad_fn).__name__, r(x.grad))
x = torch.tensor([[1.0, 2.0, 2.0, 3.0]], requires_grad=True)
x.median(1).values.sum().backward()
print("median(dim)", r(x.grad))
p = torch.tensor([0.0, 0.0, 0.5, 0.0, 2.0], requires_grad=True)
y = torch.tensor([2.0, 0.0, 2.0, -1.0, 3.0], requires_grad=True)
o = torch.xlogy(p, y)
o.sum().backward()
print("xlogy", r(o), r(p.grad), r(y.grad), type(o.grad_fn).__name__)
q = torch.tensor([0.5, 2.0], requires_grad=True)
torch.xlogy(q, 3.0).sum().backward()
print("xlogy scalar", r(q.grad))
q.grad = None
torch.xlogy(2.0, q).sum().backward()
print("xlogy scalar first", r(q.grad))
for red in ("mean", "sum", "none"):
    s = torch.tensor([0.0, 1.0, 0.3, 0.9], requires_grad=True)
    t = torch.tensor([1.0, 0.0, 0.5, 1.0], requires_grad=True)
    w = torch.tensor([1.0, 2.0, 3.0, 0.5])
    l = F.binary_cross_entropy(s, t, weight=w, reduction=red)
    l.sum().backward()
    print("bce", red, r(l), type(l.grad_fn).__name__, r(s.grad), r(t.grad[2:]))
s = torch.tensor([0.2, 0.7], requires_grad=True)
loss = C(lambda s: F.binary_cross_entropy(s, torch.tensor([1.0, 0.0])))(s)
loss.backward()
print("compiled bce", round(loss.item(), 4), r(s.grad))
bce = torch.nn.BCELoss()
s = torch.tensor([[0.0, 0.5], [0.25, 1.0]], requires_grad=True)
bce(s, torch.tensor([[0.0, 1.0], [1.0, 1.0]])).backward()
print("BCELoss", r(s.grad))
with torch.no_grad():
    print("no grad", round(F.binary_cross_entropy(s, torch.ones(2, 2)).item(), 4))
try:
    F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([1.0]), weight=torch.tensor([2.0], requires_grad=True))
except RuntimeError as e:
    print("RuntimeError", e)
