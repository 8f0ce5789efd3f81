# torch.nn.modules.module's global forward hooks: every module's call runs
# them, before the module's own hooks; a hook may replace the input or the
# output; removing the handle stops them.
import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook, register_module_forward_pre_hook

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

torch.manual_seed(0)
log = []
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.linspace(-1.0, 1.0, p.numel()).reshape(p.shape) * (i + 1) / 3)
net[0].register_forward_hook(lambda m, a, o: log.append("own " + type(m).__name__))
x = torch.arange(6.0).reshape(2, 3) / 5

h1 = register_module_forward_pre_hook(lambda m, a: log.append("pre " + type(m).__name__))
h2 = register_module_forward_hook(lambda m, a, o: log.append("post " + type(m).__name__ + " " + str(tuple(o.shape))))
y = net(x)
print(log)
del log[:]


def double_relu_input(m, args):
    if isinstance(m, nn.ReLU):
        return (args[0] * 2,)


def negate_linear_output(m, args, out):
    if isinstance(m, nn.Linear) and out.shape[-1] == 2:
        return -out


h3 = register_module_forward_pre_hook(double_relu_input)
h4 = register_module_forward_hook(negate_linear_output)
y2 = net(x)
print(torch.allclose(y2[0], -y[0]) or y2.tolist())
print(len(log))
for h in (h1, h2, h3, h4):
    h.remove()
del log[:]
print(torch.equal(net(x), y), log)


def run(inp):
    return net(inp).sum()


h5 = register_module_forward_hook(lambda m, a, o: o * 2 + 1 if isinstance(m, nn.ReLU) else None)
print(round(run(x).item(), 4), round(C(run)(x).item(), 4))
h5.remove()
print(round(run(x).item(), 4), round(C(run)(x).item(), 4))
