# An MLP with BatchNorm1d, as tabular models are written: training-mode
# forward passes update the running statistics (momentum, unbiased variance,
# num_batches_tracked), eval mode normalises with them; BatchNorm2d on 4-D
# input, affine=False, track_running_stats=False, momentum=None, the errors.
# Normalised values are printed rounded to 1e-3: standin's batch norm is not
# bit-exact with ATen's kernel (a last-bit difference can show as -5.96e-08
# against 0.0), the running statistics are.
import torch
import torch.nn as nn
import torch.nn.functional as F


class TabularNet(nn.Module):
    def __init__(self, n_in, hidden, n_out):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_in, hidden),
            nn.BatchNorm1d(hidden),
            nn.ReLU(),
            nn.Dropout(0.0),
            nn.Linear(hidden, n_out),
        )

    def forward(self, x):
        return self.net(x)


def r(t):
    return (t * 1000).round() / 1000 + 0.0  # + 0.0: no -0.0 from a tiny negative


model = TabularNet(4, 6, 2)
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-0.8, 0.8, p.numel()).view_as(p).cos() * (-1) ** i)
print(model)
x = torch.linspace(-1.0, 1.0, 20).reshape(5, 4) * torch.tensor([1.0, -2.0, 0.5, 3.0])
with torch.no_grad():
    for step in range(3):
        out = model(x + step * 0.1)
        print(step, r(out))
    bn = model.net[1]
    print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
    model.eval()
    print(r(model(x)))
    print(sorted(model.state_dict().keys()))

bn2 = nn.BatchNorm2d(3, momentum=None, affine=False)
y = torch.arange(2 * 3 * 2 * 2, dtype=torch.float32).reshape(2, 3, 2, 2) / 7.0
with torch.no_grad():
    print(r(bn2(y)))
    print(r(bn2(y * 2.0)).sum(), bn2.running_mean, bn2.running_var, bn2.num_batches_tracked)
print(bn2)
bn3 = nn.BatchNorm1d(2, track_running_stats=False)
bn3.eval()
with torch.no_grad():
    print(r(bn3(torch.tensor([[1.0, 2.0], [3.0, 6.0], [5.0, 4.0]]))))
print(bn3.running_mean, [n for n, _ in bn3.named_buffers()])
seq = torch.arange(24.0).reshape(2, 3, 4)
with torch.no_grad():
    print(r(nn.BatchNorm1d(3)(seq)))
    print(r(F.batch_norm(seq, torch.zeros(3), torch.ones(3), training=False)))
try:
    nn.BatchNorm1d(3)(torch.ones(1, 3))
except ValueError as e:
    print("ValueError", e)
try:
    nn.BatchNorm2d(3)(torch.ones(2, 3))
except ValueError as e:
    print("ValueError", e)
