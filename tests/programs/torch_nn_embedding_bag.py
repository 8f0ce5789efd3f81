# nn_embedding_bag: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
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
    W = det(20, 37, seed=1, dtype=dt) / 3
    idx = torch.tensor([3, 7, 1, 19, 0, 5, 5, 12, 8, 2, 17, 4, 9, 11, 6, 3, 14])
    psw = det(17, seed=2, dtype=dt) / 7
    for offs in [[0, 5, 6, 13], [0], [0, 0, 17], [0, 3, 3, 9], [0, 16]]:
        off = torch.tensor(offs)
        for mode in ['sum', 'mean', 'max']:
            show('eb' + str((dt, offs, mode)), lambda: F.embedding_bag(idx, W, off, mode=mode))
            show('ebpad' + str((dt, offs, mode)), lambda: F.embedding_bag(idx, W, off, mode=mode, padding_idx=5))
            # torch 1.13 reads past the last bag (mean miscounts, max corrupts memory) when
            # include_last_offset leaves trailing indices: end the offsets at len(idx).
            show('eblast' + str((dt, offs, mode)), lambda: F.embedding_bag(idx, W, torch.tensor(offs + [17]), mode=mode,
                                                                           include_last_offset=True))
        show('ebpsw' + str((dt, offs)), lambda: F.embedding_bag(idx, W, off, mode='sum', per_sample_weights=psw))
        show('ebpswpad' + str((dt, offs)), lambda: F.embedding_bag(idx, W, off, mode='sum', per_sample_weights=psw,
                                                                   padding_idx=3))
    idx2 = torch.tensor([[1, 4, 4, 9], [0, 19, 2, 2], [7, 7, 7, 7]])
    for mode in ['sum', 'mean', 'max']:
        show('eb2d' + str((dt, mode)), lambda: F.embedding_bag(idx2, W, mode=mode))
        show('eb2dpad' + str((dt, mode)), lambda: F.embedding_bag(idx2, W, mode=mode, padding_idx=7))
        show('eb2dint' + str((dt, mode)), lambda: F.embedding_bag(idx2.int(), W, mode=mode))
    show('eb2dpsw', lambda: F.embedding_bag(idx2, W, mode='sum', per_sample_weights=det(3, 4, dtype=dt)))
    show('ebnc', lambda: F.embedding_bag(idx2, W.t().contiguous().t(), mode='mean'))
W = torch.arange(30.).reshape(10, 3)
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
off = torch.tensor([0, 4])
show('e_grad', lambda: F.embedding_bag(idx, W.clone().requires_grad_(), off))
show('e_grad_max', lambda: F.embedding_bag(idx, W.clone().requires_grad_(), off, mode='max'))
show('e_nan', lambda: F.embedding_bag(torch.tensor([0, 1, 2, 1, 0]), torch.tensor([[1.0, float('nan')], [float('nan'), 2.0], [3.0, -1.0]]),
                                      torch.tensor([0, 2]), mode='max'))
