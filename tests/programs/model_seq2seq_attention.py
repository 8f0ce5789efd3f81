# A seq2seq model as NLP tutorials write it: an embedding and a bidirectional GRU
# over packed variable-length sources (enforce_sorted=False), additive attention
# with a padding mask, bmm, and a teacher-forced GRU decoder loop.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Encoder(nn.Module):
    def __init__(self, vocab, emb, hid):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb, padding_idx=0)
        self.rnn = nn.GRU(emb, hid, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(hid * 2, hid)

    def forward(self, src, src_len):
        embedded = self.embedding(src)
        packed = pack_padded_sequence(embedded, src_len.cpu(), batch_first=True, enforce_sorted=False)
        packed_out, hidden = self.rnn(packed)
        outputs, _ = pad_packed_sequence(packed_out, batch_first=True)
        hidden = torch.tanh(self.fc(torch.cat((hidden[-2, :, :], hidden[-1, :, :]), dim=1)))
        return outputs, hidden


class Attention(nn.Module):
    def __init__(self, hid):
        super().__init__()
        self.attn = nn.Linear(hid * 3, hid)
        self.v = nn.Linear(hid, 1, bias=False)

    def forward(self, hidden, enc, mask):
        src_len = enc.shape[1]
        hidden = hidden.unsqueeze(1).repeat(1, src_len, 1)
        energy = torch.tanh(self.attn(torch.cat((hidden, enc), dim=2)))
        attention = self.v(energy).squeeze(2)
        attention = attention.masked_fill(mask == 0, -1e10)
        return F.softmax(attention, dim=1)


class Decoder(nn.Module):
    def __init__(self, vocab, emb, hid):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.attention = Attention(hid)
        self.rnn = nn.GRU(hid * 2 + emb, hid)
        self.out = nn.Linear(hid * 3 + emb, vocab)

    def forward(self, inp, hidden, enc, mask):
        embedded = self.embedding(inp.unsqueeze(0))
        a = self.attention(hidden, enc, mask).unsqueeze(1)
        weighted = torch.bmm(a, enc).permute(1, 0, 2)
        output, hidden = self.rnn(torch.cat((embedded, weighted), dim=2), hidden.unsqueeze(0))
        pred = self.out(torch.cat((output.squeeze(0), weighted.squeeze(0), embedded.squeeze(0)), dim=1))
        return pred, hidden.squeeze(0), a.squeeze(1)


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder(12, 4, 5)
        self.decoder = Decoder(10, 4, 5)

    def forward(self, src, src_len, trg):
        enc, hidden = self.encoder(src, src_len)
        mask = (src != 0)[:, :enc.shape[1]]
        outs = []
        inp = trg[:, 0]
        for t in range(1, trg.shape[1]):
            pred, hidden, _ = self.decoder(inp, hidden, enc, mask)
            outs.append(pred)
            inp = trg[:, t]
        return torch.stack(outs, 1)


model = Seq2Seq().eval()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-0.3, 0.3, p.numel()).reshape(p.shape) * (1 if i % 2 else -1))
src = torch.tensor([[3, 4, 5, 0], [6, 7, 0, 0], [8, 9, 10, 11]])
src_len = torch.tensor([3, 2, 4])
trg = torch.tensor([[1, 2, 3], [1, 4, 5], [1, 6, 7]])
with torch.no_grad():
    out = model(src, src_len, trg)
print(out.shape)
print([round(v, 4) for v in out.flatten().tolist()][:20])
print(out.argmax(-1))
