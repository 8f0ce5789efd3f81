# Autograd (nn): gradients from .backward() / torch.autograd.grad compared with torch 1.13's.
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

def lin(*shape, lo=-1.0, hi=1.0):
    n = 1
    for s in shape:
        n *= s
    return torch.linspace(lo, hi, n).reshape(shape)

def show_params(prefix, m):
    for name, p in m.named_parameters():
        show(prefix + ' ' + name + '.grad', p.grad)

LOGITS = [[1.0, -2.0, 3.0, 0.5], [4.0, -1.5, 2.0, 2.5], [-3.0, 0.0, 1.0, 6.0]]
TARGET = [2, 0, 1]

# ---- layers ----
def c_linear():
    m = nn.Linear(4, 3)
    init_(m.weight)
    init_(m.bias, 0.1, 0.3)
    x = torch.tensor(LOGITS, requires_grad=True)
    out = m(x)
    show('linear out', out)
    wsum(out).backward()
    show('linear x.grad', x.grad)
    show_params('linear', m)
case('linear', c_linear)

def c_layernorm():
    m = nn.LayerNorm(4)
    init_(m.weight, 0.5, 1.5)
    init_(m.bias, -0.2, 0.2)
    x = torch.tensor(LOGITS, requires_grad=True)
    out = m(x)
    show('layernorm out', out)
    wsum(out).backward()
    show('layernorm x.grad', x.grad)
    show_params('layernorm', m)
case('layernorm', c_layernorm)

def c_layernorm_default_params():
    m = nn.LayerNorm(4)
    x = torch.tensor(LOGITS, requires_grad=True)
    out = m(x)
    wsum(out).backward()
    show('layernorm_default x.grad', x.grad)
    show_params('layernorm_default', m)
case('layernorm_default_params', c_layernorm_default_params)

def c_F_layer_norm():
    x = torch.tensor(LOGITS, requires_grad=True)
    w = torch.tensor([1.0, 0.5, -1.0, 2.0], requires_grad=True)
    b = torch.tensor([0.0, 0.1, 0.2, 0.3], requires_grad=True)
    out = F.layer_norm(x, (4,), w, b, eps=1e-5)
    show('F_layer_norm out', out)
    wsum(out).backward()
    show('F_layer_norm x.grad', x.grad)
    show('F_layer_norm w.grad', w.grad)
    show('F_layer_norm b.grad', b.grad)
case('F_layer_norm', c_F_layer_norm)

def c_F_layer_norm_noaffine_3d():
    x = lin(2, 2, 3, lo=-2.0, hi=3.0).requires_grad_()
    out = F.layer_norm(x, (3,))
    wsum(out * out.tanh()).backward()
    show('F_layer_norm_noaffine x.grad', x.grad)
case('F_layer_norm_noaffine_3d', c_F_layer_norm_noaffine_3d)

def c_embedding():
    m = nn.Embedding(5, 3)
    init_(m.weight)
    idx = torch.tensor([[1, 3, 1], [0, 4, 3]])
    out = m(idx)
    show('embedding out', out)
    wsum(out).backward()
    show('embedding weight.grad', m.weight.grad)
case('embedding', c_embedding)

def c_embedding_padding():
    m = nn.Embedding(5, 3, padding_idx=0)
    init_(m.weight)
    show('embedding_pad weight_row0_after_init', m.weight[0])
    idx = torch.tensor([[0, 2, 0], [2, 4, 0]])
    out = m(idx)
    show('embedding_pad out', out)
    wsum(out).backward()
    show('embedding_pad weight.grad', m.weight.grad)
case('embedding_padding_idx', c_embedding_padding)

def c_F_embedding():
    w = lin(4, 2).requires_grad_()
    out = F.embedding(torch.tensor([3, 3, 1]), w)
    wsum(out).backward()
    show('F_embedding w.grad', w.grad)
case('F_embedding', c_F_embedding)

def c_dropout_eval():
    x = torch.tensor(LOGITS, requires_grad=True)
    out = F.dropout(x, p=0.5, training=False)
    wsum(out).backward()
    show('dropout_eval x.grad', x.grad)
    d = nn.Dropout(0.3)
    d.eval()
    x2 = torch.tensor(LOGITS, requires_grad=True)
    wsum(d(x2)).backward()
    show('dropout_module_eval x.grad', x2.grad)
case('dropout_eval', c_dropout_eval)

