// torch.autograd's engine, in guest code: Tensor.backward(),
// torch.autograd.backward / grad, tensor hooks, retain_grad and
// autograd.Function's backward.
//
// The recording half is C++ (runtime/tensor/grad_meta.hpp): every op that
// runs with grad mode on and an input that requires grad leaves a node on its
// result, a tuple (op, args, output, edges, state). The engine here walks the
// nodes from the roots in dependency order (each node runs once every node
// that feeds it a gradient has run, as torch's engine does), calls the op's
// derivative formula with the gradient of its output, sums each input's
// gradient to the input's shape (broadcasting) and dtype, and hands it along
// the edge: to the input's node, or into a leaf's .grad.
//
// The formulas are derivatives.yaml's, written with torch's own ops; they run
// with grad mode off, or on under create_graph=True (so a gradient has
// history of its own, for a second derivative). Each takes the gradient of
// its output `g`, the op's arguments `a` and which output `i` this is, and
// returns one gradient per argument (a list for a tuple of tensors, None
// where there is none). An op without a formula raises NotImplementedError
// naming it when a backward pass reaches it, never a silent zero.
//
// Lazy: this part compiles the first time one of its names is looked up
// (Tensor.backward looks up torch.autograd._run_backward).
// Counterpart: torch/csrc/autograd/engine.cpp, tools/autograd/derivatives.yaml,
// torch/csrc/autograd/FunctionsManual.cpp.
#pragma once

#include <string_view>

#include <standin/detail/macro_scope.hpp>

STANDIN_NAMESPACE_BEGIN

inline constexpr std::string_view autograd_engine_prelude = R"PY(
_Tensor = torch.Tensor
_formulas = {}


def _derivative(*names):
    def register(fn):
        for n in names:
            _formulas[n] = fn
        return fn
    return register


def _is_t(v):
    return isinstance(v, _Tensor)


def _tensor_args(args):
    out = []
    for a in args:
        if isinstance(a, _Tensor):
            out.append(a)
        elif isinstance(a, (tuple, list)):
            for b in a:
                if isinstance(b, _Tensor):
                    out.append(b)
    return out


def _flat_grads(args, grads):
    out = []
    for k in range(len(args)):
        a = args[k]
        g = grads[k] if k < len(grads) else None
        if isinstance(a, _Tensor):
            out.append(g)
        elif isinstance(a, (tuple, list)):
            j = 0
            for b in a:
                if isinstance(b, _Tensor):
                    out.append(g[j] if g is not None else None)
                j += 1
    return out


# A gradient of a broadcast result, summed back to the input's shape.
def _sum_to(g, shape):
    shape = tuple(shape)
    if tuple(g.shape) == shape:
        return g
    lead = g.dim() - len(shape)
    if lead > 0:
        g = g.sum(tuple(range(lead)))
    dims = tuple(d for d in range(len(shape)) if shape[d] == 1 and g.shape[d] != 1)
    if dims:
        g = g.sum(dims, keepdim=True)
    return g


def _wrap(d, n):
    return d + n if d < 0 else d


def _reduced_dims(dim, n):
    if dim is None:
        return tuple(range(n))
    if isinstance(dim, int):
        dim = (dim,)
    return tuple(sorted(_wrap(d, n) for d in dim))


# g of a reduction over `dim` (keepdim or not), shaped as the input again.
def _unreduce(g, a, dim, keepdim):
    if a.dim() == 0:
        return g.reshape(())
    dims = _reduced_dims(dim, a.dim())
    if not keepdim:
        for d in dims:
            g = g.unsqueeze(d)
    return g.expand(a.shape)


# sum over `pos` of `vals`' rows into `size` rows (index_add), with
# duplicate positions added: exact where positions are distinct, else the
# rows are summed in float64 (sorted, then differences of a running sum).
def _accumulate_rows(size, pos, vals):
    rest = tuple(vals.shape[1:])
    out = torch.zeros((size,) + rest, dtype=vals.dtype)
    n = pos.numel()
    if n == 0:
        return out
    sp, order = pos.sort()
    if n == 1 or bool((sp[1:] != sp[:-1]).all()):
        out[pos] = vals
        return out
    sv = vals[order].double()
    cs = sv.cumsum(0)
    last = torch.ones(n, dtype=torch.bool)
    last[:-1] = sp[1:] != sp[:-1]
    ends = cs[last]
    seg = torch.cat([ends[:1], ends[1:] - ends[:-1]])
    out[sp[last]] = seg.to(vals.dtype)
    return out


def _zeros_like(a):
    return torch.zeros(tuple(a.shape), dtype=a.dtype)


def _other(v):
    return v if isinstance(v, _Tensor) else None


@_derivative('add', 'add_')
def _d_add(g, a, i, r=None):
    return [g, g]


@_derivative('sub', 'sub_')
def _d_sub(g, a, i, r=None):
    return [g, -g]


@_derivative('mul', 'mul_')
def _d_mul(g, a, i, r=None):
    x, y = a[0], a[1]
    if r is not None:  # x.mul_(y): x as it was before
        x = r
    return [g * y if _is_t(x) else None, g * x if _is_t(y) else None]


@_derivative('div', 'div_')
def _d_div(g, a, i, r=None):
    x, y = a[0], a[1]
    if r is not None:  # x.div_(y): x as it was before
        x = r
    return [g / y if _is_t(x) else None, -g * x / (y * y) if _is_t(y) else None]


@_derivative('pow', '_pow_std')
def _d_pow(g, a, i, r=None):
    x, e = a[0], a[1]
    gx = None
    ge = None
    if _is_t(x):
        if _is_t(e):
            gx = torch.where(e == 0, torch.zeros_like(g), g * e * x ** (e - 1))
        elif e == 0:
            gx = torch.zeros_like(g)
        else:
            gx = g * e * x ** (e - 1)
    if _is_t(e):
        base = x if _is_t(x) else torch.tensor(float(x), dtype=e.dtype)
        out = base ** e
        ge = torch.where((base == 0) & (e >= 0), torch.zeros_like(g), g * out * torch.log(base))
    return [gx, ge]


@_derivative('neg')
def _d_neg(g, a, i, r=None):
    return [-g]


@_derivative('abs')
def _d_abs(g, a, i, r=None):
    return [g * torch.sign(a[0])]


@_derivative('exp')
def _d_exp(g, a, i, r=None):
    return [g * (r if r is not None else torch.exp(a[0]))]


@_derivative('log')
def _d_log(g, a, i, r=None):
    return [g / a[0]]


@_derivative('log10')
def _d_log10(g, a, i, r=None):
    return [g / (a[0] * 2.302585092994046)]


@_derivative('log2')
def _d_log2(g, a, i, r=None):
    return [g / (a[0] * 0.6931471805599453)]


@_derivative('log1p')
def _d_log1p(g, a, i, r=None):
    return [g / (a[0] + 1)]


@_derivative('expm1')
def _d_expm1(g, a, i, r=None):
    return [g * ((r if r is not None else torch.expm1(a[0])) + 1)]


