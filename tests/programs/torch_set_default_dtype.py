# torch.set_default_dtype: float literals, factories, integer-to-float results,
# nn parameters and printing follow the default; float32 tensors print their dtype.
import torch
import torch.nn as nn

print(torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype())
a = torch.tensor([1.5, 2.25])
print(a, a.dtype)
print(torch.arange(0.0, 1.0, 0.25).dtype, torch.arange(3).dtype)
print(torch.zeros(2).dtype, torch.ones(2, 2).dtype, torch.empty(1).dtype, torch.full((2,), 1.5).dtype)
print((torch.arange(4) / 3).dtype, (torch.arange(4) / 3))
print(torch.linspace(0, 1, 5), torch.eye(2))
print(torch.finfo().eps, torch.finfo().bits)
print((torch.tensor([1, 2]) * 0.5).dtype)
print(torch.tensor(1.5).dtype, torch.tensor(True).dtype, torch.tensor(3).dtype)
f32 = torch.tensor([1.0, 2.0], dtype=torch.float32)
print(f32)
print(f32 + 1.5, (f32 + 1.5).dtype)
lin = nn.Linear(3, 2)
print(lin.weight.dtype, lin.bias.dtype)
print(torch.rand(3).dtype, torch.randn(2, 2).dtype)
print(torch.exp(torch.tensor([1, 2])).dtype, torch.tensor([1, 2]).mean(dtype=None if False else torch.float64).dtype)
print(torch.nn.Parameter().dtype)
print(torch.sqrt(torch.tensor(2)).item())

def f(x):
    return x * 0.1 + torch.ones(2), torch.get_default_dtype()

x = torch.tensor([1, 2])
print(f(x))
torch.set_default_dtype(torch.float32)
print(f(x))
torch.set_default_dtype(torch.float64)
print(f(x))
try:
    torch.set_default_dtype(torch.int64)
except TypeError as e:
    print("TypeError", e)

def g(x):
    torch.set_default_dtype(torch.float32)
    y = x / 2
    torch.set_default_dtype(torch.float64)
    return y, x / 2
print((torch.compile(g) if hasattr(torch, "compile") else g)(torch.tensor([3])))
torch.set_default_dtype(torch.float32)
print(torch.tensor([0.1]).dtype, torch.tensor([0.1], dtype=torch.float64))
