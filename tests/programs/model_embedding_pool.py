import torch
import torch.nn as nn
import torch.nn.functional as F


class BagClassifier(nn.Module):
    def __init__(self, vocab, dim, n_classes, pad=0):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=pad)
        self.pad = pad
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(dim, 16), nn.LeakyReLU(0.2), nn.Linear(16, n_classes))

    def forward(self, tokens):
        mask = (tokens != self.pad).unsqueeze(-1).float()
        e = self.emb(tokens) * mask
        pooled = e.sum(dim=1) / mask.sum(dim=1).clamp(min=1.0)
        return self.head(pooled)


torch.manual_seed(0)
m = BagClassifier(10, 4, 3)
print(m.emb.weight.detach()[0])
with torch.no_grad():
    m.emb.weight.copy_(torch.arange(40, dtype=torch.float32).reshape(10, 4) / 40)
    m.emb.weight[0].zero_()
    for p in m.head.parameters():
        p.copy_(torch.linspace(-1, 1, p.numel()).reshape(p.shape))
tokens = torch.tensor([[1, 2, 3, 0, 0], [4, 0, 0, 0, 0], [5, 6, 7, 8, 9]])
with torch.no_grad():
    logits = m(tokens)
print(logits)
print(F.log_softmax(logits, -1).argmax(-1))
print(m)
print(F.embedding(torch.tensor([1, 3]), torch.eye(4)))
probs = logits.softmax(-1)
print(probs.max(dim=-1))
values, indices = probs.max(dim=1)
print(values, indices)
print(probs.topk(2, dim=-1))
print(F.one_hot(torch.tensor([0, 2, 1]), num_classes=4))
