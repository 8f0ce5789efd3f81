# NAdam (momentum_decay, weight_decay), RAdam (before and after the
# rectification switches on) and Rprop (etas, step-size bounds, maximize)
# stepped with gradients set by hand, against torch 1.13's updates; their
# state, defaults and argument checks.
import torch


def params():
    w = torch.nn.Parameter(torch.linspace(-1.0, 1.0, 6).reshape(2, 3))
    b = torch.nn.Parameter(torch.tensor([0.5, -0.25]))
    return [w, b]


def run(make, steps=3):
    ps = params()
    opt = make(ps)
    for k in range(steps):
        for i, p in enumerate(ps):
            p.grad = torch.cos(torch.arange(p.numel(), dtype=torch.float32) * (k + 1) + i).reshape(p.shape)
        opt.step()
    return [[round(v, 5) for v in p.detach().flatten().tolist()] for p in ps], opt


for name, make, steps in [
    ("nadam", lambda ps: torch.optim.NAdam(ps, lr=0.01), 3),
    ("nadam_wd", lambda ps: torch.optim.NAdam(ps, lr=0.02, betas=(0.8, 0.95), weight_decay=0.1,
                                              momentum_decay=0.01), 4),
    ("radam_early", lambda ps: torch.optim.RAdam(ps, lr=0.01), 3),
    ("radam_rectified", lambda ps: torch.optim.RAdam(ps, lr=0.01, betas=(0.9, 0.9)), 8),
    ("radam_wd", lambda ps: torch.optim.RAdam(ps, lr=0.05, weight_decay=0.2, betas=(0.5, 0.8)), 7),
    ("rprop", lambda ps: torch.optim.Rprop(ps, lr=0.05), 5),
    ("rprop_bounds", lambda ps: torch.optim.Rprop(ps, lr=0.1, etas=(0.3, 1.5), step_sizes=(0.02, 0.12)), 6),
    ("rprop_max", lambda ps: torch.optim.Rprop(ps, maximize=True), 4),
]:
    values, opt = run(make, steps)
    print(name, values)
    state = opt.state[opt.param_groups[0]['params'][1]]
    print(" ", sorted(state.keys()), {k: (round(v.item(), 5) if isinstance(v, torch.Tensor) and v.dim() == 0 else
                                        [round(x, 5) for x in v.flatten().tolist()] if isinstance(v, torch.Tensor)
                                        else v) for k, v in sorted(state.items())})

print(sorted(torch.optim.NAdam(params()).defaults.items()))
print(sorted(torch.optim.RAdam(params()).defaults.items()))
print(sorted(torch.optim.Rprop(params()).defaults.items()))

# A model trained a few steps with each, the loss's gradient written out
# (standin has no autograd): linear regression, d(mse)/dw by hand.
x = torch.linspace(-1, 1, 8).reshape(4, 2)
y = x @ torch.tensor([[2.0], [-1.0]]) + 0.5
for cls in (torch.optim.NAdam, torch.optim.RAdam, torch.optim.Rprop):
    lin = torch.nn.Linear(2, 1)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[0.1, 0.2]]))
        lin.bias.fill_(0.0)
    opt = cls(lin.parameters(), lr=0.1)
    for _ in range(10):
        opt.zero_grad()
        err = lin(x) - y
        lin.weight.grad = (2 * err * x).mean(0, keepdim=True)
        lin.bias.grad = (2 * err).mean(0)
        opt.step()
    print(cls.__name__, round(((lin(x) - y) ** 2).mean().item(), 4))

for bad in (lambda: torch.optim.NAdam(params(), momentum_decay=-1.0),
            lambda: torch.optim.NAdam(params(), betas=(1.0, 0.9)),
            lambda: torch.optim.RAdam(params(), eps=-1.0),
            lambda: torch.optim.RAdam(params(), lr=-0.1),
            lambda: torch.optim.Rprop(params(), etas=(1.5, 1.2)),
            lambda: torch.optim.Rprop(params(), lr=-1)):
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
