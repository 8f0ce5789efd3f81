# Scalar indices (a Python bool, a 0-dim bool or integer tensor: torch's applySlicing),
# div_ with rounding_mode, the gc module, torch.nn.common_types, torch.utils._pytree,
# torch.range, empty_strided, histogram, nanmedian/nanquantile, a tensor linspace
# count, nn.init's old spellings and get_submodule's message.
import torch
x = torch.arange(6.).reshape(2, 3)
print(x[True].shape, x[False].shape, x[:, True].shape, x[True, 1].shape)
y = x.clone(); y[True] = 0; print(y.sum().item())
print(x[torch.tensor(True)].shape, x[torch.tensor(False)].shape)
y = x.clone(); y[torch.tensor(False)] = 5; print(y.sum().item())
y = x.clone(); y[torch.tensor(True)] = 5; print(y.sum().item())
mem = torch.zeros(3, 2); ptr = torch.tensor(1)
slot = mem[ptr]; slot.copy_(torch.tensor([7.0, 8.0]))
print(mem.tolist(), slot._base is mem)
print(x[ptr, 1:].tolist(), x[:, ptr].tolist(), x[torch.tensor(-1)].tolist())
z = torch.zeros(4); z[torch.tensor(2)] = 1; print(z.tolist())
print(x[torch.tensor(1, dtype=torch.int32)].tolist())
print(x[torch.tensor([True, False])].tolist())
print(torch.tensor([1, 2, 3]).div_(2, rounding_mode="floor").tolist(), torch.tensor([7., -7.]).div_(2, rounding_mode="trunc").tolist())
import gc; print(gc.collect(), gc.isenabled())
from torch.nn.common_types import _size_2_t
import torch.utils._pytree as pytree
print(pytree.tree_map(lambda v: v * 2, {'a': [1, 2], 'b': (3, {'c': 4})}))
print(pytree.tree_flatten([1, (2, 3)])[0])
import torch.hub
print(torch.range(0, 3), torch.range(1, 2, 0.5))
e = torch.empty_strided((2, 3), (1, 2)); print(e.shape, e.stride())
print(torch.histogram(torch.tensor([1., 1., 1.]), 3))
print(torch.histogram(torch.tensor([1., 2., 1., 4.]), 3, weight=torch.tensor([1., 2., 3., 4.]), density=True))
print(torch.histogram(torch.tensor([1., 2., 1., 4.]), torch.tensor([0., 1.5, 5.])))
print(torch.histogram(torch.tensor([1., 2., 1., 4.]), 2, range=(0., 2.)))
print(torch.nanmedian(torch.tensor([1., float('nan'), 3., 2.])), torch.nanmedian(torch.tensor([[1., float('nan')], [3., 2.]]), 1))
print(torch.nanquantile(torch.tensor([1., float('nan'), 3.]), 0.5), torch.nanquantile(torch.tensor([[1., float('nan'), 3.], [float('nan')] * 3]), 0.5, dim=1))
print(torch.linspace(0, 1, torch.tensor(3)))
w = torch.zeros(2, 3); torch.nn.init.constant(w, 0.5); print(w.sum().item())
m = torch.nn.Sequential(torch.nn.Linear(2, 2))
try:
    m.get_submodule("0.missing")
except AttributeError as e:
    print(e)
x = torch.arange(6.).reshape(2, 3).requires_grad_()
(x[torch.tensor(1)] * 2).sum().backward()
print(x.grad.tolist())
buf = torch.zeros(4, 2)
for step in range(3):
    buf[torch.tensor(step)] = torch.tensor([step, step + 0.5])
print(buf.tolist())
