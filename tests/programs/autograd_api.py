# Autograd (api): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

def leaf(data=None):
    return torch.tensor([1.0, -2.0, 3.0] if data is None else data, requires_grad=True)

def fname(t):
    return None if t.grad_fn is None else type(t.grad_fn).__name__

# ---- accumulation / retain_graph ----
def c_accum_retain():
    x = leaf()
    y = (x * x).sum()
    y.backward(retain_graph=True)
    show('accum_retain first', x.grad)
    y.backward()
    show('accum_retain second', x.grad)
case('accumulate_retain_graph', c_accum_retain)

def c_accum_two_graphs():
    x = leaf()
    (x * 2).sum().backward()
    (x ** 2).sum().backward()
    show('accum_two_graphs', x.grad)
case('accumulate_two_graphs', c_accum_two_graphs)

def c_twice_no_retain():
    x = leaf()
    y = (x * x).sum()
    y.backward()
    show('twice_no_retain first', x.grad)
    y.backward()
    show('twice_no_retain second (should not print)', x.grad)
case('backward_twice_no_retain', c_twice_no_retain)

def c_twice_no_retain_exp():
    x = leaf()
    y = x.exp().sum()
    y.backward()
    y.backward()
    show('twice_exp (should not print)', x.grad)
case('backward_twice_no_retain_exp', c_twice_no_retain_exp)

def c_twice_no_saved():
    # quirk: graph holds no saved tensors (add scalar, sum), so a second backward works in 1.13
    x = leaf()
    y = (x + 1).sum()
    y.backward()
    y.backward()
    show('twice_no_saved_tensors', x.grad)
case('backward_twice_no_saved_tensors', c_twice_no_saved)

# ---- non-scalar / explicit gradient ----
def c_nonscalar():
    x = leaf()
    y = x * 2
    y.backward()
case('nonscalar_backward_no_gradient', c_nonscalar)

def c_nonscalar_one_elem():
    x = leaf([5.0])
    y = x * 3
    y.backward()
    show('one_element_nonscalar', x.grad)
case('one_element_shape1_backward', c_nonscalar_one_elem)

def c_explicit_gradient():
    x = leaf()
    y = x * x
    y.backward(gradient=torch.tensor([1.0, 0.5, -1.0]))
    show('explicit_gradient', x.grad)
    z = leaf([[1.0, 2.0], [3.0, 4.0]])
    (z * 3).backward(torch.ones(2, 2))
    show('explicit_gradient_ones', z.grad)
case('explicit_gradient', c_explicit_gradient)

def c_torch_autograd_backward():
    x = leaf()
    y = x.sin()
    torch.autograd.backward(y, torch.tensor([1.0, 1.0, 1.0]))
    show('torch_autograd_backward', x.grad)
case('torch_autograd_backward', c_torch_autograd_backward)

def c_backward_inputs():
    x = leaf()
    w = leaf([0.5, 0.5, 0.5])
    (x * w).sum().backward(inputs=[w])
    show('backward_inputs x.grad', x.grad)
    show('backward_inputs w.grad', w.grad)
case('backward_inputs_arg', c_backward_inputs)

# ---- leaf / non-leaf / requires_grad ----
def c_no_req_leaf():
    x = leaf()
    c = torch.tensor([2.0, 3.0, 4.0])
    (x * c).sum().backward()
    show('no_req_leaf x.grad', x.grad)
    show('no_req_leaf c.grad', c.grad)
    print('no_req_leaf c.requires_grad', c.requires_grad, 'c.is_leaf', c.is_leaf)
case('requires_grad_false_leaf', c_no_req_leaf)

def c_nonleaf_grad():
    x = leaf()
    y = x * 2
    z = y * y
    z.sum().backward()
    print('nonleaf y.is_leaf', y.is_leaf, 'y.grad is None', y.grad is None)
    show('nonleaf x.grad', x.grad)
case('nonleaf_grad_none', c_nonleaf_grad)

def c_retain_grad():
    x = leaf()
    y = x * 2
    y.retain_grad()
    z = y * y
    z.retain_grad()
    z.sum().backward()
    show('retain_grad y.grad', y.grad)
    show('retain_grad z.grad', z.grad)
    show('retain_grad x.grad', x.grad)
    print('retain_grad y.retains_grad', y.retains_grad, 'x.retains_grad', x.retains_grad)
