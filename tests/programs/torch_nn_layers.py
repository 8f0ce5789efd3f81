# Layers and functions built from the op table: LayerNorm, SiLU, LeakyReLU,
# relu6/hardtanh, tril/triu and masked_fill, as model code uses them.
import torch
import torch.nn as nn
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.reshape(-1).tolist()]


x = torch.arange(12).reshape(3, 4).float() - 5.5
print(r(F.silu(x)))
print(r(nn.SiLU()(x)))
print(r(F.leaky_relu(x)))
print(r(F.leaky_relu(x, 0.2)))
print(r(nn.LeakyReLU(0.1)(x)))
print(nn.LeakyReLU(0.1))
print(r(F.relu6(x * 2)))
print(r(F.hardtanh(x)))
print(r(F.hardtanh(x, -2.0, 3.0)))

ln = nn.LayerNorm(4)
print(ln)
print(ln.weight.shape, ln.bias.shape)
y = ln(x)
print(y.shape)
print(r(y))
print(r(F.layer_norm(x, (4,))))
print(r(F.layer_norm(x, (3, 4))))
ln2 = nn.LayerNorm([4], eps=1e-3, elementwise_affine=False)
print(ln2)
print(r(ln2(x)))
print(len(list(ln.parameters())), len(list(ln2.parameters())))

m = torch.ones(4, 4)
print(torch.tril(m))
print(torch.triu(m))
print(torch.tril(m, diagonal=-1))
print(torch.triu(m, 1))
print(m.tril())
print(torch.tril(torch.ones(2, 3, 3)).sum())

T = 4
mask = torch.tril(torch.ones(T, T)) == 0
att = torch.zeros(T, T).masked_fill(mask, float('-inf'))
print(att)
print(r(torch.softmax(att, dim=-1)))
z = torch.arange(6).reshape(2, 3)
print(z.masked_fill(z > 2, -1))
print(torch.masked_fill(z, z % 2 == 0, 100))
w = z.clone()
w.masked_fill_(w < 2, 7)
print(w)
print(z.masked_fill(torch.tensor([True, False, True]), 0))
