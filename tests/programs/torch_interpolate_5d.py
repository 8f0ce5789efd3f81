# F.interpolate and nn.Upsample on 5-D (volumetric) input: nearest,
# nearest-exact, trilinear (align_corners both ways, by size and by scale),
# area; the shapes, values and grad_fn names torch gives, and its errors for
# a mode on the wrong rank.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_printoptions(precision=4)
x = torch.arange(2 * 2 * 3 * 4, dtype=torch.float32).reshape(1, 2, 2, 3, 4) / 7.0
x.requires_grad_(True)

for kw in (dict(scale_factor=2), dict(size=(3, 4, 5)), dict(scale_factor=(1.5, 0.5, 2.0)),
           dict(size=(3, 5, 6), mode="nearest-exact"),
           dict(scale_factor=2, mode="trilinear"), dict(size=(3, 4, 5), mode="trilinear"),
           dict(scale_factor=2, mode="trilinear", align_corners=True),
           dict(size=(4, 2, 7), mode="trilinear", align_corners=False),
           dict(scale_factor=(1.5, 2, 1.25), mode="trilinear", recompute_scale_factor=True),
           dict(size=(1, 2, 2), mode="area")):
    y = F.interpolate(x, **kw)
    print(sorted(kw.items()), tuple(y.shape), y.grad_fn.name())
    print(round(y.detach().sum().item(), 3), y.detach()[0, 1, -1])

up = nn.Upsample(scale_factor=2, mode="trilinear", align_corners=False)
print(up)
print(up(x).detach()[0, 0, 1, :2])
print(nn.Upsample(size=(2, 2, 2))(x).detach()[0, 1])

# A 3-D UNet-style decoder step: upsample, concatenate the skip, convolve.
torch.manual_seed(0)
conv = nn.Conv3d(4, 2, 3, padding=1)
with torch.no_grad():
    conv.weight.copy_(torch.linspace(-1, 1, conv.weight.numel()).reshape(conv.weight.shape))
    conv.bias.fill_(0.1)
skip = torch.ones(1, 2, 4, 6, 8)
y = conv(torch.cat([F.interpolate(x.detach(), scale_factor=2, mode="trilinear"), skip], 1))
print(tuple(y.shape), round(y.sum().item(), 1), y.detach()[0, 1, 2, 3, :4])

for bad in (lambda: F.interpolate(x, scale_factor=2, mode="bilinear"),
            lambda: F.interpolate(x[0], scale_factor=2, mode="trilinear"),
            lambda: F.interpolate(x, scale_factor=2, mode="nearest", align_corners=True)):
    try:
        bad()
    except (NotImplementedError, ValueError) as e:
        print(type(e).__name__, e)
