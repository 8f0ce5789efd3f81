import torch
import torch.nn as nn


class GRUCell(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.hidden_size = hidden_size
        self.x2h = nn.Linear(input_size, 3 * hidden_size)
        self.h2h = nn.Linear(hidden_size, 3 * hidden_size)

    def forward(self, x, h):
        xr, xz, xn = self.x2h(x).chunk(3, dim=-1)
        hr, hz, hn = self.h2h(h).chunk(3, dim=-1)
        r = torch.sigmoid(xr + hr)
        z = torch.sigmoid(xz + hz)
        n = torch.tanh(xn + r * hn)
        return (1 - z) * n + z * h


class Encoder(nn.Module):
    def __init__(self, vocab, emb, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.cell = GRUCell(emb, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, tokens):
        B, T = tokens.shape
        h = tokens.new_zeros(B, self.cell.hidden_size, dtype=torch.float32)
        outputs = []
        for x_t in self.embed(tokens).unbind(1):
            h = self.cell(x_t, h)
            outputs.append(h)
        states = torch.stack(outputs, dim=1)
        return self.out(states), h


enc = Encoder(6, 3, 4)
with torch.no_grad():
    for i, p in enumerate(enc.parameters()):
        p.copy_(torch.cos(torch.arange(p.numel(), dtype=torch.float32) * 0.7 + i * 0.3).reshape(p.shape) * 0.5)
tokens = torch.tensor([[1, 2, 3], [4, 5, 0]])
with torch.no_grad():
    logits, h = enc(tokens)
print(logits.shape, h)
print(logits[:, -1].softmax(-1))
print(logits.argmax(-1).tolist())
print(sum(p.numel() for p in enc.parameters()), [tuple(p.shape) for p in enc.parameters()])
