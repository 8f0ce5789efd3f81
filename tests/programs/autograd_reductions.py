# Autograd (reductions): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

A = [[1.0, -2.0, 3.0, 0.5], [4.0, -1.5, 2.0, 2.5], [-3.0, 0.0, 1.0, 6.0]]
P = [[0.5, 1.0, 2.0], [3.0, 0.25, 1.5]]
V = [3.0, -1.0, 4.0, 1.5, -5.0, 9.0]
T3 = [[[1.0, 2.0], [3.0, -4.0]], [[0.5, -0.5], [2.0, 1.0]]]

# ---- sum / mean ----
check('sum_all', lambda a: a.sum(), A)
check('sum_dim0', lambda a: a.sum(0), A)
check('sum_dim1', lambda a: a.sum(dim=1), A)
check('sum_dim_neg_keepdim', lambda a: a.sum(-1, keepdim=True), A)
check('sum_dims_tuple', lambda t: t.sum(dim=(0, 2)), T3)
check('torch_sum_dim', lambda a: torch.sum(a, 0, keepdim=True), A)
check('mean_all', lambda a: a.mean(), A)
check('mean_dim1', lambda a: a.mean(1), A)
check('mean_dim0_keepdim', lambda a: a.mean(0, keepdim=True), A)
check('mean_dims_tuple', lambda t: t.mean(dim=(1, 2)), T3)

# ---- var / std ----
check('var_all', lambda a: a.var(), A)
check('var_unbiased_false', lambda a: a.var(unbiased=False), A)
check('var_dim1', lambda a: a.var(1), A)
check('var_dim0_keepdim_biased', lambda a: a.var(0, unbiased=False, keepdim=True), A)
check('std_all', lambda a: a.std(), A)
check('std_dim1_biased', lambda a: a.std(dim=1, unbiased=False), A)
check('torch_var_mean_manual', lambda a: ((a - a.mean(-1, keepdim=True)) ** 2).mean(-1), A)

# ---- max / min / amax / amin ----
check('max_all', lambda v: v.max(), V)
check('min_all', lambda v: v.min(), V)
check('max_dim1_values', lambda a: a.max(dim=1).values, A)
check('max_dim0_tuple_index0', lambda a: a.max(0)[0], A)
check('min_dim1_keepdim', lambda a: a.min(1, keepdim=True).values, A)
check('max_all_ties', lambda v: v.max(), [1.0, 3.0, 3.0, 2.0])
check('max_dim_ties', lambda a: a.max(1).values, [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]])
check('amax_dim1', lambda a: a.amax(1), A)
check('amax_ties', lambda a: a.amax(1), [[1.0, 3.0, 3.0], [2.0, 2.0, 2.0]])
check('amin_dim0', lambda a: a.amin(0), A)
check('torch_max_binary', lambda a, b: torch.max(a, b), [1.0, 5.0, 2.0], [3.0, 4.0, 2.0])

# ---- prod / norm / logsumexp ----
check('prod_all', lambda p: p.prod(), P)
check('prod_dim1', lambda p: p.prod(1), P)
check('prod_with_zero', lambda v: v.prod(), [2.0, 0.0, 3.0, 4.0])
check('norm_all', lambda a: a.norm(), A)
check('norm_dim1', lambda a: a.norm(dim=1), A)
check('norm_p1', lambda v: v.norm(p=1), V)
check('torch_norm', lambda a: torch.norm(a), A)
check('linalg_vector_norm', lambda a: torch.linalg.vector_norm(a, dim=-1), A)
check('logsumexp_dim1', lambda a: torch.logsumexp(a, dim=1), A)
check('logsumexp_dim0_keepdim', lambda a: a.logsumexp(0, keepdim=True), A)

# ---- softmax family / cumsum ----
check('softmax_dim1', lambda a: torch.softmax(a, dim=1), A)
check('softmax_dim0', lambda a: F.softmax(a, dim=0), A)
check('softmax_method_neg', lambda a: a.softmax(-1), A)
check('log_softmax_dim1', lambda a: F.log_softmax(a, dim=1), A)
check('log_softmax_method', lambda a: a.log_softmax(dim=0), A)
check('softmax_3d_last', lambda t: t.softmax(-1), T3)
check('softmax_with_neg_inf', lambda a: (a.masked_fill(torch.tensor([False, False, True, True]), float('-inf'))).softmax(-1), A)
check('cumsum_dim1', lambda a: a.cumsum(1), A)
check('cumsum_dim0', lambda a: torch.cumsum(a, dim=0), A)
check('cumsum_1d', lambda v: v.cumsum(0), V)
check('chain_mean_of_softmax_times', lambda a: (a.softmax(-1) * a).sum(-1).mean(), A)
