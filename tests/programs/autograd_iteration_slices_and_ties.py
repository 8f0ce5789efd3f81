# Gradients through what model code does to tensors: unpacking and iterating a
# tensor (torch's unbind: q, k, v = qkv), x[a:b] += v on a slice of length 1
# (and F.fold with one block), prod(dim) with a zero in a slice, builtin
# min/max of tensors that tie, eager and compiled.
import torch
import torch.nn.functional as F
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

# --- iter_tensor_grad
# iterating a tensor that requires grad (unpacking, for, sum(), zip, list(), *t) yields rows with no grad_fn in eager
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
qkv = torch.stack([w * 1.0, w * 2.0, w * 3.0])      # [3, 3], grad_fn=StackBackward0
q, k, v = qkv                                       # tuple unpacking iterates the tensor
print("unpack", q.requires_grad, type(q.grad_fn).__name__)
(q * k * v).sum().backward()
print("grad", w.grad)
for name, f in [("sum()", lambda t: sum(t)), ("for", lambda t: torch.stack([row for row in t])),
                ("zip", lambda t: sum(a * b for a, b in zip(t, t))), ("list", lambda t: list(t)[1])]:
    w.grad = None
    f(qkv.detach() * w).sum().backward()
    print(name, w.grad)

# --- slice_len1_augassign
def f(a, n: int):
    a[0:n] += 1            # augmented assignment to a slice whose leading dim has length 1
    a[2:3, 1:] *= 5
    a[:, 0:1] -= 1         # (length-1 slice in a non-leading dim works)
    return a
for fn in (f, C(f)):
    try: print(fn(torch.ones(3, 3), 1).tolist())
    except Exception as e: print(type(e).__name__, e)

# --- prod_dim_zero_grad
# prod over a dim containing exactly one zero: d/dx_zero = product of the others
x = torch.tensor([[0.0, 0.4, -0.1], [0.6, 0.1, 0.3]], requires_grad=True)
x.prod(1).sum().backward()
print("prod(dim)", x.grad.tolist())
x.grad = None
x[0].prod().backward()
print("prod()   ", x.grad.tolist())

# --- compiled_builtin_min_tie_grad
def f(a, b):
    return min(a * 2, b), max(a * 2, b)      # Python builtins on 0-dim tensors, values tie (2 == 2)
for fn in (f, C(f)):
    a = torch.tensor(1.0, requires_grad=True); b = torch.tensor(2.0, requires_grad=True)
    lo, hi = fn(a, b)
    (lo + 10 * hi).backward()
    print(lo.item(), hi.item(), a.grad, b.grad)

# --- fold_one_block
import torch, torch.nn.functional as F
# F.fold where only one block fits along H (kernel height == output height); same root cause as slice_len1_augassign.py
cols = torch.arange(8.).view(1, 4, 2)              # kernel (2, 2) -> 1 x 2 blocks on a 2 x 3 output
print(F.fold(cols, output_size=(2, 3), kernel_size=2).flatten().tolist())
