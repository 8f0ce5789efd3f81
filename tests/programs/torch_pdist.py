# pdist: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
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
    for n, m in [(5, 1), (5, 3), (6, 5), (6, 7), (6, 8), (6, 11), (7, 16), (7, 20), (5, 37), (4, 64), (5, 100)]:
        x = det(n, m, seed=n * m, dtype=dt) / 3
        for p in [2, 1, 0, float('inf'), 2.0, 1.0]:
            show('pd' + str((dt, n, m, p)), lambda: torch.pdist(x, p))
        show('pdF' + str((dt, n, m)), lambda: F.pdist(x))
    x = det(6, 9, seed=3, dtype=dt)
    show('pd_nc', lambda: torch.pdist(x.t()))
    show('pd_p3', lambda: torch.pdist(x, 3))
    show('pd_p05', lambda: torch.pdist(x, 0.5))
    show('pd_zero', lambda: torch.pdist(torch.zeros(4, 3, dtype=dt)))
    show('pd_same', lambda: torch.pdist(torch.ones(3, 10, dtype=dt)))
x = det(4, 3)
show('pd_grad', lambda: torch.pdist(x.requires_grad_()))
x = x.detach()
show('pde1', lambda: torch.pdist(x[0]))
show('pde2', lambda: torch.pdist(x.unsqueeze(0)))
show('pde3', lambda: torch.pdist(x, -1))
show('pde4', lambda: torch.pdist(x.long()))
show('pde5', lambda: torch.pdist(x.half()))
show('pd1row', lambda: torch.pdist(x[:1]))
show('pd0row', lambda: torch.pdist(x[:0]))
show('pd0col', lambda: torch.pdist(x[:, :0]))
for dt in [torch.float32]:
    for n, m in [(5, 3), (6, 9), (7, 20), (4, 33)]:
        x = det(n, m, seed=7 * n, dtype=dt) / 3
        for p in [3, 0.5, 1.5, 0.25, 7]:
            show('pdg' + str((n, m, p)), lambda: torch.pdist(x, p))
    show('pdg_zero', lambda: torch.pdist(torch.zeros(3, 4), 1.5))
