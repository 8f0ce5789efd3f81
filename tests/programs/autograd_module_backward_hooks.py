# A module's full backward hooks (Grad-CAM style): grad_input and
# grad_output of a layer, a hook that scales grad_input, removed hooks, and a layer whose
# input does not require grad (grad_input is (None,)).
import torch
import torch.nn as nn


def r(t):
    return None if t is None else [round(v, 4) + 0.0 for v in t.detach().reshape(-1).tolist()]


net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
with torch.no_grad():
    for p in net.parameters():
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.7).reshape(p.shape) * 0.5)
x = torch.tensor([[1.0, -2.0, 0.5], [0.25, 0.75, -1.0]], requires_grad=True)
log = []


def record(name):
    def hook(module, grad_input, grad_output):
        log.append((name, [r(g) for g in grad_input], [r(g) for g in grad_output]))
    return hook


h1 = net[0].register_full_backward_hook(record('lin0'))
h2 = net[2].register_full_backward_hook(record('lin2'))
net(x).sum().backward()
for entry in log:
    print(entry)
print('x.grad', r(x.grad))

log.clear()
x.grad = None
h1.remove()
net[1].register_full_backward_hook(lambda m, gi, go: (gi[0] * 2,))
net(x).sum().backward()
print([e[0] for e in log], 'x.grad', r(x.grad))

log.clear()
x.grad = None
h2.remove()
net(x).sum().backward()
print(len(log), 'x.grad', r(x.grad))

plain = torch.tensor([[1.0, 2.0, 3.0]])
first = nn.Linear(3, 2)
with torch.no_grad():
    first.weight.copy_(torch.tensor([[0.1, 0.2, 0.3], [-0.3, 0.2, -0.1]]))
    first.bias.zero_()
seen = []
first.register_full_backward_hook(lambda m, gi, go: seen.append((gi, r(go[0]))))
(first(plain) ** 2).sum().backward()
print(seen, r(first.weight.grad))
