# state_dict() is an OrderedDict, printed as torch prints it, and
# nn.Sequential takes an OrderedDict of named layers.
from collections import OrderedDict

import torch
import torch.nn as nn

net = nn.Sequential(OrderedDict([('fc', nn.Linear(2, 2)), ('act', nn.ReLU()), ('out', nn.Linear(2, 1))]))
with torch.no_grad():
    net.fc.weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
    net.fc.bias.fill_(0.25)
    net.out.weight.copy_(torch.tensor([[2.0, -3.0]]))
    net.out.bias.zero_()
sd = net.state_dict()
print(type(sd).__name__, list(sd.keys()))
print(sd)
print(net.fc is net[0], net(torch.tensor([[1.0, 2.0]])).detach())
copy = nn.Sequential(OrderedDict([('fc', nn.Linear(2, 2)), ('act', nn.ReLU()), ('out', nn.Linear(2, 1))]))
print(copy.load_state_dict(sd))
print(torch.equal(copy.out.weight, net.out.weight), isinstance(sd, dict))
