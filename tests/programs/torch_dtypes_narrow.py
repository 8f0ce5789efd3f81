# The narrow dtypes (int32, int16, int8, uint8, float16, bfloat16): storage,
# printing, promotion, conversions, reductions, indexing, in-place writes
# through views, and wrapping and rounding as PyTorch 1.13 computes them.
import torch

a = torch.tensor([1, 2, 3, -4], dtype=torch.int32)
print(a, a.dtype, a.element_size(), a.type())
print(a + a, (a + a).dtype, a * 2, (a * 2).dtype, a + 1.5, (a + 1.5).dtype)
print(a / 2, a // 2, a % 3, -a, abs(a))
print(a.sum(), a.sum().dtype, a.prod(), a.cumsum(0), a.cumsum(0).dtype)
print(a.max(), a.min(), a.argmax(), a.float().mean())
print(a.sort(), torch.sort(a, descending=True).values)
print(a > 0, a == 2, (a > 0).dtype)
b = a.long()
print(b, b.dtype, (a + b).dtype)
print(a.to(torch.int16), a.short().dtype, a.char(), a.byte())
u = torch.tensor([0, 5, 200, 255], dtype=torch.uint8)
print(u, u + 100, u - 10, u > -1, u * 2)
print(u.sum(), u.sum().dtype, u.max())
i8 = torch.tensor([100, -100, 27], dtype=torch.int8)
print(i8 + i8, (i8 + u[:3]).dtype, i8.double())
h = torch.tensor([0.1, 1.0, 65504.0, 1e-5], dtype=torch.float16)
print(h, h.dtype, h.element_size(), h.type())
print(h + h, (h * 2).dtype, h.float(), h.sum(), h.max())
x = torch.tensor([1.5, 2.25, -3.0])
print(x.half(), x.half().dtype, x.half() + x, (x.half() + x).dtype)
print(x.bfloat16(), x.bfloat16().dtype, (x.bfloat16() + x.half()).dtype)
print(torch.tensor([3.14159]).half().item(), torch.tensor([3.14159]).bfloat16().item())
print(torch.zeros(2, 3, dtype=torch.int32), torch.ones(2, dtype=torch.float16), torch.full((2,), 7, dtype=torch.int16))
print(torch.arange(5, dtype=torch.int32), torch.arange(0, 1, 0.25, dtype=torch.float16))
print(torch.zeros_like(a), torch.ones_like(h))
print(torch.int, torch.short, torch.half, torch.uint8, torch.int8, torch.bfloat16)
print(torch.finfo(torch.float16), torch.iinfo(torch.int32), torch.iinfo(torch.uint8).max)
print(torch.promote_types(torch.uint8, torch.int8), torch.promote_types(torch.int32, torch.float16))
print(h.is_floating_point(), a.is_floating_point())
print(a.tolist(), h.tolist(), u.tolist())
m = torch.arange(6).view(2, 3).int()
print(m, m.t(), m[0], m[:, 1], m.sum(0), m.sum(1).dtype, m.float().softmax(-1))
print(m @ m.t(), (m @ m.t()).dtype)
print(torch.cat([m, m]), torch.cat([m, m.long()]).dtype, torch.stack([a, a]).dtype)
c = torch.zeros(4, dtype=torch.int32)
c += 3
c[1] = 7
c.add_(a)
print(c, c.dtype)
v = c.view(2, 2)
v[0, 0] = 100
print(c)
print(m[torch.tensor([1, 0])], m[m > 2], u[u > 100])
print(a.type(torch.float64), a.to(torch.float16))
print(torch.tensor([1, 2], dtype=torch.int32).sum(dtype=torch.int16).dtype)
print(a.mean(dtype=torch.float32) if False else a.float().mean())
try:
    a.mean()
except RuntimeError as e:
    print('RuntimeError', e)
print(torch.tensor([70000.0]).half(), torch.tensor([300.7, -1.5]).to(torch.uint8), torch.tensor([3e9]).int())
print(torch.where(a > 0, a, torch.zeros_like(a)), torch.clamp(a, -1, 2), a.clamp(min=0).dtype)
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32).T.contiguous(), h.reshape(2, 2))


def compiled_paths(a, h, u, s):
    c = (a * s + 1).to(torch.int16)
    d = h * s - 0.25
    e = (u + s) > 100
    f = torch.where(e, u, torch.zeros_like(u))
    return c, c.dtype, d, d.dtype, e.sum(), f, f.dtype, a.max(dim=0), (a // 2).cumsum(0)


for s in (1, 2, 3):
    print(compiled_paths(a, h, u, s))
print(compiled_paths(a.long(), h.float(), u.int(), 2))
