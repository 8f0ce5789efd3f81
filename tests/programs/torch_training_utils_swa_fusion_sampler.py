# Training-script utilities: DistributedSampler with explicit replicas and
# ranks (and its error without a process group), SWA (AveragedModel,
# SWALR, update_bn), conv/linear + batch-norm folding, functional_call,
# torch.concatenate, a range as a tensor index, a scheduler written the way
# torch's own are (reading _get_lr_called_within_step), and
# collections.abc reached through collections.
import collections
import torch
import torch.nn as nn
from torch.nn.utils import stateless
from torch.nn.utils.fusion import fuse_conv_bn_eval, fuse_linear_bn_eval
from torch.optim.lr_scheduler import _LRScheduler
from torch.optim.swa_utils import SWALR, AveragedModel, update_bn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

ds = TensorDataset(torch.arange(10.0).unsqueeze(1))
for rank in range(3):
    s = DistributedSampler(ds, num_replicas=3, rank=rank, shuffle=False)
    print(rank, len(s), list(s))
s = DistributedSampler(ds, num_replicas=4, rank=1, shuffle=False, drop_last=True)
print(len(s), list(s), s.total_size)
sh = DistributedSampler(ds, num_replicas=2, rank=0, seed=3)
a = list(sh)
sh.set_epoch(1)
b = list(sh)
print(len(a), sorted(a + [i for i in range(10) if i not in a]) == list(range(10)), a != b or len(a) == 0)
try:
    DistributedSampler(ds)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    DistributedSampler(ds, num_replicas=2, rank=2)
except ValueError as e:
    print("ValueError:", e)


def det_init(m):
    for i, p in enumerate(m.parameters()):
        with torch.no_grad():
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (i + 1))


model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 2))
det_init(model)
swa = AveragedModel(model)
print(int(swa.n_averaged), [n for n, _ in swa.named_parameters()][:2], [n for n, _ in swa.named_buffers()])
for k in range(3):
    with torch.no_grad():
        for p in model.parameters():
            p.add_(0.1 * (k + 1))
    swa.update_parameters(model)
print(int(swa.n_averaged), [round(v, 4) for v in swa.module[0].weight[0].tolist()])
print([round(v, 4) for v in swa.module[3].bias.tolist()])
ema = AveragedModel(model, avg_fn=lambda avg, cur, n: 0.9 * avg + 0.1 * cur)
with torch.no_grad():
    for p in model.parameters():
        p.mul_(2.0)
ema.update_parameters(model)
ema.update_parameters(model)
print([round(v, 4) for v in ema.module[3].bias.tolist()])
x = torch.linspace(-1, 1, 24).reshape(8, 3)
loader = DataLoader(TensorDataset(x, torch.zeros(8)), batch_size=4)
update_bn(loader, swa)
bn = swa.module[1]
print([round(v, 4) for v in bn.running_mean.tolist()], [round(v, 4) for v in bn.running_var.tolist()],
      bn.momentum, int(bn.num_batches_tracked), swa.training)
swa.eval()
print([round(v, 4) for v in swa(x[:2]).flatten().tolist()])

opt = torch.optim.SGD(model.parameters(), lr=0.5)
sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3, anneal_strategy="cos")
lrs = []
for _ in range(5):
    lrs.append(round(opt.param_groups[0]["lr"], 6))
    opt.step()
    sched.step()
print(lrs, [round(v, 6) for v in sched.get_last_lr()])
opt2 = torch.optim.SGD(model.parameters(), lr=1.0)
lin = SWALR(opt2, swa_lr=[0.2], anneal_epochs=2, anneal_strategy="linear")
print([round(opt2.param_groups[0]["lr"], 6)] + [round((opt2.step(), lin.step(), opt2.param_groups[0]["lr"])[2], 6) for _ in range(3)])
for bad in [dict(swa_lr=0.1, anneal_strategy="exp"), dict(swa_lr=0.1, anneal_epochs=-1), dict(swa_lr=[0.1, 0.2])]:
    try:
        SWALR(torch.optim.SGD(model.parameters(), lr=1.0), **bad)
    except ValueError as e:
        print("ValueError:", e)


class WarmupConstant(_LRScheduler):
    def __init__(self, optimizer, warmup):
        self.warmup = warmup
        super().__init__(optimizer)

    def get_lr(self):
        if not self._get_lr_called_within_step:
            return [-1.0 for _ in self.base_lrs]
        scale = min(1.0, (self.last_epoch + 1) / self.warmup)
        return [base * scale for base in self.base_lrs]


opt3 = torch.optim.SGD(model.parameters(), lr=0.3)
wc = WarmupConstant(opt3, 3)
seen = [round(opt3.param_groups[0]["lr"], 6)]
for _ in range(3):
    opt3.step()
    wc.step()
    seen.append(round(opt3.param_groups[0]["lr"], 6))
print(seen, wc.get_lr(), sorted(k for k in wc.state_dict() if not k.startswith("warm")))

conv = nn.Conv2d(2, 3, 3, padding=1)
bn2 = nn.BatchNorm2d(3)
det_init(conv)
with torch.no_grad():
    bn2.running_mean.copy_(torch.tensor([0.1, -0.2, 0.3]))
    bn2.running_var.copy_(torch.tensor([1.5, 0.5, 2.0]))
    bn2.weight.copy_(torch.tensor([1.0, 2.0, 0.5]))
    bn2.bias.copy_(torch.tensor([0.0, 0.1, -0.1]))
conv.eval()
bn2.eval()
img = torch.linspace(-1, 1, 32).reshape(1, 2, 4, 4)
fused = fuse_conv_bn_eval(conv, bn2)
print(type(fused).__name__, fused is conv, torch.allclose(fused(img), bn2(conv(img)), atol=1e-6))
lin1, bn1 = nn.Linear(3, 4), nn.BatchNorm1d(4)
det_init(lin1)
lin1.eval()
bn1.eval()
print(torch.allclose(fuse_linear_bn_eval(lin1, bn1)(x), bn1(lin1(x)), atol=1e-6))
try:
    fuse_conv_bn_eval(conv.train(), bn2)
except AssertionError as e:
    print("AssertionError:", e)

net = nn.Linear(3, 1)
det_init(net)
w = torch.ones(1, 3)
print(stateless.functional_call(net, {"weight": w}, (x[:2],)).flatten().tolist(), net.weight.tolist())
print(stateless.functional_call(model, {"3.bias": torch.zeros(2)}, x[:3]).shape, model[3].bias.tolist() != [0.0, 0.0])

print(torch.concatenate([torch.ones(2), torch.zeros(1)]).tolist(), torch.concatenate((torch.ones(1, 2), torch.ones(1, 2)), axis=1).shape)
q = torch.arange(24.0).view(4, 3, 2)
idx = torch.tensor([0, 2, 1, 2])
print(q[range(4), idx].tolist(), q[range(1, 3)].shape, q[:, range(2)].shape)
z = torch.zeros(4, 3)
z[range(4), idx] = 1.0
print(z.sum(0).tolist(), q[range(0)].shape)
print(isinstance(["a"], collections.abc.Iterable), isinstance(3, collections.abc.Iterable))


class Index:
    def __init__(self, i):
        self.i = i

    def __index__(self):
        return self.i


print(q[Index(1)].shape, q[Index(2), Index(0)].tolist(), q[:, Index(1)].shape)
z[Index(0), Index(2)] = 5.0
print(z[0].tolist())
