# losses_extra: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


def det(*shape, seed=0, dtype=torch.float32, scale=250.0):
    # Deterministic pseudo-random values from exact integer arithmetic.
    n = 1
    for d in shape:
        n *= d
    k = (torch.arange(n) * 7919 + seed * 104729 + 13) % 1009
    return (k.to(dtype) / scale - 2.0).reshape(shape)


def show(label, f, exact=True):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
        return
    rs = r if isinstance(r, (tuple, list)) else [r]
    for r in rs:
        if isinstance(r, torch.Tensor):
            print(label, tuple(r.shape), r.dtype, str(r.grad_fn).split()[0] if r.grad_fn is not None else None)
            print(r)
            if exact:
                print(r.detach().flatten().tolist())
        else:
            print(label, r)


# ---- test body ----
import warnings
warnings.simplefilter('ignore')
for dt in [torch.float32, torch.float64]:
    # float64 exp / log are standin's libm, not SLEEF's: compared to the printed digits only.
    ex = dt == torch.float32
    x = det(5, 7, seed=1, dtype=dt) * 2
    y = det(5, 7, seed=2, dtype=dt)
    lab = (det(5, 7, seed=3) > 0).to(dt)
    cnt = (det(5, 7, seed=4, dtype=dt) + 2.0) * 2.5
    w = det(7, seed=5, dtype=dt).abs()
    for red in ['mean', 'sum', 'none']:
        show('sml' + str((dt, red)), lambda: F.soft_margin_loss(x, y, reduction=red), ex)
        show('sml_b' + str((dt, red)), lambda: F.soft_margin_loss(x, y[0], reduction=red), ex)
        show('mlsm' + str((dt, red)), lambda: F.multilabel_soft_margin_loss(x, lab, reduction=red), ex)
        show('mlsmw' + str((dt, red)), lambda: F.multilabel_soft_margin_loss(x, lab, weight=w, reduction=red), ex)
        show('pnll' + str((dt, red)), lambda: F.poisson_nll_loss(x, cnt, reduction=red), ex)
        show('pnll_nolog' + str((dt, red)), lambda: F.poisson_nll_loss(x.abs(), cnt, log_input=False, reduction=red), ex)
        show('pnll_full' + str((dt, red)), lambda: F.poisson_nll_loss(x, cnt, full=True, reduction=red), ex)
        show('pnll_full2' + str((dt, red)), lambda: F.poisson_nll_loss(x.abs(), cnt, log_input=False, full=True,
                                                                      eps=1e-3, reduction=red), ex)
        var = det(5, 7, seed=6, dtype=dt).abs()
        show('gnll' + str((dt, red)), lambda: F.gaussian_nll_loss(x, y, var, reduction=red), ex)
        show('gnll_full' + str((dt, red)), lambda: F.gaussian_nll_loss(x, y, var, full=True, eps=1e-2, reduction=red), ex)
        show('gnll_homo' + str((dt, red)), lambda: F.gaussian_nll_loss(x, y, var[:, 0], reduction=red), ex)
        show('gnll_homo1' + str((dt, red)), lambda: F.gaussian_nll_loss(x, y, var[:, :1], reduction=red), ex)
    show('mlsm1d', lambda: F.multilabel_soft_margin_loss(x[0], lab[0]), ex)
    show('mlsm3d', lambda: F.multilabel_soft_margin_loss(x.reshape(5, 7, 1).expand(5, 7, 3), lab.reshape(5, 7, 1).expand(5, 7, 3), reduction='none'), ex)
    show('logsig', lambda: F.multilabel_soft_margin_loss(det(4, 50, dtype=dt) * 20, (det(4, 50, seed=9) > 0).to(dt), reduction='none'), ex)
