# Gradients torch gets right that need care: CTC loss backward with unreachable
# states (targets of 3+ labels, repeats, a too-short input with
# zero_infinity), as_strided windows that overlap (Longformer's chunks: the
# shared elements sum), and flip()/roll() of a row written back into its own
# tensor before backward.
import torch
import torch.nn.functional as F

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def r(t):
    return [round(v, 4) for v in t.reshape(-1).tolist()]


for targets, tl, il, zi in [([[1, 2, 3]], [3], [4], False), ([[1, 1, 2]], [3], [6], False),
                            ([[2, 3, 3, 1]], [4], [4], True), ([[1, 2, 0, 0], [3, 3, 1, 2]], [2, 4], [6, 5], False)]:
    N = len(targets)
    x = torch.sin(torch.arange(6 * N * 5.0) * 0.7).view(6, N, 5).requires_grad_(True)
    for red in ("mean", "sum", "none"):
        x.grad = None
        loss = F.ctc_loss(x.log_softmax(-1), torch.tensor(targets), torch.tensor(il), torch.tensor(tl),
                          reduction=red, zero_infinity=zi)
        loss.sum().backward()
        print(red, r(loss), r(x.grad[:, 0])[:10], bool(torch.isfinite(x.grad).all()))

x = torch.arange(8.).requires_grad_()
chunks = x.as_strided(size=(3, 4), stride=(2, 1))
(chunks * torch.arange(1., 13.).view(3, 4)).sum().backward()
print(x.grad.tolist())
m = torch.arange(12.).view(3, 4).requires_grad_()
win = m.as_strided((2, 2, 3), (4, 1, 1))
(win * torch.arange(12.).view(2, 2, 3)).sum().backward()
print(m.grad.tolist())


def writeback(x):
    y = x * 1
    y[1] = y[1].flip(0)
    y[0] = y[0].roll(1)
    return (y * torch.arange(8.).view(2, 4)).sum()


for fn in (writeback, C(writeback)):
    x = torch.arange(8.).view(2, 4).requires_grad_(True)
    fn(x).backward()
    print(x.grad.tolist())
