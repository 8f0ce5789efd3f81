# torch.Size: indexing (ints, negative ints, slices), unpacking, comparison,
# arithmetic and the tuple methods, the way model code reads shapes.
import torch

x = torch.zeros(2, 3, 4)
print(x.shape[0])
print(x.shape[-1])
print(x.size()[1])
print(x.shape[1:])
print(x.shape[:-1])
print(x.shape[::-1])
print(x.size(0), x.size(-1))
print(len(x.shape))
b, t, c = x.shape
print(b, t, c)
print(list(x.shape))
print(tuple(x.shape))
print(x.shape == (2, 3, 4))
print(x.shape == torch.Size([2, 3, 4]))
print(x.shape != (2, 3))
print(x.shape.numel())
print(x.shape + (5,))
print((1,) + x.shape)
print(3 in x.shape, 7 in x.shape)
print(x.shape.index(4), x.shape.count(2))
print(sum(x.shape), max(x.shape), min(x.shape))
print(x.shape[0] * x.shape[1])
for d in x.shape:
    print(d)
print(x.view(x.shape[0], -1).shape)
print(x.reshape(*x.shape[:-1], 2, 2).shape)
print(x[0].shape)
print(x.sum().shape)
print(torch.Size([]))
print(isinstance(x.shape[0], int))
print(x.shape[1:] == (3, 4))
print(torch.zeros(x.shape[1:]).shape)
n, *rest = x.shape
print(n, rest)
try:
    x.shape[3]
except IndexError as e:
    print("IndexError", e)
print(hasattr(torch, "slice"), hasattr(torch, "select"))
