# interpolate_bicubic: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
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
def interp(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None,
           antialias=False):
    # Test-only stand-in for the hooked F.interpolate (the prelude's size logic).
    if not _STANDIN or mode != 'bicubic':
        return F.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias)
    if align_corners is None:
        align_corners = False
    nd = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError('only one of size or scale_factor should be defined')
    if size is not None:
        sizes = list(size) if isinstance(size, (list, tuple)) else [size] * nd
        scales = [None] * nd
    else:
        factors = list(scale_factor) if isinstance(scale_factor, (list, tuple)) else [scale_factor] * nd
        sizes = [int(math.floor(float(input.shape[2 + d]) * factors[d])) for d in range(nd)]
        scales = [None] * nd if recompute_scale_factor else [float(f) for f in factors]
    if nd != 2:
        raise NotImplementedError('Input Error: Only 3D, 4D and 5D input Tensors supported (got ' + str(input.dim()) +
                                  'D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | '
                                  'nearest-exact (got bicubic)')
    return F._upsample_bicubic2d(input, sizes[0], sizes[1], align_corners, scales[0], scales[1])


for dt in [torch.float32, torch.float64]:
    x = det(2, 3, 7, 9, seed=1, dtype=dt)
    for size in [(11, 13), (3, 4), (20, 31), (7, 9), (1, 1), (5, 3), (14, 18), (2, 40)]:
        for ac in [False, True]:
            show('bc' + str((dt, size, ac)), lambda: interp(x, size=size, mode='bicubic', align_corners=ac))
    for sf in [1.7, 2, 0.5, (1.3, 2.6), 3.25]:
        for ac in [False, True]:
            show('bcsf' + str((dt, sf, ac)), lambda: interp(x, scale_factor=sf, mode='bicubic', align_corners=ac))
            show('bcsfr' + str((dt, sf, ac)), lambda: interp(x, scale_factor=sf, mode='bicubic', align_corners=ac,
                                                             recompute_scale_factor=True))
    show('bc_nc', lambda: interp(x.transpose(2, 3), size=(10, 6), mode='bicubic', align_corners=False))
    show('bc_1px', lambda: interp(x[:, :, :1, :1], size=(3, 4), mode='bicubic', align_corners=False))
    show('bc_1row', lambda: interp(x[:, :, :1], size=(3, 12), mode='bicubic', align_corners=True))
x = det(2, 3, 7, 9)
show('bc_grad', lambda: interp(x.requires_grad_(), size=(4, 5), mode='bicubic', align_corners=False))
x = x.detach()
show('bc_int', lambda: interp(x.long(), size=(4, 5), mode='bicubic'))
show('bc_half', lambda: interp(x.half(), size=(4, 5), mode='bicubic'))
show('bc_3d', lambda: interp(x[0], size=4, mode='bicubic'))
show('bc_5d', lambda: interp(x.unsqueeze(0), size=4, mode='bicubic'))
show('bc_zero_out', lambda: interp(x, size=(0, 3), mode='bicubic'))
show('bc_zero_in', lambda: interp(x[:, :, :0], size=(2, 3), mode='bicubic'))
show('bc_small_sf', lambda: interp(x, scale_factor=0.1, mode='bicubic'))
show('bc_batch0', lambda: interp(det(0, 3, 4, 4), size=(7, 9), mode='bicubic'))
show('bc_chan0', lambda: interp(det(2, 0, 4, 4), size=(7, 9), mode='bicubic'))
show('bc_both', lambda: interp(x, size=3, scale_factor=2, mode='bicubic'))
for ac in [False, True]:
    show('bc_c1' + str(ac), lambda: interp(det(1, 1, 5, 6, seed=2), size=(9, 7), mode='bicubic', align_corners=ac))
    show('bc_n1c1' + str(ac), lambda: interp(det(2, 1, 4, 4, seed=3), scale_factor=2.5, mode='bicubic', align_corners=ac))
