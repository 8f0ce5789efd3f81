# Size and dim checks of split, chunk, narrow and flatten (x.split(0) looped
# forever); Tensor methods of the lazily compiled ops work before their torch
# function is first looked up (x.signbit() raised AttributeError).
import torch

y = torch.tensor([1., -2., 0.])
print(y.signbit(), y.copysign(torch.tensor([-1., 1., -1.])), y.masked_scatter(y > 0, torch.tensor([9.])))
print(torch.tensor([4, 6]).gcd(torch.tensor([6, 9])), torch.tensor([4, 6]).lcm(torch.tensor([6, 9])))
z = torch.zeros(2)
z.masked_scatter_(torch.tensor([True, False]), torch.tensor([5.]))
print(z, torch.ones(2, 3).renorm(2, 0, 1.0).sum().round())

x = torch.arange(6.)
cases = [
    ("split(0)", lambda: x.split(0)),
    ("split(-1)", lambda: x.split(-1)),
    ("torch.split(x, 0)", lambda: torch.split(x, 0)),
    ("split(2, dim=3)", lambda: x.split(2, dim=3)),
    ("split(4)", lambda: x.split(4)),
    ("split(0) of empty", lambda: torch.zeros(0).split(0)),
    ("chunk(0)", lambda: x.chunk(0)),
    ("flatten(3)", lambda: x.view(2, 3).flatten(3)),
    ("flatten(-3)", lambda: x.view(2, 3).flatten(-3)),
    ("flatten(1, 0)", lambda: x.view(2, 3).flatten(1, 0)),
    ("flatten(0, 5)", lambda: x.view(2, 3).flatten(0, 5)),
    ("flatten() 0-d", lambda: torch.tensor(3.).flatten()),
    ("flatten(1) 0-d", lambda: torch.tensor(3.).flatten(1)),
    ("narrow(0, 1, -1)", lambda: x.narrow(0, 1, -1)),
    ("narrow(0, -7, 1)", lambda: x.narrow(0, -7, 1)),
    ("narrow(0, 5, 2)", lambda: x.narrow(0, 5, 2)),
    ("narrow(0, -2, 2)", lambda: x.narrow(0, -2, 2)),
    ("narrow(0, 6, 0)", lambda: x.narrow(0, 6, 0)),
    ("narrow(2, 0, 1)", lambda: x.narrow(2, 0, 1)),
]
for label, f in cases:
    try:
        r = f()
        print(label, [t.tolist() for t in r] if isinstance(r, (tuple, list)) else r.tolist())
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)
