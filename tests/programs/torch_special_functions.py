# lgamma, digamma and erfinv (ATen's algorithms: digamma's reflection,
# recurrence and series; erfinv's rational guess and two Newton steps), their
# in-place forms and torch.special names, on float32, float64 and integers.
import torch

vals = [-5.5, -2.25, -1.5, -0.5, -0.1, 0.0, 1e-6, 0.1, 0.5, 1.0, 1.5, 2.0, 2.5, 3.7, 9.99, 10.0, 10.5,
        33.3, 100.0, 1e5, float('inf'), -3.0, float('nan')]
for dt in (torch.float32, torch.float64):
    x = torch.tensor(vals, dtype=dt)
    print(torch.lgamma(x))
    print(torch.digamma(x))
    print(x.digamma().dtype, x.lgamma().shape)
    y = torch.linspace(-1, 1, 21, dtype=dt)
    print(torch.erfinv(y))
    print(torch.erfinv(torch.tensor([-1.5, 0.999, -0.9999, 1e-8, 0.7, 0.70001, 0.3], dtype=dt)))
    grid = torch.linspace(-7.3, 25.1, 97, dtype=dt)
    print(torch.digamma(grid).sum().item() == torch.digamma(grid).sum().item(), torch.digamma(grid)[::8])
    print(torch.erfinv(torch.linspace(-0.99, 0.99, 67, dtype=dt))[::6])

torch.set_printoptions(precision=8)
print(torch.digamma(torch.linspace(0.05, 12.0, 17)))
print(torch.erfinv(torch.linspace(-0.95, 0.95, 17)))
torch.set_printoptions(precision=4)

ints = torch.tensor([1, 2, 5])
print(torch.lgamma(ints), torch.digamma(ints), torch.erfinv(torch.tensor([0, 1])))
t = torch.tensor([0.5, 2.0])
t.digamma_()
print(t)
t = torch.tensor([0.5, 2.0]).lgamma_()
print(t)
t = torch.tensor([0.25, -0.5])
print(t.erfinv_(), t)
print(torch.special.psi(torch.ones(2)), torch.special.digamma(torch.ones(1)), torch.special.gammaln(torch.tensor([3.0])),
      torch.special.erfinv(torch.tensor([0.5])))
r = torch.ones(2, requires_grad=True)
print(r.digamma().grad_fn.name(), r.lgamma().grad_fn.name(), r.erfinv().grad_fn.name())
# trunc_normal_-style use: erfinv of uniform samples stays finite inside (-1, 1).
u = torch.linspace(-0.999, 0.999, 11)
print(torch.isfinite(torch.erfinv(u)).all(), torch.erfinv(u).clamp(-2, 2))
