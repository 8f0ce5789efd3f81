# Adagrad (lr_decay, weight_decay, initial accumulator), Adamax and Adadelta
# stepped with gradients set by hand, against torch 1.13's updates; their
# state and argument checks.
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
            p.grad = torch.cos(torch.arange(p.numel(), dtype=torch.float32) + k + i).reshape(p.shape)
        opt.step()
    return [[round(v, 5) for v in p.detach().flatten().tolist()] for p in ps], opt


for name, make in [
    ("adagrad", lambda ps: torch.optim.Adagrad(ps, lr=0.1)),
    ("adagrad_decay", lambda ps: torch.optim.Adagrad(ps, lr=0.1, lr_decay=0.5, weight_decay=0.1,
                                                      initial_accumulator_value=0.2)),
    ("adagrad_max", lambda ps: torch.optim.Adagrad(ps, lr=0.05, maximize=True)),
    ("adamax", lambda ps: torch.optim.Adamax(ps, lr=0.02)),
    ("adamax_wd", lambda ps: torch.optim.Adamax(ps, lr=0.02, betas=(0.8, 0.9), weight_decay=0.05)),
    ("adadelta", lambda ps: torch.optim.Adadelta(ps)),
    ("adadelta_wd", lambda ps: torch.optim.Adadelta(ps, lr=0.5, rho=0.8, weight_decay=0.1)),
]:
    values, opt = run(make)
    print(name, values)
    state = opt.state[opt.param_groups[0]['params'][0]]
    print(sorted(state.keys()), [round(v, 5) for v in state[sorted(state.keys())[-1]].flatten().tolist()]
          if isinstance(state[sorted(state.keys())[-1]], torch.Tensor) else state[sorted(state.keys())[-1]])

fresh = torch.optim.Adagrad(params(), lr=0.1, initial_accumulator_value=0.5)
st = fresh.state[fresh.param_groups[0]['params'][1]]
print(float(st['step']), st['sum'].tolist(), sorted(fresh.defaults))
for bad in [dict(lr=-1.0), dict(lr_decay=-1.0), dict(weight_decay=-0.5), dict(initial_accumulator_value=-1.0), dict(eps=-1.0)]:
    try:
        torch.optim.Adagrad(params(), **bad)
    except ValueError as e:
        print("ValueError", e)
for cls, bad in [(torch.optim.Adadelta, dict(rho=1.5)), (torch.optim.Adamax, dict(betas=(1.0, 0.9)))]:
    try:
        cls(params(), **bad)
    except ValueError as e:
        print("ValueError", e)
for c in (torch.optim.Adamax, torch.optim.Adadelta):
    print(c.__name__, sorted(c(params()).defaults))
