# affine_grid_sample: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
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
import warnings
warnings.simplefilter('ignore')
for dt in [torch.float32, torch.float64]:
    th = det(2, 2, 3, seed=1, dtype=dt) * 0.5
    for size in [(2, 3, 4, 5), (2, 1, 1, 6), (2, 3, 9, 12)]:
        for ac in [False, True]:
            show('ag' + str((dt, size, ac)), lambda: F.affine_grid(th, size, align_corners=ac))
    th3 = det(2, 3, 4, seed=2, dtype=dt) * 0.5
    show('ag3', lambda: F.affine_grid(th3, (2, 1, 3, 4, 5), align_corners=False))
    show('ag3t', lambda: F.affine_grid(th3, (2, 1, 2, 3, 6), align_corners=True))
show('ag_none', lambda: F.affine_grid(det(1, 2, 3), [1, 1, 3, 3]))
show('ag_grad', lambda: F.affine_grid(det(1, 2, 3).requires_grad_(), torch.Size([1, 1, 3, 3]), False))
th = det(2, 2, 3)
for args in [((2, 3, 4, 5, 6),), ((2, 3, 4),), ((3, 3, 4, 5),), ((2, 3, 0, 5),), ((2, 3, 1, 5), True)]:
    show('age' + str(args), lambda: F.affine_grid(th, *args))
show('age_long', lambda: F.affine_grid(th.long(), (2, 3, 4, 5)))
show('age_2d', lambda: F.affine_grid(th[0], (2, 3, 4, 5)))
show('age_half', lambda: F.affine_grid(th.half(), (2, 3, 4, 5)))
show('age_5d', lambda: F.affine_grid(det(2, 3, 4), (2, 3, 4, 5)))

for dt in [torch.float32, torch.float64]:
    inp = det(2, 3, 5, 7, seed=3, dtype=dt)
    grid = det(2, 4, 6, 2, seed=4, dtype=dt) * 0.6
    big = det(2, 3, 4, 2, seed=5, dtype=dt) * 3.1
    for mode in ['bilinear', 'nearest']:
        for pm in ['zeros', 'border', 'reflection']:
            for ac in [False, True]:
                key = str((dt, mode, pm, ac))
                show('gs' + key, lambda: F.grid_sample(inp, grid, mode=mode, padding_mode=pm, align_corners=ac))
                show('gsbig' + key, lambda: F.grid_sample(inp, big, mode=mode, padding_mode=pm, align_corners=ac))
    g = F.affine_grid(det(2, 2, 3, seed=6, dtype=dt) * 0.7, (2, 3, 8, 9), align_corners=False)
    show('gsaff', lambda: F.grid_sample(inp, g, align_corners=False))
    show('gsaff_refl', lambda: F.grid_sample(inp, g, padding_mode='reflection', align_corners=False))
    show('gs_nc', lambda: F.grid_sample(inp.transpose(2, 3), grid.transpose(1, 2), align_corners=True))
    show('gs_1px', lambda: F.grid_sample(inp[:, :, :1, :1], grid, padding_mode='reflection', align_corners=True))
    show('gs_1row', lambda: F.grid_sample(inp[:, :, :1], grid, padding_mode='reflection', align_corners=False))
    show('gs_huge', lambda: F.grid_sample(inp, torch.tensor([[[[1e6, -3e9], [2.5e7, 1.75], [float('nan'), 0.5],
                                                              [float('inf'), -0.3]]]], dtype=dt).expand(2, 1, 4, 2),
                                          padding_mode='reflection', align_corners=False))
    show('gs_huge_z', lambda: F.grid_sample(inp, torch.tensor([[[[1e6, -3e9], [2.5e7, 1.75], [-1.0, 1.0],
                                                              [1.0, -0.3]]]], dtype=dt).expand(2, 1, 4, 2),
                                          padding_mode='zeros', align_corners=True))
    show('gs_half', lambda: F.grid_sample(inp, torch.tensor([[[[-0.5, 0.25], [0.75, -0.25], [0.1, 0.0]]]],
                                                          dtype=dt).expand(2, 1, 3, 2), mode='nearest',
                                          align_corners=False))
x = det(2, 3, 5, 5); g = det(2, 4, 6, 2) * 0.5
show('gs_default', lambda: F.grid_sample(x, g))
show('gs_grad', lambda: F.grid_sample(x.requires_grad_(), g, align_corners=True))
x = x.detach()
show('gse1', lambda: F.grid_sample(x[0], g[0]))
show('gse2', lambda: F.grid_sample(x, g[0]))
show('gse3', lambda: F.grid_sample(x[:1], g))
show('gse4', lambda: F.grid_sample(x, det(2, 4, 6, 3)))
show('gse5', lambda: F.grid_sample(x, g.double()))
show('gse6', lambda: F.grid_sample(x.long(), g.long()))
show('gse7', lambda: F.grid_sample(x, g.long()))
show('gse8', lambda: F.grid_sample(det(2, 3, 0, 5), g))
show('gse9', lambda: F.grid_sample(x, g, mode='linear'))
show('gse10', lambda: F.grid_sample(x, g, padding_mode='reflect'))
show('gse11', lambda: F.grid_sample(det(2, 3, 4, 4, 4), det(2, 2, 2, 2, 3), mode='bicubic'))
show('gse12', lambda: F.grid_sample(x, det(2, 6, 2)))
show('gse13', lambda: F.grid_sample(det(2, 3, 4, 4, 4), det(2, 2, 2, 2, 2)))
show('gs_empty', lambda: F.grid_sample(det(0, 3, 4, 5), det(0, 4, 6, 2)))
show('gs_empty2', lambda: F.grid_sample(x, det(2, 0, 6, 2)))
show('gs_empty3', lambda: F.grid_sample(det(2, 0, 4, 5), g))
