# torch 1.13's TransformerEncoder fast path: in inference, batch-first
# layers given a left-aligned src_key_padding_mask run on a nested tensor;
# the output is zero at padded positions and cut to the longest sequence.
import torch
import torch.nn as nn


def build(batch_first=True, nhead=2, norm_first=False, activation='relu', final_norm=False):
    layer = nn.TransformerEncoderLayer(8, nhead, 16, dropout=0.0, batch_first=batch_first, norm_first=norm_first,
                                       activation=activation)
    enc = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8) if final_norm else None)
    with torch.no_grad():
        for p in enc.parameters():
            p.copy_(torch.arange(p.numel()).reshape(p.shape).float().sin() * 0.3)
    return enc.eval()


x = torch.arange(80.).reshape(2, 5, 8).cos()
mask = torch.tensor([[False, False, False, True, True], [False, False, True, True, True]])
enc = build()
with torch.no_grad():
    y = enc(x, src_key_padding_mask=mask)
    print(y.shape, round(y.sum().item(), 3))
    print(y[1])
    print(enc(x).shape, round(enc(x).sum().item(), 3))
    gaps = torch.tensor([[False, True, False, True, True], [False, False, True, True, True]])
    print('not left-aligned', enc(x, src_key_padding_mask=gaps).shape)
    print('float mask', enc(x, src_key_padding_mask=mask.float()).shape)
    print('with mask', enc(x, mask=torch.zeros(5, 5, dtype=torch.bool), src_key_padding_mask=mask).shape)
    print('gelu', build(activation='gelu')(x, src_key_padding_mask=mask).shape)
    print('final norm', build(final_norm=True)(x, src_key_padding_mask=mask)[0, 2])
    print('odd heads', build(nhead=1)(x, src_key_padding_mask=mask).shape)
    print('norm first', build(norm_first=True)(x, src_key_padding_mask=mask).shape)
    print('seq first', build(batch_first=False)(x.transpose(0, 1), src_key_padding_mask=mask).shape)
print('grad enabled', enc(x, src_key_padding_mask=mask).shape)
enc.train()
with torch.no_grad():
    print('training', enc(x, src_key_padding_mask=mask).shape)
try:
    enc(x, src_key_padding_mask=torch.zeros(2, 5, dtype=torch.int64))
except AssertionError as e:
    print('AssertionError', e)
