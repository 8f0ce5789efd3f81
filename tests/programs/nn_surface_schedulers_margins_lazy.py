# Surface training scripts meet: MultiplicativeLR, CyclicLR (three modes,
# momentum cycling), ChainedScheduler; MultiMarginLoss and
# TripletMarginWithDistanceLoss; RReLU in eval; LazyLinear; init.dirac_;
# torch.gradient; the in-place logical ops.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import SGD
from torch.optim.lr_scheduler import ChainedScheduler, CyclicLR, ExponentialLR, MultiplicativeLR, StepLR


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


def params():
    return [nn.Parameter(torch.ones(2))]


opt = SGD(params(), lr=0.5)
sched = MultiplicativeLR(opt, lambda e: 0.9 if e % 2 else 0.5)
lrs = []
for _ in range(5):
    opt.step()
    sched.step()
    lrs.append(round(sched.get_last_lr()[0], 6))
print("multiplicative", lrs)

for mode in ("triangular", "triangular2", "exp_range"):
    opt = SGD(params(), lr=0.1, momentum=0.9)
    sched = CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=3, step_size_down=2, mode=mode, gamma=0.9)
    seen = []
    for _ in range(12):
        opt.step()
        sched.step()
        seen.append((round(opt.param_groups[0]["lr"], 6), round(opt.param_groups[0]["momentum"], 6)))
    print("cyclic", mode, seen)
opt = SGD(params(), lr=0.1)
sched = CyclicLR(opt, 0.001, 0.01, step_size_up=2, cycle_momentum=False, scale_fn=lambda x: 1.0 / x)
print("cyclic scale_fn", [round(sched.get_last_lr()[0], 6)] + [round((opt.step(), sched.step(), sched.get_last_lr()[0])[2], 6)
                                                            for _ in range(6)])
try:
    CyclicLR(torch.optim.Adam(params()), 0.01, 0.1)
except ValueError as e:
    print("ValueError", e)

opt = SGD(params(), lr=1.0)
chained = ChainedScheduler([StepLR(opt, step_size=2, gamma=0.5), ExponentialLR(opt, gamma=0.9)])
print("chained", [round((opt.step(), chained.step(), chained.get_last_lr()[0])[2], 6) for _ in range(5)])

x = torch.tensor([[0.1, 0.2, 0.4, 0.8], [0.5, -0.3, 0.9, 0.0], [1.0, 1.0, -1.0, 0.2]], requires_grad=True)
y = torch.tensor([3, 0, 1])
for p in (1, 2):
    for red in ("mean", "sum", "none"):
        loss = F.multi_margin_loss(x, y, p=p, margin=0.7, reduction=red)
        print("multi_margin", p, red, r(loss))
w = torch.tensor([1.0, 2.0, 0.5, 1.5])
loss = nn.MultiMarginLoss(weight=w)(x, y)
loss.backward()
print("MultiMarginLoss", round(loss.item(), 5), r(x.grad), nn.MultiMarginLoss(p=2, margin=0.5))
print("1-d", round(F.multi_margin_loss(torch.tensor([0.1, 0.9, 0.3]), torch.tensor(1)).item(), 5))

a = torch.tensor([[0.0, 1.0], [1.0, 2.0]], requires_grad=True)
pos = torch.tensor([[0.5, 1.0], [1.0, 1.0]])
neg = torch.tensor([[0.1, 1.2], [3.0, 2.0]])
for swap in (False, True):
    l = F.triplet_margin_with_distance_loss(a, pos, neg, swap=swap, margin=2.0)
    print("triplet_distance", swap, round(l.item(), 5))
cos = nn.TripletMarginWithDistanceLoss(distance_function=lambda u, v: 1.0 - F.cosine_similarity(u, v), margin=0.5,
                                       reduction="sum")
l = cos(a, pos, neg)
l.backward()
print("cosine triplet", round(l.item(), 5), r(a.grad))
print("margin 0", nn.TripletMarginWithDistanceLoss(margin=0.0)(a, pos, neg).item())

rr = nn.RReLU(0.1, 0.3).eval()
print(rr, r(rr(torch.tensor([-1.0, 0.0, 2.0, -0.5]))), r(F.rrelu(torch.tensor([-2.0, 1.0]))))

lazy = nn.LazyLinear(3)
print(lazy.has_uninitialized_params(), lazy.in_features)
out = lazy(torch.ones(2, 5))
print(type(lazy).__name__, lazy.in_features, tuple(lazy.weight.shape), tuple(out.shape), lazy)

wd = torch.empty(4, 2, 3, 3)
nn.init.dirac_(wd)
print("dirac", wd.sum().item(), r(wd[1, 1]), r(wd[3].sum((1, 2))))
wd = torch.empty(4, 2, 3)
nn.init.dirac_(wd, groups=2)
print("dirac groups", r(wd.sum(2)))

t = torch.tensor([1.0, 2.0, 4.0, 7.0, 11.0])
print("gradient", [r(g) for g in torch.gradient(t)], [r(g) for g in torch.gradient(t, spacing=2.0, edge_order=2)])
m = torch.arange(12.0).reshape(3, 4) ** 2
print("gradient 2d", [r(g) for g in torch.gradient(m)], [r(g) for g in torch.gradient(m, dim=1, spacing=[0.5])])
print("gradient int", [r(g) for g in torch.gradient(torch.tensor([1, 4, 9, 16]))])

b = torch.tensor([True, False, True])
b.logical_not_()
f = torch.tensor([0.0, 2.0, -1.0])
f.logical_and_(torch.tensor([1.0, 1.0, 0.0]))
i = torch.tensor([0, 3, 0])
i.logical_or_(torch.tensor([0, 0, 5]))
print(b.tolist(), f.tolist(), i.tolist(), torch.tensor([True, False]).logical_xor_(torch.tensor([True, True])).tolist())
