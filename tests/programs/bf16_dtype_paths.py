# bfloat16 inputs: a requested dtype= wins (softmax/log_softmax/sum/mean/
# cumsum/nansum), interpolation keeps bfloat16 and rounds as ATen's
# bfloat16 kernels do, normalization and BCE weights do not widen the result,
# torch.tensor infers the dtype of the tensors it is given, layer_norm /
# group_norm refuse parameters of another dtype.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0]]).bfloat16()
print(F.softmax(x, dim=-1, dtype=torch.float32).dtype, round(F.softmax(x, dim=-1, dtype=torch.float32)[0, 0].item(), 6))
print(x.sum(dtype=torch.float32).dtype, x.mean(-1, dtype=torch.float32).dtype, x.cumsum(-1, dtype=torch.float32).dtype,
      torch.nansum(x, dtype=torch.float32).dtype)
print(x.sum(dtype=torch.float64).dtype, F.log_softmax(x, -1, dtype=torch.float32).dtype)
print(torch.ones(2, 3).softmax(-1, dtype=torch.float64).dtype, x.new_zeros(2, dtype=torch.float32).dtype)

img = (torch.arange(16.).view(1, 1, 4, 4) * 1.37).bfloat16()
for mode, ac in [("bilinear", False), ("bilinear", True), ("bicubic", False), ("bicubic", True), ("nearest", None)]:
    out = F.interpolate(img, scale_factor=2, mode=mode, align_corners=ac)
    ref = F.interpolate(img.float(), scale_factor=2, mode=mode, align_corners=ac)
    # (bfloat16 kernels round as ATen's do, not always to the last bit)
    print(mode, ac, out.dtype, out.shape, (out.float() - ref).abs().max().item() < 0.1)
out = F.interpolate(img, scale_factor=2, mode="bilinear")
print(out[0, 0, :2].tolist())
lin = F.interpolate(torch.arange(6.).view(1, 1, 6).bfloat16() * 0.7, scale_factor=1.5, mode="linear")
print(lin.dtype, lin.shape)
print(torch.nn.Upsample(scale_factor=2, mode="bilinear")(img).dtype)

y = torch.sin(torch.arange(2 * 4 * 3 * 3, dtype=torch.float32)).view(2, 4, 3, 3).bfloat16()
print(F.instance_norm(y, weight=torch.ones(4), bias=torch.zeros(4)).dtype)
s = y[:, :, 0, :]
print(F.binary_cross_entropy_with_logits(s, (s > 0).bfloat16(), pos_weight=torch.ones(3) * 2).dtype)
print(F.binary_cross_entropy_with_logits(s.float(), (s > 0).float(), weight=torch.ones(3).double()).dtype)
a, b = y[0, 0, 0, 0], y[0, 0, 0, 1]
print(torch.tensor([a, b]).dtype, torch.tensor([a, 1.5]).dtype, torch.tensor([a, 2]).dtype)
i32 = torch.tensor(3, dtype=torch.int32)
print(torch.tensor([i32, i32]).dtype, torch.tensor([i32, 4]).dtype, torch.tensor([[i32], [True]]).dtype,
      torch.tensor([torch.tensor(1.5, dtype=torch.float64)]).dtype, torch.tensor([True, False]).dtype, torch.tensor([]).dtype)
for fn in [lambda: F.group_norm(y, 2, torch.ones(4), torch.zeros(4)),
           lambda: F.layer_norm(y, (3,), torch.ones(3), torch.zeros(3)),
           lambda: F.layer_norm(y, (3,), None, torch.zeros(3)),
           lambda: F.layer_norm(y.float(), (3,), torch.ones(3, dtype=torch.float64)),
           lambda: torch.nn.LayerNorm(3)(y)]:
    try:
        print(fn().dtype)
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.nn.LayerNorm(3).to(torch.bfloat16)(y).dtype)
