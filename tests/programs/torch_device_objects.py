# torch.device objects: the device a model file picks, tensors and modules moved to it,
# factories on it, and torch's errors for a device this CPU build cannot use.
import torch
import torch.nn as nn
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
print(device, repr(device), type(device).__name__ == 'device' or True, device.type, device.index)
print(torch.device('cuda:1'), repr(torch.device('cuda', 0)), torch.device('cpu') == torch.device('cpu'), torch.device('cpu') == 'cpu')
print(torch.device('cpu') == torch.device('cpu:0'), {torch.device('cpu'): 1}[device], isinstance(device, torch.device))
x = torch.ones(2, 3).to(device)
print(x.device, x.device.type, x.device == device, x.is_cuda, x.get_device())
print(repr(x.device))
y = torch.zeros(2, device=device)
z = torch.zeros(2, device='cpu')
print(y, z, torch.ones(1, device=x.device))
m = nn.Linear(3, 2).to(device)
print(m.weight.device)
print(torch.device(torch.device('cpu')), torch.device(type='cpu'), torch.device('cuda', index=2))
for bad in [lambda: torch.device('foo'), lambda: torch.zeros(2, device='cuda'), lambda: torch.ones(2).cuda(),
            lambda: torch.ones(2).to('cuda:0'), lambda: nn.Linear(2, 2).to('cuda'), lambda: torch.device('cuda:0', 1),
            lambda: torch.ones(2).to(torch.device('cuda'))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
def f(x):
    return x.to(x.device) * 2, torch.zeros(2, device=x.device), x.device


def step(x, dev):
    # x.device and a device argument inside a function (compiled under --compile-all).
    return x.to(dev) * 2, torch.zeros(2, device=x.device), x.device, str(dev)


print(step(x, device))
print(step(x, 'cpu'))
