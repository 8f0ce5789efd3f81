# Multiple inheritance as model files use it: OpenAI-style UNet blocks
# (TimestepEmbedSequential(nn.Sequential, TimestepBlock)), a mixin adding a
# helper to nn.Module subclasses, and cooperative super() through them, run
# eagerly and under torch.compile.
from abc import abstractmethod

import torch
import torch.nn as nn
import torch.nn.functional as F


class TimestepBlock(nn.Module):
    @abstractmethod
    def forward(self, x, emb):
        """Apply the module to `x` given `emb` timestep embeddings."""


class TimestepEmbedSequential(nn.Sequential, TimestepBlock):
    def forward(self, x, emb):
        for layer in self:
            if isinstance(layer, TimestepBlock):
                x = layer(x, emb)
            else:
                x = layer(x)
        return x


class ResBlock(TimestepBlock):
    def __init__(self, ch, emb_ch):
        super().__init__()
        self.norm = nn.GroupNorm(2, ch)
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.emb = nn.Linear(emb_ch, ch)

    def forward(self, x, emb):
        h = self.conv(F.silu(self.norm(x)))
        return x + h + self.emb(emb)[:, :, None, None]


class InitMixin:
    def init_weights(self, value):
        with torch.no_grad():
            for p in self.parameters():
                p.fill_(value)
        return self

    def count(self):
        return sum(p.numel() for p in self.parameters())


class Head(nn.Module, InitMixin):
    def __init__(self, ch, n):
        super().__init__()
        self.fc = nn.Linear(ch, n)

    def forward(self, x):
        return self.fc(x.mean(dim=(2, 3)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([
            TimestepEmbedSequential(nn.Conv2d(3, 4, 3, padding=1)),
            TimestepEmbedSequential(ResBlock(4, 8), nn.SiLU()),
            TimestepEmbedSequential(ResBlock(4, 8)),
        ])
        self.head = Head(4, 2).init_weights(0.05)

    def forward(self, x, emb):
        for b in self.blocks:
            x = b(x, emb)
        return self.head(x)


net = Net().eval()
with torch.no_grad():  # deterministic weights (torch's random stream is not standin's)
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1 + i % 3))
x = torch.arange(2 * 3 * 4 * 4, dtype=torch.float32).reshape(2, 3, 4, 4) / 50
emb = torch.linspace(-1, 1, 16).reshape(2, 8)
print(isinstance(net.blocks[1], nn.Sequential), isinstance(net.blocks[1], TimestepBlock))
print(isinstance(net.blocks[1], nn.ModuleList), isinstance(net.blocks, nn.Sequential))
print([c.__name__ for c in TimestepEmbedSequential.__mro__])
print(net.head.count(), len(net.blocks[1]))
with torch.no_grad():
    out = net(x, emb)
print(out.shape)
print([[round(v, 4) for v in row] for row in out.tolist()])

# ModuleList + and +=.
ml = nn.ModuleList([nn.ReLU()]) + nn.ModuleList([nn.Tanh(), nn.Sigmoid()])
print(type(ml).__name__, len(ml), [type(m).__name__ for m in ml])
ml += [nn.Identity()]
print(len(ml), type(ml[3]).__name__)
