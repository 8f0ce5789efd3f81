import torch
from torch import nn
import torch.nn.functional as F


class ResidualBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, dim))
        self.gate = nn.Identity()

    def forward(self, x):
        return x + self.gate(self.ff(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=6, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([ResidualBlock(dim, dim * 2) for _ in range(depth)])
        self.heads = nn.ModuleDict({'cls': nn.Linear(dim, 2), 'reg': nn.Linear(dim, 1)})
        self.final_norm = nn.LayerNorm(dim, eps=1e-6)

    def forward(self, x, task='cls'):
        for block in self.blocks:
            x = block(x)
        x = self.final_norm(x)
        return self.heads[task](x)


net = Net()
with torch.no_grad():
    for name, p in net.named_parameters():
        p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape))
net.eval()
x = torch.arange(12, dtype=torch.float32).reshape(2, 6) / 10
with torch.no_grad():
    print(net(x))
    print(net(x, task='reg'))
print(list(net.heads.keys()), 'cls' in net.heads, len(net.heads))
for k, m in net.heads.items():
    print(k, m)
print(net)
print([n for n, _ in net.named_parameters()][:6])
print(sum(p.numel() for p in net.parameters()))
print(F.silu(x)[0], F.layer_norm(x, (6,))[1])
