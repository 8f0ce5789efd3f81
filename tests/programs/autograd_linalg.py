# Autograd (linalg): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

def lin(*shape, lo=-1.0, hi=1.0):
    n = 1
    for s in shape:
        n *= s
    return torch.linspace(lo, hi, n).reshape(shape).tolist()

V3 = [1.0, -2.0, 0.5]
W3 = [0.5, 1.5, -1.0]
M23 = [[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]]
M34 = lin(3, 4)
M32 = [[1.0, 0.5], [-1.0, 2.0], [0.25, -0.75]]
B234 = lin(2, 3, 4, lo=-2.0, hi=1.5)
B245 = lin(2, 4, 5, lo=-0.5, hi=1.0)
M45 = lin(4, 5, lo=1.0, hi=-1.0)

# ---- matmul variants ----
check('matmul_1d_1d', lambda a, b: a @ b, V3, W3)
check('matmul_2d_1d', lambda m, v: m @ v, M23, V3)
check('matmul_1d_2d', lambda v, m: v @ m, V3, M34)
check('matmul_2d_2d', lambda a, b: a @ b, M23, M34)
check('matmul_3d_3d', lambda a, b: torch.matmul(a, b), B234, B245)
check('matmul_3d_2d', lambda a, b: a @ b, B234, M45)
check('matmul_2d_3d', lambda a, b: a @ b, M23, B234)
check('matmul_3d_1d', lambda a, v: a @ v, B234, [1.0, 2.0, -1.0, 0.5])
check('matmul_4d_bcast', lambda a, b: a.reshape(2, 1, 3, 4) @ b.reshape(1, 2, 4, 5), B234, B245)
check('matmul_same_operand', lambda a: a @ a.t(), M23)
check('matmul_chain', lambda a, b, c: (a @ b) @ c, M23, M34, M45)

# ---- mm / bmm / addmm / dot / outer ----
check('mm', torch.mm, M23, M34)
check('method_mm', lambda a, b: a.mm(b), M23, M32)
check('bmm', torch.bmm, B234, B245)
check('addmm', lambda c, a, b: torch.addmm(c, a, b), [[0.5, -0.5, 1.0, 2.0], [1.0, 0.0, -1.0, 3.0]], M23, M34)
check('addmm_bcast_bias', lambda c, a, b: torch.addmm(c, a, b), [0.5, -0.5, 1.0, 2.0], M23, M34)
check('addmm_beta_alpha', lambda c, a, b: torch.addmm(c, a, b, beta=0.5, alpha=2.0), [0.5, -0.5, 1.0, 2.0], M23, M34)
check('dot', torch.dot, V3, W3)
check('method_dot', lambda a, b: a.dot(b), V3, W3)
check('outer', torch.outer, V3, [1.0, 2.0])
check('mv', torch.mv, M23, V3)

# ---- einsum ----
check('einsum_ij_jk', lambda a, b: torch.einsum('ij,jk->ik', a, b), M23, M34)
check('einsum_bij_bjk', lambda a, b: torch.einsum('bij,bjk->bik', a, b), B234, B245)
check('einsum_trace_like', lambda a: torch.einsum('ii->', a), lin(3, 3))
check('einsum_outer', lambda a, b: torch.einsum('i,j->ij', a, b), V3, W3)
check('einsum_bhqd_bhkd', lambda q, k: torch.einsum('bhqd,bhkd->bhqk', q, k), lin(1, 2, 3, 2), lin(1, 2, 3, 2, lo=0.5, hi=-1.5))
check('einsum_sum_axis', lambda a: torch.einsum('ij->j', a), M23)

# ---- F.linear / nn.Linear ----
check('F_linear_bias', lambda x, w, b: F.linear(x, w, b), M23, lin(4, 3), [0.1, -0.2, 0.3, 0.0])
check('F_linear_nobias', lambda x, w: F.linear(x, w), M23, lin(4, 3))
check('F_linear_3d_input', lambda x, w, b: F.linear(x, w, b), lin(2, 2, 3), lin(4, 3), [0.1, -0.2, 0.3, 0.0])
check('F_linear_1d_input', lambda x, w, b: F.linear(x, w, b), V3, lin(4, 3), [0.1, -0.2, 0.3, 0.0])

def nn_linear(bias):
    def run():
        m = nn.Linear(3, 2, bias=bias)
        with torch.no_grad():
            m.weight.copy_(torch.linspace(-1, 1, m.weight.numel()).reshape(m.weight.shape))
            if bias:
                m.bias.copy_(torch.tensor([0.5, -0.5]))
        x = torch.tensor(M23, requires_grad=True)
        out = m(x)
        show('nn_linear_bias=' + str(bias) + ' out', out)
        wsum(out).backward()
        show('nn_linear_bias=' + str(bias) + ' x.grad', x.grad)
        show('nn_linear_bias=' + str(bias) + ' weight.grad', m.weight.grad)
        show('nn_linear_bias=' + str(bias) + ' bias.grad', m.bias.grad if bias else None)
    return run
case('nn_linear_bias', nn_linear(True))
case('nn_linear_nobias', nn_linear(False))

def nn_linear_input_no_grad():
    m = nn.Linear(3, 4)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-1, 1, 12).reshape(4, 3))
        m.bias.copy_(torch.linspace(0, 0.3, 4))
    x = torch.tensor(lin(2, 2, 3))
    out = m(x).relu()
    out.sum().backward()
    show('nn_linear_3d x.grad', x.grad)
    show('nn_linear_3d weight.grad', m.weight.grad)
    show('nn_linear_3d bias.grad', m.bias.grad)
case('nn_linear_3d_input_no_grad', nn_linear_input_no_grad)
