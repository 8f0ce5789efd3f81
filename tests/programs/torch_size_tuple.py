# torch.Size is a tuple subclass: isinstance, tuple operations, and code that
# only accepts tuples.
import torch

x = torch.zeros(2, 3, 4)
s = x.shape
print(isinstance(s, tuple), isinstance(x.size(), tuple), issubclass(torch.Size, tuple))
print(type(s).__name__, [c.__name__ for c in type(s).__mro__])
print(s * 2, 2 * s, s + (5,), (1,) + s, s[::-1], s[1:], s[-1])
print(s < (3,), s >= (2, 3, 4), s == (2, 3, 4), s != (2, 3), s == [2, 3, 4])
print(tuple(s), list(s), len(s), max(s), sorted(s, reverse=True), sum(s), s.numel())
print(s.index(3), s.count(2), 4 in s, hash(s) == hash((2, 3, 4)))
a, b, c = s
print(a * b * c, '%s' % (s,), str(s), repr(torch.Size([])))
print({s: 'shape'}[(2, 3, 4)])


def as_tuple(v):
    if isinstance(v, tuple):
        return 'tuple of ' + str(len(v))
    return 'not a tuple'


print(as_tuple(x.shape), as_tuple(list(x.shape)), as_tuple(torch.Size([7])))
print(torch.zeros(s[0], s[2]).shape, torch.zeros(*s[1:]).shape, x.view(s[0], -1).shape)
print(torch.Size([2, 3]) == torch.Size((2, 3)), torch.Size(range(3)))
