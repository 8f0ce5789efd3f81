# In-place ops through a view of an intermediate that requires grad are allowed
# in compiled calls as in eager ones (a[1:].add_(1) after a = x * 2, the module
# pattern self.lin(x)[:, :2].add_(1)); through a view of a leaf they raise.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def f(x):
    a = x * 2
    a[1:].add_(1)
    a[:2].sub_(0.5)
    a[2:].clamp_(max=5.0)
    a[:1].masked_fill_(torch.tensor([True]), -1.0)
    return a


def g(x):
    h = x.sin()
    h[:, :2].clamp_(min=0)
    h.narrow(1, 2, 2).add_(1, alpha=2)
    return h


def bump(v):
    v.add_(10)
    return v


def k(x):
    h = x / 1
    bump(h[0])
    return h


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x)
        h[:, :2].add_(1)
        return h


def leaf_view(x):
    v = x[1:]
    v.add_(1)
    return v


for fn, arg in [(f, torch.arange(4.).requires_grad_()), (g, torch.ones(2, 4, requires_grad=True)),
                (k, torch.ones(2, 2, requires_grad=True)), (M(), torch.ones(2, 4))]:
    e, c = fn(arg), C(fn)(arg)
    print(torch.equal(e, c), type(c.grad_fn).__name__, c.requires_grad, c.shape)
for x in (torch.arange(3.).requires_grad_(), torch.arange(3.)):
    for fn in (leaf_view, C(leaf_view)):
        try:
            print(fn(x.clone() if not x.requires_grad else x).tolist())
        except RuntimeError as err:
            print("RuntimeError", err)
