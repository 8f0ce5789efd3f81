import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer('running', torch.zeros(2))
        self.register_buffer('scratch', torch.ones(1), persistent=False)
        self.head = nn.Sequential(nn.Linear(2, 1), nn.ReLU())

    def forward(self, x):
        return self.head(self.fc(x) + self.running)


net = Net()
print([n for n, _ in net.named_buffers()], len(net.buffers()) if isinstance(net.buffers(), list) else len(list(net.buffers())))
sd = net.state_dict()
print(list(sd.keys()))
print(sd['running'], sd['fc.weight'].shape)
net2 = Net()
with torch.no_grad():
    for p in net2.parameters():
        p.fill_(0.5)
    net2.running.fill_(1.0)
print(net.load_state_dict(net2.state_dict()))
print(net.fc.weight, net.running)
try:
    net.load_state_dict({'fc.weight': torch.zeros(2, 2)})
except RuntimeError as e:
    print('RuntimeError', str(e).split('\n')[0])
r = net.load_state_dict({'fc.weight': torch.zeros(2, 2)}, strict=False)
print(r.missing_keys, r.unexpected_keys)
try:
    net.load_state_dict({'fc.weight': torch.zeros(3, 2), 'fc.bias': torch.zeros(2), 'running': torch.zeros(2), 'head.0.weight': torch.zeros(1, 2), 'head.0.bias': torch.zeros(1)})
except RuntimeError as e:
    print('RuntimeError', str(e).split('\n')[1])


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 0.1)
        nn.init.zeros_(m.bias)


net.apply(init_weights)
print(net.fc.weight, net.head[0].bias)
nn.init.ones_(net.fc.bias)
nn.init.eye_(net.fc.weight)
print(net.fc.weight, net.fc.bias)
with torch.no_grad():
    print(net(torch.tensor([[1.0, 2.0]])))
net.zero_grad()
net.requires_grad_(False)
print([p.requires_grad for p in net.parameters()], net.fc.weight.requires_grad)
print(torch.allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0000001])), torch.equal(torch.tensor([1, 2]), torch.tensor([1, 2])))
print(torch.is_grad_enabled(), torch.tensor([1.0, 2.0], requires_grad=True))
t = torch.tensor([3.0], requires_grad=True)
print(t.requires_grad, t.detach().requires_grad, t.tolist())
print(net.get_submodule('head.0'), net.get_parameter('fc.bias'))