@_derivative('sqrt')
def _d_sqrt(g, a, i, r=None):
    return [g / (2 * (r if r is not None else torch.sqrt(a[0])))]


@_derivative('rsqrt')
def _d_rsqrt(g, a, i, r=None):
    if r is None:
        r = torch.rsqrt(a[0])
    return [-0.5 * g * r * r * r]


@_derivative('sin')
def _d_sin(g, a, i, r=None):
    return [g * torch.cos(a[0])]


@_derivative('cos')
def _d_cos(g, a, i, r=None):
    return [-g * torch.sin(a[0])]


@_derivative('tan')
def _d_tan(g, a, i, r=None):
    t = torch.tan(a[0])
    return [g * (1 + t * t)]


@_derivative('tanh')
def _d_tanh(g, a, i, r=None):
    t = r if r is not None else torch.tanh(a[0])
    return [g * (1 - t * t)]


@_derivative('sigmoid')
def _d_sigmoid(g, a, i, r=None):
    s = r if r is not None else torch.sigmoid(a[0])
    return [g * (1 - s) * s]


# Under create_graph, a gradient that a mask of `x` chose (relu, leaky_relu,
# hardtanh, threshold) keeps x in its history with a zero derivative, as
# ATen's threshold_backward, leaky_relu_backward and hardtanh_backward keep
# their `self`: a second derivative through a ReLU network is zero, not
# "not used in the graph".
def _linked(out, x):
    if not (torch.is_grad_enabled() and _is_t(x) and x.requires_grad):
        return out
    with torch.no_grad():
        linked = out.clone()
    torch._record_node(linked, '_zero_link', (out, x), 0, 'ThresholdBackwardBackward0')
    return linked


@_derivative('_zero_link')
def _d_zero_link(g, a, i, r=None):
    return [g, torch.zeros_like(a[1])]


# F.pad (constant): the gradient's middle, in a new tensor of the input's
# shape (zeros where a negative pad cropped the input).
@_derivative('_constant_pad')
def _d_constant_pad(g, a, i, r=None):
    x, middle, inner = a[0], a[1], a[2]
    if all(s == slice(None) for s in inner):
        return [g[middle].contiguous(), None, None]
    out = torch.zeros_like(x)
    out[inner] = g[middle]
    return [out, None, None]


# torch.pdist with a p other than 0, 1, 2, inf: ATen's pdist_backward,
# sign(diff) |diff|^(p-1) grad / dist^(p-1) onto each pair's rows (0 where
# the distance is 0, and for p < 1 where the difference is).
@_derivative('_pdist_p')
def _d_pdist_p(g, a, i, r=None):
    x, p = a[0], a[1]
    n = x.shape[0]
    rows, cols = torch.triu_indices(n, n, 1)
    diff = x[rows] - x[cols]
    dist = diff.abs().pow(p).sum(1, keepdim=True).pow(1.0 / p)
    term = diff.sign() * diff.abs().pow(p - 1) * (g.unsqueeze(1) / dist.pow(p - 1))
    zero = (dist == 0) | (diff == 0) if p < 1 else (dist == 0).expand(diff.shape)
    term = torch.where(zero, torch.zeros_like(term), term)
    return [torch.zeros_like(x).index_add(0, rows, term).index_add(0, cols, -term), None]


@_derivative('_median_all')
def _d_median_all(g, a, i, r=None):
    x, value = a[0], a[1]
    at = (x == value).to(g.dtype)
    return [at * (g / at.sum()), None]


@_derivative('_xlogy')
def _d_xlogy(g, a, i, r=None):
    x, y = a[0], a[1]
    gx = gy = None
    if _is_t(x):
        yt = y if _is_t(y) else torch.tensor(y, dtype=g.dtype)
        gx = g * torch.log(yt)
        gx = torch.where((x == 0) & (yt <= 0), torch.zeros_like(gx), gx)
    if _is_t(y):
        gy = g * x / y
    return [gx, gy]


# F.binary_cross_entropy: ATen's binary_cross_entropy_backward and its
# target's (log(1 - p) - log(p)), scaled by the weight (which may not
# require grad) and the reduction.
@_derivative('_binary_cross_entropy')
def _d_binary_cross_entropy(g, a, i, r=None):
    x, t, w, reduction = a[0], a[1], a[2], a[3]
    if reduction == 'mean':
        g = g / x.numel()
    if reduction != 'none':
        g = g.expand(x.shape)
    if w is not None:
        g = g * w
    gx = g * (x - t) / torch.clamp((1.0 - x) * x, min=1e-12) if x.requires_grad else None
    gt = g * (torch.log1p(-x) - torch.log(x)) if _is_t(t) and t.requires_grad else None
    return [gx, gt, None, None]


@_derivative('relu', 'relu_')
def _d_relu(g, a, i, r=None):
    x = r if r is not None else a[0]
    return [_linked(torch.where(x > 0, g, torch.zeros_like(g)), x)]


# The activations functional.py writes as masks (their forward records one
# node of these): ATen's leaky_relu_backward, hardtanh_backward (0 at the
# limits) and threshold_backward.
@_derivative('_leaky_relu')
def _d_leaky_relu(g, a, i, r=None):
    x = a[0]
    return [_linked(torch.where(x > 0, g, g * a[1]), x), None]


@_derivative('_hardtanh')
def _d_hardtanh(g, a, i, r=None):
    x = a[0]
    return [_linked(torch.where((x <= a[1]) | (x >= a[2]), torch.zeros_like(g), g), x), None, None]


@_derivative('_threshold')
def _d_threshold(g, a, i, r=None):
    x = a[0]
    return [_linked(torch.where(x <= a[1], torch.zeros_like(g), g), x), None, None]


@_derivative('erf')
def _d_erf(g, a, i, r=None):
    return [g * 1.1283791670955126 * torch.exp(-a[0] * a[0])]


@_derivative('erfc')
def _d_erfc(g, a, i, r=None):
    return [-g * 1.1283791670955126 * torch.exp(-a[0] * a[0])]


@_derivative('erfinv')
def _d_erfinv(g, a, i, r=None):
    y = torch.erfinv(a[0])
    return [g * 0.886226925452758 * torch.exp(y * y)]


@_derivative('atan')
def _d_atan(g, a, i, r=None):
    return [g / (1 + a[0] * a[0])]


@_derivative('asin')
def _d_asin(g, a, i, r=None):
    return [g / torch.sqrt(1 - a[0] * a[0])]


@_derivative('acos')
def _d_acos(g, a, i, r=None):
    return [-g / torch.sqrt(1 - a[0] * a[0])]


@_derivative('sinh')
def _d_sinh(g, a, i, r=None):
    return [g * torch.cosh(a[0])]


@_derivative('cosh')
def _d_cosh(g, a, i, r=None):
    return [g * torch.sinh(a[0])]


@_derivative('asinh')
def _d_asinh(g, a, i, r=None):
    return [g / torch.sqrt(a[0] * a[0] + 1)]