case('retain_grad', c_retain_grad)

def c_is_leaf():
    x = leaf()
    c = torch.tensor([1.0])
    y = x + 1
    d = y.detach()
    with torch.no_grad():
        n = x * 2
    p = nn.Parameter(torch.tensor([1.0, 2.0]))
    print('is_leaf x', x.is_leaf, 'c', c.is_leaf, 'y', y.is_leaf, 'd', d.is_leaf, 'n', n.is_leaf, 'p', p.is_leaf)
    print('requires_grad x', x.requires_grad, 'c', c.requires_grad, 'y', y.requires_grad, 'd', d.requires_grad, 'n', n.requires_grad, 'p', p.requires_grad)
    print('c*y requires_grad', (c * y).requires_grad, 'c*2 requires_grad', (c * 2).requires_grad)
case('is_leaf_and_requires_grad', c_is_leaf)

def c_zero_grad_inplace():
    x = leaf()
    (x * 3).sum().backward()
    x.grad.zero_()
    show('grad_zero_ after zero', x.grad)
    (x * x).sum().backward()
    show('grad_zero_ after second', x.grad)
    x.grad = None
    (x * 5).sum().backward()
    show('grad_set_none then backward', x.grad)
case('grad_zero_', c_zero_grad_inplace)

def c_opt_zero_grad():
    m = nn.Linear(2, 1)
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    m(torch.tensor([[1.0, 2.0]])).sum().backward()
    opt.zero_grad()
    print('opt.zero_grad() default -> weight.grad is None:', m.weight.grad is None)
    show('opt.zero_grad() default weight.grad', m.weight.grad)
    m(torch.tensor([[1.0, 2.0]])).sum().backward()
    opt.zero_grad(set_to_none=True)
    print('opt.zero_grad(set_to_none=True) -> weight.grad is None:', m.weight.grad is None)
    m(torch.tensor([[1.0, 2.0]])).sum().backward()
    m.zero_grad()
    print('module.zero_grad() default -> weight.grad is None:', m.weight.grad is None)
case('optimizer_zero_grad', c_opt_zero_grad)

# ---- no_grad / detach / requires_grad_ ----
def c_no_grad():
    x = leaf()
    with torch.no_grad():
        y = x * 2
        print('no_grad is_grad_enabled', torch.is_grad_enabled())
    print('no_grad y.requires_grad', y.requires_grad, 'grad_fn', fname(y))
    print('after is_grad_enabled', torch.is_grad_enabled())
    z = (x * y).sum()
    z.backward()
    show('no_grad x.grad (y constant)', x.grad)
case('no_grad_blocks_graph', c_no_grad)

def c_enable_grad():
    x = leaf()
    with torch.no_grad():
        with torch.enable_grad():
            y = x * 2
        w = x * 3
    print('enable_grad y.requires_grad', y.requires_grad, 'w.requires_grad', w.requires_grad)
    torch.set_grad_enabled(False)
    v = x * 4
    torch.set_grad_enabled(True)
    print('set_grad_enabled(False) v.requires_grad', v.requires_grad)
    with torch.set_grad_enabled(False):
        u = x * 5
    print('set_grad_enabled ctx u.requires_grad', u.requires_grad)
case('enable_grad_set_grad_enabled', c_enable_grad)

@torch.no_grad()
def nograd_fn(x):
    return x * 2

def c_no_grad_decorator():
    x = leaf()
    y = nograd_fn(x)
    print('no_grad decorator y.requires_grad', y.requires_grad)
case('no_grad_decorator', c_no_grad_decorator)

def c_inference_update_leaf():
    x = leaf()
    (x * x).sum().backward()
    with torch.no_grad():
        x -= 0.1 * x.grad
        x.add_(1.0)
    show('no_grad_inplace_leaf x', x)
    print('still leaf', x.is_leaf, 'requires_grad', x.requires_grad)
case('no_grad_inplace_on_leaf_ok', c_inference_update_leaf)

def c_detach():
    x = leaf()
    y = x * 2
    d = y.detach()
    z = (y * d).sum()
    z.backward()
    show('detach x.grad', x.grad)
    print('detach d.requires_grad', d.requires_grad, 'grad_fn', fname(d))
    d2 = x.detach()
    d2[0] = 100.0
    show('detach shares storage x', x)
