# Autograd numerics and in-place forms (from a training probe): second
# derivatives through saved results, a gradient penalty, zero-safe norm/std/
# cumprod, softplus/logsigmoid/elu/silu far from 0, hardtanh/relu6/hardsigmoid
# limits, prelu/rrelu at 0, fmax ties, retain_grad's place among hooks, y[0] += 1
# and in-place activations on non-leaves, scatter-style ops, linalg det/slogdet/
# inv/solve, and _version.
import torch, torch.nn as nn, torch.nn.functional as F
def R(tag, f):
    try:
        r = f()
        print(tag, r)
    except Exception as e:
        print(tag, 'raised', type(e).__name__ + ':', str(e)[:110])
def L(t):
    return [round(v, 4) + 0.0 for v in t.detach().flatten().tolist()]
def g2(fn, vals):
    x = torch.tensor(vals, requires_grad=True)
    g, = torch.autograd.grad(fn(x).sum(), x, create_graph=True)
    h, = torch.autograd.grad(g.sum(), x)
    return L(h)
def g1(fn, vals):
    x = torch.tensor(vals, requires_grad=True)
    fn(x).sum().backward()
    return L(x.grad)
R('A1a exp double-backward', lambda: g2(torch.exp, [0.5]))
R('A1b tanh double-backward', lambda: g2(torch.tanh, [0.5]))
R('A1c norm double-backward (silent)', lambda: g2(lambda t: t.norm() * t, [0.5, -1.0]))
R('A1d logsumexp double-backward (silent)', lambda: g2(lambda t: torch.logsumexp(t, 0) * t, [0.5, -1.0]))
R('A1e silu double-backward (silent)', lambda: g2(F.silu, [0.5, -1.0]))
def wgan():
    D = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
    with torch.no_grad():
        for i, p in enumerate(D.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=p.dtype) + i).reshape(p.shape))
    x = torch.tensor([[0.3, -0.2]], requires_grad=True)
    g, = torch.autograd.grad(D(x).sum(), x, create_graph=True)
    ((g.norm() - 1) ** 2).backward()
    return L(D[0].weight.grad)
R('A1f WGAN-GP D grad', wgan)
A = [[2.0, 0.5], [0.3, 1.5]]
def lin(f):
    a = torch.tensor(A, requires_grad=True)
    out = f(a)
    (out.sum() + (a * 0).sum()).backward()
    return (out.requires_grad, L(a.grad))
R('A2a linalg.det', lambda: lin(torch.linalg.det))
R('A2b linalg.slogdet', lambda: lin(lambda a: torch.linalg.slogdet(a)[1]))
R('A2c linalg.inv', lambda: lin(torch.linalg.inv))
R('A2d linalg.solve', lambda: lin(lambda a: torch.linalg.solve(a, torch.ones(2))))
R('A4a softplus x>20', lambda: g1(F.softplus, [25.0]))
R('A4b bce_with_logits logit 100', lambda: g1(lambda t: F.binary_cross_entropy_with_logits(t, torch.tensor([0.0, 1.0])), [100.0, -100.0]))
R('A4c logsigmoid(-100)', lambda: g1(F.logsigmoid, [-100.0]))
R('A4d silu/mish/elu large', lambda: (g1(F.silu, [-100.0]), g1(F.mish, [100.0]), g1(F.elu, [100.0])))
R('A4e norm at 0', lambda: g1(lambda t: t.norm(), [0.0, 0.0]))
R('A4f F.normalize zero row', lambda: g1(lambda t: F.normalize(t.reshape(1, 2)) * torch.tensor([1.0, 2.0]), [0.0, 0.0]))
R('A4g std of constant', lambda: g1(lambda t: t.std(), [1.0, 1.0]))
R('A4i cumprod with zero', lambda: g1(lambda t: t.cumprod(0), [2.0, 0.0, 3.0]))
R('A5 multilabel_soft_margin at 0', lambda: g1(lambda t: F.multilabel_soft_margin_loss(t.reshape(1, 2), torch.tensor([[1.0, 0.0]])), [0.0, 0.0]))
R('A6a relu6/hardtanh boundary', lambda: (g1(F.relu6, [0.0, 6.0]), g1(F.hardtanh, [-1.0, 1.0])))
R('A6b hardsigmoid boundary', lambda: g1(F.hardsigmoid, [-3.0, 3.0]))
R('A6c prelu/rrelu at 0', lambda: (g1(lambda t: F.prelu(t, torch.tensor([0.25])), [0.0]), g1(lambda t: F.rrelu(t, training=False), [0.0])))
R('A6e fmax tie', lambda: g1(lambda t: torch.fmax(t, torch.tensor([1.0])), [1.0]))
def bh():
    m = nn.Linear(2, 1); log = []
    m.register_full_backward_hook(lambda mod, gi, go: log.append('called'))
    m(torch.ones(1, 2, requires_grad=True)).sum().backward()
    return log
R('A8 register_full_backward_hook', bh)
def rg():
    x = torch.tensor([1.0], requires_grad=True); h = x * 3
    h.retain_grad(); h.register_hook(lambda g: g * 10); h.sum().backward()
    return L(h.grad)
R('A9 retain_grad then hook', rg)
def ip(f):
    x = torch.tensor([[0.5, -1.0], [1.5, 0.2]], requires_grad=True)
    y = f(x)
    y.sum().backward()
    return L(x.grad)
def b1(x):
    y = x * 1; y[0] += 1; return y
def b1b(x):
    y = x * 1; z = y[:, 0]; y.relu_(); return z + y[:, 1]
R('B1a y[0] += 1 on non-leaf', lambda: ip(b1))
R('B1b read y[:,0] then y.relu_()', lambda: ip(b1b))
def b2(x):
    y = x * 1; y.abs_(); return y
R('B2a y.abs_()', lambda: ip(b2))
R('B2b nn.SiLU(inplace=True)', lambda: ip(lambda x: nn.SiLU(inplace=True)(x * 1)))
R('B2c nn.ReLU6(inplace=True)', lambda: ip(lambda x: nn.ReLU6(inplace=True)(x * 1)))
R('B3a index_add (out-of-place)', lambda: ip(lambda x: torch.zeros(2, 2).index_add(0, torch.tensor([1, 0]), x)))
R('B3b scatter_add (out-of-place)', lambda: ip(lambda x: torch.zeros(2, 2).scatter_add(0, torch.tensor([[1, 0]]), x[:1])))
class Exp2(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        r = x.exp(); ctx.save_for_backward(x); return r
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors; return g * x.exp()
def ver():
    y = torch.zeros(2, 2); y[0] += 1; a = y._version; y[:, 1] = 3.0; return (a, y._version)
R('C2 _version after y[0]+=1, setitem', ver)