@_derivative('acosh')
def _d_acosh(g, a, i, r=None):
    return [g / torch.sqrt(a[0] * a[0] - 1)]


@_derivative('atanh')
def _d_atanh(g, a, i, r=None):
    return [g / (1 - a[0] * a[0])]


@_derivative('lgamma')
def _d_lgamma(g, a, i, r=None):
    return [g * torch.digamma(a[0])]


@_derivative('digamma')
def _d_digamma(g, a, i, r=None):
    return [g * torch.polygamma(1, a[0])]


@_derivative('atan2')
def _d_atan2(g, a, i, r=None):
    y, x = a[0], a[1]
    r = y * y + x * x
    return [g * x / r if _is_t(y) else None, -g * y / r if _is_t(x) else None]


@_derivative('hypot')
def _d_hypot(g, a, i, r=None):
    x, y = a[0], a[1]
    h = torch.hypot(x, y)
    return [g * x / h if _is_t(x) else None, g * y / h if _is_t(y) else None]


@_derivative('floor', 'ceil', 'round', 'trunc', 'sign')
def _d_step(g, a, i, r=None):
    return [torch.zeros_like(g)]


@_derivative('fmod')
def _d_fmod(g, a, i, r=None):
    x, y = a[0], a[1]
    return [g, -g * torch.trunc(x / y) if _is_t(y) else None]


@_derivative('remainder')
def _d_remainder(g, a, i, r=None):
    x, y = a[0], a[1]
    return [g, -g * torch.floor(x / y) if _is_t(y) else None]


def _minmax(g, a, pick):
    x, y = a[0], a[1]
    z = torch.zeros_like(g)
    half = g / 2
    gx = torch.where(x == y, half, torch.where(pick(x, y), g, z))
    gy = torch.where(x == y, half, torch.where(pick(x, y), z, g))
    return [gx if _is_t(x) else None, gy if _is_t(y) else None]


@_derivative('maximum')
def _d_maximum(g, a, i, r=None):
    return _minmax(g, a, lambda x, y: x > y)


@_derivative('minimum')
def _d_minimum(g, a, i, r=None):
    return _minmax(g, a, lambda x, y: x < y)


@_derivative('where')
def _d_where(g, a, i, r=None):
    c, x, y = a[0], a[1], a[2]
    z = torch.zeros_like(g)
    return [None, torch.where(c, g, z) if _is_t(x) else None, torch.where(c, z, g) if _is_t(y) else None]


@_derivative('sum')
def _d_sum(g, a, i, r=None):
    return [_unreduce(g, a[0], a[1], a[2])]


@_derivative('mean')
def _d_mean(g, a, i, r=None):
    x = a[0]
    dims = _reduced_dims(a[1], x.dim())
    n = 1
    for d in dims:
        n *= x.shape[d]
    return [_unreduce(g, x, a[1], a[2]) / n]


# An extremum's gradient, shared evenly by the elements that reach it.
def _evenly(g, x, dim, keepdim, value):
    out = _unreduce(value, x, dim, keepdim)
    mask = (x == out).to(g.dtype)
    dims = _reduced_dims(dim, x.dim())
    count = mask.sum(dims, keepdim=True) if x.dim() else mask
    return _unreduce(g, x, dim, keepdim) * mask / count


def _d_amax_min(largest):
    def formula(g, a, i, r=None):
        x, dim, keepdim = a[0], a[1], a[2]
        if x.dim() == 0:
            return [g]
        dims = _reduced_dims(dim, x.dim())
        value = x.amax(dims, keepdim) if largest else x.amin(dims, keepdim)
        return [_evenly(g, x, dims, keepdim, value)]
    return formula


_formulas['amax'] = _d_amax_min(True)
_formulas['amin'] = _d_amax_min(False)


def _d_max_min(largest):
    def formula(g, a, i, r=None):
        x, dim, keepdim = a[0], a[1], a[2]
        if dim is None:
            value = x.max() if largest else x.min()
            return [_evenly(g, x, None, False, value)]
        d = _wrap(dim, x.dim()) if x.dim() else 0
        if x.dim() == 0:
            return [g.reshape(())]
        if r is not None:
            idx = r if keepdim else r.unsqueeze(d)
        else:
            idx = (x.max(d, keepdim=True) if largest else x.min(d, keepdim=True))[1]
        if not keepdim:
            g = g.unsqueeze(d)
        return [torch.zeros_like(x).scatter(d, idx, g)]
    return formula


_formulas['max'] = _d_max_min(True)
_formulas['min'] = _d_max_min(False)


@_derivative('prod')
def _d_prod(g, a, i, r=None):
    x, dim = a[0], a[1]
    if dim is None:
        flat = x.reshape(-1)
        n = flat.numel()
        out = torch.zeros_like(flat)
        for k in range(n):
            out[k] = torch.cat([flat[:k], flat[k + 1:]]).prod()
        return [(g * out).reshape(x.shape)]
    d = _wrap(dim, x.dim())
    gk = g if a[2] else g.unsqueeze(d)
    if not bool((x == 0).any()):
        return [gk * (x.prod(d, keepdim=True) / x)]
    # (a zero somewhere: each element's product of the others, from the
    # exclusive cumulative products both ways, as prod_safe_zeros_backward)
    n = x.shape[d]
    ones = torch.ones_like(x.narrow(d, 0, 1))
    left = torch.cat([ones, x.narrow(d, 0, n - 1)], d).cumprod(d)
    right = torch.cat([ones, x.narrow(d, 1, n - 1).flip(d)], d).cumprod(d).flip(d)
    return [gk * (left * right)]


@_derivative('cumsum')
def _d_cumsum(g, a, i, r=None):
    d = _wrap(a[1], a[0].dim()) if a[0].dim() else 0
    if a[0].dim() == 0:
        return [g]
    return [g.flip(d).cumsum(d).flip(d)]


@_derivative('cumprod')
def _d_cumprod(g, a, i, r=None):
    x = a[0]
    if x.dim() == 0:
        return [g]
    d = _wrap(a[1], x.dim())
    out = x.cumprod(d)
    if not bool((x == 0).any()):
        return [(g * out).flip(d).cumsum(d).flip(d) / x]
    # With a zero: each element's gradient from the products that skip it
    # (sum over j >= i of g[j] * prod_{k <= j, k != i} x[k]).
    n = x.shape[d]
    parts = []
    for i in range(n):
        skipped = x.clone()
        skipped.narrow(d, i, 1).fill_(1)
        tail = (g * skipped.cumprod(d)).narrow(d, i, n - i).sum(d, keepdim=True)
        parts.append(tail)
    return [torch.cat(parts, d)]


def _scatter_values(g, a, i, r, recompute):
    if i != 0:
        return [None]
    x = a[0]
    if x.dim() == 0:
        return [g]
    d, idx = recompute(x)
    return [torch.zeros_like(x).scatter(d, r if r is not None else idx, g)]


