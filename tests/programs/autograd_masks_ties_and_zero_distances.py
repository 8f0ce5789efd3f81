# Gradients at the places model code meets exactly: ReLU-family second
# derivatives (PINN / Hessian code), max pooling over tied windows, distances
# of a point to itself, a padded conv's input gradient viewed flat (WGAN-GP),
# Embedding's scale_grad_by_freq and padding_idx, 1-D scatter_reduce.
import torch
import torch.nn as nn
import torch.nn.functional as F

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


# --- second derivatives through masks: zero, and the input stays connected
acts = [
    ("relu", torch.relu),
    ("leaky_relu", lambda t: F.leaky_relu(t, 0.1)),
    ("hardtanh", F.hardtanh),
    ("relu6", F.relu6),
    ("threshold", lambda t: F.threshold(t, 0.1, 2.0)),
    ("nn.ReLU", nn.ReLU()),
    ("nn.LeakyReLU", nn.LeakyReLU(0.2)),
]
for name, f in acts:
    x = torch.tensor([0.3, -0.2, 1.0, -2.0, 0.7], requires_grad=True)
    w = torch.tensor([1.0, 2.0, 3.0, 4.0, -1.0], requires_grad=True)
    y = (f(x * w) * w).sum()
    gx, = torch.autograd.grad(y, x, create_graph=True)
    gxx, gxw = torch.autograd.grad(gx.sum(), (x, w))
    print(name, r(gx), r(gxx), r(gxw), type(gx.grad_fn).__name__ if gx.grad_fn is not None else None)


def mlp_second_derivative():
    net = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 4), nn.LeakyReLU(0.1), nn.Linear(4, 1))
    with torch.no_grad():
        for i, p in enumerate(net.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) + i).reshape(p.shape))
    x = torch.tensor([[0.3, -0.2], [1.0, 0.5], [-0.4, 0.8]], requires_grad=True)
    u = net(x)
    ux = torch.autograd.grad(u.sum(), x, create_graph=True)[0]
    uxx = torch.autograd.grad(ux[:, 0].sum(), x)[0]
    return r(u), r(ux), r(uxx)


print("pinn", mlp_second_derivative())

# in place forms keep their gradients
for name, f in [("leaky_relu_", lambda t: F.leaky_relu(t, 0.3, inplace=True)),
                ("hardtanh_", lambda t: F.hardtanh(t, -0.5, 0.5, inplace=True)),
                ("threshold_", lambda t: F.threshold(t, 0.0, -1.0, inplace=True))]:
    x = torch.tensor([0.3, -0.2, 1.0, -2.0, 0.5], requires_grad=True)
    y = f(x * 2)
    y.backward(torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]))
    print(name, r(y), r(x.grad), type(y.grad_fn).__name__)

# --- max pooling over ties: the whole gradient to the first maximum
x = torch.tensor([[[[1.0, 1.0, 2.0, 0.0], [1.0, 1.0, 2.0, 2.0], [3.0, 0.0, 5.0, 5.0], [3.0, 3.0, 5.0, 5.0]]]],
                 requires_grad=True)
y, idx = F.max_pool2d(x, 2, return_indices=True)
(y * torch.tensor([1.0, 2.0, 3.0, 4.0]).reshape(1, 1, 2, 2)).sum().backward()
print("max_pool2d", r(y), idx.flatten().tolist(), r(x.grad))
x.grad = None
F.max_pool2d(x, 3, stride=1, padding=1).sum().backward()
print("max_pool2d overlapping", r(x.grad))
x.grad = None
F.adaptive_max_pool2d(x, (1, 2)).sum().backward()
print("adaptive_max_pool2d", r(x.grad))
x1 = torch.tensor([[[2.0, 2.0, 0.0, 2.0, 7.0, 7.0]]], requires_grad=True)
F.max_pool1d(x1, 2).sum().backward()
print("max_pool1d", r(x1.grad))
x1.grad = None
v, i = F.adaptive_max_pool1d(x1, 2, return_indices=True)
v.sum().backward()
print("adaptive_max_pool1d", r(v), i.tolist(), r(x1.grad))
pool = C(lambda t: F.max_pool2d(t, 2).sum())
x.grad = None
pool(x).backward()
print("compiled max_pool2d", r(x.grad))