case('detach', c_detach)

def c_requires_grad_():
    x = torch.tensor([1.0, 2.0])
    r = x.requires_grad_()
    print('requires_grad_ returns self', r is x, x.requires_grad)
    (x ** 3).sum().backward()
    show('requires_grad_ x.grad', x.grad)
    x.requires_grad_(False)
    print('requires_grad_(False)', x.requires_grad)
    y = torch.tensor([3.0])
    y.requires_grad = True
    (y * 7).sum().backward()
    show('requires_grad attr set', y.grad)
case('requires_grad_', c_requires_grad_)

def c_nonleaf_set_requires_grad():
    x = leaf()
    y = x * 2
    y.requires_grad = False
case('nonleaf_set_requires_grad_false', c_nonleaf_set_requires_grad)

# ---- torch.autograd.grad ----
def c_autograd_grad():
    x = leaf()
    y = (x ** 3).sum()
    g = torch.autograd.grad(y, x)
    print('autograd.grad type', type(g).__name__, 'len', len(g))
    show('autograd.grad g[0]', g[0])
    print('autograd.grad leaf .grad is None', x.grad is None)
case('autograd_grad_basic', c_autograd_grad)

def c_autograd_grad_multi():
    x = leaf()
    w = leaf([0.5, 1.0, -1.0])
    y = (x * w + x.exp()).sum()
    gx, gw = torch.autograd.grad(y, [x, w])
    show('autograd.grad multi gx', gx)
    show('autograd.grad multi gw', gw)
case('autograd_grad_multi_inputs', c_autograd_grad_multi)

def c_autograd_grad_outputs():
    x = leaf()
    y = x * x
    (g,) = torch.autograd.grad(y, x, grad_outputs=torch.tensor([1.0, 2.0, 3.0]))
    show('autograd.grad grad_outputs', g)
case('autograd_grad_outputs', c_autograd_grad_outputs)

def c_autograd_grad_nonscalar():
    x = leaf()
    torch.autograd.grad(x * 2, x)
case('autograd_grad_nonscalar_error', c_autograd_grad_nonscalar)

def c_autograd_grad_unused():
    x = leaf()
    w = leaf([1.0, 1.0, 1.0])
    torch.autograd.grad((x * 2).sum(), [x, w])
case('autograd_grad_unused_error', c_autograd_grad_unused)

def c_autograd_grad_allow_unused():
    x = leaf()
    w = leaf([1.0, 1.0, 1.0])
    gx, gw = torch.autograd.grad((x * 2).sum(), [x, w], allow_unused=True)
    show('allow_unused gx', gx)
    show('allow_unused gw', gw)
case('autograd_grad_allow_unused', c_autograd_grad_allow_unused)

def c_autograd_grad_twice():
    x = leaf()
    y = (x * x).sum()
    torch.autograd.grad(y, x)
    torch.autograd.grad(y, x)
case('autograd_grad_twice_no_retain', c_autograd_grad_twice)

def c_second_derivative():
    x = leaf()
    y = (x ** 3).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    show('create_graph g', g)
    print('create_graph g.requires_grad', g.requires_grad)
    (g2,) = torch.autograd.grad(g.sum(), x)
    show('second derivative', g2)
case('second_derivative_create_graph', c_second_derivative)

def c_second_derivative_backward():
    x = leaf([0.5, 1.0, 2.0])
    y = (x.sin() * x).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    (g * g).sum().backward()
    show('grad_of_grad_norm x.grad', x.grad)
case('second_derivative_backward', c_second_derivative_backward)

