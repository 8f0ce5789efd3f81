# What model files call around the model itself: the device check, grad-mode
# switches, as_tensor, diagonal/diag/trace, meshgrid, the atleast_*/stack
# helpers, NaN-aware reductions, logit, and the activation/dropout layers and
# ParameterList/ParameterDict of torch.nn.
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, torch.cuda.is_available(), torch.cuda.device_count(), torch.backends.mps.is_available())
torch.backends.cudnn.benchmark = True
torch.backends.cuda.matmul.allow_tf32 = True
print(torch.backends.cudnn.benchmark, torch.backends.cuda.matmul.allow_tf32)
try:
    torch.cuda.current_device()
except AssertionError as e:
    print("AssertionError", e)

print(torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())

x = torch.arange(12.0).reshape(3, 4)
print(torch.as_tensor([1, 2, 3]), torch.as_tensor([1.5, 2.5], dtype=torch.float64), torch.as_tensor(x) is x)
print(torch.as_tensor(x, dtype=torch.int64))
print(x.swapaxes(0, 1).shape, torch.swapdims(x, 0, 1).stride())
print(torch.diagonal(x), torch.diagonal(x, 1), torch.diagonal(x, -1), x.diagonal(offset=2))
print(torch.diag(x), torch.diag(x, 1), torch.diag(torch.tensor([1, 2, 3])), torch.diag(torch.tensor([1.0, 2.0]), -1))
y = torch.arange(24.0).reshape(2, 3, 4)
print(torch.diagonal(y, 0, 1, 2), torch.diagonal(y, 1, 0, 2))
print(torch.trace(x), torch.trace(torch.tensor([[1, 2], [3, 4]])), x.trace())
a, b = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="ij")
print(a, b)
a, b = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="xy")
print(a, b)
print(torch.atleast_1d(torch.tensor(3.0)), torch.atleast_2d(torch.tensor([1, 2])).shape, torch.atleast_3d(x).shape)
print(torch.column_stack([torch.tensor([1, 2]), torch.tensor([3, 4])]))
print(torch.row_stack([torch.tensor([1, 2]), torch.tensor([3, 4])]))
print(torch.dstack([torch.tensor([1, 2]), torch.tensor([3, 4])]).shape)
n = torch.tensor([[1.0, float("nan"), 3.0], [float("nan"), float("nan"), 6.0]])
print(torch.nansum(n), torch.nansum(n, 1), n.nansum(0, keepdim=True), torch.nanmean(n), torch.nanmean(n, dim=1))
print(torch.nansum(torch.tensor([1, 2, 3])))
p = torch.tensor([0.1, 0.25, 0.5, 0.9])
print(torch.logit(p), p.logit(eps=0.2))

t = torch.linspace(-3.0, 3.0, 13)
for layer in [nn.SELU(), nn.CELU(0.5), nn.LogSigmoid(), nn.Softsign(), nn.Tanhshrink(), nn.Softshrink(0.7),
              nn.Hardshrink(), nn.Threshold(0.5, -1.0), nn.Softmin(dim=0)]:
    print(type(layer).__name__, layer(t))
print(nn.GLU()(torch.arange(8.0).reshape(2, 4)))
print(F.celu(t, alpha=2.0), F.threshold(t, 1.0, 0.0))
for layer in [nn.Dropout1d(0.5), nn.Dropout2d(0.3), nn.AlphaDropout(0.2)]:
    layer.eval()
    print(type(layer).__name__, torch.equal(layer(y), y), layer)
print(F.dropout2d(y, 0.5, training=False) is y)


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = nn.ParameterList([nn.Parameter(torch.ones(2) * i) for i in range(3)])
        self.extra = nn.ParameterDict({"alpha": nn.Parameter(torch.tensor(0.5)), "beta": torch.tensor([1.0, 2.0])})

    def forward(self, v):
        for s in self.scales:
            v = v * s
        return v * self.extra["alpha"] + self.extra["beta"]


m = Mixer()
print([n for n, _ in m.named_parameters()])
print(len(m.scales), len(m.extra), "alpha" in m.extra, list(m.extra.keys()), type(m.extra["beta"]).__name__)
with torch.no_grad():
    print(m(torch.tensor([1.0, 2.0])), m.scales[-1])
m.scales.append(torch.zeros(2))
print(len(m.scales), type(m.scales[3]).__name__, sum(p.numel() for p in m.parameters()))

# Sampling: standin's stream differs from torch's, so only what any stream gives.
torch.manual_seed(0)
print(torch.multinomial(torch.tensor([[0.0, 1.0, 0.0], [0.0, 0.0, 2.0]]), 1))
print(sorted(torch.multinomial(torch.tensor([0.2, 0.3, 0.5]), 3).tolist()))
print(torch.multinomial(torch.tensor([0.0, 3.0]), 4, replacement=True), torch.multinomial(torch.ones(5), 2).shape)
print(torch.normal(0.0, 1.0, size=(2, 3)).shape, torch.normal(torch.zeros(4), 0.0), torch.randint_like(x, 1, 2))
print(torch.bernoulli(torch.zeros(3)), torch.bernoulli(torch.ones(2, 2)))
try:
    torch.multinomial(torch.ones(2), 3)
except RuntimeError as e:
    print("RuntimeError", e)
print(torch.__version__.split(".")[:2], isinstance(torch.__version__, str))
# relu keeps -0.0 and NaN, as ATen's clamp_min does (x * 0 of a negative x is -0.0).
z = torch.tensor([-0.0, 0.0, -1.0, float("nan"), 2.0] * 4)
print(torch.relu(z), F.relu(z * 0), torch.relu(torch.tensor([-3, 0, 4])))
