# nn_bilinear: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


def det(*shape, seed=0, dtype=torch.float32, scale=250.0):
    # Deterministic pseudo-random values from exact integer arithmetic.
    n = 1
    for d in shape:
        n *= d
    k = (torch.arange(n) * 7919 + seed * 104729 + 13) % 1009
    return (k.to(dtype) / scale - 2.0).reshape(shape)


def show(label, f, exact=True):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    rs = r if isinstance(r, (tuple, list)) else [r]
    for r in rs:
        if isinstance(r, torch.Tensor):
            print(label, tuple(r.shape), r.dtype, str(r.grad_fn).split()[0] if r.grad_fn is not None else None)
            print(r)
            if exact:
                print(r.detach().flatten().tolist())
        else:
            print(label, r)


# ---- test body ----
for dt in [torch.float32, torch.float64]:
    for (b, i1, i2, o) in [(2, 3, 4, 5), (4, 1, 1, 1), (3, 7, 5, 2), (5, 16, 9, 4), (2, 40, 33, 3)]:
        a = det(b, i1, seed=1, dtype=dt)
        c = det(b, i2, seed=2, dtype=dt)
        w = det(o, i1, i2, seed=3, dtype=dt) / 7
        bias = det(o, seed=4, dtype=dt)
        show('bl' + str((dt, b, i1, i2, o)), lambda: F.bilinear(a, c, w, bias))
        show('bl_nob' + str((dt, b, i1, i2, o)), lambda: torch.bilinear(a, c, w))
    show('bl3d', lambda: F.bilinear(det(3, 2, 3, dtype=dt), det(3, 2, 4, dtype=dt), det(5, 3, 4, dtype=dt), det(5, dtype=dt)))
    show('bl1d', lambda: F.bilinear(det(3, dtype=dt), det(4, dtype=dt), det(5, 3, 4, dtype=dt), det(5, dtype=dt)))
    show('bl_nc', lambda: F.bilinear(det(3, 2, dtype=dt).t(), det(4, 2, dtype=dt).t(), det(5, 4, 3, dtype=dt).transpose(1, 2)))
a = det(2, 3); c = det(2, 4); w = det(5, 3, 4); bias = det(5)
show('bl_grad', lambda: F.bilinear(a, c, w.clone().requires_grad_(), bias))
show('bl_grad_nob', lambda: F.bilinear(a, c, w.clone().requires_grad_()))
show('ble1', lambda: F.bilinear(a, c[0], w, bias))
show('ble2', lambda: F.bilinear(a, c[:1], w, bias))
show('ble3', lambda: F.bilinear(a[:, :2], c, w, bias))
show('ble4', lambda: F.bilinear(a, c[:, :2], w, bias))
show('ble5', lambda: F.bilinear(a, c, w, bias[:2]))
show('ble6', lambda: F.bilinear(a, c, w[0], bias))
show('ble7', lambda: F.bilinear(a.double(), c, w, bias))
show('bl_long', lambda: F.bilinear(a.long(), c.long(), (w * 3).long()))
show('bl_empty', lambda: F.bilinear(det(0, 3), det(0, 4), w, bias))
torch.manual_seed(0)
m = nn.Bilinear(3, 4, 5)
print(m, nn.Bilinear(3, 4, 5, bias=False), nn.Bilinear(in1_features=2, in2_features=3, out_features=1))
print(m.weight.shape, m.bias.shape, bool((m.weight.abs() <= 1 / math.sqrt(3)).all()), bool((m.bias.abs() <= 1 / math.sqrt(3)).all()))
print(nn.Bilinear(3, 4, 5, bias=False).bias, [n for n, _ in m.named_parameters()])
print(m(a, c).shape, m(a, c).grad_fn is not None)
with torch.no_grad():
    m.weight.copy_(w)
    m.bias.copy_(bias)
show('bl_mod', lambda: m(a, c))
show('ble8', lambda: F.bilinear(a, c.double(), w, bias))
show('ble9', lambda: F.bilinear(a, c, w.double(), bias))
show('ble10', lambda: F.bilinear(a, c, w, bias.double()))
show('ble11', lambda: F.bilinear(a.double(), c.double(), w.double(), bias))
