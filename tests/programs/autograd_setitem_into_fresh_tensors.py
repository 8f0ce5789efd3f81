# Factories give tensors of their own (not views), so writing a value with
# history into one gives it CopySlices, eagerly and compiled; an embedding's
# output can be written in place and still trains its rows.
import torch
import torch.nn.functional as F

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

torch.manual_seed(0)
made = [torch.randn(3, 3), torch.rand(2, 4), torch.randint(0, 5, (2, 3)), torch.randn(4), torch.zeros(2, 2),
        torch.empty(3, 2).normal_(), torch.randperm(5), torch.rand(2, 3, dtype=torch.float64)]
print([t._base is None for t in made], [t.is_contiguous() for t in made])


def write_row(x, y):
    x[0] = y[0]
    return x


def write_and_reduce(x, y):
    x[1:, 0] = y[1:, 1] * 2
    return (x * x).sum()


for name, f, g in (("eager", write_row, write_and_reduce), ("compiled", C(write_row), C(write_and_reduce))):
    x = torch.randn(3, 3)
    y = torch.linspace(-1.0, 1.0, 9).reshape(3, 3).requires_grad_()
    out = f(x, y)
    print(name, type(out.grad_fn).__name__, type(x.grad_fn).__name__, x.requires_grad)
    (out * torch.arange(9.0).reshape(3, 3)).sum().backward()
    print(name, [round(v, 4) for v in y.grad.flatten().tolist()])
    x2 = torch.zeros(3, 2)
    y.grad = None
    g(x2, y).backward()
    print(name, [round(v, 4) for v in y.grad.flatten().tolist()])

w = torch.linspace(0.0, 1.0, 12).reshape(4, 3).requires_grad_()
e = F.embedding(torch.tensor([[1, 2], [2, 3]]), w)
print(type(e.grad_fn).__name__)
e[:, 0] = 5.0
(e * torch.arange(12.0).reshape(2, 2, 3)).sum().backward()
print([round(v, 4) for v in w.grad.flatten().tolist()])
