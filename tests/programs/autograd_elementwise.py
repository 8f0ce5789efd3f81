# Autograd (elementwise): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

# ---- arithmetic, broadcasting ----
check('add_tt', lambda a, b: a + b, A, B)
check('add_bcast_row', lambda a, b: a + b, A, ROW)
check('add_bcast_col_row', lambda a, b: a + b, COL, ROW)
check('sub_bcast', lambda a, b: a - b, A, COL)
check('mul_bcast', lambda a, b: a * b, A, ROW)
check('div_tt', lambda a, b: a / b, A, P)
check('div_bcast_col', lambda a, b: a / b, A, COL)
check('add_scalar', lambda a: a + 3.0, A)
check('rsub_scalar', lambda a: 2 - a, A)
check('mul_scalar', lambda a: a * 3, A)
check('rmul_scalar', lambda a: -0.5 * a, A)
check('div_scalar', lambda a: a / 4, A)
check('rdiv_scalar', lambda a: 1 / a, A)
check('neg', lambda a: -a, A)
check('torch_add_alpha', lambda a, b: torch.add(a, b, alpha=2.0), A, B)
check('torch_sub_alpha', lambda a, b: torch.sub(a, b, alpha=0.5), A, B)
check('mul_self', lambda a: a * a, A)

# ---- pow ----
check('pow2', lambda a: a ** 2, A)
check('pow3', lambda a: a ** 3, A)
check('pow_half', lambda p: p ** 0.5, P)
check('pow_neg1', lambda p: p ** -1, P)
check('rpow_2', lambda a: 2 ** a, A)
check('pow_tt', lambda p, b: p ** b, P, B)
check('torch_pow', lambda p: torch.pow(p, 1.5), P)
check('pow0', lambda a: a ** 0, A)

# ---- unary math ----
check('exp', torch.exp, A)
check('log', torch.log, P)
check('sqrt', torch.sqrt, P)
check('rsqrt', torch.rsqrt, P)
check('abs', torch.abs, A)
check('abs_at_zero', torch.abs, [0.0, -1.0, 1.0])
check('sin', torch.sin, A)
check('cos', torch.cos, A)
check('tanh', torch.tanh, A)
check('sigmoid', torch.sigmoid, A)
check('relu', torch.relu, A)
check('relu_at_zero', torch.relu, [0.0, -1.0, 1.0])
check('F_relu', F.relu, A)
check('log1p', torch.log1p, P)
check('expm1', torch.expm1, A)
check('reciprocal', torch.reciprocal, P)
check('square', torch.square, A)
check('method_exp_log', lambda p: p.exp().log(), P)
check('method_chain', lambda a: (a.sin() * a.cos()).tanh(), A)

# ---- mixed expression / reuse ----
check('reuse_var', lambda a: a * a.exp() + a.sin() * 3 - a / 2, A)
check('div_by_self_expr', lambda a, p: (a + 1) / (p * p + 1), A, P)
check('unweighted_sum', lambda a, b: a * b + b, A, B, weighted=False)
