import torch
x = torch.zeros(3)
y = x
x += 1
print(x, y, x is y)
x.mul_(3)
x.add_(torch.tensor([1.0, 2.0, 3.0]))
print(x, y)
x.sub_(1).div_(2)
print(x)
z = x.clone()
z.zero_()
print(x, z)
z.fill_(5)
print(z)
w = torch.tensor([-1.0, 2.0, -3.0])
w.relu_()
print(w)
v = torch.arange(6).reshape(2, 3)
v[0] = 9
v[1, 2] = -1
print(v)
row = v[1]
row.fill_(0)
print(v)
m = torch.ones(2, 2)
m[:, 1] = torch.tensor([7.0, 8.0])
print(m)
m.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(m)
