# Memory formats: contiguous/clone/to/*_like with memory_format=, the layout
# pointwise ops keep, and the errors torch raises.
import torch

cl = torch.channels_last
x = torch.arange(24.).reshape(1, 2, 3, 4)
y = x.contiguous(memory_format=cl)
print(y.stride(), y.is_contiguous(), y.is_contiguous(memory_format=cl))
print(torch.equal(x, y), y.contiguous().stride(), y.contiguous().is_contiguous())
print((y + 1).stride(), (y * x).stride(), torch.relu(y).stride(), y.clone().stride(), y.to(torch.float64).stride())
print(x.to(memory_format=cl).stride(), x.clone(memory_format=cl).stride())
print(y.contiguous(memory_format=cl) is y, x.contiguous(memory_format=torch.contiguous_format) is x)
print(y.to(memory_format=cl) is y, x.to(torch.float32) is x, y.to(memory_format=torch.preserve_format) is y)
print(y.to(torch.float64, memory_format=torch.contiguous_format).stride(), y.float().stride(), y.double().stride())
print(y.clone(memory_format=torch.contiguous_format).stride(), y.to(memory_format=torch.contiguous_format).stride())

# Empty and size-1 dimensions: c10's strides, and the ties that stay contiguous.
print(torch.zeros(2, 0, 3, 3).contiguous(memory_format=cl).stride())
n11 = torch.ones(2, 3, 1, 1)
print(n11.is_contiguous(memory_format=cl), n11.contiguous(memory_format=cl) is n11)
z = torch.ones(2, 1, 4, 5)
print(z.to(memory_format=cl) is z, z.to(memory_format=cl).stride(), z.contiguous(memory_format=cl) is z)
w = torch.ones(3, 2, 1, 1)
print(w.to(memory_format=cl) is w, w.to(memory_format=torch.contiguous_format) is w)

# A slice of a channels-last tensor: copies keep its dimension order.
s = torch.ones(2, 3, 4, 5).contiguous(memory_format=cl)[:, :, ::2]
print(s.stride(), s.double().stride(), s.clone().stride(), torch.zeros_like(s).stride(), (s + 1).stride())

# The factories.
big = torch.ones(2, 3, 4, 5).contiguous(memory_format=cl)
print(torch.empty(2, 3, 4, 5, memory_format=cl).stride(), torch.empty_like(big).stride())
print(torch.zeros_like(big).stride(), torch.ones_like(big, memory_format=torch.contiguous_format).stride())
print(torch.full_like(big, 2.).stride(), torch.full_like(big, 2.).sum().item())
print(torch.zeros_like(torch.ones(2, 3, 4, 5), memory_format=cl).stride(), torch.rand_like(big).stride())
print(torch.zeros_like(big, dtype=torch.int32, memory_format=cl).stride(), torch.empty_like(big.permute(0, 2, 3, 1)).stride())

# channels_last_3d.
v = torch.arange(720.).reshape(2, 3, 4, 5, 6).contiguous(memory_format=torch.channels_last_3d)
print(v.stride(), v.is_contiguous(memory_format=torch.channels_last_3d), (v * 2).stride(), v.sum().item())

# Values survive every relayout.
a = torch.arange(120.).reshape(2, 3, 4, 5)
b = a.contiguous(memory_format=cl)
print(torch.equal(a, b), torch.equal(a * 2, b * 2), (b + a).sum().item(), b.reshape(-1)[:6].tolist())
print(b.permute(0, 2, 3, 1).is_contiguous(), b.sum(1).stride(), b.mean().item())

for bad in [lambda: torch.ones(2, 3).contiguous(memory_format=cl),
            lambda: torch.ones(2, 3).to(memory_format=cl),
            lambda: torch.ones(2, 3, 4).clone(memory_format=torch.channels_last_3d),
            lambda: big.contiguous(memory_format=torch.preserve_format),
            lambda: big.contiguous(memory_format=3),
            lambda: big.is_contiguous(memory_format='channels_last'),
            lambda: big.view(-1),
            lambda: torch.zeros_like(torch.ones(2, 3), memory_format=cl)]:
    try:
        bad()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
