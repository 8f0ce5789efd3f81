# clamp's result dtype follows its bounds (a bool tensor clamped by an int is
# int64, an int tensor by a float is float), uint8 all()/any() keep uint8 (as
# torch 1.13), masked_select of a 0-d tensor, in-place ops through views of a
# leaf that was itself made as a view.
import torch

b = torch.tensor([True, False])
print(b.clamp(min=0).dtype, torch.tensor(True).clamp(min=0).dtype, b.clamp(min=torch.tensor(0)).dtype,
      b.clamp(max=torch.tensor([True, True])).dtype)
for fn in (lambda: b.clamp(max=True), lambda: b.clamp(min=False), lambda: b.clamp(False, True)):
    try:
        print(fn().dtype)
    except RuntimeError as e:
        print("RuntimeError", e)
i = torch.tensor([1, 5, 9])
print(i.clamp(min=2, max=6).tolist(), i.clamp(min=2.5).dtype, i.clamp(min=2.5).tolist(), i.clamp(max=torch.tensor(4)).tolist())
f = torch.tensor([0.5, -1.0, 3.0])
print(f.clamp(min=0).tolist(), f.clamp(0, 1).dtype, f.double().clamp(min=0).dtype, torch.clamp(f, max=2).tolist())
x = torch.tensor([1, 2], dtype=torch.int32)
print(x.clamp(min=0).dtype, x.clamp(min=0.5).dtype)
u = torch.tensor([1, 2, 0], dtype=torch.uint8)
print(u.all().dtype, u.all(dim=0).dtype, u.any().dtype, u.all().item(), u.any().item(), u[:2].all().item())
print(torch.tensor([1, 0]).all().dtype, torch.tensor([1.5, 0.0]).any(dim=0).dtype)
t = torch.tensor(0.5)
print(t.masked_select(t > 1).shape, t.masked_select(t > 0).tolist(), torch.masked_select(t, torch.tensor([True, False])).tolist())
lv = torch.arange(8.).reshape(2, 4).requires_grad_()
print(lv.is_leaf, lv.requires_grad)
for name, fn in [("x.add_", lambda: lv.add_(1)), ("x[0].add_", lambda: lv[0].add_(1)),
                 ("x.view(-1)[:2].mul_", lambda: lv.view(-1)[:2].mul_(2))]:
    try:
        fn()
        print(name, "ok", lv.tolist())
    except RuntimeError as e:
        print(name, "RuntimeError", e)
with torch.no_grad():
    lv[0].add_(1)
print(lv.tolist())
plain = torch.arange(4.)
v = plain[:2]
v.mul_(3)
print(plain.tolist(), v.requires_grad)
w = torch.ones(2, requires_grad=True)
v.copy_(w)
print(v.requires_grad, plain.is_leaf)
v.add_(1)
print(plain.tolist())
