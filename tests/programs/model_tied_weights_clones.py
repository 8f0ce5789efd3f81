# Model-file idioms around parameters: a tied embedding/output weight counted
# once by parameters() (as GPT-2 style models report their size), a layer
# cloned N times with copy.deepcopy (the transformer's _get_clones), a module
# shared between two parents, named_* with a prefix, and top-k tie order.
import copy
import math
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def _get_clones(module, n):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class Layer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
        self.register_buffer("scale", torch.tensor(0.5))

    def forward(self, x):
        return self.norm(x + self.scale * torch.relu(self.fc(x)))


class TinyLM(nn.Module):
    def __init__(self, vocab=11, d=6, n_layer=3):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.layers = _get_clones(Layer(d), n_layer)
        self.shared = self.layers[0]  # the same module under a second name
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.wte.weight  # tied
        if n_layer > 8:
            warnings.warn("deep model")

    def forward(self, idx):
        x = self.wte(idx)
        for layer in self.layers:
            x = layer(x)
        return self.head(x)


torch.manual_seed(0)
model = TinyLM()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-1.0, 1.0, p.numel()).view_as(p) * math.cos(i))

print(sum(p.numel() for p in model.parameters()))
print(len(list(model.parameters())), len(list(model.named_modules())), len(list(model.modules())))
print([n for n, _ in model.named_parameters()])
print([n for n, _ in model.named_parameters(prefix="lm")][:4])
print([n for n, _ in model.named_buffers()])
print([n for n, _ in model.named_modules()])
print([n for n, _ in model.named_children()])
print(len(model.state_dict()), list(model.state_dict())[:3], "head.weight" in model.state_dict())
print(model.head.weight is model.wte.weight, model.layers[0].fc.weight is model.layers[1].fc.weight)
print(model.layers[1].fc.weight.requires_grad, type(model.layers[2].fc.weight).__name__)
print(torch.equal(model.layers[1].scale, model.layers[2].scale), model.layers[1].scale is model.layers[2].scale)

# The clones are independent: changing one leaves the others alone.
with torch.no_grad():
    model.layers[2].fc.bias.fill_(0.25)
print(model.layers[0].fc.bias, model.layers[2].fc.bias)

model.eval()
idx = torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]])
with torch.no_grad():
    logits = model(idx)
    print(logits.shape, logits[0, -1])
    v, ix = torch.topk(logits[:, -1, :], 3)
    print(v, ix)
    print(torch.sort(logits[1, 0]).indices)

m2 = copy.deepcopy(model)
print(m2.head.weight is m2.wte.weight, m2.shared is m2.layers[0], m2.head.weight is model.head.weight)
print(sum(p.numel() for p in m2.parameters()), m2.training)
with torch.no_grad():
    print(torch.equal(m2(idx), model(idx)))

# copy.copy of a tensor: a new tensor on the same storage, of the same kind.
t = torch.ones(2)
c = copy.copy(t)
c[0] = 5.0
print(t, c is t, c.requires_grad, type(copy.copy(model.head.weight)).__name__, copy.copy(model.head.weight).requires_grad)
