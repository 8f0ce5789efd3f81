# Module.double()/half()/to(dtype) keep each parameter object (tied weights
# stay tied), and a parameter's .grad can be assigned, read, zeroed and deleted.
import torch
import torch.nn as nn


class LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(10, 4)
        self.head = nn.Linear(4, 10, bias=False)
        self.head.weight = self.tok.weight


for convert in (lambda m: m.double(), lambda m: m.half(), lambda m: m.to(torch.float64), lambda m: m.float(),
                lambda m: m.bfloat16()):
    m = convert(LM())
    print(m.head.weight is m.tok.weight, len(list(m.parameters())), m.tok.weight.dtype,
          type(m.head.weight).__name__, m.head.weight.requires_grad)
m = LM().double()
with torch.no_grad():
    m.tok.weight.zero_()
print(m.head.weight.abs().sum().item())

w = nn.Parameter(torch.ones(2))
print(w.grad)
for g in (torch.zeros(2), torch.zeros(3), torch.zeros(2, dtype=torch.float64), 3, None):
    try:
        w.grad = g
        print('grad', w.grad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
w.grad = torch.full((2,), 5.0)
del w.grad
print(w.grad)

lin = nn.Linear(2, 2)
for p in lin.parameters():
    p.grad = torch.ones_like(p)
lin.zero_grad()
print([p.grad for p in lin.parameters()])
lin.zero_grad(set_to_none=True)
print([p.grad for p in lin.parameters()])
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
for p in lin.parameters():
    p.grad = torch.ones_like(p)
opt.zero_grad()
print([p.grad.sum().item() for p in lin.parameters()])
opt.zero_grad(set_to_none=True)
print([p.grad for p in lin.parameters()])
x = torch.ones(2)
x.grad = torch.ones(2)
print(x.grad, x.requires_grad)

res = lin.load_state_dict({'weight': torch.ones(2, 2), 'extra': torch.ones(1)}, strict=False)
print(isinstance(res, tuple), res.missing_keys, res.unexpected_keys, len(res), res[0], res)
missing, unexpected = res
print(missing, unexpected, lin.load_state_dict(lin.state_dict()))
