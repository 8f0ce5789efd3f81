import torch
print(torch.arange(2000))
print(torch.arange(3000.0).reshape(100, 30))
print(torch.arange(2400).reshape(4, 20, 30) * 0.5)
print(torch.arange(1001) > 500)
