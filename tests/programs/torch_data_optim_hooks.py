# torch.utils.data (TensorDataset, DataLoader, Subset, ConcatDataset),
# torch.optim and its schedulers, torch.nn.utils, module forward hooks, and
# load_state_dict of a checkpoint without num_batches_tracked.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR, CosineAnnealingLR, LambdaLR, MultiStepLR, ExponentialLR
from torch.utils.data import DataLoader, TensorDataset, Dataset, Subset, ConcatDataset
from torch.nn.utils import clip_grad_norm_, parameters_to_vector, vector_to_parameters
from torch.nn.utils.rnn import pad_sequence

X = torch.arange(20.0).reshape(10, 2)
y = torch.arange(10) % 3
ds = TensorDataset(X, y)
print(len(ds), ds[3])
loader = DataLoader(ds, batch_size=4)
print(len(loader))
for xb, yb in loader:
    print(xb.shape, yb.tolist())
print(len(DataLoader(ds, batch_size=4, drop_last=True)), [b[1].tolist() for b in DataLoader(ds, batch_size=4, drop_last=True)])
torch.manual_seed(0)
seen = []
for xb, yb in DataLoader(ds, batch_size=3, shuffle=True):
    seen += yb.tolist()
print(sorted(seen) == sorted(y.tolist()), len(seen))


class Squares(Dataset):
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return {'x': torch.tensor([float(i), float(i * i)]), 'n': i, 'w': 0.5 * i}


for batch in DataLoader(Squares(), batch_size=2):
    print(batch['x'].tolist(), batch['n'], batch['w'])
print(len(Subset(ds, [0, 2, 4])), Subset(ds, [0, 2, 4])[1][1])
cat = ConcatDataset([ds, Subset(ds, [9])])
print(len(cat), cat[10][0], (ds + ds)[15][1])
print(next(iter(DataLoader(ds, batch_size=None)))[0])

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(opt)
print(optim.Adam(model.parameters()))
print(optim.AdamW([{'params': model[0].parameters()}, {'params': model[2].parameters(), 'lr': 0.5}], lr=1e-3))
print(optim.RMSprop(model.parameters()).defaults['alpha'])
print(opt.state_dict())
try:
    optim.SGD(model.parameters())
except ValueError as e:
    print('ValueError', e)
try:
    optim.Adam([])
except ValueError as e:
    print('ValueError', e)
try:
    optim.SGD(model.parameters(), lr=-1)
except ValueError as e:
    print('ValueError', e)
before = [p.clone() for p in model.parameters()]
opt.zero_grad()
opt.step()
print(all(torch.equal(a, b) for a, b in zip(before, model.parameters())))
sched = StepLR(opt, step_size=2, gamma=0.5)
for epoch in range(5):
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr(), opt.param_groups[0]['lr'])
cos = CosineAnnealingLR(optim.SGD(model.parameters(), lr=1.0), T_max=4, eta_min=0.1)
print([round(cos.get_last_lr()[0], 6)] + [(cos.optimizer.step(), cos.step(), round(cos.get_last_lr()[0], 6))[2] for _ in range(6)])
lam = LambdaLR(optim.SGD(model.parameters(), lr=0.2), lambda e: 1.0 / (e + 1))
lam.step()
lam.step()
print(lam.get_last_lr())
ms = MultiStepLR(optim.SGD(model.parameters(), lr=1.0), milestones=[1, 3], gamma=0.1)
ex = ExponentialLR(optim.SGD(model.parameters(), lr=1.0), gamma=0.5)
for _ in range(4):
    ms.step()
    ex.step()
print(ms.get_last_lr(), ex.get_last_lr())
print('initial_lr' in opt.param_groups[0], opt.state_dict()['param_groups'][0]['lr'])

print(clip_grad_norm_(model.parameters(), 1.0))
vec = parameters_to_vector(model.parameters())
print(vec.shape)
vector_to_parameters(torch.arange(float(vec.numel())), model.parameters())
print(model[2].weight, model[2].bias)

seqs = [torch.tensor([1, 2, 3]), torch.tensor([4]), torch.tensor([5, 6])]
print(pad_sequence(seqs, batch_first=True))
print(pad_sequence(seqs, padding_value=-1))
print(pad_sequence([torch.ones(2, 2), torch.zeros(1, 2)], batch_first=True).shape)

# Forward hooks.
features = {}


def keep(name):
    def hook(module, inputs, output):
        features[name] = output.detach()
    return hook


h1 = model[0].register_forward_hook(keep('first'))
h2 = model[1].register_forward_hook(lambda m, i, o: o * 2)
h3 = model.register_forward_pre_hook(lambda m, args: (args[0] + 1,))
x = torch.ones(2, 2)
out = model(x)
print(out, features['first'])
h2.remove()
h3.remove()
print(model(x), len(features))
h1.remove()
features.clear()
model(x)
print(len(features))
with model[0].register_forward_hook(keep('ctx')):
    model(x)
print(sorted(features))

bn = nn.BatchNorm1d(2)
bn(torch.tensor([[1.0, 2.0], [3.0, 5.0]]))
sd = {k: v for k, v in bn.state_dict().items() if 'num_batches' not in k}
print(bn.load_state_dict(sd), bn.num_batches_tracked)
print(bn.load_state_dict(sd, strict=False))