# --- distances with a zero among them
p = torch.tensor([[0.0, 1.0], [1.0, 1.0], [2.0, 0.0]], requires_grad=True)
for norm in (2.0, 3.0, 1.0):
    p.grad = None
    torch.cdist(p, p, p=norm).sum().backward()
    print("cdist", norm, r(p.grad))
p.grad = None
torch.pdist(torch.cat([p, p[:1]])).sum().backward()
print("pdist dup", r(p.grad))
p.grad = None
torch.pdist(torch.cat([p, p[:1]]), p=3).sum().backward()
print("pdist dup p3", r(p.grad))
for norm in (3.0, 0.5, 1.5):
    p.grad = None
    (torch.pdist(p, p=norm) * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    print("pdist", norm, r(p.grad))
a = torch.tensor([[0.0, 0.0], [1.0, 2.0]], requires_grad=True)
b = torch.tensor([[0.0, 0.0], [3.0, 1.0]])
triplet = C(lambda a, b: torch.cdist(a, b).mean())
triplet(a, b).backward()
print("compiled cdist", r(a.grad))

# --- a padded conv's input gradient is contiguous (viewed flat)
xi = torch.arange(72.0).reshape(2, 1, 6, 6).sin().requires_grad_()
wc = torch.arange(48.0).reshape(3, 1, 4, 4).cos().requires_grad_()
out = F.conv2d(xi, wc, stride=2, padding=1)
g, = torch.autograd.grad(out.sum(), xi, create_graph=True)
print("conv grad", g.stride(), g.is_contiguous(), r(g.view(2, -1).norm(dim=1)))
penalty = ((g.view(2, -1).norm(2, dim=1) - 1) ** 2).mean()
penalty.backward()
print("gradient penalty", round(penalty.item(), 3), r(wc.grad.sum(0)), xi.grad)
src = torch.arange(6.0).reshape(2, 3).requires_grad_()
padded = F.pad(src, (1, -1, -1, 2), value=5.0)
gsrc, = torch.autograd.grad((padded * torch.arange(padded.numel(), dtype=torch.float32).reshape(padded.shape)).sum(), src)
print("pad crop grad", list(padded.shape), r(padded), r(gsrc), gsrc.is_contiguous(), type(padded.grad_fn).__name__)

# --- Embedding: scale_grad_by_freq, padding_idx, the node's name
emb = nn.Embedding(5, 2, padding_idx=0, scale_grad_by_freq=True)
with torch.no_grad():
    emb.weight.copy_(torch.arange(10.0).reshape(5, 2))
ids = torch.tensor([[1, 1, 1, 3], [0, 3, 4, 0]])
e = emb(ids)
(e * torch.arange(16.0).reshape(2, 4, 2)).sum().backward()
print("embedding", r(emb.weight.grad), type(e.grad_fn).__name__)
emb2 = nn.Embedding(5, 2, padding_idx=-1)
with torch.no_grad():
    emb2.weight.copy_(torch.arange(10.0).reshape(5, 2))
C(lambda i: emb2(i).sum())(ids).backward()
print("embedding padding -1", r(emb2.weight.grad), emb2.padding_idx)
w2 = torch.arange(8.0).reshape(4, 2).requires_grad_()
F.embedding(torch.tensor([2, 2, 0]), w2, scale_grad_by_freq=True).pow(2).sum().backward()
print("F.embedding", r(w2.grad))

# --- scatter_reduce on 1-D sources
index = torch.tensor([0, 0, 1, 1, 2])
for red in ("amax", "amin", "prod", "mean", "sum"):
    s = torch.tensor([1.0, 3.0, 2.0, 2.0, -1.0], requires_grad=True)
    o = torch.zeros(3).scatter_reduce(0, index, s, reduce=red, include_self=False)
    (o * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    print("scatter_reduce", red, r(o), r(s.grad))

print(torch.legacy_contiguous_format, torch.legacy_contiguous_format is torch.contiguous_format)
logits = torch.tensor([[0.1, 2.0, -1.0]])
index = logits.max(-1, keepdim=True)[1]
print(torch.zeros_like(logits, memory_format=torch.legacy_contiguous_format).scatter_(-1, index, 1.0).tolist())
