import torch
i = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 1.5, 2.5])
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
b = torch.tensor([True, False, True])
print((i + f).dtype, (i + 1).dtype, (i + 1.5).dtype, (i * True).dtype, (b + b).dtype, (b + 1).dtype)
print(i + f, i / 2, i // 2, i * 2.5, d + 1, (d + torch.tensor(1.0)).dtype, (f + torch.tensor(1.0, dtype=torch.float64)).dtype)
print(torch.cat([i.float(), f]), i.to(torch.float64), f.long(), f.bool(), b.long(), i.double().dtype)
print(torch.tensor(2) * f, (torch.tensor(2) * f).dtype, torch.tensor([1, 2]) + torch.tensor(0.5))