def c_dropout_p0_train():
    x = torch.tensor(LOGITS, requires_grad=True)
    out = F.dropout(x, p=0.0, training=True)
    wsum(out).backward()
    show('dropout_p0 x.grad', x.grad)
case('dropout_p0_train', c_dropout_p0_train)

def c_sequential_mlp():
    m = nn.Sequential(nn.Linear(4, 5), nn.ReLU(), nn.Linear(5, 2), nn.Tanh())
    for i, p in enumerate(m.parameters()):
        init_(p, -0.8 + 0.1 * i, 0.9 - 0.05 * i)
    x = torch.tensor(LOGITS, requires_grad=True)
    out = m(x)
    show('mlp out', out)
    wsum(out).backward()
    show('mlp x.grad', x.grad)
    show_params('mlp', m)
case('sequential_mlp', c_sequential_mlp)

# ---- losses ----
def loss_case(name, fn, x_data, tgt_data=None, tgt_float=False):
    def run():
        x = torch.tensor(x_data, requires_grad=True)
        if tgt_data is None:
            loss = fn(x)
        else:
            tgt = torch.tensor(tgt_data)
            if tgt_float:
                tgt = tgt.to(x.dtype)
            loss = fn(x, tgt)
        show(name + ' loss', loss)
        if loss.dim() > 0:
            loss = wsum(loss)
        loss.backward()
        show(name + ' x.grad', x.grad)
    case(name, run)

loss_case('ce_mean', lambda x, t: F.cross_entropy(x, t), LOGITS, TARGET)
loss_case('ce_sum', lambda x, t: F.cross_entropy(x, t, reduction='sum'), LOGITS, TARGET)
loss_case('ce_none', lambda x, t: F.cross_entropy(x, t, reduction='none'), LOGITS, TARGET)
loss_case('ce_ignore_index', lambda x, t: F.cross_entropy(x, t, ignore_index=0), LOGITS, TARGET)
loss_case('ce_ignore_index_neg100', lambda x, t: F.cross_entropy(x, t), LOGITS, [2, -100, 1])
loss_case('ce_ignore_index_none', lambda x, t: F.cross_entropy(x, t, ignore_index=0, reduction='none'), LOGITS, TARGET)
loss_case('ce_label_smoothing', lambda x, t: F.cross_entropy(x, t, label_smoothing=0.1), LOGITS, TARGET)
loss_case('ce_label_smoothing_sum', lambda x, t: F.cross_entropy(x, t, reduction='sum', label_smoothing=0.2), LOGITS, TARGET)
loss_case('ce_3d_view', lambda x, t: F.cross_entropy(x.view(-1, 2), t.view(-1)), [[[1.0, 2.0, 0.5, -1.0], [0.0, 1.5, 3.0, 2.0]]], [[1, 0, 1, 1]])
loss_case('ce_module', lambda x, t: nn.CrossEntropyLoss()(x, t), LOGITS, TARGET)
loss_case('ce_prob_targets', lambda x, t: F.cross_entropy(x, t), LOGITS, [[0.1, 0.2, 0.7, 0.0], [1.0, 0.0, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]], tgt_float=True)
loss_case('nll_loss', lambda x, t: F.nll_loss(F.log_softmax(x, -1), t), LOGITS, TARGET)
loss_case('nll_loss_raw', lambda x, t: F.nll_loss(x, t), LOGITS, TARGET)
loss_case('nll_loss_sum_ignore', lambda x, t: F.nll_loss(x, t, reduction='sum', ignore_index=1), LOGITS, TARGET)
R = [[0.5, -1.0, 2.0, 0.0], [1.0, 1.0, -2.0, 3.0], [0.0, 0.5, 1.5, 5.0]]
loss_case('mse', lambda x, t: F.mse_loss(x, t), LOGITS, R, tgt_float=True)
loss_case('mse_sum', lambda x, t: F.mse_loss(x, t, reduction='sum'), LOGITS, R, tgt_float=True)
loss_case('mse_none', lambda x, t: F.mse_loss(x, t, reduction='none'), LOGITS, R, tgt_float=True)
loss_case('l1', lambda x, t: F.l1_loss(x, t), LOGITS, R, tgt_float=True)
loss_case('l1_equal_elements', lambda x, t: F.l1_loss(x, t, reduction='sum'), [1.0, 2.0, 3.0], [1.0, 0.0, 5.0], tgt_float=True)
loss_case('smooth_l1', lambda x, t: F.smooth_l1_loss(x, t), LOGITS, R, tgt_float=True)
loss_case('smooth_l1_beta', lambda x, t: F.smooth_l1_loss(x, t, beta=2.0), LOGITS, R, tgt_float=True)
loss_case('huber', lambda x, t: F.huber_loss(x, t, delta=1.5), LOGITS, R, tgt_float=True)
PROB = [[0.2, 0.9, 0.5], [0.01, 0.7, 0.35]]
BT = [[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]]
loss_case('bce', lambda x, t: F.binary_cross_entropy(x, t), PROB, BT, tgt_float=True)
loss_case('bce_sum', lambda x, t: F.binary_cross_entropy(x, t, reduction='sum'), PROB, BT, tgt_float=True)
loss_case('bce_of_sigmoid', lambda x, t: F.binary_cross_entropy(torch.sigmoid(x), t), LOGITS[:2], [[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.5, 1.0]], tgt_float=True)
loss_case('bce_logits', lambda x, t: F.binary_cross_entropy_with_logits(x, t), LOGITS[:2], [[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.5, 1.0]], tgt_float=True)
loss_case('bce_logits_pos_weight', lambda x, t: F.binary_cross_entropy_with_logits(x, t, pos_weight=torch.tensor([1.0, 2.0, 0.5, 3.0])), LOGITS[:2], [[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.5, 1.0]], tgt_float=True)
loss_case('kl_div_batchmean', lambda x, t: F.kl_div(F.log_softmax(x, -1), t, reduction='batchmean'), LOGITS, [[0.1, 0.2, 0.7, 0.0], [0.4, 0.3, 0.2, 0.1], [0.25, 0.25, 0.25, 0.25]], tgt_float=True)
loss_case('kl_div_sum', lambda x, t: F.kl_div(F.log_softmax(x, -1), t, reduction='sum'), LOGITS, [[0.1, 0.2, 0.6, 0.1], [0.4, 0.3, 0.2, 0.1], [0.25, 0.25, 0.25, 0.25]], tgt_float=True)
loss_case('kl_div_log_target', lambda x, t: F.kl_div(F.log_softmax(x, -1), t.log(), reduction='batchmean', log_target=True), LOGITS, [[0.1, 0.2, 0.6, 0.1], [0.4, 0.3, 0.2, 0.1], [0.25, 0.25, 0.25, 0.25]], tgt_float=True)

