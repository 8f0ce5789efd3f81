# Values printed with every digit (tolist(), item()) agree with PyTorch 1.13
# bit for bit: its float kernels use SLEEF's exp (and log, tanh), reduce in
# vector lanes, and softmax multiplies by the reciprocal of its sum. A model
# printing `loss.item()` shows any last-bit difference.
import torch
import torch.nn as nn
import torch.nn.functional as F


def vals(n, k=7, mag=2, scale=3.0):
    out = []
    v = 0.1
    for i in range(n):
        v = (v * 3.7 + 0.31) % 1.0
        out.append((v - 0.5) * (10.0 ** ((i * k) % mag - 1)) * scale)
    return out


def show(tag, t):
    print(tag, tuple(t.shape), t.flatten().tolist())


x = torch.tensor(vals(6 * 40)).reshape(6, 40)
small = torch.tensor(vals(4 * 5)).reshape(4, 5)
target = torch.tensor([1, 0, 3, 2])

show("exp", torch.exp(x[:2]))
show("exp strided", torch.exp(x[:, ::3]))
show("sigmoid", torch.sigmoid(small))
show("silu", F.silu(small))
show("elu", F.elu(x[:2]))
show("selu", F.selu(x[:2]))
show("softplus big", F.softplus(x[:2] * 4))
show("erf", torch.erf(x[:2]))
show("expm1 log1p", torch.log1p(torch.expm1(x[:2]).abs()))
show("tanh", torch.tanh(x[:2]))
show("gelu tanh", F.gelu(x[:1, :32], approximate="tanh"))
show("softplus", F.softplus(small))
for dim in [-1, 0]:
    show("softmax %d" % dim, torch.softmax(x, dim))
    show("log_softmax %d" % dim, F.log_softmax(x, dim=dim))
    show("softmax small %d" % dim, F.softmax(small, dim=dim))
    show("log_softmax small %d" % dim, small.log_softmax(dim))
y = torch.tensor(vals(3 * 11 * 9)).reshape(3, 11, 9)
for dim in [0, 1, 2]:
    show("softmax 3d %d" % dim, y.softmax(dim))
    show("log_softmax 3d %d" % dim, torch.log_softmax(y, dim))

# Losses as a training script prints them.
print("cross_entropy", F.cross_entropy(small, target).item())
print("cross_entropy sum", F.cross_entropy(small, target, reduction="sum").item())
print("cross_entropy smooth", F.cross_entropy(small, target, label_smoothing=0.1).item())
print("nll", F.nll_loss(F.log_softmax(small, dim=1), target).item())
print("bce logits", F.binary_cross_entropy_with_logits(small, torch.sigmoid(small.flip(0))).item())
print("mse", F.mse_loss(x, x.flip(0)).item(), "l1", F.l1_loss(x, x.flip(1)).item())

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(5, 16), nn.SiLU(), nn.Linear(16, 4))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.tensor(vals(p.numel(), k=3 + i)).reshape(p.shape) * 0.1)
logits = model(small)
loss = nn.CrossEntropyLoss()(logits, target)
print("model loss", loss.item())
print("probs", torch.softmax(logits, dim=-1).tolist())
print(logits.detach())


def attention(q, k, v):
    scores = q @ k.transpose(-2, -1) / (q.shape[-1] ** 0.5)
    return torch.softmax(scores, dim=-1) @ v


q = torch.tensor(vals(2 * 7 * 8)).reshape(2, 7, 8)
k = torch.tensor(vals(2 * 7 * 8, k=3)).reshape(2, 7, 8)
v = torch.tensor(vals(2 * 7 * 8, k=2)).reshape(2, 7, 8)
show("attention", attention(q, k, v))

# LayerNorm: torch's row moments (Welford in vector lanes) and fused output.
for n in [3, 8, 17, 33, 64, 100, 257]:
    z = torch.tensor(vals(3 * n, k=5, mag=3)).reshape(3, n) + 0.25
    w = torch.tensor(vals(n, k=3, mag=1, scale=1.0))
    b = torch.tensor(vals(n, k=2, mag=1, scale=0.5))
    show("layer_norm %d" % n, F.layer_norm(z, (n,)))
    show("layer_norm affine %d" % n, F.layer_norm(z, (n,), w, b))
    show("layer_norm weight %d" % n, F.layer_norm(z, (n,), weight=w, eps=1e-6))
ln = nn.LayerNorm(16)
with torch.no_grad():
    ln.weight.copy_(torch.tensor(vals(16, k=3, mag=1, scale=1.0)))
    ln.bias.copy_(torch.tensor(vals(16, k=2, mag=1, scale=0.5)))
z = torch.tensor(vals(2 * 5 * 16)).reshape(2, 5, 16)
show("nn.LayerNorm", ln(z))
show("layer_norm 2d shape", F.layer_norm(z, (5, 16)))
show("layer_norm f64", F.layer_norm(z.double(), (16,)))

# var and std: two passes in double over everything, Welford in double per dim.
v3 = torch.tensor(vals(4 * 6 * 10, k=3, mag=3)).reshape(4, 6, 10) + 1.5
print("var all", v3.var().item(), v3.std().item(), v3.var(unbiased=False).item())
show("var -1", v3.var(-1))
show("std 0", v3.std(0))
show("var (0, 2)", v3.var((0, 2), keepdim=True))
show("std unbiased=False 1", v3.std(1, unbiased=False))
show("var correction", torch.var(v3, 2, correction=0))
show("std_mean", torch.std_mean(v3, dim=1)[0])
show("var f64", v3.double().var(-1))
print("var one", torch.tensor([2.5]).var().item(), torch.tensor([[1.0, 2.0]]).var(0).tolist())
