# ParameterList / ParameterDict print their parameters as torch 1.13 does;
# type() of a tensor and a parameter names torch's modules; keepdims= is
# taken for keepdim=.
import torch
import torch.nn as nn

pl = nn.ParameterList([nn.Parameter(torch.ones(3)), nn.Parameter(torch.ones(2, 3, dtype=torch.float64))])
print(pl)
pd = nn.ParameterDict({'a': nn.Parameter(torch.ones(2)), 'b': nn.Parameter(torch.zeros(()))})
print(pd)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = pl
        self.l = nn.Linear(1, 1)


print(M())
print(nn.ParameterList(), nn.ParameterDict())
x = torch.ones(2, 3)
print(type(x), type(nn.Parameter(x)), type(x).__name__, torch.Tensor, nn.Parameter)
print(x.sum(1, keepdims=True).shape, torch.amax(x, 0, keepdims=True).shape, x.argmax(1, keepdims=True).shape)