x = det(3, 4); y = det(3, 4, seed=1)
show('sml_grad', lambda: F.soft_margin_loss(x.clone().requires_grad_(), y))
show('sml_grad_none', lambda: F.soft_margin_loss(x.clone().requires_grad_(), y, reduction='none'))
show('mlsm_grad', lambda: F.multilabel_soft_margin_loss(x.clone().requires_grad_(), y, reduction='none'))
show('sml_bad', lambda: F.soft_margin_loss(x, y, reduction='bad'))
show('sml_shape', lambda: F.soft_margin_loss(x, y[:2]))
show('sml_dbl', lambda: F.soft_margin_loss(x, y.double()))
show('sml_legacy', lambda: F.soft_margin_loss(x, y, size_average=False))
show('sml_legacy2', lambda: F.soft_margin_loss(x, y, reduce=False))
show('mlsm_bad', lambda: F.multilabel_soft_margin_loss(x, y, reduction='bad'))
show('mlsm_shape', lambda: F.multilabel_soft_margin_loss(x, y[:2]))
show('mlsm_legacy', lambda: F.multilabel_soft_margin_loss(x, y, size_average=False, reduce=True))
show('pnll_bad', lambda: F.poisson_nll_loss(x, y, reduction='bad'))
show('pnll_shape', lambda: F.poisson_nll_loss(x, y[:2]))
show('pnll_legacy', lambda: F.poisson_nll_loss(x, y, reduce=False))
show('gnll_size', lambda: F.gaussian_nll_loss(x, y, torch.ones(4)))
show('gnll_neg', lambda: F.gaussian_nll_loss(x, y, -torch.ones(3, 4)))
show('gnll_bad', lambda: F.gaussian_nll_loss(x, y, torch.ones(3, 4), reduction='bad'))
show('gnll_eps', lambda: F.gaussian_nll_loss(x, y, torch.zeros(3, 4)))
xs = det(2, 6, 3, seed=3)
show('cs', lambda: F.channel_shuffle(xs, 3))
show('cs2', lambda: torch.channel_shuffle(det(2, 8, 2, 2), 4))
show('cs1', lambda: torch.channel_shuffle(xs, 1))
show('cs_native', lambda: torch.native_channel_shuffle(xs, 2))
show('cs_long', lambda: torch.channel_shuffle(torch.arange(24).reshape(2, 6, 2), 3))
show('cs_nc', lambda: torch.channel_shuffle(det(3, 6, 2).transpose(0, 2), 2))
show('cse1', lambda: torch.channel_shuffle(det(2, 6), 3))
show('cse2', lambda: torch.channel_shuffle(xs, 4))
show('cse3', lambda: torch.channel_shuffle(xs, 0))
show('cse4', lambda: torch.channel_shuffle(xs, -2))
print(F.channel_shuffle is torch.channel_shuffle)
m = nn.ChannelShuffle(3)
print(m, m(xs).shape)
print(nn.PoissonNLLLoss(), nn.PoissonNLLLoss(log_input=False, full=True), nn.GaussianNLLLoss(), nn.MultiLabelSoftMarginLoss(),
      nn.SoftMarginLoss(), nn.MultiLabelSoftMarginLoss(weight=torch.ones(3)))
mm = nn.MultiLabelSoftMarginLoss(weight=w.float())
print(list(mm.state_dict().keys()), [n for n, _ in mm.named_buffers()], list(nn.MultiLabelSoftMarginLoss().state_dict().keys()))
print(nn.PoissonNLLLoss().reduction, nn.PoissonNLLLoss(reduce=False).reduction, nn.SoftMarginLoss(size_average=False).reduction,
      nn.MultiLabelSoftMarginLoss(size_average=True, reduce=False).reduction)
p = nn.PoissonNLLLoss(log_input=False, full=True, eps=1e-4)
print(p.log_input, p.full, p.eps, p.reduction)
g = nn.GaussianNLLLoss(full=True, eps=1e-3, reduction='sum')
print(g.full, g.eps, g.reduction)
try:
    nn.GaussianNLLLoss(True)
except TypeError as ex:
    print('TypeError')
x = det(5, 7, seed=1) * 2; y = det(5, 7, seed=2); lab = (det(5, 7, seed=3) > 0).float()
show('m_pnll', lambda: nn.PoissonNLLLoss()(x, y.abs()))
show('m_gnll', lambda: nn.GaussianNLLLoss()(x, y, y.abs()))
show('m_mlsm', lambda: mm(x, lab))
show('m_sml', lambda: nn.SoftMarginLoss(reduction='sum')(x, y))
torch.manual_seed(0)
g = det(4, 6) * 3
s = F.gumbel_softmax(g)
print(s.shape, s.dtype, bool(((s.sum(-1) - 1).abs() < 1e-5).all()), bool((s >= 0).all()))
h = F.gumbel_softmax(g, tau=0.5, hard=True)
print(h.shape, h.sum(-1).tolist(), sorted(set(h.flatten().tolist())))
h = F.gumbel_softmax(g, hard=True, dim=0)
print(h.shape, h.sum(0).tolist())
hg = F.gumbel_softmax(g.clone().requires_grad_(), hard=True)
print(str(hg.grad_fn).split()[0], str(F.gumbel_softmax(g.clone().requires_grad_()).grad_fn).split()[0])
s3 = F.gumbel_softmax(det(2, 3, 5, dtype=torch.float64), tau=2.0, dim=1)
print(s3.shape, s3.dtype, bool(((s3.sum(1) - 1).abs() < 1e-9).all()))
show('gs_long', lambda: F.gumbel_softmax(torch.arange(6)))
show('sml_long', lambda: F.soft_margin_loss(x.long(), y))
