# torch.optim.lr_scheduler as torch 1.13 computes it: the chained forms,
# the closed forms behind step(epoch), SequentialLR's milestones, OneCycleLR's
# phases (momentum or Adam's beta1 cycled), CosineAnnealingWarmRestarts and
# ReduceLROnPlateau.
import torch
import torch.optim.lr_scheduler as S


def optimizer(kind='sgd', lr=0.1):
    p = torch.nn.Parameter(torch.ones(2))
    if kind == 'adam':
        return torch.optim.Adam([p], lr=lr)
    return torch.optim.SGD([p], lr=lr, momentum=0.9)


def run(make, steps=8, kind='sgd', metric=None):
    opt = optimizer(kind)
    sched = make(opt)
    lrs = [round(opt.param_groups[0]['lr'], 8)]
    for k in range(steps):
        opt.step()
        if metric is None:
            sched.step()
        else:
            sched.step(metric(k))
        lrs.append(round(opt.param_groups[0]['lr'], 8))
    return lrs


print('constant', run(lambda o: S.ConstantLR(o, factor=0.5, total_iters=3)))
print('linear', run(lambda o: S.LinearLR(o, start_factor=0.25, end_factor=1.0, total_iters=4)))
print('linear down', run(lambda o: S.LinearLR(o, start_factor=1.0, end_factor=0.1, total_iters=5)))
print('poly', run(lambda o: S.PolynomialLR(o, total_iters=4, power=2.0)))
print('sequential', run(lambda o: S.SequentialLR(o, [S.LinearLR(o, start_factor=0.1, total_iters=3),
                                                     S.ExponentialLR(o, gamma=0.5)], milestones=[3]), steps=7))
print('sequential 3', run(lambda o: S.SequentialLR(o, [S.ConstantLR(o, factor=0.5, total_iters=2),
                                                       S.StepLR(o, step_size=2, gamma=0.1),
                                                       S.CosineAnnealingLR(o, T_max=4)], milestones=[2, 5]), steps=9))
print('onecycle', run(lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=10), steps=9))
opt = optimizer()
sched = S.OneCycleLR(opt, max_lr=0.5, total_steps=6, anneal_strategy='linear', three_phase=True)
moms = []
for _ in range(5):
    opt.step()
    sched.step()
    moms.append((round(opt.param_groups[0]['lr'], 6), round(opt.param_groups[0]['momentum'], 6)))
print('onecycle 3-phase', moms)
opt = optimizer('adam')
sched = S.OneCycleLR(opt, max_lr=0.01, epochs=2, steps_per_epoch=3)
print('onecycle adam', round(opt.param_groups[0]['lr'], 8), opt.param_groups[0]['betas'])
try:
    for _ in range(8):
        opt.step()
        sched.step()
except ValueError as e:
    print('ValueError', e)
print('warm restarts', run(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.01), steps=10))
print('warm restarts 1', run(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=4), steps=9))
losses = [1.0, 0.9, 0.95, 0.96, 0.97, 0.98, 0.5, 0.6, 0.7, 0.8, 0.9]
print('plateau', run(lambda o: S.ReduceLROnPlateau(o, patience=2, factor=0.5), steps=11, metric=lambda k: losses[k]))
print('plateau max cooldown', run(lambda o: S.ReduceLROnPlateau(o, mode='max', patience=1, cooldown=2, threshold=0.1,
                                                                threshold_mode='abs', min_lr=0.02),
                                  steps=10, metric=lambda k: 1.0))
opt = optimizer()
sched = S.StepLR(opt, step_size=2, gamma=0.5)
for _ in range(3):
    opt.step()
    sched.step()
print('closed form', sched.get_last_lr(), end=' ')
sched.step(5)
print(sched.get_last_lr(), sched.last_epoch)
for bad in (lambda: S.ReduceLROnPlateau(optimizer(), factor=1.5), lambda: S.LinearLR(optimizer(), start_factor=0),
            lambda: S.OneCycleLR(optimizer(), max_lr=1.0), lambda: S.SequentialLR(optimizer(), [], milestones=[1])):
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
