# The module paths training code imports from (torch.optim.optimizer,
# torch.utils.data.dataloader/dataset/sampler/_utils.collate, importlib),
# and an empty list as an index (x[i, []], HF's NoRepeatNGram) selecting
# nothing.
import importlib

import torch
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adamw import AdamW
from torch.utils.data.dataloader import DataLoader, default_collate
from torch.utils.data._utils.collate import default_collate as collate2
from torch.utils.data.dataset import Dataset, TensorDataset
from torch.utils.data.sampler import Sampler, SequentialSampler

print(Optimizer is torch.optim.Optimizer, SGD is torch.optim.SGD, AdamW is torch.optim.AdamW)
print(DataLoader is torch.utils.data.DataLoader, default_collate is collate2)
print(Dataset is torch.utils.data.Dataset, issubclass(SequentialSampler, Sampler))
print(importlib.import_module("math").sqrt(16.0), importlib.import_module("torch.nn").Linear is torch.nn.Linear)
print(importlib.import_module(".functional", "torch.nn") is torch.nn.functional)
ds = TensorDataset(torch.arange(6.0).view(3, 2))
print([b[0].tolist() for b in DataLoader(ds, batch_size=2)])

s = torch.zeros(2, 4)
s[1, [2]] = -1.0
s[0, []] = -5.0
print(s.tolist())
print(tuple(s[0, []].shape), tuple(s[[]].shape), tuple(s[:, []].shape))
print(s[torch.tensor([], dtype=torch.long)].shape)
