# Variable-length sequences through recurrent layers, as NLP model files
# write them: pack_padded_sequence (sorted, or enforce_sorted=False with the
# permutation kept), LSTM/GRU/RNN over the PackedSequence (bidirectional,
# two layers, a given initial state), pad_packed_sequence back, and the
# final hidden state of each sequence used as its summary.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pack_sequence, pad_sequence, PackedSequence


def fill(module, scale):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_(torch.linspace(-scale, scale, p.numel()).reshape(p.shape) * (1 if i % 2 else -1))


def show(name, t):
    print(name, tuple(t.shape), [round(v, 4) for v in t.flatten().tolist()])


x = torch.linspace(-1, 1, 5 * 3 * 4).reshape(5, 3, 4)  # (T, B, F)
lengths = [5, 3, 2]

packed = pack_padded_sequence(x, lengths)
print(type(packed).__name__, isinstance(packed, tuple), packed.batch_sizes, packed.sorted_indices)
show('data', packed.data)
padded, lens = pad_packed_sequence(packed)
show('padded', padded)
print(lens, lens.dtype)

lstm = nn.LSTM(4, 3)
fill(lstm, 0.5)
with torch.no_grad():
    out, (h, c) = lstm(packed)
    print(type(out).__name__, out.batch_sizes)
    show('lstm data', out.data)
    show('lstm h', h)
    show('lstm c', c)
    unpacked, ul = pad_packed_sequence(out, batch_first=True, total_length=6)
    show('lstm unpacked', unpacked)
    print(ul)

# Unsorted lengths, batch_first, a bidirectional two-layer GRU with an initial state.
xb = x.transpose(0, 1).contiguous()  # (B, T, F)
unsorted = torch.tensor([2, 5, 3])
p2 = pack_padded_sequence(xb, unsorted, batch_first=True, enforce_sorted=False)
print(p2.batch_sizes, p2.sorted_indices, p2.unsorted_indices)
gru = nn.GRU(4, 2, num_layers=2, bidirectional=True, batch_first=True)
fill(gru, 0.4)
h0 = torch.linspace(-0.3, 0.3, 4 * 3 * 2).reshape(4, 3, 2)
with torch.no_grad():
    out2, hn2 = gru(p2, h0)
    show('gru data', out2.data)
    show('gru h', hn2)
    o2, l2 = pad_packed_sequence(out2, batch_first=True)
    show('gru out', o2)
    print(l2)

# A plain RNN over pack_sequence, and the classifier idiom: the last layer's
# final hidden state of each sequence.
seqs = [torch.ones(4, 2), torch.full((2, 2), 0.5), torch.full((1, 2), -1.0)]
p3 = pack_sequence(seqs)
rnn = nn.RNN(2, 3, nonlinearity='relu')
fill(rnn, 0.6)
head = nn.Linear(3, 2)
fill(head, 0.2)
with torch.no_grad():
    _, hn3 = rnn(p3)
    show('logits', head(hn3[-1]))
    show('pad_sequence', pad_sequence(seqs, batch_first=True, padding_value=-9.0))

# Under grad mode, the outputs print torch's grad_fn.
out4, (h4, _) = lstm(pack_padded_sequence(x, lengths))
print(out4.data.grad_fn.name(), h4.grad_fn.name())
out5, _ = lstm(p2 if False else pack_padded_sequence(x, [2, 5, 3], enforce_sorted=False))
print(out5.data.grad_fn.name())

# torch's errors.
for bad in ([3, 5, 2], [5, 3, 0]):
    try:
        pack_padded_sequence(x, bad)
    except RuntimeError as e:
        print('RuntimeError', str(e)[:60])
try:
    pad_packed_sequence(packed, total_length=2)
except ValueError as e:
    print('ValueError', e)
