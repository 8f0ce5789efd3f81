# nn.MultiheadAttention (self and cross attention, kdim/vdim, batch_first, bool and float
# masks, key_padding_mask, per-head weights), TransformerEncoderLayer (post- and pre-norm,
# relu and gelu) and TransformerEncoder, in training mode and in eval under no_grad.
import torch
import torch.nn as nn
import torch.nn.functional as F


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((((torch.arange(p.numel()) * (i + 3)) % 11 - 5) * 0.05).reshape(p.shape))
    return module


x = (((torch.arange(2 * 4 * 8) * 7) % 13 - 6) * 0.1).reshape(2, 4, 8)
mha = fill(nn.MultiheadAttention(8, 2, batch_first=True))
print(mha)
print([(n, tuple(p.shape)) for n, p in mha.named_parameters()])
mha.train()
out, w = mha(x, x, x)
print(out, out.grad_fn.name())
print(w)
causal = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
out, w = mha(x, x, x, attn_mask=causal)
print(out[0], w[1])
kpm = torch.tensor([[False, False, False, True], [False, False, True, True]])
out, w = mha(x, x, x, key_padding_mask=kpm, average_attn_weights=False)
print(out[1], w.shape, w[1, 0])
out, w = mha(x, x, x, attn_mask=torch.zeros(4, 4) - causal.float() * 1e9, need_weights=False)
print(out.shape, w)
seq = fill(nn.MultiheadAttention(8, 4))
q = x.transpose(0, 1)
out, w = seq(q, q[:3], q[:3])
print(out.shape, w.shape, out[:, 0])
out, w = seq(x[0], x[0], x[0])
print(out.shape, w.shape)
cross = fill(nn.MultiheadAttention(8, 2, kdim=6, vdim=5, batch_first=True))
print([(n, tuple(p.shape)) for n, p in cross.named_parameters()])
out, w = cross(x, x[:, :3, :6], x[:, :3, :5])
print(out[0])

layer = fill(nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, batch_first=True))
print(layer)
layer.train()
torch.manual_seed(0)
layer.dropout.p = layer.dropout1.p = layer.dropout2.p = 0.0
layer.self_attn.dropout = 0.0
print(layer(x), layer(x, src_mask=causal).grad_fn.name())
enc = nn.TransformerEncoder(fill(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation='gelu', norm_first=True, batch_first=True)), num_layers=2, norm=nn.LayerNorm(8))
print(enc)
enc.train()
print(enc(x, src_key_padding_mask=kpm))
print(sum(p.numel() for p in enc.parameters()))
for bad in [lambda: nn.MultiheadAttention(8, 3), lambda: mha(x[:, :, :6], x[:, :, :6], x[:, :, :6]),
            lambda: mha(x, x, x, attn_mask=torch.ones(3, 3, dtype=torch.bool))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

mha.eval()
layer.eval()
with torch.no_grad():
    print(mha(x, x, x)[0][0])
    print(layer(x)[0])
