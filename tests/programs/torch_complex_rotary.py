# Complex tensors as LLaMA's rotary embeddings use them: view_as_complex /
# view_as_real (views both ways), polar, complex, arithmetic with complex,
# real and scalar operands, views and indexing, the dtypes, torch's errors;
# then a LLaMA-style transformer (precompute_freqs_cis / apply_rotary_emb)
# decoding greedily.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import Optional
def t(f):
    try:
        r = f()
        print(r.dtype, r.shape)
    except Exception as e:
        print(type(e).__name__, e)
x = torch.arange(8.).reshape(2, 4)
t(lambda: torch.view_as_complex(torch.arange(4).reshape(2, 2)))
t(lambda: torch.view_as_complex(x))
t(lambda: torch.view_as_complex(x.t().reshape(4, 2).t()))
t(lambda: torch.view_as_complex(x.reshape(4, 2)[1:]))
t(lambda: torch.view_as_complex(x.reshape(2, 2, 2)[:, :1, :]))
t(lambda: torch.view_as_complex(torch.ones(3, 2)[::2]))
t(lambda: torch.view_as_complex(torch.ones(2)))
t(lambda: torch.view_as_complex(torch.ones(3, 2, dtype=torch.float64)))
t(lambda: torch.view_as_real(x))
t(lambda: torch.polar(torch.ones(2), torch.ones(2, dtype=torch.float64)))
t(lambda: torch.polar(torch.ones(2, dtype=torch.long), torch.ones(2, dtype=torch.long)))
t(lambda: torch.complex(torch.ones(2), torch.zeros(2)))
t(lambda: torch.complex(torch.ones(2, dtype=torch.long), torch.zeros(2, dtype=torch.long)))
t(lambda: torch.complex(torch.ones(2), torch.zeros(2, dtype=torch.float64)))
c = torch.view_as_complex(torch.tensor([[1.0, 2.0], [3.0, -4.0]]))
print(c.real, c.imag, c.abs(), c.angle(), c.conj().imag, c.shape, c.dtype, c.size(0), c.dim(), c.ndim, c.numel())
print((c * c).real, (c * 2).imag, (2 * c).imag, (c * torch.tensor([1.0, 2.0])).imag, (torch.tensor([1.0, 2.0]) * c).imag)
print((c + c).real, (c - 1).real, (1 - c).imag, (-c).imag, (c / c).real, (c / 2).imag, c.exp().real)
print(torch.view_as_real(c.unsqueeze(0)).shape, torch.view_as_real(c.view(2, 1)).shape, c.reshape(-1).shape, c.flatten().shape)
print(torch.view_as_real(c[1:]), torch.view_as_real(c[..., 0:1]), c.is_floating_point(), c.to("cpu").dtype, c.device)
t(lambda: (c * c).sum())
r = torch.view_as_real(c); r[0, 0] = 9.0; print(c.real)
print(torch.view_as_real(torch.polar(torch.tensor([2.0]), torch.tensor([0.5]))), c.dtype == torch.complex64, torch.view_as_complex(torch.ones(1, 2, dtype=torch.float64)).dtype)
print(torch.view_as_real(c.transpose(0, 0)).shape, torch.view_as_real(c.contiguous()).shape, c.type_as(torch.ones(1)) if False else 0)
t(lambda: torch.view_as_real(c.to(torch.complex128)))
t(lambda: c.t())
print(torch.is_complex(c), c.is_complex(), torch.complex64, torch.cfloat, torch.cdouble, c.dtype.is_complex)
print(torch.real(c), torch.imag(c), torch.conj(c).imag, torch.angle(torch.tensor([-1.0, 0.0, 2.0])))
x = torch.tensor([1.5, -2.0])
print(x.real, x.conj(), x.is_conj(), x.resolve_conj(), torch.angle(torch.tensor([-3, 4])))
t(lambda: x.imag)
t(lambda: c.t())
t(lambda: torch.view_as_complex(torch.ones(2, 3, 2)).permute(1, 0))
m = torch.view_as_complex(torch.arange(12.0).reshape(2, 3, 2))
print(torch.view_as_real(m.t()), torch.view_as_real(m.permute(1, 0).contiguous())[0])
print(torch.view_as_real(m.transpose(0, 1)).shape, torch.view_as_real(m[:, 1]), torch.view_as_real(m[..., -1]))
print(torch.view_as_real(m.sum()), torch.view_as_real(m.sum(-1)), torch.view_as_real(m.mean(0)))
print(torch.view_as_real(m.squeeze()).shape, torch.view_as_real(m.unsqueeze(-1)).shape, len(m), [tuple(r.shape) for r in m])
m2 = m.clone()
m2[0, 1] = torch.view_as_complex(torch.tensor([7.0, 8.0]))
m2[1] = 5.0
m2[0, 2] = torch.tensor(-1.0)
m2[m2.real > 9] = 2
print(torch.view_as_real(m2), torch.view_as_real(m)[0, 1])
print(torch.view_as_real(m * torch.tensor([1.0, 0.0, -1.0])), torch.view_as_real(torch.tensor([[2.0], [3.0]]) * m)[1])
print(torch.view_as_real(m.expand(2, 2, 3)).shape, torch.view_as_real(m.reshape(3, 2)).shape, m.numel(), m.element_size())
print(torch.view_as_real(torch.complex(torch.tensor([1.0, 2.0]), torch.tensor(3.0))), torch.view_as_real(1 / m[1, 1:]))
t(lambda: m.view(torch.complex64))
print(hasattr(m, "no_such_method"), hasattr(m, "real"), getattr(m, "no_such_method", "default"))
mc = copy.deepcopy(m)
torch.view_as_real(mc)[0, 0, 0] = 100.0
print(torch.view_as_real(mc)[0, 0], torch.view_as_real(m)[0, 0])
t(lambda: m.unsqueeze(3))
t(lambda: m.transpose(0, 2))
def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)

def apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    shape = [d if i == 1 or i == xq_.ndim - 1 else 1 for i, d in enumerate(xq_.shape)]
    freqs_cis = freqs_cis.view(*shape)
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)

class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight

class Attention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = dim // n_heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)
    def forward(self, x, freqs_cis, mask: Optional[torch.Tensor]):
        bsz, seqlen, _ = x.shape
        xq, xk, xv = self.wq(x), self.wk(x), self.wv(x)
        xq = xq.view(bsz, seqlen, self.n_heads, self.head_dim)
        xk = xk.view(bsz, seqlen, self.n_heads, self.head_dim)
        xv = xv.view(bsz, seqlen, self.n_heads, self.head_dim)
        xq, xk = apply_rotary_emb(xq, xk, freqs_cis=freqs_cis)
        xq, xk, xv = xq.transpose(1, 2), xk.transpose(1, 2), xv.transpose(1, 2)
        scores = torch.matmul(xq, xk.transpose(2, 3)) / (self.head_dim ** 0.5)
        if mask is not None:
            scores = scores + mask
        scores = F.softmax(scores.float(), dim=-1).type_as(xq)
        out = torch.matmul(scores, xv).transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        return self.wo(out)

class Transformer(nn.Module):
    def __init__(self, vocab, dim, n_heads, n_layers, max_seq):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList([Attention(dim, n_heads) for _ in range(n_layers)])
        self.norms = nn.ModuleList([RMSNorm(dim) for _ in range(n_layers)])
        self.out = nn.Linear(dim, vocab, bias=False)
        self.freqs_cis = precompute_freqs_cis(dim // n_heads, max_seq * 2)
    def forward(self, tokens, start_pos: int = 0):
        _bsz, seqlen = tokens.shape
        h = self.tok(tokens)
        self.freqs_cis = self.freqs_cis.to(h.device)
        freqs_cis = self.freqs_cis[start_pos: start_pos + seqlen]
        mask = None
        if seqlen > 1:
            mask = torch.full((1, 1, seqlen, seqlen), float("-inf"), device=tokens.device)
            mask = torch.triu(mask, diagonal=start_pos + 1).type_as(h)
        for layer, norm in zip(self.layers, self.norms):
            h = h + layer(norm(h), freqs_cis, mask)
        return self.out(h).float()

torch.manual_seed(0)
m = Transformer(11, 8, 2, 2, 6)
with torch.no_grad():
    for i, p in enumerate(m.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * (i + 1) * 0.37).view_as(p) * 0.5)
toks = torch.tensor([[1, 5, 7, 2], [3, 3, 9, 0]])
with torch.no_grad():
    out = m(toks)
    print(out.shape, out[0, -1])
    print(m(toks[:, :1], start_pos=3)[1, 0])
    seq = toks[:1, :2]
    for _ in range(3):
        logits = m(seq)
        nxt = torch.argmax(logits[:, -1], dim=-1, keepdim=True)
        seq = torch.cat([seq, nxt], dim=1)
    print(seq)
