# Autograd (training): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

def init_(p, lo=-1.0, hi=1.0):
    with torch.no_grad():
        p.copy_(torch.linspace(lo, hi, p.numel()).reshape(p.shape))

def init_model(m):
    for i, p in enumerate(m.parameters()):
        init_(p, -0.7 + 0.13 * i, 0.8 - 0.11 * i)

def make_mlp():
    m = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 2))
    init_model(m)
    return m

X = torch.linspace(-2.0, 2.0, 24).reshape(8, 3)
Y = torch.stack([X.sum(1) * 0.5, (X[:, 0] - X[:, 2]).tanh()], dim=1)
YC = torch.tensor([0, 1, 1, 0, 1, 0, 0, 1])

def show_model(prefix, m):
    for name, p in m.named_parameters():
        show(prefix + ' ' + name, p)

def train(name, m, opt, steps, loss_fn, sched=None, clip=None):
    for step in range(steps):
        opt.zero_grad()
        loss = loss_fn(m)
        loss.backward()
        extra = ''
        if clip is not None:
            total = torch.nn.utils.clip_grad_norm_(m.parameters(), clip)
            extra = ' clip_total_norm ' + str(round(total.item(), 4))
        opt.step()
        lr = opt.param_groups[0]['lr']
        if sched is not None:
            sched.step()
        print(name, 'step', step, 'loss', round(loss.item(), 5), 'lr', round(lr, 6) if lr is not None else None, extra)
    show_model(name + ' final', m)

mse = lambda m: F.mse_loss(m(X), Y)

case('sgd_plain', lambda: (lambda m: train('sgd_plain', m, torch.optim.SGD(m.parameters(), lr=0.1), 5, mse))(make_mlp()))
case('sgd_momentum', lambda: (lambda m: train('sgd_momentum', m, torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9), 5, mse))(make_mlp()))
case('sgd_nesterov_wd', lambda: (lambda m: train('sgd_nesterov_wd', m, torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01), 5, mse))(make_mlp()))
case('adam', lambda: (lambda m: train('adam', m, torch.optim.Adam(m.parameters(), lr=0.01), 5, mse))(make_mlp()))
case('adam_betas_wd', lambda: (lambda m: train('adam_betas_wd', m, torch.optim.Adam(m.parameters(), lr=0.02, betas=(0.8, 0.99), weight_decay=0.1), 5, mse))(make_mlp()))
case('adamw', lambda: (lambda m: train('adamw', m, torch.optim.AdamW(m.parameters(), lr=0.01, weight_decay=0.1), 5, mse))(make_mlp()))
case('adamw_default_wd', lambda: (lambda m: train('adamw_default_wd', m, torch.optim.AdamW(m.parameters(), lr=0.05), 5, mse))(make_mlp()))

def ce(m):
    return F.cross_entropy(m(X), YC)
case('sgd_cross_entropy', lambda: (lambda m: train('sgd_ce', m, torch.optim.SGD(m.parameters(), lr=0.5), 5, ce))(make_mlp()))

def c_clip():
    m = make_mlp()
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    train('clip', m, opt, 4, mse, clip=0.5)
case('clip_grad_norm', c_clip)

def c_clip_values():
    m = make_mlp()
    loss = F.mse_loss(m(X), Y) * 10
    loss.backward()
    total = torch.nn.utils.clip_grad_norm_(m.parameters(), max_norm=1.0)
    print('clip_values total_norm', round(total.item(), 4))
    norm_after = torch.sqrt(sum((p.grad ** 2).sum() for p in m.parameters()))
    print('clip_values norm_after', round(norm_after.item(), 4))
    show('clip_values 0.weight.grad', m[0].weight.grad)
    m.zero_grad()
    (F.mse_loss(m(X), Y) * 0.001).backward()
    total2 = torch.nn.utils.clip_grad_norm_(m.parameters(), max_norm=1.0)
    print('clip_values small total_norm', round(total2.item(), 6))
    show('clip_values small (unchanged) 2.bias.grad', m[2].bias.grad)
