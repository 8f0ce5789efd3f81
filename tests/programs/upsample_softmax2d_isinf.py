# The deprecated upsample names, nn.Softmax2d, torch.isposinf/isneginf.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(8.0).view(1, 2, 2, 2)
print(F.upsample(x, scale_factor=2).shape, F.upsample_nearest(x, scale_factor=2).sum(), F.upsample_bilinear(x, scale_factor=2)[0, 0])
print(F.upsample_nearest(x, size=3)[0, 1], F.upsample_bilinear(x, size=(3, 2))[0, 0])
m = nn.Softmax2d()
print(m(x)[0, :, 0, 0], m(x[0]).shape, m)
try:
    m(torch.ones(2, 2))
except AssertionError as e:
    print("AssertionError:", e)
t = torch.tensor([float("-inf"), 1.0, float("inf"), float("nan")])
print(torch.isneginf(t), torch.isposinf(t), t.isneginf(), t.isposinf(), torch.isposinf(torch.tensor([1, 2])))
