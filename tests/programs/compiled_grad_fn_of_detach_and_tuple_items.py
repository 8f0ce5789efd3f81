# Autograd metadata a compiled call gives its results and inputs, as eager:
# an in-place write through x.detach() or x.data leaves x a leaf (it became
# CopySlices); an item of a multi-output op's tuple keeps the op's node (it
# became SelectBackward0); dropout handing back its input records nothing.
import torch
import torch.nn as nn

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def ema_update(w, src):
    w.detach().mul_(0.5).add_(src * 0.5)


def fill(lin, src):
    lin.weight.data.copy_(src * 2)
    lin.bias.data[0] = src[1, 1]
    return lin


def parts(w):
    return (w.max(1)[0], w.chunk(2, 1)[1], w.split(1)[0], w.unbind(0)[1], torch.sort(w, 1).values,
            w.topk(2).indices, torch.var_mean(w, 1)[1], w.min(0).values)


def drop(h):
    return nn.functional.dropout(h, 0.3, training=False), nn.Dropout(0.0)(h)


for label, f in (("eager", lambda g: g), ("compiled", C)):
    w = nn.Parameter(torch.ones(2))
    src = torch.full((2,), 3.0, requires_grad=True)
    f(ema_update)(w, src)
    print(label, w.is_leaf, w.grad_fn, w.tolist())
    w.requires_grad_(False)
    lin = nn.Linear(2, 2)
    f(fill)(lin, torch.ones(2, 2, requires_grad=True))
    print(label, lin.weight.is_leaf, lin.weight.grad_fn, lin.weight.requires_grad, lin.weight.tolist(), lin.bias.tolist()[0])
    lin.weight.requires_grad_(False)
    out = f(parts)(torch.arange(8.).view(2, 4).requires_grad_())
    print(label, [None if o.grad_fn is None else o.grad_fn.name() for o in out])
    print(label, out[0])
    h = torch.ones(2, 3, requires_grad=True).exp()
    a, b = f(drop)(h)
    print(label, a is h, b is h, h.grad_fn.name())
