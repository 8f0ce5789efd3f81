# What model files reach for: generic data classes (Dataset[T],
# Sampler[List[int]]), default_collate of (tensor, str) samples, batch norm
# on bfloat16 with float32 statistics, and torch's comparison aliases.
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, IterableDataset, Sampler
from torch.utils.data.dataloader import default_collate


class Pairs(Dataset[Tuple[torch.Tensor, str]]):
    def __init__(self, n: int):
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int):
        return torch.arange(3.0) + i, "item%d" % i


class Evens(Sampler[List[int]]):
    def __init__(self, n: int):
        self.n = n

    def __iter__(self):
        return iter(range(0, self.n, 2))

    def __len__(self):
        return (self.n + 1) // 2


class Stream(IterableDataset[int]):
    def __iter__(self):
        return iter([1, 2, 3])


for batch in DataLoader(Pairs(5), batch_size=2, sampler=Evens(5)):
    print(batch[0].tolist(), batch[1])
print(default_collate([(torch.ones(2), "a", 1), (torch.zeros(2), "b", 2)]))
print(default_collate([{"x": "p", "y": 1.5}, {"x": "q", "y": 2.5}]))
print(list(DataLoader(Stream(), batch_size=2)))

a = torch.linspace(-1, 1, 16).view(2, 8).to(torch.bfloat16)
y = F.batch_norm(a, torch.zeros(8), torch.ones(8))
print(y.dtype, y)
bn = nn.BatchNorm2d(3)
out = bn.train()(torch.arange(24.0).view(2, 3, 2, 2).to(torch.bfloat16))
print(out.dtype, out[0, 0], bn.running_mean, bn.running_var.dtype)
print(nn.BatchNorm1d(8).eval()(a).dtype)
try:
    F.batch_norm(a.half(), torch.zeros(8), torch.ones(8))
except RuntimeError as e:
    print("RuntimeError:", e)

p = torch.tensor([2, 0, 5])
q = torch.tensor([1, 0, 7])
print(torch.greater(p, q), torch.greater_equal(p, q), torch.less(p, q), torch.less_equal(p, q), torch.not_equal(p, q))
print(p.greater(q), p.less(q), p.not_equal(q), p.float().arctan2(q.float()))
