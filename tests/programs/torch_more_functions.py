# Trigonometric/hyperbolic ops, add/sub alpha=, unfold, tile, diff, bincount,
# tensor_split, in-place unary methods, unique, median, cdist, rot90,
# index_fill_/index_copy_, torch.linalg, torch.special, F.pad modes and
# conv padding_mode.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([[0.25, -0.5, 0.75], [0.125, 0.5, -0.875]])
for name in ['tan', 'atan', 'asin', 'acos', 'sinh', 'cosh', 'asinh', 'atanh', 'log10']:
    print(name, getattr(torch, name)(x if name != 'log10' else x.abs()))
print(torch.acosh(x.abs() + 1), x.tan().dtype, torch.atan(torch.tensor([1, 2])))
print(torch.atan2(x, x.flip(0)), torch.hypot(x, torch.tensor(0.5)), torch.arctan2(torch.tensor([1]), torch.tensor([2])))
print(x.atan2(x + 1).shape, torch.hypot(torch.tensor([3., 5.]), torch.tensor([4., 12.])))
try:
    torch.hypot(torch.tensor([3, 5]), torch.tensor([4, 12]))
except RuntimeError as e:
    print('RuntimeError', e)

a = torch.arange(6.0).reshape(2, 3)
print(torch.add(a, a, alpha=2), a.sub(1, alpha=0.5), torch.sub(a, a, alpha=3))
b = a.clone()
b.add_(torch.ones(2, 3), alpha=-0.25)
b.sub_(a, alpha=2)
print(b, torch.subtract(a, 1), a.true_divide(4))
print(a.nelement(), torch.arange(8).unfold(0, 3, 2), a.unfold(1, 2, 1).shape)
print(torch.arange(3).tile((2,)), a.tile((2, 1)).shape, a.tile((2, 1, 1)).shape)
print(torch.diff(torch.tensor([1, 4, 9, 16])), torch.diff(a, dim=0), torch.diff(torch.tensor([1, 3, 6]), n=2),
      torch.diff(torch.tensor([1., 2.]), prepend=torch.tensor([0.]), append=torch.tensor([5.])))
print(torch.bincount(torch.tensor([0, 1, 1, 3])), torch.bincount(torch.tensor([2, 0]), minlength=5),
      torch.bincount(torch.tensor([0, 1, 1]), weights=torch.tensor([0.5, 1.0, 2.0])))
print([t.tolist() for t in torch.tensor_split(torch.arange(7), 3)], [t.shape for t in a.tensor_split([1, 2], dim=1)])
c = torch.tensor([0.5, -1.25, 2.0])
print(c.clone().exp_(), c.clone().abs_(), c.clone().neg_(), c.clone().floor_(), c.clone().sigmoid_(), c.clone().pow_(2))
print(c.clone().tan_(), c.clone().square_(), c.clone().clamp_(-1, 1))
u = torch.tensor([3, 1, 3, 2, 1, 3])
print(torch.unique(u), u.unique(return_counts=True), torch.unique(u, return_inverse=True))
print(torch.tensor([[5., 1.], [3., 2.]]).median(), torch.tensor([[5., 1., 4.], [3., 2., 0.]]).median(1))
print(torch.median(torch.tensor([4., 1., 3., 2.])))
p1 = torch.tensor([[0., 0.], [3., 4.]])
print(torch.cdist(p1, p1), torch.cdist(p1, p1, p=1), torch.dist(p1[0], p1[1]), torch.dist(p1[0], p1[1], 1))
print(torch.rot90(a), torch.rot90(a, 2), torch.rot90(a, -1), a.rot90(1, [1, 0]))
print(torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(torch.triu_indices(3, 3), torch.tril_indices(3, 3, -1), torch.triu_indices(2, 4, 1))
z = torch.zeros(3, 4)
z.index_fill_(1, torch.tensor([0, 2]), -1.0)
z.index_copy_(0, torch.tensor([2]), torch.ones(1, 4))
print(z, a.index_fill(0, torch.tensor([1]), 9.0))
print(torch.aminmax(a), a.aminmax(dim=1).max)
print(torch.deg2rad(torch.tensor([180.0])), torch.rad2deg(torch.tensor([1.0])), (a / 4).frac(),
      torch.xlogy(torch.tensor([0.0, 2.0]), torch.tensor([0.0, 3.0])), torch.logaddexp(c, c * 2),
      torch.float_power(torch.tensor([2]), 3))
print(torch.addbmm(torch.zeros(2, 2), torch.ones(3, 2, 4), torch.ones(3, 4, 2)), a.addmm(a, torch.eye(3)))

m = torch.tensor([[4.0, 7.0], [2.0, 6.0]])
print(round(torch.linalg.det(m).item(), 4), round(torch.det(m).item(), 3), m.det().shape, torch.linalg.inv(m), torch.inverse(m))
print(torch.linalg.solve(m, torch.tensor([1.0, 2.0])), torch.linalg.solve(m, torch.eye(2)))
print(torch.linalg.norm(m), torch.linalg.norm(m, 1), torch.linalg.norm(m, float('inf')), torch.linalg.norm(m[0]))
print(torch.linalg.vector_norm(m, dim=1), torch.linalg.vector_norm(m, 1), torch.linalg.vector_norm(m, float('inf')),
      torch.linalg.vector_norm(m, 0), torch.linalg.vector_norm(m, 3, dim=0, keepdim=True))
print(torch.linalg.matrix_norm(m), torch.linalg.matrix_norm(m, -1), torch.linalg.norm(m, dim=1))
batch = torch.stack([m, torch.eye(2) * 3])
print([round(v, 4) for v in torch.linalg.det(batch).tolist()], torch.linalg.inv(batch)[1], torch.matrix_power(m, 2), torch.linalg.matrix_power(m, 0))
try:
    torch.linalg.inv(torch.zeros(2, 2))
except RuntimeError as e:
    print('RuntimeError', e)
try:
    torch.linalg.det(torch.ones(2, 3))
except RuntimeError as e:
    print('RuntimeError', e)
print(torch.special.expit(c), torch.special.erfc(c), torch.special.exp2(torch.tensor([3.0])), torch.sinc(c),
      torch.special.logit(torch.tensor([0.25])))

s = torch.arange(12.0).reshape(1, 2, 6)
print(F.pad(s, (2, 3), mode='reflect'), F.pad(s, (2, 3), mode='replicate'), F.pad(s, (2, 3), mode='circular'))
img = torch.arange(12.0).reshape(1, 1, 3, 4)
print(F.pad(img, (1, 2, 2, 1), mode='reflect'), F.pad(img, (1, 1, 1, 1), mode='replicate').shape)
print(F.pad(s, (-1, 2), mode='circular'), F.pad(torch.ones(2, 3), (1, 1), mode='replicate'))
try:
    F.pad(s, (6, 0), mode='reflect')
except RuntimeError as e:
    print('RuntimeError', e)
try:
    F.pad(torch.ones(6), (1, 1), mode='reflect')
except NotImplementedError as e:
    print('NotImplementedError', e)
conv = nn.Conv2d(1, 1, 3, padding=1, padding_mode='reflect', bias=False)
with torch.no_grad():
    conv.weight.fill_(1.0)
print(conv, conv(img))
conv_c = nn.Conv1d(2, 1, 3, padding='same', padding_mode='circular', bias=False)
with torch.no_grad():
    conv_c.weight.fill_(0.5)
print(conv_c(s))
