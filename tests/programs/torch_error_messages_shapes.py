# The errors model code meets with wrong shapes or indices: each case prints the
# exception type and first line of torch 1.13's message (bmm, embedding, pooling
# output too small, batch norm's running stats, broadcasting's first mismatch
# from the right, ...).
import torch
import torch.nn as nn
import torch.nn.functional as F
cases = [
    lambda: torch.bmm(torch.ones(2, 3, 4), torch.ones(3, 4, 5)),
    lambda: torch.bmm(torch.ones(2, 3, 4), torch.ones(2, 5, 5)),
    lambda: nn.Embedding(5, 2)(torch.tensor([1, 7])),
    lambda: F.embedding(torch.tensor([-1]), torch.ones(5, 2)),
    lambda: nn.MaxPool2d(4)(torch.ones(1, 1, 2, 2)),
    lambda: nn.AvgPool2d(4)(torch.ones(1, 1, 2, 2)),
    lambda: F.max_pool1d(torch.ones(1, 1, 2), 3),
    lambda: torch.matmul(torch.ones(2, 3), torch.ones(4, 5)),
    lambda: torch.mm(torch.ones(2, 3), torch.ones(4, 5)),
    lambda: nn.Linear(3, 4)(torch.ones(2, 5)),
    lambda: nn.Conv2d(3, 4, 3)(torch.ones(1, 2, 5, 5)),
    lambda: nn.Conv2d(3, 4, 3)(torch.ones(1, 3, 2, 2)),
    lambda: torch.cat([torch.ones(2, 3), torch.ones(2, 4)]),
    lambda: torch.ones(2, 3).view(4),
    lambda: torch.ones(2, 3) + torch.ones(4),
    lambda: nn.LayerNorm(4)(torch.ones(2, 3)),
    lambda: nn.BatchNorm1d(4)(torch.ones(2, 3)),
    lambda: F.cross_entropy(torch.ones(2, 3), torch.tensor([0, 5])),
    lambda: torch.ones(2, 3)[2],
    lambda: torch.ones(2, 3).reshape(-1, 4),
    lambda: torch.stack([torch.ones(2), torch.ones(3)]),
    lambda: torch.ones(2, 3).permute(0),
    lambda: torch.ones(2, 3).transpose(0, 2),
    lambda: torch.ones(2, 3).expand(3, 3),
    lambda: torch.gather(torch.ones(2, 3), 1, torch.tensor([[5]])),
    lambda: F.mse_loss(torch.ones(2), torch.ones(3)),
    lambda: torch.ones(3).unsqueeze(3),
    lambda: F.softmax(torch.ones(2, 3), dim=2),
    lambda: nn.Embedding(5, 2)(torch.tensor([1.0])),
    lambda: torch.ones(2, 2).masked_fill(torch.ones(3, 3).bool(), 0),
]
for i, c in enumerate(cases):
    try:
        c()
        print(i, "no error")
    except Exception as e:
        print(i, type(e).__name__, str(e).split("\n")[0][:150])
more = [
    lambda: print(F.max_pool1d(torch.ones(1,1,2),3).shape),
    lambda: F.max_pool1d(torch.ones(1,1,2),3, return_indices=True),
    lambda: F.avg_pool1d(torch.ones(1,1,2),3),
    lambda: F.max_pool3d(torch.ones(1,1,2,2,2),3),
    lambda: torch.broadcast_tensors(torch.ones(2,3), torch.ones(2), torch.ones(4,3)),
    lambda: torch.ones(2,2).masked_fill(torch.ones(2,3).bool(), 0),
    lambda: nn.BatchNorm2d(4)(torch.ones(2,3,2,2)),
    lambda: F.embedding(torch.tensor([[0, 5]]), torch.ones(5, 2)),
    lambda: print(F.embedding(torch.tensor([[0, 4]]), torch.ones(5, 2)).shape),
]
for i, c in enumerate(more):
    try:
        c()
        print(i, "no error")
    except Exception as e:
        print(i, type(e).__name__, str(e).split("\n")[0][:150])
