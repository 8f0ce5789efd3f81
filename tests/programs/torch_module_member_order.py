# nn.Module registers parameters and submodules in the order they became
# members: a plain placeholder first (self.bias = bias, self.proj = None)
# does not keep its slot once a Parameter or Module takes the name, so
# named_parameters, state_dict, the repr and the optimizer's order are
# torch's. _modules.pop + re-insert moves a child last.
import torch
import torch.nn as nn


class DynConv(nn.Module):
    def __init__(self, bias=True):
        super().__init__()
        self.bias = bias
        self.proj = None
        self.weight = nn.Parameter(torch.ones(2, 2))
        self.attention = nn.Linear(2, 2)
        if bias:
            self.bias = nn.Parameter(torch.zeros(2))
        self.proj = nn.Linear(2, 1)
        self.norm = nn.LayerNorm(2)

    def forward(self, x):
        y = self.attention(x @ self.weight)
        if isinstance(self.bias, nn.Parameter):
            y = y + self.bias
        return self.proj(self.norm(y))


torch.manual_seed(0)
m = DynConv()
print([n for n, _ in m.named_parameters()])
print(list(m.state_dict().keys()))
print([n for n, _ in m.named_children()])
print(m)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
print([tuple(p.shape) for p in opt.param_groups[0]["params"]])
m2 = DynConv(bias=False)
print([n for n, _ in m2.named_parameters()], m2.bias)

# A parameter replaced by a parameter keeps its place.
m.weight = nn.Parameter(torch.zeros(2, 2))
print([n for n, _ in m.named_parameters()][:2])

a = m._modules.pop("attention")
m._modules["attention"] = a
print([n for n, _ in m.named_children()])
print(m._modules.pop("missing", "default"))
try:
    m._modules.pop("missing")
except KeyError as e:
    print("KeyError", e)

x = torch.ones(3, 2)
f = torch.compile(m) if hasattr(torch, "compile") else m
print(f(x).shape)


# register_buffer over an existing attribute is refused; registering a
# non-persistent buffer again with the default makes it persistent.
class Buffers(nn.Module):
    def __init__(self):
        super().__init__()
        self.plain = 1
        self.register_buffer("b", torch.ones(1), persistent=False)


bm = Buffers()
for name in ("plain", "forward", "training"):
    try:
        bm.register_buffer(name, torch.zeros(1))
    except KeyError as e:
        print("KeyError", e)
print(list(bm.state_dict().keys()))
bm.register_buffer("b", torch.ones(2))
print(list(bm.state_dict().keys()), [n for n, _ in bm.named_buffers()])
