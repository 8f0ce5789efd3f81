import torch
import torch.nn as nn


class Tabular(nn.Module):
    def __init__(self, n_num, cards, emb_dim=2):
        super().__init__()
        self.embs = nn.ModuleList([nn.Embedding(c, emb_dim) for c in cards])
        d = n_num + emb_dim * len(cards)
        self.body = nn.Sequential(nn.Linear(d, 8), nn.ReLU6(), nn.Linear(8, 8), nn.Hardtanh(-0.5, 0.5))
        self.heads = nn.ModuleDict({'price': nn.Linear(8, 1), 'kind': nn.Linear(8, 3)})
        self.register_buffer('mean', torch.zeros(n_num))
        self.register_buffer('std', torch.ones(n_num))

    def fit_stats(self, data):
        self.mean.copy_(data.mean(dim=0))
        self.std.copy_(data.std(dim=0).clamp(min=1e-6))

    def forward(self, num, cat):
        num = ((num - self.mean) / self.std).clamp(-3, 3)
        parts = [num] + [emb(cat[:, i]) for i, emb in enumerate(self.embs)]
        h = self.body(torch.cat(parts, dim=1))
        return {name: head(h) for name, head in self.heads.items()}


model = Tabular(3, [4, 5])
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.cos(torch.arange(p.numel(), dtype=torch.float32) * 0.3 + i).reshape(p.shape))
data = torch.tensor([[1.0, 200.0, -3.0], [2.0, 180.0, -1.0], [4.0, 260.0, 0.0], [3.0, 220.0, 5.0]])
model.fit_stats(data)
print(model.mean, model.std)
cat = torch.tensor([[0, 4], [3, 1], [2, 2], [1, 0]])
with torch.no_grad():
    out = model(data, cat)
print(out['price'].squeeze(-1), out['kind'].argmax(-1))
print(sorted(out.keys()), list(model.state_dict().keys())[-2:], len(model.state_dict()))
print(model.heads)
