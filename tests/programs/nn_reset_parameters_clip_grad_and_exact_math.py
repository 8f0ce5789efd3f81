# nn layers call reset_parameters() from __init__ (a subclass's override runs, LoRA's
# pattern), clip_grad_norm_/clip_grad_value_ over assigned grads, erfc/ndtr/entr,
# pow by 2, 3, 0.5, -0.5, -1, -2 as ATen computes it, hardswish/hardsigmoid/gelu
# tanh in ATen's order, Tensor.flip with varargs.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALinear(nn.Linear):
    def __init__(self, i, o, r=2):
        nn.Linear.__init__(self, i, o)
        self.lora_A = nn.Parameter(self.weight.new_zeros((r, i)))
        self.lora_B = nn.Parameter(self.weight.new_zeros((o, r)))
        self.reset_parameters()

    def reset_parameters(self):
        nn.Linear.reset_parameters(self)
        if hasattr(self, 'lora_A'):
            with torch.no_grad():
                self.lora_A.fill_(0.5)
                self.lora_B.zero_()


class Zeroed(nn.Linear):
    def reset_parameters(self):
        nn.init.zeros_(self.weight)


print(Zeroed(2, 2).weight.abs().sum().item())
m = LoRALinear(3, 2)
print(m.lora_A.sum().item(), m.lora_B.sum().item(), m.weight.shape)
for layer in (nn.LayerNorm(4), nn.GroupNorm(2, 4), nn.BatchNorm1d(3), nn.Conv2d(2, 3, 3), nn.Embedding(4, 2, padding_idx=1)):
    with torch.no_grad():
        for p in layer.parameters():
            p.add_(1)
    layer.reset_parameters()
    print(type(layer).__name__, [tuple(p.shape) for p in layer.parameters()])
ln = nn.LayerNorm(3)
with torch.no_grad():
    ln.weight.fill_(2)
ln.reset_parameters()
print(ln.weight, ln.bias)
bn = nn.BatchNorm1d(2)
bn.train()
bn(torch.tensor([[1., 2.], [3., 5.]]))
print(bn.running_mean, bn.num_batches_tracked)
bn.reset_parameters()
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)

p = nn.Parameter(torch.ones(3))
p.grad = torch.tensor([3., 4., 0.])
q = nn.Parameter(torch.ones(2))
q.grad = torch.tensor([12., 0.])
print(torch.nn.utils.clip_grad_norm_([p, q], 1.0), p.grad, q.grad)
p.grad = torch.tensor([3., -4., 0.])
print(torch.nn.utils.clip_grad_norm_(p, 2.0, norm_type=float('inf')), p.grad)
p.grad = torch.tensor([3., -4., 0.5])
torch.nn.utils.clip_grad_value_([p], 1.0)
print(p.grad)
p.grad = torch.tensor([float('nan'), 1., 0.])
try:
    torch.nn.utils.clip_grad_norm_(p, 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print('RuntimeError', str(e)[:40])
print(torch.nn.utils.clip_grad_norm_([nn.Parameter(torch.ones(1))], 1.0))

x = torch.tensor([3., 4., 5., 6., -3.5, 0.25])
print(torch.erfc(x), x.erfc(), torch.special.erfc(x), torch.special.ndtr(x))
print(torch.special.entr(torch.tensor([0.5, 0., -1., 2.])))
y = torch.linspace(0.01, 3, 50)
print(torch.equal(y.pow(0.5), y.sqrt()), torch.equal(y.pow(3.), y * y * y), torch.equal(y.pow(-0.5), y.rsqrt()),
      torch.equal(y.pow(-2.), 1 / (y * y)), torch.equal(y ** 2, y * y), torch.equal(y.pow(-1), y.reciprocal()))
h = torch.tensor([-2.9926002025604248, -1., 0.5, 2.9, 3.5, -3.5])
print(F.hardswish(h).tolist(), F.hardsigmoid(h).tolist())
print(F.gelu(torch.tensor([-3.182000160217285, -2.5, 0.3, 1.7]), approximate='tanh').tolist())
z = torch.arange(24.).reshape(2, 3, 4)
print(z.flip(0, 2)[0, 0].tolist(), z.flip((1,))[0, 0].tolist(), z.flip(dims=[2])[1, 2].tolist(), torch.flip(z, [0, 1])[0, 0].tolist())