@_derivative('sort')
def _d_sort(g, a, i, r=None):
    return _scatter_values(g, a, i, r, lambda x: (_wrap(a[1], x.dim()), None if r is not None else x.sort(a[1], a[2], stable=True)[1]))


@_derivative('topk')
def _d_topk(g, a, i, r=None):
    return _scatter_values(g, a, i, r, lambda x: (_wrap(a[2], x.dim()), None if r is not None else x.topk(a[1], a[2], a[3], a[4])[1]))


# A position per element of the index, in the flattened input.
def _gather_positions(x, d, index):
    shape = tuple(x.shape)
    pos = torch.zeros(tuple(index.shape), dtype=torch.int64)
    stride = 1
    for k in range(len(shape) - 1, -1, -1):
        if k == d:
            coord = index
        else:
            view = [1] * index.dim()
            view[k] = index.shape[k]
            coord = torch.arange(index.shape[k]).reshape(view).expand(index.shape)
        pos = pos + coord * stride
        stride *= shape[k]
    return pos


@_derivative('gather')
def _d_gather(g, a, i, r=None):
    x, index = a[0], a[2]
    if x.dim() == 0:
        return [g.reshape(())]
    d = _wrap(a[1], x.dim())
    pos = _gather_positions(x, d, index).reshape(-1)
    flat = _accumulate_rows(x.numel(), pos, g.reshape(-1))
    return [flat.reshape(x.shape)]


@_derivative('index_select')
def _d_index_select(g, a, i, r=None):
    x, index = a[0], a[2]
    if x.dim() == 0:
        return [g.reshape(())]
    d = _wrap(a[1], x.dim())
    moved = g.movedim(d, 0) if d else g
    rows = _accumulate_rows(x.shape[d], index.reshape(-1), moved.reshape(index.numel(), -1))
    rest = tuple(moved.shape[1:])
    out = rows.reshape((x.shape[d],) + rest)
    return [out.movedim(0, d) if d else out]


# F.embedding: the gradient's rows summed into the weight's (ATen's
# embedding_dense_backward), none into padding_idx's row, each divided by
# its index's count when scale_grad_by_freq.
@_derivative('_embedding')
def _d_embedding(g, a, i, r=None):
    w, index, padding_idx, by_freq = a[0], a[1], a[2], a[3]
    rows = g.reshape(index.numel(), -1)
    if by_freq:
        counts = torch.bincount(index, minlength=w.shape[0])
        rows = rows / counts[index].to(rows.dtype).unsqueeze(1)
    if padding_idx is not None:
        rows = torch.where((index != padding_idx).unsqueeze(1), rows, torch.zeros_like(rows))
    return [_accumulate_rows(w.shape[0], index, rows).reshape(w.shape), None, None, None]


@_derivative('_nll_sum')
def _d_nll_sum(g, a, i, r=None):
    terms, valid = a[0], a[1]
    return [torch.where(valid, g.expand(terms.shape), torch.zeros_like(terms)), None]


@_derivative('softmax')
def _d_softmax(g, a, i, r=None):
    x, d = a[0], a[1]
    y = (r if r is not None else torch.softmax(x, d)).to(g.dtype)
    return [y * (g - (g * y).sum(d, keepdim=True))]


@_derivative('log_softmax')
def _d_log_softmax(g, a, i, r=None):
    x, d = a[0], a[1]
    y = (r if r is not None else torch.log_softmax(x, d)).to(g.dtype)
    return [g - torch.exp(y) * g.sum(d, keepdim=True)]


@_derivative('layer_norm')
def _d_layer_norm(g, a, i, r=None):
    x, shape, w, b, eps = a[0], a[1], a[2], a[3], a[4]
    k = len(shape) if isinstance(shape, (tuple, list)) else 1
    dims = tuple(range(x.dim() - k, x.dim()))
    lead = tuple(range(x.dim() - k))
    mu = x.mean(dims, keepdim=True)
    xc = x - mu
    var = (xc * xc).mean(dims, keepdim=True)
    rstd = torch.rsqrt(var + eps)
    xhat = xc * rstd
    gw = g * w if w is not None else g
    gx = rstd * (gw - gw.mean(dims, keepdim=True) - xhat * (gw * xhat).mean(dims, keepdim=True))
    gweight = (g * xhat).sum(lead) if w is not None and lead else ((g * xhat) if w is not None else None)
    gbias = g.sum(lead) if b is not None and lead else (g if b is not None else None)
    return [gx, None, gweight, gbias, None]


@_derivative('_var')
def _d_var(g, a, i, r=None):
    x, dim, correction, keepdim, take_sqrt = a[0], a[1], a[2], a[3], a[4]
    dims = _reduced_dims(dim, x.dim())
    n = 1
    for d in dims:
        n *= x.shape[d]
    mu = x.mean(dims, keepdim=True) if x.dim() else x
    ge = _unreduce(g, x, dims, keepdim)
    gx = ge * 2 * (x - mu) / (n - correction)
    if take_sqrt:
        out = _unreduce(x.var(dims, correction=correction, keepdim=keepdim).sqrt(), x, dims, keepdim)
        # (torch's std_backward: 0 where the deviation is 0)
        gx = torch.where(out == 0, torch.zeros_like(gx), gx / (2 * out))
    return [gx]


def _mm_grads(g, x, y):
    # x @ y with 1-D operands promoted (a row for x, a column for y)
    x1 = x.dim() == 1
    y1 = y.dim() == 1
    if x1 and y1:
        return g * y, g * x
    xm = x.unsqueeze(0) if x1 else x
    ym = y.unsqueeze(-1) if y1 else y
    gm = g
    if x1:
        gm = gm.unsqueeze(-2)
    if y1:
        gm = gm.unsqueeze(-1)
    gx = gm @ ym.transpose(-1, -2)
    gy = xm.transpose(-1, -2) @ gm
    if x1:
        gx = _sum_to(gx, (1,) + tuple(x.shape)).reshape(x.shape) if gx.dim() > 2 else gx.squeeze(-2)
    if y1:
        gy = _sum_to(gy, tuple(y.shape) + (1,)).reshape(y.shape) if gy.dim() > 2 else gy.squeeze(-1)
    return gx, gy


@_derivative('matmul')
def _d_matmul(g, a, i, r=None):
    x, y = a[0], a[1]
    gx, gy = _mm_grads(g, x, y)
    return [gx, gy]


@_derivative('linear')
def _d_linear(g, a, i, r=None):
    x, w, b = a[0], a[1], a[2]
    gx = g @ w
    if x.dim() == 1:
        gw = torch.outer(g, x)
    else:
        gw = g.reshape(-1, g.shape[-1]).t() @ x.reshape(-1, x.shape[-1])
    gb = None
    if b is not None:
        gb = g.reshape(-1, g.shape[-1]).sum(0) if g.dim() > 1 else g
    return [gx, gw, gb]


