# Found by a probe of real model files: repeat() is a copy (it was a view
# with stride 0), add_module adds to containers, device=/dtype= keywords of
# factories, Tensor.to and layers, shifts, tril_/triu_, split_size=, ger,
# trapezoid, calculate_gain, round(decimals=)'s grad_fn.
import torch
import torch.nn as nn
x = torch.zeros(1, 3); r = x.repeat(2, 1); r[0] += 1; print(r, x, r.stride())
m = torch.arange(3.); print(m.view(-1, 1).repeat(1, 2).stride(), m.view(-1, 1).repeat(1, 2).view(-1))
y = torch.ones(2, 2); z = y.repeat(1, 1); z += 1; print(y, z, z.stride())
print(torch.arange(4.).reshape(2, 2).repeat(2, 1, 3).stride(), torch.ones(2, requires_grad=True).repeat(2).grad_fn.name())
print(torch.ones(2,3).t().repeat(1,1).stride(), torch.ones(2,3).t().repeat(1,2).stride())
s = nn.Sequential(); s.add_module("a", nn.ReLU()); s.add_module("b", nn.Tanh()); print(len(s), list(s), s)
print(s(torch.tensor([-1.0, 2.0])), s[1], [n for n, _ in s.named_children()])
l = nn.ModuleList([nn.ReLU()]); l.add_module("x", nn.Sigmoid()); print(len(l), l)
d = nn.ModuleDict(); d.add_module("k", nn.ReLU()); print(list(d.keys()), len(d))
m = nn.Module(); m.register_module("sub", nn.ReLU()); print(m)
for bad in [("forward", nn.ReLU()), ("a.b", nn.ReLU()), ("", nn.ReLU()), ("z", 5), (3, nn.ReLU())]:
    try:
        nn.Sequential().add_module(*bad)
    except (KeyError, TypeError) as e:
        print(type(e).__name__, e)
s.add_module("a", nn.Sigmoid()); print(s, len(s))
class Dense(nn.Sequential):
    def __init__(self):
        super().__init__()
        for i in range(2):
            self.add_module("layer%d" % (i + 1), nn.Linear(2, 2))
        self.add_module("norm", nn.ReLU())
print(Dense(), len(Dense()), torch.typename(torch.ones(1)))
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print(x.round(decimals=1).grad_fn.name(), x.round().grad_fn.name(), (x * 1.2345).round(decimals=2))
m = torch.ones(3, 3); m.triu_(1); print(m); m2 = torch.ones(3, 3); print(m2.tril_(-1), m2)
print(torch.arange(6.).split(split_size=[2, 4], dim=-1))
l = torch.tensor([16, -7, 5]); print(l >> 2, l << 1, l >> torch.tensor([1, 1, 2]), 1 << torch.tensor([2, 3]))
l >>= 1; print(l, torch.tensor([3], dtype=torch.uint8) << 2)
print(torch.ger(torch.tensor([1., 2.]), torch.tensor([3., 4.])), torch.tensor([1., 2.]).ger(torch.tensor([1., 0.])))
y = torch.tensor([[1.0, 2.0, 4.0], [0.5, 1.5, 3.0]])
print(torch.trapz(y), torch.trapezoid(y, dx=0.5), torch.trapezoid(y, torch.tensor([0.0, 1.0, 3.0])), torch.trapz(y, dim=0))
print(nn.init.calculate_gain('relu'), nn.init.calculate_gain('leaky_relu', 0.2), nn.init.calculate_gain('tanh'), nn.init.calculate_gain('conv2d'))
t = torch.ones(2); print(t.is_pinned(), t.is_inference())
d = torch.device('cpu')
print(torch.linspace(0, 1, 3, device=d), torch.eye(2, device=d, dtype=torch.bool), torch.empty(2, 2, device=d).shape)
print(torch.ones(1).to(d, torch.float64).dtype, torch.ones(1).to(d, non_blocking=True).dtype, torch.ones(1).to(dtype=torch.int64, device=d))
print(torch.ones(1).to(torch.float64, non_blocking=True, copy=True).dtype, torch.ones(2).new_full((2,), 3.0, device=d))
lin = nn.Linear(2, 2, device=d, dtype=torch.float64); print(lin.weight.dtype, lin.bias.dtype, nn.LayerNorm(2, device=d).weight.device)
print(nn.Embedding(3, 2, dtype=torch.float64).weight.dtype, nn.BatchNorm1d(2, dtype=torch.float64).running_mean.dtype)
print(torch.full_like(torch.ones(1), 2, device=d), torch.zeros(2, requires_grad=True).new_zeros(2, requires_grad=True))
try:
    torch.ones(1).to(d, 'x')
except TypeError as e:
    print('TypeError')
for f in (lambda: torch.tensor([4.0]) >> 1, lambda: torch.tensor([4.0], dtype=torch.float64) << 2):
    try:
        f()
    except RuntimeError as e:
        print(e)
x = torch.arange(6.).reshape(2, 3)
print(torch.ravel(x.t()), x.ravel(), torch.fliplr(x), x.flipud(), torch.take(x, torch.tensor([0, 5])), x.take(torch.tensor([[1, 2]])))
print(torch.is_complex(x), x.is_complex(), torch.concat([x, x], 1).shape, x.moveaxis(0, 1).shape, len(x), x.__len__())
try:
    torch.fliplr(torch.ones(3))
except RuntimeError as e:
    print(e)
try:
    len(torch.tensor(1.0))
except TypeError as e:
    print(e)
