import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.d = d_model // n_heads
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.v = nn.Linear(d_model, d_model)
        self.o = nn.Linear(d_model, d_model)

    def forward(self, x, key_padding_mask=None):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, self.h, self.d)
        k = self.k(x).view(B, T, self.h, self.d)
        v = self.v(x).view(B, T, self.h, self.d)
        scores = torch.einsum('bqhd,bkhd->bhqk', q, k) / math.sqrt(self.d)
        if key_padding_mask is not None:
            scores = scores.masked_fill(key_padding_mask[:, None, None, :], float('-inf'))
        weights = scores.softmax(dim=-1)
        out = torch.einsum('bhqk,bkhd->bqhd', weights, v).reshape(B, T, -1)
        return self.o(out), weights


class EncoderLayer(nn.Module):
    def __init__(self, d_model=8, n_heads=2, d_ff=16, dropout=0.1):
        super().__init__()
        self.attn = MultiHeadAttention(d_model, n_heads)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model))
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        a, w = self.attn(self.norm1(x), mask)
        x = x + self.drop(a)
        x = x + self.drop(self.ff(self.norm2(x)))
        return x, w


layer = EncoderLayer()
with torch.no_grad():
    for i, (n, p) in enumerate(layer.named_parameters()):
        if 'norm' not in n:
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.91 + i).reshape(p.shape) * 0.3)
layer.eval()
x = torch.cos(torch.arange(2 * 5 * 8, dtype=torch.float32) * 0.13).reshape(2, 5, 8)
lengths = torch.tensor([5, 3])
mask = torch.arange(5)[None, :] >= lengths[:, None]
print(mask)
with torch.no_grad():
    y, w = layer(x, mask)
print(y.shape, w.shape)
print(y[1])
print(w[1, 0])
print(w.sum(-1))
pooled = (y * (~mask).unsqueeze(-1)).sum(1) / lengths.unsqueeze(-1)
print(pooled)
print(((F.normalize(pooled, dim=-1).norm(dim=-1) - 1).abs() < 1e-6).all())
print(F.cosine_similarity(pooled[0:1], pooled[1:2]))