tests = [
    ('last1', lambda: F.embedding_bag(idx, W, torch.tensor([0]), include_last_offset=True)),
    ('last0', lambda: F.embedding_bag(idx, W, torch.tensor([], dtype=torch.long), include_last_offset=True)),
    ('nooff', lambda: F.embedding_bag(idx, W, torch.tensor([], dtype=torch.long))),
    ('off1', lambda: F.embedding_bag(idx, W, torch.tensor([1, 4]))),
    ('off1i', lambda: F.embedding_bag(idx.int(), W, torch.tensor([1, 4]).int())),
    ('off9', lambda: F.embedding_bag(idx, W, torch.tensor([0, 9]))),
    ('off8', lambda: F.embedding_bag(idx, W, torch.tensor([0, 8]))),
    ('oob', lambda: F.embedding_bag(torch.tensor([1, 10]), W, torch.tensor([0]))),
    ('oobint', lambda: F.embedding_bag(torch.tensor([1, 10]).int(), W, torch.tensor([0]))),
    ('oobneg', lambda: F.embedding_bag(torch.tensor([1, -1]), W, torch.tensor([0]))),
    ('oobmax', lambda: F.embedding_bag(torch.tensor([1, 10]), W, torch.tensor([0]), mode='max')),
    ('oobdbl', lambda: F.embedding_bag(torch.tensor([1, 10]), W.double(), torch.tensor([0]))),
    ('oobpad', lambda: F.embedding_bag(torch.tensor([1, 7, 10]), W, torch.tensor([0, 1]), padding_idx=7)),
    ('oob2d', lambda: F.embedding_bag(torch.tensor([[1, 7], [3, 10]]), W)),
    ('fidx', lambda: F.embedding_bag(idx.float(), W, off)),
    ('foff', lambda: F.embedding_bag(idx, W, off.float())),
    ('mixed', lambda: F.embedding_bag(idx.int(), W, off)),
    ('lw', lambda: F.embedding_bag(idx, W.long(), off)),
    ('bf16', lambda: F.embedding_bag(idx, W.bfloat16(), off)),
    ('swap', lambda: F.embedding_bag(W, idx, off)),
    ('none', lambda: F.embedding_bag(idx, W, None)),
    ('off2d', lambda: F.embedding_bag(idx, W, off.reshape(2, 1))),
    ('in2doff', lambda: F.embedding_bag(idx.reshape(2, 4), W, off)),
    ('in3d', lambda: F.embedding_bag(idx.reshape(2, 2, 2), W)),
    ('mode', lambda: F.embedding_bag(idx, W, off, mode='min')),
    ('pswmax', lambda: F.embedding_bag(idx, W, off, mode='max', per_sample_weights=torch.ones(8))),
    ('pswshape', lambda: F.embedding_bag(idx, W, off, mode='sum', per_sample_weights=torch.ones(7))),
    ('pswdt', lambda: F.embedding_bag(idx, W, off, mode='sum', per_sample_weights=torch.ones(8).double())),
    ('maxfreq', lambda: F.embedding_bag(idx, W, off, mode='max', scale_grad_by_freq=True)),
    ('maxsparse', lambda: F.embedding_bag(idx, W, off, mode='max', sparse=True)),
    ('padneg', lambda: F.embedding_bag(idx, W, off, padding_idx=-1)),
    ('pad10', lambda: F.embedding_bag(idx, W, off, padding_idx=10)),
    ('padm11', lambda: F.embedding_bag(idx, W, off, padding_idx=-11)),
    ('allpad', lambda: F.embedding_bag(torch.tensor([4, 4, 1]), W, torch.tensor([0, 2]), mode='mean', padding_idx=4)),
    ('empty', lambda: F.embedding_bag(torch.tensor([], dtype=torch.long), W, torch.tensor([0, 0]))),
]
for name, f in tests:
    show('ee_' + name, f)
Wm = det(10, 4) * 3
show('maxnorm', lambda: F.embedding_bag(torch.tensor([1, 2, 1, 5]), Wm, torch.tensor([0, 2]), max_norm=1.5, mode='sum'))
show('maxnorm_w', lambda: Wm)
torch.manual_seed(0)
m = nn.EmbeddingBag(10, 3)
print(m, nn.EmbeddingBag(10, 3, mode='sum', padding_idx=-2), nn.EmbeddingBag(5, 2, max_norm=1.0, norm_type=1.0,
                                                                                scale_grad_by_freq=True, mode='max'))
print(m.weight.shape, m.weight.requires_grad, m.mode, m.include_last_offset, m.padding_idx)
mp = nn.EmbeddingBag(6, 3, padding_idx=2)
print(mp.weight[2], mp.padding_idx)
e = nn.EmbeddingBag.from_pretrained(W, mode='max')
print(e, e.weight.requires_grad)
show('mod', lambda: e(idx, off))
show('mod2', lambda: nn.EmbeddingBag.from_pretrained(W, freeze=False, include_last_offset=True)(idx, torch.tensor([0, 3, 8])))
show('modpsw', lambda: nn.EmbeddingBag.from_pretrained(W, mode='sum')(idx, off, det(8)))
try:
    nn.EmbeddingBag(5, 2, padding_idx=5)
except AssertionError as ex:
    print('AssertionError', ex)
try:
    nn.EmbeddingBag(5, 2, _weight=torch.zeros(4, 2))
except AssertionError as ex:
    print('AssertionError', ex)
