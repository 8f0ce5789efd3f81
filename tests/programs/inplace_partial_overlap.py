# In-place ops and copies whose input overlaps the written tensor in part (both dense
# blocks of one storage) raise torch's error; a full overlap (x.add_(x)), disjoint
# views and non-dense views compute as if the input were cloned first.
import torch
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
def attempt(label, f, x):
    try:
        r = f(x)
        print(label, r if not isinstance(r, torch.Tensor) else r.tolist())
    except RuntimeError as e:
        print(label, "RuntimeError", e)
def shift(x):
    x[1:] = x[:-1]
    return x
def shift_add(x):
    x[1:].add_(x[:-1])
    return x
def transpose_add(x):
    return x.add_(x.t())
def strided(x):
    x[:, 1:].add_(x[:, :-1].clone())
    return x
def self_add(x):
    return x.add_(x)
def row_mul(x):
    x[1] *= x[0]
    return x
def halves(x):
    x[:2] += x[1:3]
    return x
def copy_overlap(x):
    return x[1:].copy_(x[:-1])
def disjoint(x):
    x[:2].copy_(x[2:])
    return x
for f in [shift, shift_add, transpose_add, strided, self_add, row_mul, halves, copy_overlap, disjoint]:
    square = f in (transpose_add, strided, row_mul)
    attempt(f.__name__, f, torch.arange(9.).view(3, 3) if square else torch.arange(4.))
    attempt(f.__name__ + " compiled", C(f), torch.arange(9.).view(3, 3) if square else torch.arange(4.))
