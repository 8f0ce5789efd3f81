import torch
import torch.nn as nn
import torch.nn.functional as F


class Expert(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.w1 = nn.Linear(d, hidden, bias=False)
        self.w2 = nn.Linear(hidden, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class MoE(nn.Module):
    def __init__(self, d=4, hidden=6, n_experts=3, k=2):
        super().__init__()
        self.gate = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList([Expert(d, hidden) for _ in range(n_experts)])
        self.k = k

    def forward(self, x):
        scores = self.gate(x)
        weights, chosen = torch.topk(scores, self.k, dim=-1)
        weights = F.softmax(weights, dim=-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            token_idx, slot = torch.where(chosen == e) if False else (chosen == e).nonzero().unbind(1)
            if token_idx.numel() == 0:
                continue
            y = expert(x[token_idx])
            out.index_add_(0, token_idx, y * weights[token_idx, slot].unsqueeze(-1))
        return out, chosen


moe = MoE()
with torch.no_grad():
    for i, p in enumerate(moe.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * (0.5 + i * 0.1)).reshape(p.shape))
x = torch.cos(torch.arange(20, dtype=torch.float32) * 0.4).reshape(5, 4)
with torch.no_grad():
    out, chosen = moe(x)
print(chosen)
print((out * 100).round() / 100)
counts = torch.bincount(chosen.flatten(), minlength=3) if hasattr(torch, 'bincount') and False else torch.stack([(chosen == e).sum() for e in range(3)])
print(counts, counts.float() / counts.sum())
