# F.ctc_loss and nn.CTCLoss (ATen's alpha recursion): padded and concatenated targets,
# the reductions, zero_infinity, another blank, unbatched input, autograd names.
import torch, torch.nn as nn, torch.nn.functional as F
lp = torch.log_softmax(torch.sin(torch.arange(6 * 2 * 4, dtype=torch.float32)).view(6, 2, 4), -1)  # T, N, C
for red in ("mean", "sum", "none"):
    print(red, F.ctc_loss(lp, torch.tensor([[1, 2], [3, 0]]), torch.tensor([6, 5]), torch.tensor([2, 1]), blank=0, reduction=red))
print(F.ctc_loss(lp, torch.tensor([1, 2, 3]), [6, 5], [2, 1]))
print(F.ctc_loss(lp, torch.tensor([[1, 1], [3, 3]]), (6, 3), (2, 2), reduction="none"))
print(F.ctc_loss(lp, torch.tensor([[1, 1, 1, 1], [3, 3, 3, 3]]), (2, 3), (4, 4), reduction="none"))
print(F.ctc_loss(lp, torch.tensor([[1, 1, 1, 1], [3, 3, 3, 3]]), (2, 3), (4, 4), reduction="none", zero_infinity=True))
print(nn.CTCLoss(blank=3)(lp, torch.tensor([[1, 2], [0, 1]]), torch.tensor([6, 6]), torch.tensor([2, 0])))
print(F.ctc_loss(lp[:, 0], torch.tensor([1, 2]), torch.tensor(6), torch.tensor(2)))
w = torch.zeros(4, requires_grad=True)
print(F.ctc_loss((lp + w).log_softmax(-1), torch.tensor([[1, 2], [3, 0]]), [6, 5], [2, 1]).requires_grad)
import torch, torch.nn.functional as F
lp = torch.log_softmax(torch.sin(torch.arange(6 * 2 * 4, dtype=torch.float32)).view(6, 2, 4), -1)
w = torch.zeros(4, requires_grad=True)
x = (lp + w).log_softmax(-1)
for red in ("mean", "sum", "none"):
    print(F.ctc_loss(x, torch.tensor([[1, 2], [3, 0]]), [6, 5], [2, 1], reduction=red))
