# F.interpolate (nearest, nearest-exact, bilinear with and without align_corners, area,
# linear), nn.Upsample / UpsamplingNearest2d / UpsamplingBilinear2d, against torch 1.13.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = (((torch.arange(2 * 2 * 3 * 4) * 7) % 13 - 6) * 0.25).reshape(2, 2, 3, 4)
x1 = x[:, :, 0]
print(F.interpolate(x, scale_factor=2))
print(F.interpolate(x, size=(5, 7)))
print(F.interpolate(x, size=(4, 3), mode='nearest-exact'))
print(F.interpolate(x, scale_factor=2, mode='bilinear'))
print(F.interpolate(x, size=(5, 7), mode='bilinear', align_corners=True))
print(F.interpolate(x, scale_factor=(1.5, 2.5), mode='bilinear', align_corners=False))
print(F.interpolate(x, size=(2, 2), mode='area'))
print(F.interpolate(x1, scale_factor=1.5, mode='linear').shape, F.interpolate(x1, scale_factor=2, mode='linear'))
print(F.interpolate(x1, size=7))
print(F.interpolate(x.double(), scale_factor=1.7, mode='bilinear'))
xr = x.clone().requires_grad_()
print(F.interpolate(xr, scale_factor=2).grad_fn.name(), F.interpolate(xr, scale_factor=2, mode='bilinear').grad_fn.name())
print(nn.Upsample(scale_factor=2), nn.Upsample(size=(3, 4), mode='bilinear', align_corners=True),
      nn.Upsample(scale_factor=(2.0, 1.5), mode='nearest'), nn.UpsamplingNearest2d(scale_factor=2),
      nn.UpsamplingBilinear2d(scale_factor=2))
print(nn.Upsample(scale_factor=2, mode='bilinear')(x)[0, 0], nn.UpsamplingBilinear2d(size=(4, 6))(x)[1, 1])
for bad in [lambda: F.interpolate(x, scale_factor=2, mode='nearest', align_corners=True), lambda: F.interpolate(x),
            lambda: F.interpolate(x, size=3, scale_factor=2), lambda: F.interpolate(x, size=3, mode='linear')]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
