# Namedtuples and torch.return_types are tuples: isinstance, tensor ops that
# take a sequence of tensors, and unpacking.
from collections import namedtuple
from typing import NamedTuple

import torch

Pair = namedtuple('Pair', 'a b')


class State(NamedTuple):
    h: torch.Tensor
    c: torch.Tensor


p = Pair(torch.ones(2), torch.full((2,), 3.0))
s = State(torch.zeros(2), torch.ones(2))
print(isinstance(p, tuple), isinstance(s, tuple), len(s))
print(torch.cat(p), torch.stack(s), torch.cat(list(s) + [p.a]))
print(torch.tensor(Pair(1, 2)), torch.zeros(Pair(1, 2)).shape)
r = torch.tensor([[1.0, 5.0], [3.0, 2.0]]).max(1)
print(isinstance(r, tuple), len(r), r[0], r.indices)
v, i = torch.tensor([3.0, 1.0, 2.0]).sort()
print(v, i, isinstance(torch.ones(1).shape, tuple))


def step(x, state):
    h, c = state
    if isinstance(state, tuple):
        h = h + x
    return State(h * 2, torch.stack(state).sum(0)), torch.cat(state)


out, flat = step(torch.ones(2), s)
print(out, flat)
