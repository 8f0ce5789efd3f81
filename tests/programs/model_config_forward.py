from dataclasses import dataclass, field
from functools import partial
from typing import List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    dims: List[int] = field(default_factory=lambda: [4, 6, 3])
    activation: str = 'gelu'
    residual_scale: float = 0.5
    use_norm: bool = True
    eps: float = 1e-5
    name: Optional[str] = None


ACTIVATIONS = {'gelu': F.gelu, 'silu': F.silu, 'tanh_gelu': partial(F.gelu, approximate='tanh'), 'relu': F.relu}


class Model(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.cfg = cfg
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(cfg.dims[:-1], cfg.dims[1:]))
        self.norms = nn.ModuleList(nn.LayerNorm(b, eps=cfg.eps) for b in cfg.dims[1:-1])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        act = ACTIVATIONS[self.cfg.activation]
        for i, layer in enumerate(self.layers):
            y = layer(x)
            if i < len(self.layers) - 1:
                if self.cfg.use_norm:
                    y = self.norms[i](y)
                y = act(y)
            x = y
        return x * self.cfg.residual_scale


cfg = Config()
print(cfg, cfg == Config(), cfg == Config(activation='silu'))
x = torch.tensor([[1.0, -2.0, 0.5, 3.0]])
for act in ['gelu', 'silu', 'tanh_gelu', 'relu']:
    c = Config(activation=act, name=act)
    m = Model(c)
    with torch.no_grad():
        for j, p in enumerate(m.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 1.3 + j).reshape(p.shape) * 0.5)
        print(c.name, m(x))
c2 = Config(dims=[4, 3], use_norm=False)
m2 = Model(c2)
print(len(m2.layers), len(m2.norms), c2.dims, Config.__annotations__ if False else c2.residual_scale)
