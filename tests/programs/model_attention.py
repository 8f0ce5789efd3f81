import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        assert n_embd % n_head == 0
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(0.0)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer('bias', torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


attn = CausalSelfAttention(8, 2, 5)
with torch.no_grad():
    for i, p in enumerate(attn.parameters()):
        p.copy_(torch.cos(torch.arange(p.numel(), dtype=torch.float32) * 0.7 + i).reshape(p.shape) * 0.3)
attn.eval()
x = torch.sin(torch.arange(2 * 4 * 8, dtype=torch.float32)).reshape(2, 4, 8)
with torch.no_grad():
    out = attn(x)
print(out.shape)
print(out)
print([n for n, _ in attn.named_buffers()], list(attn.state_dict().keys()))
print(attn.bias.shape, attn.bias[0, 0])
q = torch.arange(6.0).reshape(1, 2, 3)
print(torch.triu(torch.ones(3, 3), diagonal=1), torch.tril(torch.ones(2, 3), -1))
print(q.masked_fill(q > 2, 0.0))
a, b = q.chunk(2, dim=1)
print(a, b)
print(torch.split(torch.arange(7), [2, 5]), torch.arange(7).split(3))
print(torch.unbind(q, dim=2), q.unbind(1))
