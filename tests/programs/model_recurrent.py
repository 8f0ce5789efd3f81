# Recurrent models as model files write them: an LSTM text classifier
# (embedding, batch_first, last hidden state), a 2-layer bidirectional GRU,
# a relu RNN over an unbatched sequence, explicit initial states, the
# parameter names and shapes torch gives them, and the errors.
import torch
import torch.nn as nn


def fill(module, scale=0.4):
    with torch.no_grad():
        for i, (name, p) in enumerate(module.named_parameters()):
            p.copy_(torch.linspace(-scale, scale, p.numel()).view_as(p).sin() * (1 if i % 2 else -1))


class TextClassifier(nn.Module):
    def __init__(self, vocab=20, emb=5, hidden=4, classes=3):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, tokens):
        x = self.embedding(tokens)
        output, (h_n, c_n) = self.lstm(x)
        return self.fc(h_n[-1]), output


model = TextClassifier()
fill(model)
print(model)
print([(n, tuple(p.shape)) for n, p in model.lstm.named_parameters()])
tokens = torch.tensor([[1, 4, 7, 2], [3, 3, 9, 0]])
with torch.no_grad():
    logits, output = model(tokens)
print(logits)
print(output.shape, output[:, -1])

gru = nn.GRU(3, 4, num_layers=2, bidirectional=True)
fill(gru, 0.6)
print(gru, [n for n, _ in gru.named_parameters()][:6])
seq = torch.linspace(-1.0, 1.0, 5 * 2 * 3).reshape(5, 2, 3)
with torch.no_grad():
    out, h_n = gru(seq)
    print(out.shape, h_n.shape)
    print(out[0], out[-1])
    print(h_n)
    h0 = torch.full((4, 2, 4), 0.1)
    out2, _ = gru(seq, h0)
    print(out2[2])

rnn = nn.RNN(2, 3, nonlinearity='relu')
fill(rnn)
print(rnn)
with torch.no_grad():
    out, h = rnn(torch.tensor([[1.0, 0.5], [0.2, -0.3], [0.0, 2.0]]))
print(out, h)

lstm = nn.LSTM(2, 2, num_layers=2, dropout=0.0)
fill(lstm)
with torch.no_grad():
    o, (h, c) = lstm(torch.ones(3, 1, 2), (torch.zeros(2, 1, 2), torch.ones(2, 1, 2)))
print(o, h, c)
try:
    nn.RNN(2, 3, nonlinearity='gelu')
except ValueError as e:
    print("ValueError", e)
try:
    lstm(torch.ones(3, 1, 5))
except RuntimeError as e:
    print("RuntimeError", e)

# The cells, stepped by hand as decoder loops do.
cell = nn.LSTMCell(3, 2)
gcell = nn.GRUCell(3, 2, bias=False)
rcell = nn.RNNCell(3, 2, nonlinearity='relu')
for m in (cell, gcell, rcell):
    fill(m)
print(cell, gcell, rcell)
h, c = torch.zeros(1, 2), torch.zeros(1, 2)
g = None
with torch.no_grad():
    for t in range(3):
        x = torch.tensor([[0.5 * t, -1.0, 0.25]])
        h, c = cell(x, (h, c))
        g = gcell(x, g)
    print(h, c, g, rcell(torch.tensor([1.0, 2.0, 3.0])))
print([n for n, _ in gcell.named_parameters()])
with torch.no_grad():
    print(rcell(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, -0.5])), cell(torch.ones(3))[1])
