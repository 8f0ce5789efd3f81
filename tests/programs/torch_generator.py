# torch.Generator and generator= (data splits and shuffles seeded apart from the global
# stream, as training scripts do); values are standin's stream, so only equalities print.
import torch
g = torch.Generator().manual_seed(42)
a = torch.randn(3, generator=g)
g2 = torch.Generator()
g2.manual_seed(42)
b = torch.randn(3, generator=g2)
print(torch.equal(a, b), g.initial_seed(), type(g).__name__)
torch.manual_seed(0)
x = torch.rand(2)
torch.manual_seed(0)
torch.rand(5, generator=torch.Generator().manual_seed(1))
print(torch.equal(x, torch.rand(2)))
print(torch.randn(2, generator=None).shape, torch.randint(0, 5, (3,), generator=g).shape, torch.randperm(4, generator=g).sort().values)
from torch.utils.data import random_split, TensorDataset, DataLoader
ds = TensorDataset(torch.arange(10))
s1, s2 = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(42))
t1, t2 = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(42))
print(len(s1), len(s2), s1.indices == t1.indices, sorted(s1.indices + s2.indices) == list(range(10)))
dl = DataLoader(ds, batch_size=5, shuffle=True, generator=torch.Generator().manual_seed(3))
print(sum(len(b[0]) for b in dl), torch.manual_seed(3).initial_seed(), torch.initial_seed())
print(torch.bernoulli(torch.full((4,), 0.5), generator=torch.Generator().manual_seed(5)).shape, torch.multinomial(torch.ones(3), 2, generator=g).shape, torch.normal(0.0, 1.0, size=(2,), generator=g).shape)
