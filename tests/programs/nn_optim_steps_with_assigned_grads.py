# torch.optim's updates with gradients the program assigns (standin has no
# backward pass): SGD (momentum, dampening, nesterov, weight decay,
# maximize), Adam/AdamW (amsgrad) and RMSprop (centered, momentum), with
# their state, state_dict round trips and a learning-rate scheduler.
import torch
import torch.nn as nn


def model():
    m = nn.Linear(3, 2)
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.arange(p.numel()).reshape(p.shape).float().sin() + i)
    return m


def fake_grads(m, k):
    for p in m.parameters():
        p.grad = (p.detach() * 0.5 + k).cos()


configs = [
    ('SGD', lambda ps: torch.optim.SGD(ps, lr=0.1)),
    ('SGD momentum', lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01)),
    ('SGD nesterov', lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.8, nesterov=True)),
    ('SGD maximize', lambda ps: torch.optim.SGD(ps, lr=0.1, maximize=True)),
    ('Adam', lambda ps: torch.optim.Adam(ps, lr=0.01)),
    ('Adam wd amsgrad', lambda ps: torch.optim.Adam(ps, lr=0.01, weight_decay=0.1, amsgrad=True)),
    ('AdamW', lambda ps: torch.optim.AdamW(ps, lr=0.01, betas=(0.8, 0.99))),
    ('RMSprop', lambda ps: torch.optim.RMSprop(ps, lr=0.01)),
    ('RMSprop centered momentum', lambda ps: torch.optim.RMSprop(ps, lr=0.01, momentum=0.5, centered=True,
                                                                weight_decay=0.1)),
]
for name, make in configs:
    m = model()
    opt = make(m.parameters())
    for k in range(3):
        fake_grads(m, k)
        opt.step()
        opt.zero_grad()
    print(name, [round(v, 5) for v in m.weight.flatten().tolist()], [round(v, 5) for v in m.bias.tolist()])
    state = opt.state_dict()['state']
    print('  state', sorted(state), sorted(state[0]) if state else None)

m = model()
opt = torch.optim.Adam(m.parameters(), lr=0.01)
fake_grads(m, 0)
opt.step()
saved = opt.state_dict()
print(saved['state'][0]['step'], round(saved['state'][1]['exp_avg'].sum().item(), 6))
m2 = model()
with torch.no_grad():
    for p, q in zip(m2.parameters(), m.parameters()):
        p.copy_(q)
opt2 = torch.optim.Adam(m2.parameters(), lr=0.01)
opt2.load_state_dict(saved)
fake_grads(m, 1)
fake_grads(m2, 1)
opt.step()
opt2.step()
print(torch.equal(m.weight, m2.weight), opt2.state_dict()['state'][0]['step'])

# A parameter without a grad is left alone; lr follows the scheduler.
m = model()
opt = torch.optim.SGD([{'params': [m.weight]}, {'params': [m.bias], 'lr': 0.5}], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
before = m.bias.clone()
for k in range(2):
    m.weight.grad = torch.ones_like(m.weight)
    opt.step()
    sched.step()
print([round(v, 4) for v in m.weight.flatten().tolist()], torch.equal(before, m.bias), sched.get_last_lr())