case('clip_grad_norm_values', c_clip_values)

def c_clip_value():
    m = make_mlp()
    F.mse_loss(m(X), Y).backward()
    torch.nn.utils.clip_grad_value_(m.parameters(), 0.05)
    show('clip_grad_value_ 0.weight.grad', m[0].weight.grad)
case('clip_grad_value', c_clip_value)

def c_steplr():
    m = make_mlp()
    opt = torch.optim.SGD(m.parameters(), lr=0.2, momentum=0.5)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    train('steplr', m, opt, 6, mse, sched=sched)
    print('steplr get_last_lr', [round(v, 6) for v in sched.get_last_lr()])
case('steplr', c_steplr)

def c_lambdalr():
    m = make_mlp()
    opt = torch.optim.Adam(m.parameters(), lr=0.05)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 3))
    train('lambdalr', m, opt, 5, mse, sched=sched)
case('lambdalr_warmup', c_lambdalr)

def c_manual_sgd():
    w = torch.tensor([0.5, -0.5, 1.0], requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    for step in range(5):
        pred = X @ w + b
        loss = ((pred - Y[:, 0]) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= 0.1 * w.grad
            b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad = None
        print('manual_sgd step', step, 'loss', round(loss.item(), 5))
    show('manual_sgd w', w)
    show('manual_sgd b', b)
case('manual_sgd_no_grad_update', c_manual_sgd)

def c_grad_accum():
    m = make_mlp()
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    for step in range(3):
        opt.zero_grad()
        total = 0.0
        for mb in range(2):
            xb = X[mb * 4:(mb + 1) * 4]
            yb = Y[mb * 4:(mb + 1) * 4]
            loss = F.mse_loss(m(xb), yb) / 2
            loss.backward()
            total += loss.item()
        opt.step()
        print('grad_accum step', step, 'loss', round(total, 5))
    show_model('grad_accum final', m)
case('gradient_accumulation', c_grad_accum)

class TinyLM(nn.Module):
    def __init__(self, vocab, d):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.ln = nn.LayerNorm(d)
        self.fc = nn.Linear(d, d)
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        h = self.emb(idx)
        h = h + F.gelu(self.fc(self.ln(h)))
        return self.head(h)

def c_tiny_lm():
    V = 7
    m = TinyLM(V, 4)
    init_model(m)
    data = torch.tensor([[1, 2, 3, 4, 5], [6, 5, 4, 3, 2], [0, 1, 0, 1, 0]])
    inp = data[:, :-1]
    tgt = data[:, 1:]
    opt = torch.optim.AdamW(m.parameters(), lr=0.05, weight_decay=0.01)
    for step in range(6):
        logits = m(inp)
        loss = F.cross_entropy(logits.reshape(-1, V), tgt.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
        opt.step()
        print('tiny_lm step', step, 'loss', round(loss.item(), 5), 'grad_norm', round(gn.item(), 4))
    show_model('tiny_lm final', m)
    with torch.no_grad():
        m.eval()
        pred = m(inp).argmax(-1)
    print('tiny_lm pred', pred.tolist())
case('tiny_lm_adamw', c_tiny_lm)

def c_frozen_param():
    m = make_mlp()
    m[0].weight.requires_grad_(False)
    opt = torch.optim.SGD([p for p in m.parameters() if p.requires_grad], lr=0.1)
    for step in range(3):
        opt.zero_grad()
        loss = mse(m)
        loss.backward()
        opt.step()
        print('frozen step', step, 'loss', round(loss.item(), 5))
    print('frozen 0.weight.grad is None', m[0].weight.grad is None)
    show_model('frozen final', m)
case('frozen_parameter', c_frozen_param)

def c_param_groups():
    m = make_mlp()
    opt = torch.optim.SGD([{'params': m[0].parameters(), 'lr': 0.02}, {'params': m[2].parameters()}], lr=0.2, momentum=0.9)
    train('param_groups', m, opt, 3, mse)
case('param_groups', c_param_groups)
