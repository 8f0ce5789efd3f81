import torch
import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab=7, dim=5):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, vocab)

    def forward(self, idx):
        h = self.emb(idx).mean(dim=1)
        return self.proj(torch.tanh(h))


model = TinyLM()
with torch.no_grad():
    model.emb.weight.copy_(torch.cos(torch.arange(35.0)).reshape(7, 5))
    model.proj.weight.copy_(torch.sin(torch.arange(35.0)).reshape(7, 5))
    model.proj.bias.fill_(0.01)
model.eval()


@torch.no_grad()
def generate(model, idx, steps):
    for _ in range(steps):
        logits = model(idx)
        next_id = torch.argmax(logits, dim=-1, keepdim=True)
        idx = torch.cat([idx, next_id], dim=1)
    return idx


start = torch.tensor([[1, 2], [3, 4]])
out = generate(model, start, 5)
print(out)
print(out.tolist())
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    scores = model(start)
    top = torch.topk(scores, k=3, dim=-1)
    print(top.values, top.indices)
    s, order = torch.sort(scores, dim=-1, descending=True)
    print(s, order)
    print(torch.argsort(scores[0]))
    print(scores.argmin(dim=1), scores.argmax())
results = []
for batch in [torch.tensor([[0, 1]]), torch.tensor([[2, 2]]), torch.tensor([[6, 5]])]:
    with torch.inference_mode():
        results.append(model(batch).argmax(-1).item())
print(results)
