# Transposed convolutions, 3-D convolution and pooling, pooling indices.
import torch
import torch.nn as nn
import torch.nn.functional as F


def ramp(*shape, scale=0.125):
    n = 1
    for s in shape:
        n *= s
    return ((torch.arange(n) % 11 - 5) * scale).float().reshape(shape)


x1 = ramp(2, 4, 5)
w1 = ramp(4, 3, 3, scale=0.0625)
print(F.conv_transpose1d(x1, w1))
print(F.conv_transpose1d(x1, w1, torch.tensor([0.1, -0.2, 0.3]), stride=2, padding=1, output_padding=1))
print(F.conv_transpose1d(x1, ramp(4, 2, 2), stride=3, groups=2).shape)
print(F.conv_transpose1d(x1, ramp(4, 2, 3), dilation=2, padding=2).sum().item())
print(F.conv_transpose1d(x1[0], w1).shape)

x2 = ramp(1, 4, 3, 3)
w2 = ramp(4, 2, 3, 3, scale=0.03125)
print(F.conv_transpose2d(x2, w2, stride=2, padding=1))
print(F.conv_transpose2d(x2, w2, stride=2, padding=1, output_padding=1).shape)
print(F.conv_transpose2d(x2, ramp(4, 3, 2, 2), stride=(2, 1), groups=2).shape)
print(round(F.conv_transpose2d(x2, w2, stride=2, dilation=2, padding=(0, 3)).sum().item(), 4))

torch.manual_seed(0)
up = nn.ConvTranspose2d(4, 2, kernel_size=2, stride=2)
print(up)
print(up.weight.shape, up.bias.shape, up.transposed, up.output_padding)
print(nn.ConvTranspose2d(4, 8, 3, stride=2, padding=1, output_padding=1, groups=2, bias=False))
print(nn.ConvTranspose1d(4, 8, 3))
print(nn.ConvTranspose3d(2, 2, 3, stride=2))
with torch.no_grad():
    up.weight.copy_(ramp(4, 2, 2, 2, scale=0.0625))
    up.bias.copy_(torch.tensor([0.5, -0.5]))
print(up(x2))
up3 = nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1)
print(up3(x2).shape, up3(x2, output_size=[6, 6]).shape, up3(x2, output_size=(1, 2, 6, 5)).shape)
try:
    up3(x2, output_size=[9, 9])
except ValueError as e:
    print('ValueError', e)
try:
    F.conv_transpose2d(x2, ramp(3, 2, 2, 2))
except RuntimeError as e:
    print('RuntimeError', e)
try:
    up3(x2, output_size=[1, 6])
except ValueError as e:
    print('ValueError', e)
print(isinstance(up, nn.ConvTranspose2d), isinstance(up, nn.Conv2d))

# 3-D convolution and pooling.
x3 = ramp(1, 2, 4, 4, 4)
conv3 = nn.Conv3d(2, 3, kernel_size=(1, 2, 3), padding=(0, 1, 1))
print(conv3)
with torch.no_grad():
    conv3.weight.copy_(ramp(3, 2, 1, 2, 3, scale=0.015625))
    conv3.bias.copy_(torch.tensor([0.25, 0.0, -0.25]))
y3 = conv3(x3)
print(y3.shape, round(y3.sum().item(), 4))
print(F.conv3d(x3, ramp(2, 1, 2, 2, 2), groups=2, stride=2))
print(nn.MaxPool3d(2), nn.AvgPool3d(2), nn.AdaptiveAvgPool3d((1, 2, 3)), nn.AdaptiveMaxPool1d(3))
print(nn.MaxPool3d(2)(x3))
print(nn.AvgPool3d(2, stride=1, padding=1)(x3).shape, round(F.avg_pool3d(x3, 2, padding=1).sum().item(), 4))
print(F.avg_pool3d(x3, 3, padding=1, count_include_pad=False).sum().item())
print(nn.AdaptiveAvgPool3d((1, 2, 3))(x3))
print(F.adaptive_avg_pool3d(x3, 1).shape, F.adaptive_max_pool3d(x3, (2, 1, 2)))

# Pooling with return_indices.
img = torch.tensor([[[[1., 5., 2., 0.], [3., 4., 8., 8.], [0., 9., 1., 2.], [7., 6., 3., 3.]]]])
v, i = F.max_pool2d(img, 2, return_indices=True)
print(v, i)
v, i = F.max_pool2d(img, 3, stride=1, padding=1, return_indices=True)
print(v, i)
v, i = nn.MaxPool2d(2, stride=1, return_indices=True)(img[0])
print(v, i)
print(F.max_pool1d(torch.tensor([[[1., 3., 2., 5., 4.]]]), 2, return_indices=True))
print(F.max_pool1d(torch.tensor([[[1., 1., 1.]]]), 2, stride=1, return_indices=True))
print(F.max_pool3d(x3, 2, return_indices=True)[1])
print(F.adaptive_max_pool1d(torch.tensor([[[1., 3., 2., 5., 4.]]]), 2, return_indices=True))
print(nn.AdaptiveMaxPool2d((2, 3), return_indices=True)(img))
print(F.adaptive_max_pool2d(img[0], 1, return_indices=True))

# The autograd node names torch records.
xg = ramp(1, 4, 3, 3).requires_grad_()
print(F.conv_transpose2d(xg, w2).grad_fn.name(), F.conv_transpose2d(xg[0], w2).grad_fn.name())
print(F.conv2d(xg[0], ramp(2, 4, 2, 2)).grad_fn.name(), F.conv3d(xg.unsqueeze(0), ramp(1, 1, 2, 2, 2)).grad_fn.name())
xg3 = x3.clone().requires_grad_()
print(F.max_pool3d(xg3, 2).grad_fn.name(), F.avg_pool3d(xg3, 2).grad_fn.name(),
      F.adaptive_avg_pool3d(xg3, 2).grad_fn.name(), F.adaptive_avg_pool3d(xg3, 1).grad_fn.name(),
      F.adaptive_max_pool3d(xg3, 2).grad_fn.name(), F.adaptive_max_pool1d(xg3[0, 0, 0], 2).grad_fn.name())
print(F.max_pool2d(xg, 2, return_indices=True)[0].grad_fn.name())


# A small decoder (run under --compile-all too).
class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.up1 = nn.ConvTranspose2d(4, 3, 2, stride=2)
        self.up2 = nn.ConvTranspose2d(3, 1, 3, stride=2, padding=1, output_padding=1)
        self.pool = nn.MaxPool2d(2, return_indices=True)

    def forward(self, z):
        h = torch.relu(self.up1(z))
        h = self.up2(h)
        v, idx = self.pool(h)
        return h.sum(), v, idx


dec = Decoder()
with torch.no_grad():
    for k, p in dec.named_parameters():
        p.copy_(ramp(*p.shape, scale=0.0625))
with torch.no_grad():
    total, v, idx = dec(x2)
print(round(total.item(), 4), v.shape, idx.dtype)
print(v)
print(idx)
