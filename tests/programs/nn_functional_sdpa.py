# F.scaled_dot_product_attention (torch 2's; absent from torch 1.13, so this
# program checks it against the attention written out by hand, as the
# reference implementation in torch's documentation computes it): bool and
# float masks, is_causal, scale=, grouped-query heads, and the error for a
# mask given with is_causal; eager and compiled.
import math

import torch
import torch.nn.functional as F

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def by_hand(q, k, v, mask=None, causal=False, scale=None):
    w = q @ k.transpose(-2, -1) * (1 / math.sqrt(q.shape[-1]) if scale is None else scale)
    if causal:
        w = w.masked_fill(torch.ones(w.shape[-2], w.shape[-1], dtype=torch.bool).tril().logical_not(), float("-inf"))
    if mask is not None:
        w = w.masked_fill(~mask, float("-inf")) if mask.dtype == torch.bool else w + mask
    return torch.softmax(w, -1) @ v


q = torch.sin(torch.arange(2 * 3 * 4 * 8.0)).reshape(2, 3, 4, 8)
k = torch.cos(torch.arange(2 * 3 * 5 * 8.0) * 0.3).reshape(2, 3, 5, 8)
v = torch.sin(torch.arange(2 * 3 * 5 * 8.0) * 0.7).reshape(2, 3, 5, 8)
bool_mask = torch.tensor([True, True, False, True, False]).expand(4, 5)
float_mask = torch.linspace(-1, 1, 20).reshape(4, 5)
if hasattr(F, "scaled_dot_product_attention"):
    sdpa = F.scaled_dot_product_attention
    for fn in (sdpa, C(sdpa)):
        cases = [
            (fn(q, k, v), by_hand(q, k, v)),
            (fn(q, k, v, attn_mask=bool_mask), by_hand(q, k, v, bool_mask)),
            (fn(q, k, v, attn_mask=float_mask), by_hand(q, k, v, float_mask)),
            (fn(q, k[..., :4, :], v[..., :4, :], is_causal=True), by_hand(q, k[..., :4, :], v[..., :4, :], causal=True)),
            (fn(q, k, v, scale=0.5), by_hand(q, k, v, scale=0.5)),
            (fn(q, k[:, :1], v[:, :1], enable_gqa=True), by_hand(q, k[:, :1].expand(2, 3, 5, 8), v[:, :1].expand(2, 3, 5, 8))),
        ]
        print([torch.allclose(a, b, atol=1e-6) for a, b in cases], [tuple(a.shape) for a, _ in cases])
    try:
        sdpa(q, k, v, attn_mask=bool_mask, is_causal=True)
    except RuntimeError as e:
        print("RuntimeError", e)
    x = q.clone().requires_grad_()
    sdpa(x, k, v, attn_mask=bool_mask).sum().backward()
    y = q.clone().requires_grad_()
    by_hand(y, k, v, bool_mask).sum().backward()
    print(torch.allclose(x.grad, y.grad, atol=1e-6))