@_derivative('cat')
def _d_cat(g, a, i, r=None):
    ts = a[0]
    tensors = [t for t in ts if isinstance(t, _Tensor)]
    ref = None
    for t in tensors:
        if not (t.dim() == 1 and t.shape[0] == 0):
            ref = t
            break
    if ref is None:
        return [[None for t in ts], None]
    d = _wrap(a[1], ref.dim())
    out = []
    start = 0
    for t in ts:
        if not isinstance(t, _Tensor):
            out.append(None)
        elif t.dim() == 1 and t.shape[0] == 0 and ref.dim() != 1:
            out.append(torch.zeros_like(t))
        else:
            n = t.shape[d]
            out.append(g.narrow(d, start, n))
            start += n
    return [out, None]


@_derivative('stack')
def _d_stack(g, a, i, r=None):
    ts = a[0]
    d = _wrap(a[1], g.dim())
    return [[g.select(d, k) for k in range(len(ts))], None]


@_derivative('clone', 'contiguous', 'to', 'float', 'double', 'half', 'bfloat16')
def _d_identity(g, a, i, r=None):
    return [g]


@_derivative('view', 'reshape', 'squeeze', 'expand', '_reshape_as')
def _d_reshape(g, a, i, r=None):
    x = a[0]
    if tuple(g.shape) == tuple(x.shape):
        return [g]
    if g.numel() == x.numel():
        return [g.reshape(x.shape)]
    return [g]  # expand: summed to the input's shape by the engine


@_derivative('unsqueeze')
def _d_unsqueeze(g, a, i, r=None):
    return [g.reshape(a[0].shape)]


@_derivative('transpose')
def _d_transpose(g, a, i, r=None):
    return [g.transpose(a[1], a[2])]


@_derivative('t')
def _d_t(g, a, i, r=None):
    return [g.t()]


@_derivative('permute')
def _d_permute(g, a, i, r=None):
    dims = [_wrap(d, g.dim()) for d in a[1]]
    inverse = [0] * len(dims)
    for k in range(len(dims)):
        inverse[dims[k]] = k
    return [g.permute(inverse)]


# A view op without overlap (slice, select, diagonal, basic indexing): the
# gradient is zeros with the same view of them set to g.
def _d_view_of_zeros(view):
    def formula(g, a, i, r=None):
        z = _zeros_like(a[0]).to(g.dtype)
        view(z, a).copy_(g)
        return [z]
    return formula


_formulas['slice'] = _d_view_of_zeros(
    lambda z, a: z[(slice(None),) * _wrap(a[1], z.dim()) + (slice(a[2], a[3], a[4]),)])
_formulas['select'] = _d_view_of_zeros(lambda z, a: z.select(a[1], a[2]))
_formulas['diagonal'] = _d_view_of_zeros(lambda z, a: z.diagonal(a[1], a[2], a[3]))


def _advanced(index):
    items = index if isinstance(index, tuple) else (index,)
    for ix in items:
        if isinstance(ix, (_Tensor, list)) or isinstance(ix, bool):
            return True
    return False


@_derivative('getitem')
def _d_getitem(g, a, i, r=None):
    x, index = a[0], a[1]
    if not _advanced(index):
        z = _zeros_like(x).to(g.dtype)
        z[index] = g
        return [z, None]
    pos = torch.arange(x.numel()).reshape(x.shape)[index].reshape(-1)
    flat = _accumulate_rows(x.numel(), pos, g.reshape(-1))
    return [flat.reshape(x.shape), None]


@_derivative('_setitem')
def _d_setitem(g, a, i, r=None):
    x, index, v = a[0], a[1], a[2]
    gx = g.clone()
    gx[index] = 0
    gv = None
    if isinstance(v, _Tensor):
        gv = g[index]
    return [gx, None, gv]


@_derivative('copy_')
def _d_copy(g, a, i, r=None):
    return [None, g]


@_derivative('zero_')
def _d_zero(g, a, i, r=None):
    return [None]


@_derivative('fill_')
def _d_fill(g, a, i, r=None):
    return [None, g.sum() if isinstance(a[1], _Tensor) else None]


@_derivative('as_strided')
def _d_as_strided(g, a, i, r=None):
    x = a[0]
    z = _zeros_like(x).to(g.dtype).contiguous()
    # (windows may overlap, as Longformer's chunks: each element's gradient
    # is the sum over every position that reads it)
    at = torch.arange(z.numel()).as_strided(a[1], a[2], a[3] if a[3] is not None else 0)
    z.view(-1).index_add_(0, at.reshape(-1), g.reshape(-1))
    return [z]


@_derivative('unfold')
def _d_unfold(g, a, i, r=None):
    x = a[0]
    d = _wrap(a[1], x.dim()) if x.dim() else 0
    size, step = a[2], a[3]
    z = _zeros_like(x).to(g.dtype)
    n = g.shape[d] if x.dim() else 1
    for k in range(n):
        z.narrow(d, k * step, size).add_(g.select(d, k).movedim(-1, d))
    return [z]


# An in-place op on a view (x[0].add_(1), x[:, 1] = v): the base's new
# history. The base's gradient reaches the view's node where the view lies
# in the base and the base's old history everywhere else.
@_derivative('_copy_slices')
def _d_copy_slices(g, a, i, r=None):
    base, view = a[0], a[1]
    offset = view.storage_offset() - base.storage_offset()

    def extent(t, at):
        e = at + 1
        for n, s in zip(t.shape, t.stride()):
            if n == 0:
                return at
            e += (n - 1) * s
        return e
    buf = torch.zeros(max(extent(base, 0), extent(view, offset)), dtype=g.dtype)
    in_base = buf.as_strided(tuple(base.shape), base.stride(), 0)
    in_base.copy_(g)
    in_view = buf.as_strided(tuple(view.shape), view.stride(), offset)
    gview = in_view.clone()
    in_view.zero_()
    return [in_base.clone(), gview]



# det(A): g * det * inv(A)^T; inv(A): -inv^T @ g @ inv^T (derivatives.yaml's
# linalg_det_backward and the inverse's).
@_derivative('_linalg_det')
def _d_linalg_det(g, a, i, r=None):
    A = a[0]
    d = torch.linalg.det(A)
    return [(g * d).unsqueeze(-1).unsqueeze(-1) * torch.linalg.inv(A).transpose(-1, -2)]


@_derivative('_linalg_inv')
def _d_linalg_inv(g, a, i, r=None):
    t = torch.linalg.inv(a[0]).transpose(-1, -2)
    return [-(t @ g @ t)]


@_derivative('_no_derivative')
def _d_none(g, a, i, r=None):
    _no_formula(a[1])


@_derivative('_custom')
def _d_custom(g, a, i, r=None):
    ctx, cls = a[0], a[1]
    outs = ctx._standin_outputs
    grads = [g if k == i else torch.zeros(outs[k][0], dtype=outs[k][1]) for k in range(len(outs))]
    with torch.enable_grad() if ctx._standin_create_graph else torch.no_grad():
        result = cls.backward(ctx, *grads)
    if not isinstance(result, tuple):
        result = (result,)
    n = len(a) - 2
    if len(result) < n:
        raise RuntimeError('function ' + cls.__name__ + 'Backward returned an incorrect number of gradients (expected ' +
                           str(n) + ', got ' + str(len(result)) + ')')
    return [None, None] + list(result[:n])


