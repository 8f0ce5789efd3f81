# Convolutions and pooling (Conv1d/Conv2d with stride, padding (also 'same'/'valid'),
# dilation and groups; max/avg/adaptive pooling with ceil_mode and count_include_pad), a
# small CNN classifier, their grad_fn and reprs, torch's errors, and torch.set_printoptions.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_printoptions(precision=3)
x = (torch.arange(2 * 3 * 7 * 6, dtype=torch.float32).reshape(2, 3, 7, 6) % 11 - 5) * 0.25
w = (torch.arange(4 * 3 * 3 * 3, dtype=torch.float32).reshape(4, 3, 3, 3) % 5 - 2) * 0.5
b = torch.tensor([0.5, -1.0, 0.0, 2.0])
print(F.conv2d(x, w, b))
print(F.conv2d(x, w, b, stride=2, padding=1).shape, F.conv2d(x, w, None, stride=(2, 1), padding=(0, 2), dilation=(1, 2)).sum())
print(F.conv2d(x, w, b, padding='same').shape, F.conv2d(x, w, padding='valid').shape)
wg = (torch.arange(6 * 1 * 2 * 2, dtype=torch.float32).reshape(6, 1, 2, 2) % 3 - 1.0)
print(F.conv2d(x, wg, groups=3)[0, :, :2])
x1 = x[:, :, 0]
w1 = w[:, :, 0]
print(F.conv1d(x1, w1, b, padding=1))
print(F.conv1d(x1[0], w1, stride=2))
print(F.max_pool2d(x, 2))
print(F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True))
print(F.max_pool2d(x, (2, 3), dilation=(2, 1)).shape, F.max_pool1d(x1, 2))
print(F.avg_pool2d(x, 2))
print(F.avg_pool2d(x, 3, stride=2, padding=1))
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False))
print(F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True))
print(F.avg_pool1d(x1, 3, stride=2, padding=1))
print(F.adaptive_avg_pool2d(x, 1).flatten(1))
print(F.adaptive_avg_pool2d(x, (3, 4)))
print(F.adaptive_max_pool2d(x, (2, 2)))
print(F.adaptive_avg_pool1d(x1, 4))

torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 4, kernel_size=(3, 3), stride=2, bias=False)
        self.pool = nn.MaxPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(4, 3)
    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = F.relu(self.conv2(x)) if x.shape[-1] >= 3 else x
        x = self.gap(x).flatten(1)
        return self.fc(x)
net = Net()
with torch.no_grad():
    for p in net.parameters():
        p.copy_(((torch.arange(p.numel()) % 5 - 2) * 0.1).reshape(p.shape))
print(net)
out = net(x)
xr = x.clone().requires_grad_()
print(out.shape, out.grad_fn.name(), net.conv1(xr).grad_fn.name(), net.pool(xr).grad_fn.name(), net.gap(xr).grad_fn.name(), F.avg_pool2d(xr, 2).grad_fn.name(), F.adaptive_avg_pool2d(xr, 2).grad_fn.name())
with torch.no_grad():
    torch.set_printoptions(precision=2)
    print(net(x))
    torch.set_printoptions(profile='default')
    print(torch.tensor([1.23456789, 100.5]), torch.arange(2000.0))
    torch.set_printoptions(sci_mode=True, linewidth=40, edgeitems=2, threshold=5)
    print(torch.tensor([1.5, 2.0, 3.25, 4.0, 5.0, 6.0]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    torch.set_printoptions(profile='default', sci_mode=False)
    print(torch.tensor([1e-5, 1.0]))
    torch.set_printoptions(sci_mode=None)
print([n for n, _ in net.named_parameters()], [tuple(p.shape) for p in net.parameters()])
print(nn.Conv2d(2, 3, 3, stride=2, padding=1, bias=False), nn.MaxPool2d(2), nn.AvgPool2d(3, stride=1, padding=1))
print(nn.AdaptiveAvgPool2d((1, 1)), nn.Conv1d(4, 8, 5, padding=2, groups=2), nn.MaxPool1d(3, stride=2))
print(nn.Conv2d(2, 4, (3, 5), padding='same', dilation=2), nn.MaxPool2d(3, 2, 1, ceil_mode=True), nn.AdaptiveAvgPool2d(4))
print(nn.AvgPool1d(2), nn.AdaptiveAvgPool1d(3), nn.AdaptiveMaxPool2d(2))
c = nn.Conv2d(2, 3, 3)
print(c.weight.shape, c.bias.shape, c.kernel_size, c.stride, c.padding, c.dilation, c.groups, c.in_channels, c.out_channels)
print(nn.Conv1d(2, 3, 3)(torch.ones(2, 5)).shape)
for bad in [lambda: F.conv2d(x, w[:, :2]), lambda: nn.Conv2d(3, 4, 3, groups=2), lambda: F.conv2d(x[0, 0], w),
            lambda: F.conv2d(x, w, stride=2, padding='same'), lambda: F.max_pool2d(x, 2, padding=2),
            lambda: F.conv2d(torch.ones(1, 3, 2, 2), w)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
