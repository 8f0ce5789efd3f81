# local_response_norm: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
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
    x3 = det(2, 6, 7, seed=1, dtype=dt) * 3
    x4 = det(2, 5, 3, 4, seed=2, dtype=dt) * 10
    x5 = det(1, 4, 2, 3, 2, seed=3, dtype=dt)
    for beta in [0.75, 0.5, 1.0, 2.0, 3, -0.5]:
        for size in [1, 2, 3, 5, 8]:
            # float64 ** 0.75 is standin's pow (not SLEEF's pow_u10): compared to the printed digits only.
            ex = dt == torch.float32 or beta != 0.75
            show('lrn3' + str((dt, size, beta)), lambda: F.local_response_norm(x3, size, alpha=0.3, beta=beta, k=2.0), ex)
            show('lrn4' + str((dt, size, beta)), lambda: F.local_response_norm(x4, size, beta=beta), ex)
        show('lrn5' + str((dt, beta)), lambda: F.local_response_norm(x5, 3, 1e-2, beta, 0.5), ex)
    show('lrn_nc', lambda: F.local_response_norm(x4.transpose(1, 3), 2, alpha=0.1, beta=0.5))
show('lrn_2d', lambda: F.local_response_norm(det(2, 3), 2))
show('lrn_empty', lambda: F.local_response_norm(det(0, 3, 4), 2))
show('lrn_long', lambda: F.local_response_norm(torch.arange(24).reshape(2, 3, 4), 2, beta=1.0))
show('lrn_grad', lambda: F.local_response_norm(det(2, 3, 4).requires_grad_(), 2, beta=0.5))
m = nn.LocalResponseNorm(3)
print(m, nn.LocalResponseNorm(2, alpha=0.1, beta=2, k=3), nn.LocalResponseNorm(size=4, k=2))
show('lrn_mod', lambda: nn.LocalResponseNorm(3, beta=0.5)(det(2, 4, 5, 5)))
