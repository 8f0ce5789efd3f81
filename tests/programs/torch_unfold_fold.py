# unfold_fold: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
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
torch.manual_seed(0)
x = torch.arange(2 * 3 * 5 * 6, dtype=torch.float32).reshape(2, 3, 5, 6) * 0.37 - 20
show('u1', lambda: F.unfold(x, 2))
show('u2', lambda: F.unfold(x, (2, 3), dilation=(2, 1), padding=(1, 2), stride=(2, 3)))
show('u3', lambda: F.unfold(x[0], 3, padding=1))
show('u4', lambda: F.unfold(x.transpose(2, 3), (3, 2), stride=2))
show('u5', lambda: F.unfold(x.double(), 3, dilation=2, padding=2, stride=(1, 2)))
show('u6', lambda: F.unfold(x, [1, 1]))
show('u7', lambda: F.unfold(torch.zeros(0, 3, 5, 5), 2))
show('u8', lambda: F.unfold(x.requires_grad_(), 2).sum())
x = x.detach()
for args in [(0,), (2, 1, 0, 0), (2, 1, -1), (2, 0), (6,), ((2, 3, 4),), (2, (1, 2, 3)), ([2],)]:
    show('ue' + str(args), lambda: F.unfold(x, *args))
show('ue_long', lambda: F.unfold(x.long(), 2))
show('ue_int_bad', lambda: F.unfold(x.int(), 9))
show('ue_2d', lambda: F.unfold(x[0, 0], 2))
show('ue_1d', lambda: F.unfold(x[0, 0, 0], 2))
show('ue_5d', lambda: F.unfold(x.unsqueeze(0), 2))
show('ue_empty', lambda: F.unfold(torch.zeros(2, 0, 5, 5), 2))

c = torch.arange(2 * 12 * 16, dtype=torch.float32).reshape(2, 12, 16) * 0.113 - 7
show('f1', lambda: F.fold(c, (5, 5), 2))
show('f2', lambda: F.fold(c[0], 5, 2))
show('f3', lambda: F.fold(c, (4, 8), (2, 3), stride=(1, 2), padding=(0, 1)))
show('f4', lambda: F.fold(c.transpose(1, 2).contiguous().transpose(1, 2), (5, 5), 2))
show('f5', lambda: F.fold(c.double(), (7, 7), 2, dilation=2, padding=1))
show('f6', lambda: F.fold(c, (6, 6), 2, stride=2, padding=1))
r = det(3, 27, 12)
u = F.fold(r, (6, 7), 3, dilation=1, padding=1, stride=2)
show('f7', lambda: u)
show('f8', lambda: F.fold(F.unfold(x, 3, padding=1), (5, 6), 3, padding=1))
for args in [((5, 5), 3), ((6, 5), 2), ((5, 5), 2, 1, 0, 0), (5, 2, 1, -1), (5, 0), ((5, 5, 5), 2), (1, 2), (0, 2),
             (5, 2, 0), ((2, 1), (1, 2), 1, 0, 1)]:
    show('fe' + str(args), lambda: F.fold(c, *args))
show('fe_4d', lambda: F.fold(torch.zeros(2, 3, 4, 5), 5, 2))
show('fe_1d', lambda: F.fold(torch.zeros(12), 5, 2))
show('fe_long', lambda: F.fold(c.long(), 5, 2))
show('fe_empty', lambda: F.fold(torch.zeros(2, 0, 16), 5, 2))
show('fe_batch0', lambda: F.fold(torch.zeros(0, 12, 16), 5, 2))

m = nn.Unfold(kernel_size=(2, 3), dilation=2, padding=(1, 0), stride=3)
print(m, nn.Unfold(2), nn.Fold(4, 2), nn.Fold(output_size=(4, 5), kernel_size=(2, 3), stride=2))
show('m1', lambda: m(x))
show('m2', lambda: nn.Fold((5, 6), (2, 3), padding=1)(torch.ones(1, 6, 42)))
print(list(m.parameters()), m.training)
