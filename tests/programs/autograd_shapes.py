# Autograd (shapes): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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
V = [3.0, -1.0, 4.0, 1.5, -5.0, 9.0]
T3 = [[[1.0, 2.0, 3.0], [3.0, -4.0, 0.5]], [[0.5, -0.5, 1.5], [2.0, 1.0, -2.0]]]
B = [[0.5, 1.0, 2.0, -1.0], [3.0, 0.25, 1.5, 2.0]]

# ---- view / reshape ----
check('view', lambda a: a.view(4, 3), A)
check('view_neg1', lambda a: a.view(-1), A)
check('reshape', lambda a: a.reshape(2, 6), A)
check('reshape_then_mul', lambda v: v.reshape(2, 3) * torch.tensor([[1.0], [2.0]]), V)
check('flatten', lambda t: t.flatten(), T3)
check('flatten_start1', lambda t: t.flatten(1), T3)
check('unflatten', lambda v: v.unflatten(0, (2, 3)), V)
check('squeeze', lambda a: a.unsqueeze(0).unsqueeze(-1).squeeze(), A)
check('squeeze_dim', lambda a: a.reshape(3, 1, 4).squeeze(1), A)
check('unsqueeze', lambda v: v.unsqueeze(1) * torch.tensor([1.0, 2.0]), V)

# ---- permute / transpose ----
check('permute', lambda t: t.permute(2, 0, 1), T3)
check('transpose', lambda t: t.transpose(0, 2), T3)
check('t', lambda a: a.t(), A)
check('T_attr', lambda a: a.T, A)
check('mT', lambda t: t.mT, T3)
check('movedim', lambda t: torch.movedim(t, 0, -1), T3)
check('transpose_contiguous_view', lambda a: a.t().contiguous().view(-1), A)

# ---- expand / repeat ----
check('expand', lambda v: v.reshape(1, 6).expand(3, 6), V)
check('expand_neg1', lambda a: a.unsqueeze(0).expand(2, -1, -1), A)
check('expand_as', lambda v, a: v[:4].expand_as(a) * a, V, A)
check('repeat', lambda v: v.reshape(2, 3).repeat(2, 3), V)
check('repeat_new_dim', lambda v: v[:2].repeat(3, 1), V)

# ---- indexing ----
check('index_int', lambda a: a[0], A)
check('index_neg_int', lambda a: a[-1], A)
check('index_slice', lambda a: a[:, 1:3], A)
check('index_step', lambda v: v[::2], V)
check('index_ellipsis', lambda t: t[..., -1], T3)
check('index_int_int', lambda a: a[1, 2], A)
check('index_none', lambda a: a[None, 1:, :2], A)
check('index_long_tensor', lambda a: a[torch.tensor([2, 0])], A)
check('index_long_tensor_repeat', lambda v: v[torch.tensor([1, 1, 4, 1])], V)
check('index_long_tensor_col', lambda a: a[:, torch.tensor([3, 0, 3])], A)
check('index_mask', lambda a: a[a > 0.8], A)
check('index_mask_rows', lambda a: a[torch.tensor([True, False, True])], A)
check('index_two_tensors', lambda a: a[torch.tensor([0, 2, 2]), torch.tensor([1, 3, 3])], A)

# ---- cat / stack / split ----
check('cat_dim0', lambda a, b: torch.cat([a, b], 0), A, B)
check('cat_dim1', lambda a, b: torch.cat((a[:2], b), dim=1), A, B)
check('cat_same_tensor', lambda v: torch.cat([v, v * 2]), V)
check('stack_dim0', lambda a, b: torch.stack([a[:2], b]), A, B)
check('stack_dim_last', lambda a, b: torch.stack([a[:2], b], dim=-1), A, B)
check('split_first_only', lambda a: a.split(2, dim=1)[0], A)
check('split_sizes_last', lambda v: torch.split(v, [1, 2, 3])[2], V)
check('split_sum_two', lambda v: (lambda p: p[0] * p[2])(v.split(2)), V)
check('chunk', lambda a: a.chunk(3, 0)[1], A)
check('unbind', lambda a: (lambda u: u[0] + 2 * u[2])(a.unbind(0)), A)
check('unbind_dim1', lambda a: a.unbind(1)[3], A)

# ---- narrow / select / gather / index_select ----
check('narrow', lambda a: a.narrow(1, 1, 2), A)
check('select', lambda a: a.select(1, 2), A)
check('gather', lambda a: a.gather(1, torch.tensor([[0, 0], [3, 1], [2, 2]])), A)
check('gather_dim0', lambda a: torch.gather(a, 0, torch.tensor([[2, 1, 0, 0]])), A)
check('index_select', lambda a: a.index_select(1, torch.tensor([3, 1, 3])), A)
check('index_select_dim0', lambda a: torch.index_select(a, 0, torch.tensor([1, 1])), A)
check('take_along_dim', lambda a: torch.take_along_dim(a, torch.tensor([[1], [0], [3]]), dim=1), A)

# ---- flip / roll / tril / triu / diagonal ----
check('flip', lambda a: a.flip(0), A)
check('flip_dims', lambda a: torch.flip(a, [0, 1]), A)
check('roll', lambda v: v.roll(2), V)
check('roll_dim', lambda a: torch.roll(a, shifts=1, dims=1), A)
check('tril', lambda a: a.tril(), A)
check('triu_diag1', lambda a: torch.triu(a, diagonal=1), A)
check('tril_neg1', lambda a: torch.tril(a, -1), A)
check('diagonal', lambda a: a.diagonal(), A)
check('diag_1d', lambda v: torch.diag(v[:3]), V)
check('clone', lambda a: a.clone() * 2, A)
