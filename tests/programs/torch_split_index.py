import torch

x = torch.arange(12).reshape(3, 4)
print(torch.split(x, 2, dim=1))
print(x.split([1, 2], dim=0))
print(torch.chunk(x, 3, dim=1), x.chunk(2))
print(torch.arange(5).chunk(3))
print(x.unbind(), torch.unbind(x, dim=1))
a, b = x.t().split(2)
print(a.shape, b.shape)
print(x.narrow(1, 1, 2))
idx = torch.tensor([2, 0])
print(x[idx], x[:, idx], x[idx, 1])
print(x[torch.tensor([0, 2]), torch.tensor([1, 3])])
print(x[[0, 0, 1]])
mask = x % 3 == 0
print(mask)
print(x[mask], x[x > 8])
print(x[torch.tensor([True, False, True])])
y = x.clone()
y[mask] = -1
print(y)
y[torch.tensor([0, 2])] = 100
print(y)
z = torch.zeros(5)
z[torch.tensor([1, 3])] += 2.5
print(z)
w = torch.zeros(3, 3)
w[torch.arange(3), torch.arange(3)] = torch.tensor([1.0, 2.0, 3.0])
print(w)
print(torch.index_select(x, 1, torch.tensor([3, 0])), x.index_select(0, torch.tensor([1])))
print(torch.gather(x, 1, torch.tensor([[0, 0], [1, 0], [3, 2]])))
print(x.gather(0, torch.tensor([[2, 1, 0, 0]])))
print(torch.nonzero(torch.tensor([[0, 1], [2, 0]])))
print(torch.masked_select(x, x > 5))
s = torch.zeros(3, 4, dtype=torch.long)
print(s.scatter(1, torch.tensor([[0], [2], [3]]), 7))
print(torch.zeros(2, 3).scatter_(0, torch.tensor([[1, 0, 1]]), torch.tensor([[5.0, 6.0, 7.0]])))
print(torch.zeros(4).index_add_(0, torch.tensor([0, 0, 2]), torch.tensor([1.0, 2.0, 3.0])))
print(torch.zeros(5).scatter_add(0, torch.tensor([1, 1, 4]), torch.tensor([1.0, 1.0, 2.0])))
print(torch.nn.functional.one_hot(torch.tensor([3, 0, 1])))
try:
    x[torch.tensor([5])]
except IndexError as e:
    print('IndexError', e)
try:
    x.gather(1, torch.tensor([[9]]))
except RuntimeError as e:
    print('RuntimeError', e)
