import torch
x = torch.tensor([1.0, 2.5, 3.0])
print(x, x.shape, x.dtype, x.ndim, x.size(), x.size(0), x.numel(), x.dim())
y = x * 2 + 1
print(y, y.sum(), y.mean(), x @ x, x > 2, x[1], x[1:], x.tolist(), x.sum().item())
print(-x, x - 1, 1 - x, x / 2, 10 / x, x // 2, x % 2, x ** 2, 2 ** x)
print(x == 2.5, x != 1, x <= 2.5, x.abs(), x.exp(), x.log(), x.sqrt(), x.sin(), x.cos(), x.tanh(), x.sigmoid())
print(torch.tensor([-1.0, 0.0, 2.0]).relu(), torch.maximum(x, torch.tensor([2.0, 2.0, 2.0])), torch.minimum(x, torch.tensor(2.0)))
print(float(x[0]), int(x[2]), bool(x[0] > 0), len(x), [v.item() for v in x], f"{x.sum():.3f}")
