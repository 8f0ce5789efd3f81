# GroupNorm, InstanceNorm, PReLU, PixelShuffle, in-place draws, one-argument
# where, nonzero(as_tuple=True), div(rounding_mode=), round(decimals=),
# torch.tensor of 0-d tensors.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = ((torch.arange(2 * 4 * 3 * 3) % 13 - 6) * 0.25).float().reshape(2, 4, 3, 3)
gn = nn.GroupNorm(2, 4)
print(gn)
print(gn(x)[0, :, 0])
with torch.no_grad():
    gn.weight.copy_(torch.tensor([1.0, 2.0, 0.5, -1.0]))
    gn.bias.copy_(torch.tensor([0.0, 0.5, -0.5, 1.0]))
print(gn(x)[1].sum(dim=(1, 2)))
print(F.group_norm(x, 4).abs().sum().item() > 0, F.group_norm(x, 1, eps=1e-3)[0, 0, 0])
try:
    F.group_norm(x, 3)
except RuntimeError as e:
    print('RuntimeError', e)
print(nn.GroupNorm(1, 4, affine=False))

inorm = nn.InstanceNorm2d(4)
print(inorm)
print(inorm(x)[0, 1])
print(nn.InstanceNorm1d(4, affine=True)(x[0].reshape(4, 9))[2])
tr = nn.InstanceNorm2d(4, track_running_stats=True)
print(tr)
tr(x)
print(tr.running_mean, tr.running_var)
tr.eval()
print(tr(x)[0, 0, 0])

pr = nn.PReLU()
print(pr, pr(x[0, 0]))
pr4 = nn.PReLU(4, init=0.1)
print(pr4, pr4(x)[1, :, 0, 0])
print(F.prelu(torch.tensor([-2.0, 3.0]), torch.tensor([0.5])))

ps = nn.PixelShuffle(2)
print(ps, ps(x).shape)
print(ps(x)[0, 0])
print(torch.equal(nn.PixelUnshuffle(2)(ps(x)), x), nn.PixelUnshuffle(2))

torch.manual_seed(0)
w = torch.empty(3, 4)
w.uniform_(-0.1, 0.1)
print(w.shape, bool((w >= -0.1).all()), bool((w <= 0.1).all()))
lin = nn.Linear(4, 4)
lin.weight.data.normal_(0, 0.02)
lin.bias.data.zero_()
print(float(lin.weight.std()) < 0.1, lin.bias)
b = torch.zeros(100).bernoulli_(0.5)
print(b.dtype, bool(((b == 0) | (b == 1)).all()))
e = torch.zeros(50).exponential_()
print(bool((e >= 0).all()))
try:
    nn.Parameter(torch.zeros(2)).uniform_()
except RuntimeError as err:
    print('RuntimeError', err)

m = torch.tensor([[0, 1, 0], [1, 1, 0]])
print(torch.where(m))
print(torch.where(m > 0, m, -m))
print(torch.nonzero(m, as_tuple=True), m.nonzero(as_tuple=True), m.nonzero())
print(torch.nonzero(torch.tensor(5), as_tuple=True), torch.nonzero(torch.tensor([False, False]), as_tuple=True))
v = torch.tensor([1.5, -2.0, 3.0])
print(v.where(v > 0, torch.zeros(3)))

a = torch.tensor([5, -5, 7, -7, 6])
print(torch.div(a, 2, rounding_mode='floor'), torch.div(a, 2, rounding_mode='trunc'), torch.div(a, 2))
print(torch.div(a, torch.tensor([2, 2, -2, -2, 3]), rounding_mode='trunc'))
print(a.div(-3, rounding_mode='floor'), a.div(-3, rounding_mode='trunc'))
f = torch.tensor([5.5, -5.5, 7.25])
print(torch.div(f, 2, rounding_mode='floor'), torch.div(f, 2, rounding_mode='trunc'))
try:
    torch.div(a, 2, rounding_mode='ceil')
except RuntimeError as err:
    print('RuntimeError', err)
r = torch.tensor([1.23456, -2.71828, 1234.5678])
print(r.round(decimals=2), torch.round(r, decimals=1), torch.round(r, decimals=-2), torch.round(r))

losses = [torch.tensor(0.5), torch.tensor(1.25), torch.tensor(2.0)]
print(torch.tensor(losses), torch.tensor(losses).mean())
print(torch.tensor([torch.tensor(1), torch.tensor(2)]), torch.tensor([torch.tensor(1), 2.5]))
print(torch.tensor([[torch.tensor(True), False]]))
try:
    torch.tensor([torch.tensor([1.0, 2.0])])
except ValueError as err:
    print('ValueError', err)
