# torch's out= keyword: results written into (and resized to) the out tensor,
# pairs for sort/max/topk/frexp, dtype casting rules and errors, factories
# taking out's dtype; torch.can_cast; torch.frexp; torch.randint(high, size).
import math

import torch
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.25]])
o = torch.empty(0)
r = torch.sigmoid(x, out=o)
print(r is o, o.shape, o)
o = torch.zeros(3, dtype=torch.long)
try:
    torch.sigmoid(x, out=o)
except Exception as e:
    print(type(e).__name__, e)
o = torch.zeros(3, dtype=torch.long)
torch.add(torch.tensor([1, 2]), 1, out=o); print(o)
o = torch.zeros(2, dtype=torch.float64); print(torch.add(torch.tensor([1, 2]), 1, out=o))
a, b = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.sort(torch.tensor([3., 1., 2.]), out=(a, b)); print(r, r.values is a, r[1] is b)
try:
    torch.sort(torch.tensor([3., 1., 2.]), out=[a])
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.sigmoid(x, out=3)
except Exception as e:
    print(type(e).__name__, e)
print(torch.zeros(2, 3, out=torch.empty(0, dtype=torch.long)))
print(torch.arange(4, out=torch.empty(0)))
o = torch.ones(2, 3); v = o[0]; torch.zeros(2, 3, out=o); print(v)
print(torch.cat([x, x], out=torch.empty(0)).shape)
print(torch.max(torch.tensor([[1., 3.]]), 1, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
print(torch.can_cast(torch.float, torch.int), torch.can_cast(torch.int, torch.float), torch.can_cast(torch.int, torch.bool), torch.can_cast(torch.bool, torch.bool))
try:
    torch.nn.functional.relu(x, out=o)
except Exception as e:
    print(type(e).__name__, e)
y = torch.zeros(3, 2)
torch.abs(x, out=y.T); print(y)
print(torch.matmul(torch.ones(2, 2), torch.ones(2), out=torch.empty(0)))
print(torch.mm(torch.ones(2, 2), torch.ones(2, 2), out=torch.empty(0)))
print(torch.topk(torch.tensor([1., 5., 3.]), 2, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
print(torch.cumsum(torch.tensor([1., 5., 3.]), 0, out=torch.empty(3)))
print(torch.where(torch.tensor([True, False]), torch.tensor([1., 2.]), torch.tensor([3., 4.]), out=torch.empty(2)))
print(torch.randint(0, 1, (3,), out=torch.empty(0, dtype=torch.long)))
print(torch.clamp(x, min=0.0, out=torch.empty(0)))
print(torch.sum(x, 1, out=torch.empty(0)))
print(torch.mean(x, 0, out=torch.empty(0)))
print(torch.exp(x, out=None).shape)
print(torch.stack([x, x], out=torch.empty(0)).shape)
print(torch.div(x, 2, out=torch.empty(0)))
print(torch.mul(x, 2, out=torch.empty(0)))
print(torch.tril(x, out=torch.empty(0)))
x = torch.tensor([[0.0, 1, 2, 4, -3.5, 0.1, 1e-30, 7.999999, float('inf'), -float('inf')]])
m, e = torch.frexp(x)
print(m, e)
print(torch.frexp(x.double()))
print(x.frexp().mantissa.dtype, x.frexp().exponent.dtype)
print(torch.frexp(torch.tensor([3.0]), out=[torch.empty(0), torch.empty(0, dtype=torch.int32)]))
try:
    torch.frexp(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
for v in [0.75, 1e-20, 123456.0, 2.0**-126, 0.30000001]:
    t = torch.frexp(torch.tensor([v], dtype=torch.float64))
    print(t.mantissa.item(), t.exponent.item(), math.frexp(v))
print(torch.randint(5, (2, 3)).shape, torch.randint(2, 5, (4,)).dtype, torch.randint(high=3, size=(2,)).shape)


def model_step(x, buf):
    torch.matmul(x, x.T, out=buf)
    return buf.sum()


buf = torch.empty(0)
print(model_step(torch.ones(2, 3), buf), buf)
