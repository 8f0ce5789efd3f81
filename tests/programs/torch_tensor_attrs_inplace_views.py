import math
import torch
import torch.nn as nn
p = nn.Parameter(torch.ones(2))
p._no_wd = True
print(p._no_wd, hasattr(p, '_no_wd'), getattr(p, 'foo', 3))
x = torch.zeros(3)
x.name_tag = 'hi'
print(x.name_tag, x.__dict__)
del x.name_tag
print(hasattr(x, 'name_tag'))
try:
    x.shape = (1,)
except AttributeError as e:
    print('AE', e)
try:
    del x.missing
except AttributeError as e:
    print('AE', e)
m = nn.Linear(2, 2)
for n, q in m.named_parameters():
    q.tag = n
print([q.tag for q in m.parameters()])
print(math.sqrt(torch.tensor(4.)), math.log(torch.tensor(8), 2), math.floor(torch.tensor(2.5)), math.exp(torch.tensor([0.5])))
try:
    math.sqrt(torch.ones(2))
except Exception as e:
    print(type(e).__name__, e)
try:
    math.sqrt('a')
except Exception as e:
    print(type(e).__name__, e)
try:
    math.pow('a', 2)
except Exception as e:
    print(type(e).__name__, e)
class F:
    def __float__(self):
        return 2.25
print(math.sqrt(F()), math.isclose(F(), 2.25))
y = torch.arange(6.).reshape(2, 3)
z = y
y.unsqueeze_(0)
print(z.shape, z is y, y.stride())
y.squeeze_()
print(y.shape)
y.t_()
print(y.shape, y.is_contiguous())
y.transpose_(0, 1)
print(y.shape, y.is_contiguous())
y.squeeze_(0)
print(y.shape)
a = torch.ones(2, requires_grad=True)
b = a * 2
print(b.requires_grad, b.grad_fn is not None)
b.detach_()
print(b.requires_grad, b.grad_fn, b.is_leaf)
