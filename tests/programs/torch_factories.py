import torch
print(torch.zeros(2, 3), torch.ones(2), torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25))
print(torch.full((2, 2), 7.0), torch.full((2,), 3), torch.zeros_like(torch.ones(2, 2)), torch.ones_like(torch.arange(3)))
print(torch.tensor([1e-5, 1.0]), torch.tensor([True, False]), torch.tensor(3.0), torch.tensor(7), torch.tensor([]))
print(torch.zeros(0, 3), torch.tensor([1.5], dtype=torch.float64), torch.tensor([1, 2], dtype=torch.float32))
print(torch.tensor([[1.5, -2.25], [1000.0, 0.001]]), torch.tensor([1e10, 1.0]), torch.tensor([0.1, 0.25, 123.456]))
print(torch.tensor([float("inf"), float("nan"), 1.0]), torch.tensor([100.0, 200.0]), torch.tensor([-0.5]))
print(torch.float32, torch.float64, torch.int64, torch.bool, torch.float, torch.long)