# ---- the engine ----

# A tensor a node reads, written in place since it was recorded: torch's
# SavedVariable check.
def _check_versions(n):
    versions, names = n[6], n[7]
    tensors = _tensor_args(n[1])
    if len(versions) > len(tensors):
        tensors.append(n[5])
    for k in range(len(versions)):
        v = versions[k]
        t = tensors[k]
        if v is None or t is None or t._version == v:
            continue
        shape = '[' + ', '.join(str(s) for s in t.shape) + ']'
        what = '[' + t.type() + ' ' + shape + ']'
        if names[k] is not None:
            what += ', which is output 0 of ' + names[k].split('::')[-1] + ','
        raise RuntimeError('one of the variables needed for gradient computation has been modified by an inplace '
                           'operation: ' + what + ' is at version ' + str(t._version) + '; expected version ' + str(v) +
                           ' instead. Hint: enable anomaly detection to find the operation that failed to compute its '
                           'gradient, with torch.autograd.set_detect_anomaly(True).')


_freed_message = ('Trying to backward through the graph a second time (or directly access saved tensors after they have '
                  'already been freed). Saved intermediate values of the graph are freed when you call .backward() or '
                  'autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or '
                  'if you need to access saved tensors after calling backward.')


# A node's state list: its grad_fn name, then (once the engine or a hook
# needs it) a dict of marks: 'freed', 'hooks', 'retain'.
_result_formulas = {'exp', 'expm1', 'tanh', 'sigmoid', 'relu', 'relu_', 'sqrt', 'rsqrt', 'softmax', 'log_softmax'}


def _state(node):
    s = node[4]
    if len(s) < 2:
        s.append({})
    return s[1]


# grad_fn.next_functions: (node, output) per input, AccumulateGrad for a leaf
# that requires grad, None for an input that does not (a number operand of an
# elementwise op counts, as in torch).
class _AccumulateGrad:
    def __init__(self, variable):
        self.variable = variable

    def name(self):
        return 'torch::autograd::AccumulateGrad'

    def __repr__(self):
        return '<AccumulateGrad object at ' + hex(id(self)) + '>'


_AccumulateGrad.__name__ = 'AccumulateGrad'
_AccumulateGrad.__qualname__ = 'AccumulateGrad'
_number_operands = {'add', 'sub', 'mul', 'div', 'pow', '_pow_std', 'remainder', 'fmod', 'atan2', 'maximum',
                    'minimum', 'where', 'add_', 'sub_', 'mul_', 'div_'}


def _next_functions(node, make):
    def of(e):
        if e is None:
            return (None, 0)
        if type(e) is tuple:
            return (make(e[4][0], e), e[2])
        if isinstance(e, str):
            return (make(e, None), 0)
        return (_AccumulateGrad(e), 0)
    edges = node[3]
    out = []
    j = 0
    numbers = node[0] in _number_operands
    for a in node[1]:
        if isinstance(a, _Tensor):
            out.append(of(edges[j]))
            j += 1
        elif isinstance(a, (tuple, list)):
            for b in a:
                if isinstance(b, _Tensor):
                    out.append(of(edges[j]))
                    j += 1
        elif numbers and isinstance(a, (int, float, bool)):
            out.append((None, 0))
    return tuple(out)


def _no_formula(name):
    raise NotImplementedError("standin's autograd has no derivative for " + name +
                              ': the backward pass cannot go through it')


# retain_grad's place among a tensor's hooks: hooks registered before it
# change what .grad keeps, those after do not (torch's order).
class _Retain:
    def __init__(self, tensor):
        self.tensor = tensor


def _apply_hooks(hooks, g, accumulate=True):
    for h in list(hooks):
        if isinstance(h, _Retain):
            if accumulate:
                t = h.tensor
                t.grad = g.detach() if t.grad is None else t.grad + g.detach()
            continue
        r = h(g)
        if r is not None:
            g = r
    return g


# The gradient a tensor's node (or a leaf) receives, keyed for the engine.
def _key(t):
    node = torch._grad_node(t)
    return id(node) if node is not None else id(t)


def _run_backward(roots, grads, retain_graph, create_graph, inputs=None, accumulate=True, allow_unused=False):
    if retain_graph is None:
        retain_graph = create_graph
    pending = {}
    leaves = {}
    leaf_order = []
    starts = []

    def give(edge, g):
        if type(edge) is tuple:
            k = id(edge)
            if k in pending:
                pending[k] = pending[k] + g
            else:
                pending[k] = g
        elif isinstance(edge, str):
            _no_formula(edge.split('::')[-1])
        else:
            k = id(edge)
            if k in leaves:
                leaves[k][1] = leaves[k][1] + g
            else:
                leaves[k] = [edge, g]
                leaf_order.append(k)

    for t, g in zip(roots, grads):
        if not t.requires_grad:
            raise RuntimeError('element ' + str(roots.index(t)) + " of tensors does not require grad and does not have a grad_fn")
        node = torch._grad_node(t)
        if node is None and t.grad_fn is not None:
            _no_formula(t.grad_fn.name().split('::')[-1])
        edge = node if node is not None else t
        if type(edge) is tuple:
            starts.append(edge)
        give(edge, g)
    # Dependencies: how many edges from the nodes reachable from the roots
    # lead to each node.
    deps = {}
    seen = set()
    stack = list(starts)
    for n in starts:
        seen.add(id(n))
    while stack:
        n = stack.pop()
        for e in n[3]:
            if type(e) is tuple:
                k = id(e)
                deps[k] = deps.get(k, 0) + 1
                if k not in seen:
                    seen.add(k)
                    stack.append(e)
    wanted = None
    captured = {}
    if inputs is not None:
        wanted = {}
        for t in inputs:
            wanted[_key(t)] = t
    ready = []
    done = set()
    for n in starts:
        if deps.get(id(n), 0) == 0 and id(n) not in done:
            done.add(id(n))
            ready.append(n)
    with torch.set_grad_enabled(create_graph):
        while ready:
            n = ready.pop()
            k = id(n)
            g = pending.pop(k, None)
            edges = n[3]
            if g is not None:
                st = _state(n)
                if n[6] is not None:
                    if st.get('freed'):
                        raise RuntimeError(_freed_message)
                    _check_versions(n)
                hooks = st.get('hooks')
                if hooks:
                    g = _apply_hooks(hooks, g, accumulate)
                if wanted is not None and k in wanted:
                    captured[k] = g
                formula = _formulas.get(n[0])
                if formula is None:
                    _no_formula(n[0])
                args = n[1]
                # (a saved result is a detached alias: under create_graph
                # the formula recomputes it from the inputs, with history)
                saved = n[5]
                if create_graph and n[0] in _result_formulas:
                    saved = None
                grads_in = _flat_grads(args, formula(g, args, n[2], saved))
                tensors = _tensor_args(args)
                for j in range(len(edges)):
                    e = edges[j]
                    gi = grads_in[j] if j < len(grads_in) else None
                    if e is None or gi is None:
                        continue
                    t = tensors[j]
                    gi = _sum_to(gi, t.shape)
                    if gi.dtype != t.dtype and t.is_floating_point():
                        gi = gi.to(t.dtype)
                    give(e, gi)
                if not retain_graph:
                    st['freed'] = True
            for e in edges:
                if type(e) is tuple:
                    ke = id(e)
                    deps[ke] -= 1
                    if deps[ke] == 0:
                        ready.append(e)
        for k in leaf_order:
            leaf, g = leaves[k]
            hooks = getattr(leaf, '_standin_hooks', None)
            if hooks:
                g = _apply_hooks(hooks, g)
            if wanted is not None:
                if k in wanted:
                    captured[k] = g
                if not accumulate:
                    continue
                if k not in wanted:
                    continue
            if not accumulate:
                continue
            if leaf.grad is None:
                leaf.grad = g.detach().clone() if not create_graph else g.clone()
            elif create_graph:
                leaf.grad = leaf.grad + g
            else:
                leaf.grad.add_(g.detach())
    if wanted is None:
        return None
    out = []
    for t in inputs:
        g = captured.get(_key(t))
        if g is None and not allow_unused:
            raise RuntimeError('One of the differentiated Tensors appears to not have been used in the graph. '
                               'Set allow_unused=True if this is the desired behavior.')
        out.append(g)
    return tuple(out)


