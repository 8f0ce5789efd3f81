# Autograd (activations): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
# Inputs are fixed values (no RNG stream); every case runs in its own try so one
# failure does not hide the rest.
import torch
import torch.nn as nn
import torch.nn.functional as F

def rnd(v):
    # 4 decimals, but at most 5 significant digits for |v| >= 10 (float32 noise); -0.0 -> 0.0
    a = abs(v)
    if v != v or a == float('inf'):
        return v
    if a < 10:
        return round(v, 4) + 0.0
    return round(v, 5 - len(str(int(a)))) + 0.0

def show(name, t):
    print(name, None if t is None else [rnd(v) for v in t.detach().flatten().tolist()], None if t is None else tuple(t.shape))

def case(name, fn):
    try:
        fn()
    except Exception as e:
        print(name, 'raised', type(e).__name__, e)

def wsum(out):
    w = torch.arange(1, out.numel() + 1, dtype=out.dtype).reshape(out.shape)
    return (out * w).sum()

def check(name, fn, *datas, weighted=True):
    def run():
        xs = [torch.tensor(d, requires_grad=True) for d in datas]
        out = fn(*xs)
        show(name + ' out', out)
        loss = wsum(out) if weighted else out.sum()
        loss.backward()
        for i in range(len(xs)):
            show(name + ' grad' + str(i), xs[i].grad)
    case(name, run)

A = [[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]]
B = [[2.0, 1.0, -0.5], [3.0, -1.0, 2.5]]
P = [[0.5, 1.0, 2.0], [3.0, 0.25, 1.5]]
ROW = [1.0, -1.0, 2.0]
COL = [[2.0], [-3.0]]

# ---- activations ----
check('gelu_none', lambda a: F.gelu(a), A)
check('gelu_tanh', lambda a: F.gelu(a, approximate='tanh'), A)
check('silu', F.silu, A)
check('leaky_relu_default', F.leaky_relu, A)
check('leaky_relu_0.2', lambda a: F.leaky_relu(a, 0.2), A)
check('elu', F.elu, A)
check('elu_alpha', lambda a: F.elu(a, alpha=0.5), A)
check('softplus', F.softplus, A)
check('softplus_beta', lambda a: F.softplus(a, beta=2.0), A)
check('nn_GELU_module', lambda a: nn.GELU()(a), A)
check('nn_Tanh_module', lambda a: nn.Tanh()(a), A)

# ---- clamp / where / max / min ----
check('clamp_both', lambda a: torch.clamp(a, -1.0, 2.0), A)
check('clamp_min', lambda a: a.clamp(min=0.5), A)
check('clamp_max', lambda a: a.clamp(max=0.5), A)
check('clamp_boundary', lambda a: a.clamp(-1.0, 1.0), [-1.0, 1.0, 0.0, -2.0, 2.0])
check('clamp_min_method_at_boundary', lambda a: a.clamp_min(0.0), [0.0, 1.0, -1.0])
check('where', lambda a, b: torch.where(a > 0, a, b), A, B)
check('where_scalar', lambda a: torch.where(a > 0, a * 2, torch.zeros_like(a)), A)
check('maximum', torch.maximum, A, B)
check('minimum', torch.minimum, A, B)
check('maximum_ties', torch.maximum, [1.0, 2.0, 3.0], [1.0, 0.0, 3.0])
check('minimum_ties', torch.minimum, [1.0, 2.0, 3.0], [1.0, 0.0, 3.0])
check('masked_fill', lambda a: a.masked_fill(a < 0, 0.0), A)
check('masked_fill_bcast_mask', lambda a: a.masked_fill(torch.tensor([True, False, True]), -5.0), A)
check('lerp_scalar', lambda a, b: torch.lerp(a, b, 0.25), A, B)
check('lerp_tensor_w', lambda a, b, w: torch.lerp(a, b, w), A, B, [[0.0, 0.5, 1.0], [0.25, 0.75, 0.1]])