# ---- hand-written causal attention ----
class Attn(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.d = d
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.o = nn.Linear(d, d, bias=False)

    def forward(self, x):
        B, T, C = x.shape
        hd = C // self.h
        q = self.q(x).view(B, T, self.h, hd).transpose(1, 2)
        k = self.k(x).view(B, T, self.h, hd).transpose(1, 2)
        v = self.v(x).view(B, T, self.h, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / hd ** 0.5)
        mask = torch.tril(torch.ones(T, T)) == 0
        att = att.masked_fill(mask, float('-inf'))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.o(y)

def c_attention():
    m = Attn(4, 2)
    for i, (name, p) in enumerate(m.named_parameters()):
        init_(p, -0.6 + 0.1 * i, 0.74 - 0.1 * i)
    x = lin(2, 3, 4, lo=-1.5, hi=2.0).requires_grad_()
    out = m(x)
    show('attention out', out)
    wsum(out).backward()
    show('attention x.grad', x.grad)
    show_params('attention', m)
case('causal_attention', c_attention)

def c_attention_lm():
    torch_vocab = 6
    emb = nn.Embedding(torch_vocab, 4)
    att = Attn(4, 1)
    ln = nn.LayerNorm(4)
    head = nn.Linear(4, torch_vocab)
    mods = [emb, att, ln, head]
    k = 0
    for mm in mods:
        for p in mm.parameters():
            init_(p, -0.5 + 0.07 * k, 0.6 - 0.03 * k)
            k += 1
    idx = torch.tensor([[1, 4, 2, 5], [0, 3, 3, 1]])
    tgt = torch.tensor([[4, 2, 5, 0], [3, 3, 1, 2]])
    h = emb(idx)
    h = h + att(h)
    logits = head(ln(h))
    loss = F.cross_entropy(logits.view(-1, torch_vocab), tgt.view(-1))
    show('attn_lm loss', loss)
    loss.backward()
    show('attn_lm emb.grad', emb.weight.grad)
    show_params('attn_lm att', att)
    show_params('attn_lm ln', ln)
    show_params('attn_lm head', head)
case('attention_lm', c_attention_lm)
