# torch.polygamma (orders 0 and 1) and digamma's gradient (Dirichlet and
# evidential losses), Tensor.index_reduce_/torch.index_reduce (prod, mean,
# amax, amin, include_self), and grid_sample(mode='nearest') connected to
# the grid with a zero gradient, as torch's.
import torch
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.reshape(-1).tolist()]


x = torch.tensor([-2.5, -0.3, 0.2, 0.5, 1.0, 2.7, 10.0, 123.0], dtype=torch.float64)
print(r(torch.polygamma(1, x)), r(torch.special.polygamma(1, x)), r(x.polygamma(0)))
print(r(torch.polygamma(1, torch.tensor([0.25, 3.0]))))
a = torch.tensor([0.7, 1.3, 2.9], requires_grad=True)
loss = torch.lgamma(a.sum()) - torch.lgamma(a).sum() + (torch.digamma(a) * a).sum()
loss.backward()
print(round(loss.item(), 4), r(a.grad))
for n in (-1,):
    try:
        torch.polygamma(n, x)
    except Exception as e:
        print(type(e).__name__)

base = torch.arange(12.).reshape(4, 3)
src = torch.tensor([[1., 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]])
idx = torch.tensor([0, 2, 0, 1])
for red in ('prod', 'mean', 'amax', 'amin'):
    for inc in (True, False):
        print(red, inc, base.clone().index_reduce_(0, idx, src, red, include_self=inc).tolist())
xi = torch.arange(6).reshape(3, 2)
print(xi.clone().index_reduce_(0, torch.tensor([0, 0]), torch.tensor([[3, 4], [6, 7]]), 'mean').tolist())
print(xi.clone().index_reduce_(1, torch.tensor([1]), torch.tensor([[3], [4], [5]]), 'amax').tolist())
print(torch.index_reduce(base, 0, idx, src, 'prod').tolist(), base.index_reduce(1, torch.tensor([2, 2, 0]), base, 'amin').tolist())
try:
    base.index_reduce_(0, idx, src, 'sum')
except RuntimeError as e:
    print(e)

img = torch.arange(16.).reshape(1, 1, 4, 4)
theta = torch.tensor([[[0.9, 0.1, 0.0], [0.0, 1.1, 0.0]]], requires_grad=True)
grid = F.affine_grid(theta, (1, 1, 4, 4), align_corners=False)
out = F.grid_sample(img, grid, mode='nearest', align_corners=False)
print(out.requires_grad, out.grad_fn is not None, out.reshape(-1).tolist())
out.sum().backward()
print(theta.grad.tolist())
