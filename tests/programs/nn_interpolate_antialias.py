# F.interpolate(antialias=True): ATen's anti-aliased bilinear and bicubic
# resampling (timm's resample_abs_pos_embed downsamples position embeddings
# this way), with size=, scale_factor= and align_corners=, and the error
# for other modes.
import torch
import torch.nn.functional as F

x = torch.arange(2 * 3 * 7 * 9, dtype=torch.float32).reshape(2, 3, 7, 9).sin()
for m in ("bilinear", "bicubic"):
    y = F.interpolate(x, size=(3, 4), mode=m, antialias=True)
    print(y[0, 0], y.grad_fn)
    y = F.interpolate(x, scale_factor=0.5, mode=m, antialias=True)
    print(y.shape, y.sum())
    y = F.interpolate(x.double(), size=(4, 4), mode=m, antialias=True)
    print(y[0, 1])
y = F.interpolate(x, size=(10, 12), mode="bilinear", antialias=True, align_corners=True)
print(y[0, 0, 0, :4])
y = F.interpolate(x, size=(14, 5), mode="bilinear", antialias=True)
print(y[1, 2, :3])
pos = torch.linspace(-1, 1, 1 * 8 * 14 * 14).reshape(1, 8, 14, 14).cos()
print(F.interpolate(pos, size=(7, 7), mode="bicubic", antialias=True).mean(dim=(2, 3)))
try:
    F.interpolate(x, size=(3, 4), mode="nearest", antialias=True)
except ValueError as e:
    print("ValueError:", e)
try:
    F.interpolate(x.int(), size=(3, 4), mode="bilinear", antialias=True)
except RuntimeError as e:
    print("RuntimeError:", e)