# ---- grad_fn introspection ----
def c_grad_fn_names():
    x = leaf()
    m = leaf([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    exprs = [
        ('x+x', x + x), ('x+1', x + 1), ('x-x', x - x), ('x*x', x * x), ('x*2', x * 2),
        ('x/x', x / x), ('x/2', x / 2), ('-x', -x), ('x**2', x ** 2), ('x**x', x ** x),
        ('exp', x.exp()), ('log', x.abs().log()), ('sum', x.sum()), ('sum_dim', m.sum(0)),
        ('mean', x.mean()), ('relu', x.relu()), ('sigmoid', x.sigmoid()), ('tanh', x.tanh()),
        ('view', m.view(6)), ('reshape', m.reshape(3, 2)), ('t', m.t()), ('transpose', m.transpose(0, 1)),
        ('permute', m.permute(1, 0)), ('unsqueeze', x.unsqueeze(0)), ('index_int', m[0]),
        ('slice', m[:, 1:]), ('index_tensor', x[torch.tensor([0, 2])]), ('matmul_2d', m @ m.t()),
        ('matmul_1d', x @ x), ('mm', m.mm(m.t())), ('softmax', x.softmax(0)),
        ('log_softmax', x.log_softmax(0)), ('cat', torch.cat([x, x])), ('stack', torch.stack([x, x])),
        ('expand', x.expand(2, 3)), ('clone', x.clone()), ('clamp', x.clamp(0, 1)),
        ('max', x.max()), ('max_dim', m.max(1).values), ('where', torch.where(x > 0, x, x * 0)),
        ('linear', F.linear(m, m)), ('layer_norm', F.layer_norm(m, (3,))),
        ('cross_entropy', F.cross_entropy(m, torch.tensor([0, 1]))), ('mse', F.mse_loss(x, x.detach() + 1)),
        ('gelu', F.gelu(x)), ('embedding', F.embedding(torch.tensor([1]), m)),
        ('masked_fill', x.masked_fill(x > 0, 0.0)), ('float', x.float()), ('double', x.double()),
        ('sqrt', x.abs().sqrt()), ('abs', x.abs()), ('contiguous_after_t', m.t().contiguous()),
    ]
    for name, t in exprs:
        print('grad_fn', name, fname(t), t.grad_fn.name() if t.grad_fn is not None else None)
case('grad_fn_names', c_grad_fn_names)

def c_next_functions():
    x = leaf()
    w = leaf([1.0, 1.0, 1.0])
    y = x * 2 + w
    nf = y.grad_fn.next_functions
    print('next_functions len', len(nf))
    for fn, idx in nf:
        print('  next', None if fn is None else type(fn).__name__, idx)
    inner = nf[0][0].next_functions
    for fn, idx in inner:
        print('  inner', None if fn is None else type(fn).__name__, idx)
    print('accumulate_grad variable is w', nf[1][0].variable is w)
    c = torch.tensor([1.0, 1.0, 1.0])
    z = x * c
    for fn, idx in z.grad_fn.next_functions:
        print('  with_const', None if fn is None else type(fn).__name__, idx)
case('next_functions', c_next_functions)

# ---- error cases ----
def c_no_grad_fn():
    x = torch.tensor([1.0, 2.0])
    (x * 2).sum().backward()
case('backward_no_grad_fn_error', c_no_grad_fn)

def c_no_grad_fn_in_no_grad():
    x = leaf()
    with torch.no_grad():
        y = (x * 2).sum()
    y.backward()
case('backward_of_no_grad_result_error', c_no_grad_fn_in_no_grad)

def c_inplace_leaf():
    x = leaf()
    x.add_(1)
case('inplace_on_leaf_error', c_inplace_leaf)

def c_inplace_leaf_mul():
    x = leaf()
    x *= 2
case('inplace_imul_on_leaf_error', c_inplace_leaf_mul)

def c_inplace_leaf_setitem():
    x = leaf()
    x[0] = 5.0
case('setitem_on_leaf_error', c_inplace_leaf_setitem)

def c_inplace_leaf_view():
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    v = x[0]
    v.mul_(2)
case('inplace_on_view_of_leaf_error', c_inplace_leaf_view)

def c_int_requires_grad():
    torch.tensor([1, 2, 3], requires_grad=True)
case('int_tensor_requires_grad_ctor', c_int_requires_grad)

def c_int_requires_grad_():
    x = torch.tensor([1, 2, 3])
    x.requires_grad_()
case('int_tensor_requires_grad_method', c_int_requires_grad_)

def c_int_requires_grad_attr():
    x = torch.arange(3)
    x.requires_grad = True
case('int_tensor_requires_grad_attr', c_int_requires_grad_attr)

def c_modified_saved():
    x = leaf()
    y = x.exp()
    y.add_(1)
    y.sum().backward()
case('inplace_modifies_saved_tensor_error', c_modified_saved)

# ---- in-place on non-leaf ----
def c_inplace_nonleaf():
    x = leaf()
    y = x * 2
    y.add_(1)
    print('inplace_nonleaf grad_fn', fname(y))
    y.sum().backward()
    show('inplace_nonleaf add_ x.grad', x.grad)
case('inplace_add_nonleaf', c_inplace_nonleaf)

def c_inplace_relu_mul():
    x = leaf()
    y = x * 3
    y.relu_()
    y.mul_(2)
    print('inplace relu_/mul_ grad_fn', fname(y))
    wsum(y).backward()
    show('inplace relu_ mul_ x.grad', x.grad)
case('inplace_relu_then_mul_saved_result_error', c_inplace_relu_mul)

def c_inplace_mul_relu():
    x = leaf()
    y = x * 3
    y.mul_(2)
    y.relu_()
    print('inplace mul_/relu_ grad_fn', fname(y))
    wsum(y).backward()
    show('inplace mul_ relu_ x.grad', x.grad)
case('inplace_mul_then_relu_nonleaf', c_inplace_mul_relu)

def c_inplace_relu_then_add():
    x = leaf()
    y = x - 1
    y.relu_()
    z = y + 1
    wsum(z * z).backward()
    show('inplace relu_ then out-of-place x.grad', x.grad)
case('inplace_relu_then_outofplace', c_inplace_relu_then_add)

def c_inplace_ops_more():
    x = leaf()
    w = leaf([2.0, 2.0, 2.0])
    y = x + 0
    y *= w
    y += x
    y -= 1
    y /= 2
    wsum(y).backward()
    show('inplace ops x.grad', x.grad)
    show('inplace ops w.grad', w.grad)
case('inplace_augassign_nonleaf', c_inplace_ops_more)

def c_inplace_setitem_nonleaf():
    x = leaf()
    y = x * 2
    y[1] = 0.0
    wsum(y).backward()
    show('setitem nonleaf x.grad', x.grad)
    a = leaf()
    b = leaf([10.0, 20.0, 30.0])
    z = a.clone()
    z[0:2] = b[1:] * 3
    wsum(z).backward()
    show('setitem tensor value a.grad', a.grad)
    show('setitem tensor value b.grad', b.grad)
case('setitem_nonleaf', c_inplace_setitem_nonleaf)

def c_inplace_masked_fill_nonleaf():
    x = leaf()
    y = x * 1.5
    y.masked_fill_(x < 0, 0.0)
    wsum(y).backward()
    show('masked_fill_ nonleaf x.grad', x.grad)
case('inplace_masked_fill_nonleaf', c_inplace_masked_fill_nonleaf)

# ---- hooks ----
def c_hook_leaf():
    x = leaf()
    h = x.register_hook(lambda g: g * 2)
    (x * x).sum().backward()
    show('hook_leaf x.grad', x.grad)
    h.remove()
    x.grad = None
    (x * x).sum().backward()
    show('hook_removed x.grad', x.grad)
case('hook_leaf', c_hook_leaf)

def c_hook_nonleaf():
    x = leaf()
    seen = []
    y = x * 3
    y.register_hook(lambda g: seen.append(g.tolist()))
    z = y * y
    z.register_hook(lambda g: g + 1)
    z.sum().backward()
    print('hook_nonleaf seen', seen)
    show('hook_nonleaf x.grad', x.grad)
case('hook_nonleaf', c_hook_nonleaf)

# ---- dtype / misc ----
def c_double_grad_dtype():
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    (x * x).sum().backward()
    print('float64 grad dtype', x.grad.dtype)
    show('float64 grad', x.grad)
case('float64_grad_dtype', c_double_grad_dtype)

def c_parameter_grad():
    p = nn.Parameter(torch.tensor([1.0, 2.0, 3.0]))
    print('Parameter requires_grad', p.requires_grad, 'grad', p.grad)
    (p * p).sum().backward()
    show('Parameter grad', p.grad)
    print('grad type', type(p.grad).__name__, 'grad requires_grad', p.grad.requires_grad)
case('parameter_grad', c_parameter_grad)

def c_scalar_loss_item():
    x = leaf()
    loss = (x * x).mean()
    loss.backward()
    print('loss.item', round(loss.item(), 4), 'loss.dim', loss.dim(), 'requires_grad', loss.requires_grad)
    show('mean grad', x.grad)
case('scalar_loss_item', c_scalar_loss_item)
