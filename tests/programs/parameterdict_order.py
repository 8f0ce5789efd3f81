# torch 1.13's ParameterDict takes a plain dict's items sorted by key (an
# OrderedDict's in order); ModuleDict keeps a plain dict's order. The order
# is that of named_parameters, state_dict and an optimizer's parameters.
from collections import OrderedDict

import torch
import torch.nn as nn

d = nn.ParameterDict({"temp": nn.Parameter(torch.ones(1)), "bias": nn.Parameter(torch.zeros(2))})
print(list(d.keys()), [n for n, _ in d.named_parameters()])
d.update({"zeta": nn.Parameter(torch.ones(1)), "alpha": nn.Parameter(torch.ones(1))})
print(list(d.keys()))
d2 = nn.ParameterDict(OrderedDict([("temp", nn.Parameter(torch.ones(1))), ("bias", nn.Parameter(torch.ones(1)))]))
print(list(d2.keys()), list(nn.ParameterDict(d2).keys()))
d3 = nn.ParameterDict([("z", nn.Parameter(torch.ones(1))), ("a", nn.Parameter(torch.ones(1)))])
print(list(d3.keys()))
m = nn.ModuleDict({"z": nn.ReLU(), "a": nn.Tanh()})
print(list(m.keys()))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = nn.ParameterDict({"w": nn.Parameter(torch.ones(2)), "b": nn.Parameter(torch.zeros(2))})

    def forward(self, x):
        return x * self.p["w"] + self.p["b"]


model = M()
print(list(model.state_dict().keys()))
f = torch.compile(model) if hasattr(torch, "compile") else model
print(f(torch.arange(2.0)))
