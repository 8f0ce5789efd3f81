# channels_last through a CNN's layers: Module.to(memory_format=), and the
# layout conv2d, the 2-d pools, pad, interpolate, group_norm, batch_norm and
# cat give a channels-last input (values unchanged).
import torch
import torch.nn as nn
import torch.nn.functional as F

cl = torch.channels_last
x = (torch.arange(2 * 3 * 6 * 6, dtype=torch.float32).reshape(2, 3, 6, 6) / 50).contiguous(memory_format=cl)
xn = x.contiguous()
conv = nn.Conv2d(3, 4, 3, padding=1)
nn.init.constant_(conv.weight, 0.1)
nn.init.zeros_(conv.bias)
print(conv.weight.stride(), conv.to(memory_format=cl).weight.stride(), conv.bias.stride(), type(conv.weight).__name__)
w = torch.ones(4, 3, 3, 3) / 10
print(F.conv2d(x, w).stride(), F.conv2d(x, w.contiguous(memory_format=cl)).stride(),
      F.conv2d(xn, w.contiguous(memory_format=cl)).stride(), F.conv2d(xn, w).stride())
print(torch.allclose(F.conv2d(x, w), F.conv2d(xn, w)), torch.allclose(conv(x), conv(xn)), conv(xn).stride())
print(F.max_pool2d(x, 2).stride(), F.avg_pool2d(x, 2).stride(), F.adaptive_avg_pool2d(x, 1).stride(),
      F.adaptive_max_pool2d(x, (2, 3)).stride(), F.max_pool2d(xn, 2).stride())
vals, idx = F.max_pool2d(x, 2, return_indices=True)
print(vals.stride(), idx.stride(), torch.equal(idx, F.max_pool2d(xn, 2, return_indices=True)[1]))
print(F.interpolate(x, scale_factor=2).stride(), F.interpolate(x, size=(3, 4), mode='bilinear', align_corners=False).stride())
print(F.pad(x, (1, 1)).stride(), F.pad(x, (1, 1, 2, 0)).shape, F.group_norm(x, 3).stride(), F.layer_norm(x, (6,)).stride())
print(torch.cat([x, x], 1).stride(), torch.cat([x, xn], 1).stride(), torch.cat([x, x], 0).stride())
print(torch.equal(F.pad(x, (1, 1)), F.pad(xn, (1, 1))), torch.allclose(F.group_norm(x, 3), F.group_norm(xn, 3), atol=1e-4))
# The ties (N,C,1,1) stay contiguous; a squeezed channels-last tensor too.
t = torch.ones(2, 3, 1, 1).contiguous(memory_format=cl)
print(t.stride(), F.conv2d(t, torch.ones(4, 3, 1, 1)).stride(), F.adaptive_avg_pool2d(x, 1).squeeze().stride())

bn = nn.BatchNorm2d(4)
bn.train()
y = bn(conv(x))
print(y.stride(), [round(v, 4) for v in bn.running_mean.tolist()], bn.num_batches_tracked.item())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 2)
        nn.init.constant_(self.conv.weight, 0.05)
        nn.init.constant_(self.fc.weight, 0.1)
        nn.init.zeros_(self.fc.bias)

    def forward(self, x):
        h = F.relu(self.bn(self.conv(x)))
        print("layout in forward:", h.stride(), h.is_contiguous(memory_format=torch.channels_last))
        return self.fc(torch.flatten(self.pool(h), 1))


net = Net().eval().to(memory_format=cl)
print(net.conv.weight.is_contiguous(memory_format=cl), isinstance(net.conv.weight, nn.Parameter))
out = net(x)
print(out.shape, [round(v, 4) for v in out[0].tolist()])
try:
    nn.Conv3d(2, 2, 1).to(memory_format=cl)
except RuntimeError as e:
    print("RuntimeError", e)
