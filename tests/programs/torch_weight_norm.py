# nn.utils.weight_norm / remove_weight_norm: weight_g and weight_v replace the
# parameter, a forward pre-hook recomputes the weight, dim=0 / 1 / None.
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, -2.0, 2.0], [0.5, 0.0, -0.5]]))
    lin.bias.copy_(torch.tensor([0.1, -0.1]))
m = nn.utils.weight_norm(lin)
print(m is lin, [n for n, _ in m.named_parameters()], sorted(m.state_dict().keys()))
print(m.weight_g, m.weight_v, m.weight)
x = torch.tensor([[1.0, 2.0, 3.0]])
print(m(x))
with torch.no_grad():
    m.weight_g.mul_(2.0)
print(m(x), m.weight)
try:
    nn.utils.weight_norm(m)
except RuntimeError as e:
    print('RuntimeError', e)
nn.utils.remove_weight_norm(m)
print([n for n, _ in m.named_parameters()], m.weight, isinstance(m.weight, nn.Parameter))
try:
    nn.utils.remove_weight_norm(m)
except ValueError as e:
    print('ValueError', e)

conv = nn.Conv1d(2, 3, 2)
with torch.no_grad():
    conv.weight.copy_(torch.arange(12.0).reshape(3, 2, 2) - 5)
    conv.bias.zero_()
c1 = nn.utils.weight_norm(conv, dim=1)
print(c1.weight_g.shape, c1.weight_g, c1(torch.ones(1, 2, 3)))
conv2 = nn.Linear(2, 2)
with torch.no_grad():
    conv2.weight.copy_(torch.tensor([[3.0, 4.0], [0.0, 5.0]]))
c2 = nn.utils.weight_norm(conv2, dim=None)
print(c2.weight_g, c2.weight_g.shape, c2.weight)
