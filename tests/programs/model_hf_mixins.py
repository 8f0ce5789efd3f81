# Hugging Face's class layout in miniature: PreTrainedModel(nn.Module,
# ModuleUtilsMixin, GenerationMixin), post_init's apply(_init_weights), and a
# @dataclass ModelOutput(OrderedDict) indexed by name and position.
import torch
import torch.nn as nn
from collections import OrderedDict
from dataclasses import dataclass, fields
from typing import Optional, Tuple


class ModelOutput(OrderedDict):
    def __post_init__(self):
        for f in fields(self):
            v = getattr(self, f.name)
            if v is not None:
                self[f.name] = v

    def __getitem__(self, k):
        if isinstance(k, str):
            return dict(self.items())[k]
        return self.to_tuple()[k]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclass
class BaseOutput(ModelOutput):
    last_hidden_state: torch.FloatTensor = None
    pooler_output: Optional[torch.FloatTensor] = None
    hidden_states: Optional[Tuple[torch.FloatTensor]] = None


class ModuleUtilsMixin:
    def num_parameters(self, only_trainable=False):
        return sum(p.numel() for p in self.parameters() if p.requires_grad or not only_trainable)

    @property
    def dtype(self):
        return next(self.parameters()).dtype


class GenerationMixin:
    def generate(self, x, steps=2):
        for _ in range(steps):
            x = torch.cat([x, self(x).last_hidden_state[:, -1:].argmax(-1)], 1)
        return x


class PreTrainedModel(nn.Module, ModuleUtilsMixin, GenerationMixin):
    config_class = None

    def __init__(self, config):
        super().__init__()
        self.config = config

    def post_init(self):
        self.apply(self._init_weights)

    def _init_weights(self, m):
        if isinstance(m, nn.Linear):
            with torch.no_grad():
                m.weight.copy_(torch.linspace(-0.2, 0.2, m.weight.numel()).reshape(m.weight.shape))
                if m.bias is not None:
                    m.bias.zero_()
        elif isinstance(m, nn.Embedding):
            with torch.no_grad():
                m.weight.copy_(torch.linspace(-1, 1, m.weight.numel()).reshape(m.weight.shape))


class TinyModel(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.emb = nn.Embedding(config["vocab"], config["dim"])
        self.lin = nn.Linear(config["dim"], config["vocab"])
        self.post_init()

    def forward(self, ids, output_hidden_states=False):
        h = self.emb(ids)
        out = self.lin(torch.relu(h))
        return BaseOutput(last_hidden_state=out, pooler_output=out.mean(1),
                          hidden_states=(h,) if output_hidden_states else None)


m = TinyModel({"vocab": 7, "dim": 4})
print(m.num_parameters(), m.dtype, [c.__name__ for c in TinyModel.__mro__])
o = m(torch.tensor([[1, 2, 3]]))
print(type(o).__name__, list(o.keys()), o[0].shape, o["pooler_output"].shape, len(o.to_tuple()))
print(m.generate(torch.tensor([[1, 2]])))
with torch.no_grad():
    print(m(torch.tensor([[4]]), output_hidden_states=True).hidden_states[0])
