# reversed(list) reads the list as it is when each item is pulled (CPython's
# list_reverseiterator), in a trace and across a graph break.
import torch


def across_break(data):
    it = reversed(data)
    first = next(it)
    data[:] = []
    print("break")
    return first, list(it)


def in_trace(x, data):
    it = reversed(data)
    a = next(it)
    data[1] = 50
    b = next(it)
    data.pop()
    rest = list(it)
    return x + a + b, rest, list(reversed(data))


def shrink_then_grow(data):
    it = reversed(data)
    next(it)
    data.clear()
    out = list(it)
    data.extend([1, 2, 3])
    return out, list(it)


def layers(x, hs):
    for h in reversed(hs):
        x = x + h
    return x


compile = torch.compile if hasattr(torch, "compile") else (lambda f: f)
for fn in (lambda f: f, compile):
    print(fn(across_break)([4, 5, 6, 7]))
    r = fn(in_trace)(torch.zeros(1), [1, 2, 3])
    print(r[0].tolist(), r[1], r[2])
    print(fn(shrink_then_grow)([1, 2]))
    print(fn(layers)(torch.zeros(2), [torch.ones(2), torch.full((2,), 2.0)]).tolist())
