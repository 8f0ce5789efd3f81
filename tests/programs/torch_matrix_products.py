import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
print(torch.mm(a, b), a.mm(b))
p = torch.arange(24.0).reshape(2, 3, 4)
q = torch.arange(16.0).reshape(2, 4, 2)
print(torch.bmm(p, q))
print(torch.mv(a, torch.tensor([1.0, 0.0, -1.0])), torch.dot(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
print(torch.outer(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 10.0, 100.0])))
print(torch.addmm(torch.ones(2, 4), a, b), torch.addmm(torch.ones(4), a, b, beta=0.5, alpha=2))
print(torch.baddbmm(torch.zeros(2, 3, 2), p, q, alpha=0.5))
print(torch.einsum('ij,jk->ik', a, b))
print(torch.einsum('bij,bjk->bik', p, q).shape, torch.einsum('i,j->ij', torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
print(torch.einsum('ij->ji', a), torch.einsum('ij->', a), torch.einsum('bhqd,bhkd->bhqk', p.unsqueeze(0), p.unsqueeze(0)).shape)
print(torch.einsum('ii', torch.ones(1, 1)) if False else torch.einsum('ij,ij->i', a, a))
try:
    torch.mm(a, a)
except RuntimeError as e:
    print('RuntimeError', e)
try:
    torch.bmm(a, b)
except RuntimeError as e:
    print('RuntimeError', e)
try:
    torch.dot(a, a)
except RuntimeError as e:
    print('RuntimeError', e)
