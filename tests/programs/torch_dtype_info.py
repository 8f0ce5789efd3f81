import torch

x = torch.ones(2)
print(torch.finfo(torch.float32))
print(torch.finfo(torch.float64).eps, torch.finfo().max, torch.finfo(torch.float32).tiny, torch.finfo(torch.float32).bits)
print(torch.iinfo(torch.int64), torch.iinfo(torch.int64).max)
print(x.type(), torch.ones(2, dtype=torch.long).type(), torch.zeros(1, dtype=torch.bool).type(), torch.zeros(1).double().type())
print(x.element_size(), torch.zeros(1, dtype=torch.bool).element_size(), torch.zeros(1, dtype=torch.float64).element_size())
print(x.to(torch.tensor([1])).dtype, x.type(torch.int64), x.type('torch.DoubleTensor').dtype)
print(x.cpu(), x.is_cuda, x.device, x.to('cpu'), torch.zeros(2, device='cpu'), torch.arange(3, device=x.device))
print(x.is_floating_point(), torch.tensor([1]).is_floating_point(), torch.is_floating_point(x))
print(torch.tensor([1.0, 2.0], requires_grad=True), torch.ones(2, requires_grad=True).requires_grad)
y = torch.tensor([1.5, -2.5]).long()
print(y, y.float(), y.double(), y.bool(), torch.tensor([0.0, 3.0]).bool())
try:
    torch.finfo(torch.int64)
except TypeError as e:
    print('TypeError')
