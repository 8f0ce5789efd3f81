# torch.fmax/fmin (NaN-ignoring), Module.get_buffer, and the Laplace and
# LogNormal distributions, as model files use them.
import torch
import torch.nn as nn
from torch.distributions import Laplace, LogNormal

a = torch.tensor([1.0, float("nan"), 3.0, float("nan"), -2.0])
b = torch.tensor([2.0, 1.0, float("nan"), float("nan"), -5.0])
print(torch.fmax(a, b), torch.fmin(a, b), a.fmax(b), a.fmin(b))
print(torch.fmax(torch.tensor([1, 5]), torch.tensor([3, 2])))
print(torch.fmax(a, b.requires_grad_()).grad_fn is not None)

m = nn.Sequential(nn.BatchNorm1d(2), nn.Linear(2, 2))
print(m.get_buffer("0.running_var"), m.get_buffer("0.num_batches_tracked"), m.get_parameter("1.bias").shape)
try:
    m.get_buffer("0.weight")
except AttributeError as e:
    print("AttributeError:", e)

for d in (Laplace(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0])), LogNormal(torch.tensor([0.0, 0.5]), torch.tensor([1.0, 0.25]))):
    v = torch.tensor([0.5, 2.0])
    print(type(d).__name__, d.batch_shape, d.mean, d.variance, d.stddev)
    print(d.log_prob(v), d.entropy(), d.cdf(v), d.icdf(torch.tensor([0.25, 0.75])))
    print(d.sample((3,)).shape, d.rsample().shape, d.expand((4, 2)).batch_shape)
print(Laplace(0.0, 1.0).mode, LogNormal(0.0, 1.0).mode)
