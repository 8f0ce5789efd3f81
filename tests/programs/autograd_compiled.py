# Autograd (compiled): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

def init_(p, lo=-1.0, hi=1.0):
    with torch.no_grad():
        p.copy_(torch.linspace(lo, hi, p.numel()).reshape(p.shape))

def init_model(m):
    for i, p in enumerate(m.parameters()):
        init_(p, -0.7 + 0.13 * i, 0.8 - 0.11 * i)

A = [[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]]
W = [[0.5, -1.0], [1.5, 0.25], [-0.5, 2.0]]

def run_fn(name, fn, *datas, **kw):
    def run():
        f = C(fn, **kw)
        xs = [torch.tensor(d, requires_grad=True) for d in datas]
        out = f(*xs)
        show(name + ' out', out)
        if out.dim() > 0:
            out = wsum(out)
        out.backward()
        for i in range(len(xs)):
            show(name + ' grad' + str(i), xs[i].grad)
    case(name, run)

def f_linear_loss(x, w):
    return ((x @ w).tanh() ** 2).mean()
run_fn('compiled_matmul_tanh_loss', f_linear_loss, A, W)

def f_elementwise(x):
    return torch.where(x > 0, x.exp() - 1, F.gelu(x)) * x.sigmoid() + x.clamp(-1.0, 1.0)
run_fn('compiled_elementwise', f_elementwise, A)

def f_reduce(x):
    s = x.softmax(-1)
    return (s * x.log_softmax(-1)).sum(-1) + x.var(-1) + x.amax(-1)
run_fn('compiled_reductions', f_reduce, A)

def f_shapes(x, w):
    y = torch.cat([x, x.flip(0)], 0).view(2, 2, 3).permute(2, 0, 1)
    return (y.reshape(3, 4)[:, 1:3] @ w[:2]).sum(0)
run_fn('compiled_shapes', f_shapes, A, W)

def f_ce(logits, w):
    return F.cross_entropy(logits @ w, torch.tensor([1, 0]), label_smoothing=0.1)
run_fn('compiled_cross_entropy', f_ce, A, W)

def f_layernorm(x, g, b):
    return F.layer_norm(x, (3,), g, b).relu()
run_fn('compiled_layer_norm', f_layernorm, A, [1.0, 0.5, -1.0], [0.1, 0.2, 0.3])

run_fn('compiled_lambda', lambda x: (x * x).sum(), A)
run_fn('compiled_fullgraph_kw', f_linear_loss, A, W, fullgraph=True)

def f_inplace_nonleaf(x):
    y = x * 2
    y.add_(1)
    y.relu_()
    return y
run_fn('compiled_inplace_nonleaf', f_inplace_nonleaf, A)

def f_python_control(x, w):
    h = x
    for i in range(3):
        h = torch.tanh(h @ w @ w.t()) + h * 0.5
    return h
run_fn('compiled_python_loop', f_python_control, A, W)

def c_called_twice():
    f = C(f_linear_loss)
    x = torch.tensor(A, requires_grad=True)
    w = torch.tensor(W, requires_grad=True)
    f(x, w).backward()
    f(x * 2, w).backward()
    show('compiled_called_twice x.grad', x.grad)
    show('compiled_called_twice w.grad', w.grad)
case('compiled_called_twice_accumulate', c_called_twice)

def c_autograd_grad():
    f = C(lambda x: (x ** 3).sum())
    x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    (g,) = torch.autograd.grad(f(x), x)
    show('compiled_autograd_grad', g)
    print('compiled_autograd_grad leaf grad None', x.grad is None)
case('compiled_autograd_grad', c_autograd_grad)

def c_no_grad_compiled():
    f = C(lambda x: x * 3)
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.no_grad():
        y = f(x)
    print('compiled under no_grad requires_grad', y.requires_grad)
    y2 = f(x)
    print('compiled with grad requires_grad', y2.requires_grad)
case('compiled_no_grad', c_no_grad_compiled)

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 6)
        self.ln = nn.LayerNorm(6)
        self.fc2 = nn.Linear(6, 2)

    def forward(self, x):
        return self.fc2(F.relu(self.ln(self.fc1(x))))

X = torch.linspace(-2.0, 2.0, 24).reshape(8, 3)
Y = torch.stack([X.sum(1) * 0.5, (X[:, 0] - X[:, 2]).tanh()], dim=1)

def c_module_grads():
    m = MLP()
    init_model(m)
    cm = C(m)
    loss = F.mse_loss(cm(X), Y)
    print('compiled_module loss', round(loss.item(), 5))
    loss.backward()
    for name, p in m.named_parameters():
        show('compiled_module ' + name + '.grad', p.grad)
case('compiled_module_grads', c_module_grads)

def train_loop(name, make_opt, steps=5):
    m = MLP()
    init_model(m)
    cm = C(m)
    opt = make_opt(m.parameters())
    for step in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(cm(X), Y)
        loss.backward()
        opt.step()
        print(name, 'step', step, 'loss', round(loss.item(), 5))
    for pname, p in m.named_parameters():
        show(name + ' final ' + pname, p)

case('compiled_train_sgd_momentum', lambda: train_loop('compiled_sgd', lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9)))
case('compiled_train_adamw', lambda: train_loop('compiled_adamw', lambda ps: torch.optim.AdamW(ps, lr=0.02, weight_decay=0.1)))

def c_compiled_loss_fn_train():
    m = MLP()
    init_model(m)
    def step_loss(x, y):
        return F.mse_loss(m(x), y) + 0.01 * sum((p ** 2).sum() for p in m.parameters())
    f = C(step_loss)
    opt = torch.optim.Adam(m.parameters(), lr=0.05)
    for step in range(4):
        opt.zero_grad()
        loss = f(X, Y)
        loss.backward()
        opt.step()
        print('compiled_loss_fn step', step, 'loss', round(loss.item(), 5))
    show('compiled_loss_fn final fc2.weight', m.fc2.weight)
case('compiled_loss_fn_closure_train', c_compiled_loss_fn_train)

class TinyLM(nn.Module):
    def __init__(self, vocab, d):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        return self.head(self.ln(self.emb(idx)))

def c_compiled_lm():
    V = 5
    m = TinyLM(V, 4)
    init_model(m)
    cm = C(m)
    data = torch.tensor([[1, 2, 3, 4], [4, 3, 2, 1]])
    opt = torch.optim.SGD(m.parameters(), lr=0.5)
    for step in range(4):
        logits = cm(data[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, V), data[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
        opt.step()
        print('compiled_lm step', step, 'loss', round(loss.item(), 5), 'gn', round(gn.item(), 4))
    show('compiled_lm final emb.weight', m.emb.weight)
case('compiled_tiny_lm', c_compiled_lm)
