import torch
import torch.nn as nn
import torch.nn.functional as F


class Bigram(nn.Module):
    def __init__(self, vocab):
        super().__init__()
        self.table = nn.Embedding(vocab, vocab)

    def forward(self, idx):
        return self.table(idx)


def top_k_filter(logits, k):
    v, _ = torch.topk(logits, k)
    return logits.masked_fill(logits < v[..., [-1]], float('-inf'))


@torch.no_grad()
def greedy(model, idx, steps, temperature=1.0, k=None):
    for _ in range(steps):
        logits = model(idx)[:, -1, :] / temperature
        if k is not None:
            logits = top_k_filter(logits, k)
        probs = F.softmax(logits, dim=-1)
        nxt = probs.argmax(dim=-1, keepdim=True)
        idx = torch.cat((idx, nxt), dim=1)
    return idx


m = Bigram(8)
with torch.no_grad():
    m.table.weight.copy_(torch.sin(torch.arange(64, dtype=torch.float32) * 1.7).reshape(8, 8))
start = torch.zeros((2, 1), dtype=torch.long)
start[1, 0] = 5
print(greedy(m, start, 6))
print(greedy(m, start, 4, temperature=0.5, k=3))
with torch.no_grad():
    logits = m(torch.tensor([[3]]))[0, -1]
print(top_k_filter(logits, 2))
print(F.softmax(top_k_filter(logits, 2), dim=-1))
sd = m.state_dict()
m2 = Bigram(8)
print(m2.load_state_dict(sd))
print(torch.equal(m2.table.weight, m.table.weight), list(sd.keys()))
