# What training scripts and older model files do with tensors next to Python:
# 0-dim tensors in f-strings and %-formatting, one-element integer tensors where
# Python wants an int (slices, list indices, range, sizes, repeats), the legacy
# constructors (torch.Tensor(2, 3), torch.LongTensor([...])), torch.pi/inf,
# torch.jit's checks, and editing an nn.Sequential / ModuleList in place.
import torch
import torch.nn as nn

loss = torch.tensor(1.234)
steps = torch.tensor(3)
print(f'loss {loss} steps {steps} flag {torch.tensor(True)} vec {torch.tensor([1.5])} {loss:.2f} {loss!s}')
print('loss {}'.format(loss), format(loss), str(loss), f'{torch.tensor(2.5, dtype=torch.float16)}')
print('%s %.3f %d %r' % (loss, loss, steps, loss), '%s' % torch.ones(2), 'loss %.3f' % loss, 'step %d loss %.4f' % (3, loss))
y = torch.tensor(1.5, requires_grad=True) * 2
print(f'{y}')

n = torch.tensor(2)
print(torch.arange(5)[:n], [10, 20, 30][n], list(range(n)), 'ab' * n, [0] * n, (1, 2) * n, n * [7], hex(n))
print(torch.zeros(n).shape, torch.ones(4).view(n, -1).shape, torch.ones(2, 3).reshape(n, 3).shape, torch.full((n, n), 1.0).shape)
print(torch.arange(5)[n], torch.ones(3, 4)[:, :n].shape, torch.arange(6).narrow(0, n, 2), torch.arange(5).topk(n).values)
lengths = torch.tensor([3, 1])
x = torch.arange(8).reshape(2, 4)
for k in range(2):
    print(x[k, :lengths[k]], x[k][lengths[k] - 1])
print([1, 2][torch.tensor([1])])
try:
    [1, 2][torch.tensor(1.0)]
except TypeError as e:
    print('TypeError', e)

print(torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor().shape, torch.Tensor(torch.Size([2])).shape)
print(torch.LongTensor([1, 2]), torch.FloatTensor([1]), torch.BoolTensor([True, False]), torch.DoubleTensor(2).dtype)
print(torch.ones(2).type(torch.LongTensor), torch.ones(2).type(), torch.IntTensor([3]).type())
print(torch.pi, torch.e, torch.inf, -torch.inf, torch.nan != torch.nan)
print(torch.zeros(2).masked_fill(torch.tensor([True, False]), -torch.inf))
print(torch.jit.is_scripting(), torch.jit.is_tracing())


@torch.jit.ignore
def helper(t):
    return t + 1


print(helper(torch.ones(1)))

s = nn.Sequential(nn.ReLU(), nn.Tanh(), nn.Sigmoid())
s[1] = nn.Identity()
print(s)
del s[0]
print(s, len(s))
ml = nn.ModuleList([nn.ReLU(), nn.Tanh()])
ml.insert(1, nn.Identity())
print(ml)
del ml[0]
ml[0] = nn.ReLU()
print(ml, s(torch.tensor([-1.0, 2.0])))

# torch.linspace to ATen's last bit (deterministic inits, schedules, grids)
for n in [2, 7, 11, 16, 17, 33, 48, 100, 1000]:
    a = torch.linspace(-2, 2, n)
    c = torch.linspace(0.1, 3.7, n, dtype=torch.float64)
    print(n, a.sum().item(), torch.linspace(0, 1, n).sum().item(), c.sum().item(), a[n // 2].item())
print(torch.linspace(-2, 2, 11), torch.linspace(0, 1, 7)[4].item())
print(torch.linspace(1e-4, 0.02, 1000)[::97], torch.linspace(0, 10, 5, dtype=torch.int64), torch.linspace(3, 3, 0))

# param.data = ... (init code), and an OrderedDict's views
lin = nn.Linear(2, 2)
w = lin.weight
with torch.no_grad():
    lin.bias.zero_()
lin.weight.data = torch.zeros(2, 2)
print(lin.weight, w is lin.weight, lin(torch.ones(1, 2)))
lin.weight.data = torch.ones(3, 2)
print(lin.weight.shape, lin.weight.requires_grad, type(lin.weight).__name__)
print(lin.state_dict().keys(), list(lin.state_dict().values())[1])
