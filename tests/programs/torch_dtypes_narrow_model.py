# Model code with narrow dtypes: int32 indices into an embedding, a uint8
# mask, one_hot counts in int32, float16 activations converted back to float32,
# and modules converted with .double()/.half()/.to(dtype).
import torch
import torch.nn as nn
import torch.nn.functional as F


def mixed(a, b, s):
    c = a + b * s
    d = (c > 2).int()
    e = c.sum(0) + d.sum()
    return c, d, e, c.to(torch.float16) * 0.5, c.argmax(-1), c.max(dim=1)


def half_math(x):
    h = x.half()
    y = h * h + 1
    z = y.float().softmax(-1)
    return y, z, y.dtype, h.mean(), h.amax(0), h.cumsum(0) if False else h.float().cumsum(0)


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        with torch.no_grad():
            self.emb.weight.copy_(torch.arange(40.0).view(10, 4) / 10)

    def forward(self, idx):
        e = self.emb(idx)
        mask = (idx != 0).to(torch.uint8)
        return e * mask.unsqueeze(-1), mask.sum(-1)


def indexing(x, idx):
    out = x[idx]
    x2 = x.clone()
    x2[idx] = 0
    return out, x2, torch.index_select(x, 0, idx), x.gather(1, idx.long().view(-1, 1).expand(-1, 2) % 2)


def counts(labels):
    one = F.one_hot(labels.long(), 4).to(torch.int32)
    return one, one.sum(0), (labels == 2).sum().item()


a = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int32)
b = torch.tensor([[1, 0, 1], [0, 1, 0]], dtype=torch.int32)
for s in (2, 3):
    print(mixed(a, b, s))
x = torch.tensor([[0.5, 1.25], [3.0, -2.0]])
print(half_math(x))
print(half_math(x * 2))
m = Embed()
idx = torch.tensor([[1, 0, 3], [9, 9, 0]], dtype=torch.int32)
with torch.no_grad():
    print(m(idx))
    print(m(idx.long()))
y = torch.arange(8, dtype=torch.int16).view(4, 2)
try:
    print(indexing(y, torch.tensor([2, 0], dtype=torch.int32)))
except IndexError as e:  # PyTorch 1.13 indexes with int64, uint8 and bool tensors only
    print('IndexError:', e)
print(indexing(y, torch.tensor([2, 0])))
print(y[torch.tensor([1, 0, 1, 1], dtype=torch.uint8)])
print(indexing(y.to(torch.float16), torch.tensor([3, 1])))
print(counts(torch.tensor([0, 2, 2, 3], dtype=torch.int8)))
print(counts(torch.tensor([1, 1, 0], dtype=torch.uint8)))


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.register_buffer('scale', torch.tensor([2.0, 0.5]))
        self.register_buffer('count', torch.tensor(0))
        with torch.no_grad():
            self.fc.weight.copy_(torch.tensor([[0.5, -1.0, 0.25], [1.5, 0.125, -0.5]]))
            self.fc.bias.copy_(torch.tensor([0.1, -0.2]))

    def forward(self, x):
        return self.fc(x) * self.scale


net = Small()
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 4.0]])
with torch.no_grad():
    print(net(x))
    net.double()
    print(net.fc.weight.dtype, net.scale.dtype, net.count.dtype, type(net.fc.weight).__name__)
    print(net(x.double()))
    net.to(torch.float32)
    print(net(x))
    net.half()
    print(net.fc.weight, net.scale)
    net.bfloat16()
    print(net.fc.bias.dtype, net.fc.weight.float(), net.fc.weight.is_floating_point(), torch.bfloat16.is_floating_point)
try:
    net.to(torch.int32)
except TypeError as e:
    print('TypeError:', e)
