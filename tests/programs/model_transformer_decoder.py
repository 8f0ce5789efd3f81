# TransformerDecoderLayer, TransformerDecoder and nn.Transformer (post- and pre-norm, masks,
# generate_square_subsequent_mask, batch_first and sequence-first), against torch 1.13.
import torch
import torch.nn as nn


def fill(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_((((torch.arange(p.numel()) * (i + 3)) % 11 - 5) * 0.05).reshape(p.shape))
    return module


src = (((torch.arange(2 * 5 * 8) * 7) % 13 - 6) * 0.1).reshape(2, 5, 8)
tgt = (((torch.arange(2 * 3 * 8) * 5) % 11 - 5) * 0.1).reshape(2, 3, 8)
dec = fill(nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=True))
print(dec)
print(dec(tgt, src))
mask = nn.Transformer.generate_square_subsequent_mask(3)
print(mask)
print(dec(tgt, src, tgt_mask=mask, memory_key_padding_mask=torch.tensor([[False] * 4 + [True]] * 2)))
model = fill(nn.Transformer(d_model=8, nhead=2, num_encoder_layers=2, num_decoder_layers=1, dim_feedforward=16,
                            dropout=0.0, batch_first=True, norm_first=True, activation='gelu'))
print([n for n, _ in model.named_parameters()][:12], sum(p.numel() for p in model.parameters()))
out = model(src, tgt, tgt_mask=mask)
print(out, out.grad_fn.name())
model.eval()
with torch.no_grad():
    print(model(src, tgt, tgt_mask=mask)[1])
seq = fill(nn.Transformer(d_model=8, nhead=4, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=8, dropout=0.0))
print(seq(src.transpose(0, 1), tgt.transpose(0, 1)).shape)
try:
    model(src, tgt[:1])
except RuntimeError as e:
    print('RuntimeError:', e)