def _as_list(v):
    if v is None:
        return None
    if isinstance(v, _Tensor):
        return [v]
    return list(v)


def _default_grads(tensors, grads, what):
    grads = _as_list(grads)
    if grads is None:
        grads = [None] * len(tensors)
    if len(grads) != len(tensors):
        raise RuntimeError('got ' + str(len(grads)) + ' tensors and ' + str(len(tensors)) + ' gradients')
    out = []
    for t, g in zip(tensors, grads):
        if g is None:
            if t.requires_grad and t.numel() != 1:
                raise RuntimeError('grad can be implicitly created only for scalar outputs')
            g = torch.ones_like(t)
        elif isinstance(g, _Tensor) and tuple(g.shape) != tuple(t.shape):
            raise RuntimeError('Mismatch in shape: grad_output[' + str(len(out)) + '] has a shape of ' +
                               str(g.shape) + ' and output[' + str(len(out)) + '] has a shape of ' + str(t.shape) + '.')
        out.append(g)
    return out


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    tensors = _as_list(tensors)
    if grad_tensors is None:
        grad_tensors = grad_variables
    grads = _default_grads(tensors, grad_tensors, 'backward')
    if inputs is not None:
        inputs = _as_list(inputs)
        if not inputs:
            raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    _run_backward(tensors, grads, retain_graph, create_graph, inputs, True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    outputs = _as_list(outputs)
    inputs_list = _as_list(inputs)
    for t in inputs_list:
        if not t.requires_grad:
            raise RuntimeError('One of the differentiated Tensors does not require grad')
    grads = _default_grads(outputs, grad_outputs, 'grad')
    return _run_backward(outputs, grads, retain_graph, create_graph, inputs_list, False, allow_unused)


# t.register_hook(fn): fn(grad) runs when t's gradient is computed, and may
# return a replacement. A leaf's hooks run before its .grad accumulates.
class _TensorHookHandle:
    def __init__(self, hooks, hook):
        self._hooks = hooks
        self._hook = hook

    def remove(self):
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)


def _register_hook(self, hook):
    if not self.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    node = torch._grad_node(self)
    if node is not None:
        hooks = _state(node).setdefault('hooks', [])
    else:
        hooks = getattr(self, '_standin_hooks', None)
        if hooks is None:
            hooks = []
            self._standin_hooks = hooks
    hooks.append(hook)
    return _TensorHookHandle(hooks, hook)


def _retain_grad(self):
    if not self.requires_grad:
        raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    node = torch._grad_node(self)
    if node is None:
        return None
    retain = _state(node).setdefault('retain', [])
    for t in retain:
        if t is self:
            return None
    retain.append(self)
    _state(node).setdefault('hooks', []).append(_Retain(self))
    return None


def _retains_grad(self):
    node = torch._grad_node(self)
    if node is None:
        return False
    for t in _state(node).get('retain', ()):
        if t is self:
            return True
    return False


# A module's full backward hooks (register_full_backward_hook and _pre_hook),
# as torch's BackwardHook: a forward pre-hook passes the tensor inputs that
# require grad through an identity node, a forward hook the outputs. The
# outputs' nodes see grad_output (the pre-hooks may replace it); the inputs'
# node, once every input's gradient is in, calls the hooks with grad_input
# and grad_output, and a hook's result replaces grad_input. With no input
# that requires grad, the hooks run when grad_output is complete, with
# grad_input all None.
class _BackwardHookRunner:
    def __init__(self, module):
        self.module = module
        self.state = None

    def pre(self, module, args):
        state = {'inputs': 0, 'pending': 0, 'grad_inputs': [], 'outputs': 0, 'outputs_pending': 0,
                 'grad_outputs': [], 'called': False}
        self.state = state
        if not torch.is_grad_enabled():
            return None
        new, count = self._wrap(args, '_hook_input', 'pending')
        state['inputs'] = count
        state['grad_inputs'] = [None] * count
        return tuple(new)

    def post(self, module, args, out):
        state = self.state
        if state is None or not torch.is_grad_enabled():
            return None
        outs = out if isinstance(out, tuple) else (out,)
        wrapped, count = self._wrap(outs, '_hook_output', 'outputs_pending')
        state['outputs'] = count
        state['grad_outputs'] = [None] * count
        return tuple(wrapped) if isinstance(out, tuple) else wrapped[0]

    # Each tensor of `items` that requires grad, through an identity node
    # `op` (counted in state[pending]); returns the new items and how many
    # tensors there are.
    def _wrap(self, items, op, pending):
        state = self.state
        new = list(items)
        k = 0
        for j in range(len(new)):
            a = new[j]
            if isinstance(a, _Tensor):
                if a.requires_grad:
                    alias = a.view_as(a)
                    torch._record_node(alias, op, (state, k, self, a), 0, 'BackwardHookFunctionBackward')
                    new[j] = alias
                    state[pending] += 1
                k += 1
        return new, k

    def call_hooks(self, state):
        if state['called']:
            return None
        state['called'] = True
        hooks = self.module.__dict__.get('_backward_hooks') or {}
        grad_inputs = tuple(state['grad_inputs'])
        for hook in list(hooks.values()):
            result = hook(self.module, grad_inputs, tuple(state['grad_outputs']))
            if result is not None:
                grad_inputs = tuple(result) if isinstance(result, (tuple, list)) else (result,)
        return grad_inputs


