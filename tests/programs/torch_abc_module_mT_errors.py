# An nn.Module that is also an ABC: its abstract forward is enforced, in
# either base order; Tensor.mT/mH/H refuse the shapes torch refuses (also
# under torch.compile, where the 1-D mT breaks the graph and eager raises).
from abc import ABC, abstractmethod
import torch
import torch.nn as nn


class Head(nn.Module, ABC):
    @abstractmethod
    def forward(self, x): ...


class Lin(Head):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(2, 2)

    def forward(self, x):
        return x * 2


try:
    Head()
except TypeError as e:
    print("TypeError", e)
print(Lin()(torch.ones(2)).tolist(), len(list(Lin().parameters())))


class Head2(ABC, nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return x + self.w


print(Head2()(torch.zeros(1)).tolist(), [n for n, _ in Head2().named_parameters()])
import functools
x = torch.arange(6.).reshape(2, 3)
print(x.mT.shape, x.mH.shape, x.H.shape, torch.tensor(3.).mT.shape, torch.tensor(3.).H.shape)
for a in ("mT", "mH", "H"):
    for t in (torch.zeros(2), torch.zeros(2, 2, 2)):
        try:
            print(getattr(t, a).shape)
        except RuntimeError as e:
            print("RE", e)
def m(t): return t.mT + 1
cm = torch.compile(m) if hasattr(torch, "compile") else m
try:
    cm(torch.zeros(3))
except RuntimeError as e:
    print("RE", e)
print(cm(torch.zeros(2, 3)).shape)


@functools.lru_cache(maxsize=2)
def inc(n):
    return n + 1
def k(x, n):
    return x * inc(n)
cf = torch.compile(k) if hasattr(torch, "compile") else k
# (a compiled call does not count hits or misses, as Dynamo ignores the cache)
print(cf(torch.ones(2), 5).tolist(), cf(torch.ones(2), 5).tolist(), inc.cache_info().currsize)
