# scatter_reduce: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
import torch
import warnings
warnings.filterwarnings('ignore')


def attempt(f, *a, **k):
    try:
        print(f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)


x = torch.zeros(3, 2)
i = torch.tensor([[0, 1], [2, 0]])
s = torch.ones(2, 2)
attempt(x.scatter_reduce, 0, i, s, 'foo')
attempt(x.scatter_reduce, 0, i, s, 'sum')
attempt(x.scatter_reduce, 0, i * 5, s, 'sum')
attempt(x.scatter_reduce, 0, -i, s, 'sum')
attempt(x.scatter_reduce, 0, i, s.double(), 'sum')
attempt(x.scatter_reduce, 0, i.int(), s, 'sum')
attempt(x.scatter_reduce, 0, torch.zeros(2, 3, dtype=torch.long), s, 'sum')
attempt(x.scatter_reduce, 1, torch.zeros(4, 1, dtype=torch.long), torch.ones(4, 2), 'sum')
attempt(x.scatter_reduce, 0, torch.zeros(2, 2, 2, dtype=torch.long), s, 'sum')
attempt(x.scatter_reduce, 0, torch.zeros(2, dtype=torch.long), s, 'sum')
attempt(x.scatter_reduce, 0, i, torch.ones(4), 'sum')
attempt(x.scatter_reduce, 2, i, s, 'sum')
attempt(x.scatter_reduce, 0, i, 1.0, 'sum')
attempt(torch.tensor(5.).scatter_reduce, 0, torch.tensor(0), torch.tensor(2.), 'prod')
attempt(torch.tensor(5.).scatter_reduce, 0, torch.tensor([0, 0]), torch.tensor([2., 3.]), 'prod')
attempt(x.half().scatter_reduce, 0, i, s.half(), 'sum')
attempt(x.half().scatter_reduce, 0, i, s.half(), 'amax')
attempt(x.half().scatter_reduce, 0, i, s.half(), 'mean')
attempt(x.bool().scatter_reduce, 0, i, s.bool(), 'amax')
attempt(x.bool().scatter_reduce, 0, i, s.bool(), 'sum')
attempt(x.bool().scatter_reduce, 0, i, s.bool(), 'mean')
attempt(x.scatter_reduce, 0, torch.zeros(0, 2, dtype=torch.long), s, 'mean', include_self=False)
a = torch.tensor([5, 7, 9])
j = torch.tensor([0, 0, 1, 1, 1])
v = torch.tensor([1, 2, -3, 4, 4])
for red in ['sum', 'prod', 'mean', 'amax', 'amin']:
    for inc in [True, False]:
        attempt(a.scatter_reduce, 0, j, v, red, include_self=inc)
        attempt(a.double().scatter_reduce, 0, j, v.double() / 3, red, include_self=inc)
        attempt(a.to(torch.int8).scatter_reduce, 0, j, v.to(torch.int8), red, include_self=inc)
attempt(torch.tensor([5., 7, 9]).scatter_reduce, 0, torch.tensor([0, 0, 1]), torch.tensor([1, float('nan'), -3]), 'amin')
attempt(torch.tensor([5., 7, 9]).scatter_reduce, 0, torch.tensor([0, 0, 1]), torch.tensor([float('nan'), 1., -3]), 'amax', include_self=False)
attempt(torch.scatter_reduce, torch.tensor([5., 7, 9]), 0, torch.tensor([0, 0, 1]), torch.tensor([1, 2, -3.]), reduce='sum')
print(torch.tensor([5., 7, 9], requires_grad=True).scatter_reduce(0, torch.tensor([0]), torch.tensor([1.]), 'sum'))
m = torch.arange(12.).reshape(3, 4)
idx = torch.tensor([[2, 0, 1, 1], [0, 0, 2, 1]])
src = torch.arange(1., 13.).reshape(3, 4) / 7
for red in ['sum', 'prod', 'mean', 'amax', 'amin']:
    attempt(m.scatter_reduce, 0, idx, src, red)
    attempt(m.scatter_reduce, 0, idx, src, red, include_self=False)
    attempt(m.scatter_reduce, -1, idx[:, :3] % 4, src, red)
    attempt(m.scatter_reduce, 1, idx[:, :3] + 1, src, red, include_self=False)
    attempt(m.t().scatter_reduce, 1, idx.t(), src.t().contiguous(), red)
    attempt(torch.scatter_reduce, m, 0, idx, src, red, include_self=False)
t = torch.zeros(2, 3, 4)
idx3 = torch.tensor([[[0, 1, 2, 0], [1, 1, 1, 1]], [[2, 2, 0, 0], [0, 1, 0, 1]]])
src3 = torch.arange(1., 25.).reshape(2, 3, 4)
attempt(t.scatter_reduce, 2, idx3, src3, 'sum')
attempt(t.scatter_reduce, 1, idx3, src3, 'mean', include_self=False)
attempt(t.scatter_reduce, 0, idx3 % 2, src3, 'amax', include_self=False)
y = torch.ones(3, 2)
r = y.scatter_reduce_(0, i, s * 3, 'prod')
print(r is y, y)
y = torch.ones(3, 2)
y.scatter_reduce_(1, torch.tensor([[1, 1], [0, 0], [1, 0]]), torch.arange(6.).reshape(3, 2), 'mean', include_self=False)
print(y)