@_derivative('_hook_output')
def _d_hook_output(g, a, i, r=None):
    state, k, runner = a[0], a[1], a[2]
    pre = runner.module.__dict__.get('_backward_pre_hooks') or {}
    state['grad_outputs'][k] = g
    state['outputs_pending'] -= 1
    if state['outputs_pending'] == 0:
        for hook in list(pre.values()):
            result = hook(runner.module, tuple(state['grad_outputs']))
            if result is not None:
                state['grad_outputs'] = list(result) if isinstance(result, (tuple, list)) else [result]
        if state['pending'] == 0:
            runner.call_hooks(state)
    return [None, None, None, state['grad_outputs'][k]]


@_derivative('_hook_input')
def _d_hook_input(g, a, i, r=None):
    state, k, runner = a[0], a[1], a[2]
    state['grad_inputs'][k] = g
    state['pending'] -= 1
    if state['pending'] == 0:
        replaced = runner.call_hooks(state)
        if replaced is not None and k < len(replaced):
            g = replaced[k]
    return [None, None, None, g]


def _install_backward_hooks(module):
    runner = module.__dict__.get('_backward_hook_runner')
    if runner is None:
        runner = _BackwardHookRunner(module)
        module._backward_hook_runner = runner
        module.register_forward_pre_hook(runner.pre)
        module.register_forward_hook(runner.post)
    return runner


# autograd.Function.apply: forward runs with grad mode off; its tensor
# results get a node whose formula calls cls.backward(ctx, *grads).
def _function_apply(cls, ctx, args, kwargs):
    with torch.no_grad():
        out = cls.forward(ctx, *args, **kwargs)
    if not torch.is_grad_enabled():
        return out
    if not any(isinstance(x, _Tensor) and x.requires_grad for x in args):
        return out
    outs = out if isinstance(out, tuple) else (out,)
    # An output saved for backward is kept as a detached alias: the node
    # holds ctx, and ctx must not hold the tensor that holds the node.
    saved = getattr(ctx, 'saved_tensors', ())
    if saved:
        ctx.saved_tensors = tuple(s.detach() if any(s is o for o in outs) else s for s in saved)
    ctx._standin_outputs = [(tuple(o.shape), o.dtype) if isinstance(o, _Tensor) else ((), torch.float32) for o in outs]
    ctx._standin_create_graph = False
    node_args = (ctx, cls) + tuple(args)
    dirty = getattr(ctx, '_standin_dirty', ())
    non_diff = getattr(ctx, '_standin_non_differentiable', ())
    result = []
    for k in range(len(outs)):
        o = outs[k]
        if isinstance(o, _Tensor) and o.is_floating_point() and not any(o is d for d in non_diff):
            if any(o is x for x in args) and not any(o is d for d in dirty):
                o = o.view_as(o)
            torch._record_node(o, '_custom', node_args, k, cls.__name__ + 'Backward')
        result.append(o)
    return tuple(result) if isinstance(out, tuple) else result[0]
)PY";

// torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp and vhp,
// each from torch.autograd.grad (a jacobian row per output element).
inline constexpr std::string_view autograd_functional_prelude = R"PY(
def _tuple(x):
    return (x,) if isinstance(x, torch.Tensor) else tuple(x)


def _prepare(inputs, create_graph):
    single = isinstance(inputs, torch.Tensor)
    xs = _tuple(inputs)
    out = []
    for x in xs:
        x = x if create_graph and x.requires_grad else x.detach()
        out.append(x.requires_grad_(True) if not x.requires_grad else x)
    return single, tuple(out)


def _grads(outputs, inputs, grad_outputs, create_graph):
    gs = torch.autograd.grad(outputs, inputs, grad_outputs, retain_graph=True, create_graph=create_graph,
                             allow_unused=True)
    return tuple(torch.zeros_like(x) if g is None else g for g, x in zip(gs, inputs))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy='reverse-mode'):
    single_in, xs = _prepare(inputs, create_graph)
    with torch.enable_grad():
        outputs = func(*xs)
    single_out = isinstance(outputs, torch.Tensor)
    outs = _tuple(outputs)
    result = []
    for out in outs:
        rows = []
        flat = out.reshape(-1)
        for k in range(flat.numel()):
            if out.requires_grad:
                gs = _grads(flat[k], xs, None, create_graph)
            else:
                gs = tuple(torch.zeros_like(x) for x in xs)
            rows.append(gs)
        per_input = []
        for j in range(len(xs)):
            stacked = torch.stack([r[j] for r in rows]) if rows else torch.zeros((0,) + tuple(xs[j].shape))
            per_input.append(stacked.reshape(tuple(out.shape) + tuple(xs[j].shape)))
        result.append(per_input[0] if single_in else tuple(per_input))
    if not create_graph:
        result = [r.detach() if isinstance(r, torch.Tensor) else tuple(t.detach() for t in r) for r in result]
    return result[0] if single_out else tuple(result)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy='reverse-mode'):
    single_in, xs = _prepare(inputs, True)

    def grad_fn(*args):
        with torch.enable_grad():
            out = func(*args)
        gs = _grads(out, args, None, True)
        return gs[0] if single_in else gs
    return jacobian(grad_fn, xs[0] if single_in else xs, create_graph=create_graph)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    single_in, xs = _prepare(inputs, create_graph)
    with torch.enable_grad():
        outputs = func(*xs)
    outs = _tuple(outputs)
    vs = None if v is None else _tuple(v)
    gs = _grads(outs, xs, vs, create_graph)
    if not create_graph:
        outputs = outputs.detach() if isinstance(outputs, torch.Tensor) else tuple(o.detach() for o in outputs)
        gs = tuple(g.detach() for g in gs)
    return outputs, gs[0] if single_in else gs


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    single_in, xs = _prepare(inputs, create_graph)
    with torch.enable_grad():
        outputs = func(*xs)
    outs = _tuple(outputs)
    vs = tuple(torch.ones_like(x) for x in xs) if v is None else _tuple(v)
    jac = jacobian(func, xs[0] if single_in else xs, create_graph=create_graph)
    jacs = (jac,) if isinstance(outputs, torch.Tensor) else jac
    results = []
    for out, j in zip(outs, jacs):
        js = (j,) if single_in else j
        total = torch.zeros_like(out)
        for jj, vv, x in zip(js, vs, xs):
            total = total + (jj.reshape(out.numel(), x.numel()) @ vv.reshape(-1)).reshape(out.shape)
        results.append(total)
    detached = outputs.detach() if isinstance(outputs, torch.Tensor) else tuple(o.detach() for o in outputs)
    return detached, results[0] if isinstance(outputs, torch.Tensor) else tuple(results)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    single_in, xs = _prepare(inputs, True)
    with torch.enable_grad():
        out = func(*xs)
        gs = _grads(out, xs, None, True)
    vs = _tuple(v)
    dot = sum((g * vv).sum() for g, vv in zip(gs, vs))
    hs = _grads(dot, xs, None, create_graph)
    if not create_graph:
        hs = tuple(h.detach() for h in hs)
    return out.detach(), hs[0] if single_in else hs


vhp = hvp
)PY";

STANDIN_NAMESPACE_END
