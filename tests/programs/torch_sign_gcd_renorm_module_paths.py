# signbit (with -0.0), copysign (scalar and tensor signs, integer inputs),
# gcd/lcm (broadcast, zeros, negatives, the float error), renorm, masked_scatter
# (broadcast mask, in place, too few source elements), hinge_embedding_loss and
# nn.HingeEmbeddingLoss, and the torch.nn.modules.<file> paths classes report
# as __module__ (type(m) prints them).
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([[1.5, -0.0, 0.0], [-2.0, 3.0, -4.5]])
print(torch.signbit(x))
print(x.signbit(), torch.signbit(torch.tensor([-3, 0, 2])))
print(torch.copysign(x, -1))
print(torch.copysign(x, torch.tensor([-1.0, 1.0, -0.0])))
print(torch.copysign(torch.tensor([1, -2, 3]), torch.tensor([-1, -1, 1])))
print(x.copysign(2.0).dtype, torch.copysign(x, torch.tensor([1.0], dtype=torch.float64)).dtype)

a = torch.tensor([12, -18, 0, 7, 0])
b = torch.tensor([8, 24, 5, 0, 0])
print(torch.gcd(a, b), torch.lcm(a, b))
print(a.gcd(torch.tensor(6)), torch.gcd(torch.tensor([[4], [9]]), torch.tensor([6, 15])))
attempt("gcd float", lambda: torch.gcd(torch.tensor([1.0]), torch.tensor([2.0])))

m = torch.arange(12.0).reshape(3, 4)
print(torch.renorm(m, 2, 0, 5))
print(m.renorm(1, 1, 6.0))
print(torch.renorm(m, float("inf"), 0, 3))

mask = torch.tensor([[True, False, True], [False, True, False]])
print(torch.zeros(2, 3).masked_scatter(mask, torch.tensor([1.0, 2.0, 3.0, 4.0])))
print(torch.zeros(2, 3).masked_scatter(torch.tensor([True, False, True]), torch.arange(6.0)))
y = torch.ones(2, 3)
y.masked_scatter_(mask, torch.tensor([7.0, 8.0, 9.0]))
print(y)
attempt("masked_scatter short", lambda: torch.zeros(2, 3).masked_scatter(mask, torch.tensor([1.0])))

inp = torch.tensor([[0.3, -1.2, 2.0], [0.9, 0.1, -0.4]])
tgt = torch.tensor([[1, -1, -1], [-1, 1, 1]])
print(F.hinge_embedding_loss(inp, tgt))
print(F.hinge_embedding_loss(inp, tgt, margin=0.5, reduction="none"))
print(F.hinge_embedding_loss(inp, tgt, reduction="sum"))
print(nn.HingeEmbeddingLoss(margin=2.0)(inp, tgt), nn.HingeEmbeddingLoss())

for cls in (nn.Linear, nn.Conv2d, nn.ReLU, nn.GELU, nn.MultiheadAttention, nn.CrossEntropyLoss, nn.MSELoss,
            nn.Sequential, nn.ModuleList, nn.ModuleDict, nn.MaxPool2d, nn.AdaptiveAvgPool2d, nn.BatchNorm1d,
            nn.InstanceNorm2d, nn.LayerNorm, nn.GroupNorm, nn.Dropout, nn.Embedding, nn.LSTM, nn.GRUCell,
            nn.TransformerEncoderLayer, nn.Flatten, nn.ZeroPad2d, nn.PixelShuffle, nn.Upsample,
            nn.CosineSimilarity, nn.Fold, nn.Identity, nn.Module, nn.SoftMarginLoss, nn.HingeEmbeddingLoss):
    print(cls.__name__, cls.__module__)
print(type(nn.Linear(2, 2)), type(nn.Sequential()))
print(type(nn.Parameter(torch.ones(1))), type(torch.ones(1)))


class Mine(nn.Module):
    pass


print(Mine.__module__, type(Mine()).__name__)
