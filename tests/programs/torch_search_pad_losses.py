# The torch functions model and data code reaches for next to the common ops:
# searchsorted/bucketize, take_along_dim, isin, cross, kron, tensordot,
# block_diag, combinations, quantile, the padding layers, distance modules and
# the margin losses, and autocast/GradScaler switched off (a CPU training loop).
import torch
import torch.nn as nn
import torch.nn.functional as F

boundaries = torch.tensor([1.0, 3.0, 5.0, 7.0])
values = torch.tensor([[0.5, 3.0, 6.0], [7.0, 8.0, 1.0]])
print(torch.searchsorted(boundaries, values), torch.searchsorted(boundaries, values, right=True))
print(torch.searchsorted(boundaries, 3.0), torch.searchsorted(boundaries, values, side='right', out_int32=True))
print(torch.bucketize(values, boundaries), torch.bucketize(values, boundaries, right=True))
seqs = torch.tensor([[1, 3, 5], [2, 4, 6]])
print(torch.searchsorted(seqs, torch.tensor([[4], [4]])))

x = torch.arange(12.0).reshape(3, 4)
idx = x.argsort(dim=1, descending=True)
print(torch.take_along_dim(x, idx, dim=1), torch.take_along_dim(x, torch.tensor([0, 5, 11])))
print(torch.take_along_dim(x, x.argmax(dim=1, keepdim=True), dim=1).squeeze(1))
print(torch.isin(torch.tensor([1, 2, 3, 4]), torch.tensor([2, 4])), torch.isin(torch.tensor([1, 2]), torch.tensor([2]), invert=True))
print(torch.argwhere(torch.tensor([[0, 1], [2, 0]])), torch.clamp_min(x[0], 1.5), torch.clamp_max(x[0], 1.5))
print(torch.heaviside(torch.tensor([-1.0, 0.0, 2.0]), torch.tensor([0.5])), torch.sgn(torch.tensor([-2.0, 0.0, 3.0])))

a = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
b = torch.tensor([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
print(torch.cross(a, b, dim=1), torch.linalg.cross(a, b))
print(torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[0, 1], [1, 0]])), torch.kron(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 10.0])))
m = torch.arange(24.0).reshape(2, 3, 4)
n = torch.arange(12.0).reshape(4, 3)
print(torch.tensordot(m, n, dims=([2], [0])), torch.tensordot(torch.ones(2, 3), torch.ones(2, 3), dims=2))
print(torch.block_diag(torch.ones(2, 2), torch.tensor([[5, 6]]), torch.tensor(7)))
print(torch.combinations(torch.tensor([1, 2, 3])), torch.combinations(torch.tensor([1, 2]), with_replacement=True))

data = torch.tensor([[0.5, 2.0, 1.0, 4.0], [3.0, 1.0, 0.0, 2.0]])
print(torch.quantile(data, 0.5), torch.quantile(data, 0.25, dim=1), torch.quantile(data, torch.tensor([0.1, 0.9]), dim=1, keepdim=True))
for how in ['lower', 'higher', 'nearest', 'midpoint']:
    print(how, torch.quantile(data, 0.4, dim=0, interpolation=how))

img = torch.arange(9.0).reshape(1, 1, 3, 3)
for layer in [nn.ZeroPad2d(1), nn.ZeroPad2d((1, 0, 0, 2)), nn.ConstantPad2d(1, -1.0), nn.ReflectionPad2d(1), nn.ReplicationPad2d((0, 1, 1, 0))]:
    print(layer, layer(img)[0, 0])
seq = torch.arange(4.0).reshape(1, 1, 4)
for layer in [nn.ConstantPad1d((1, 2), 3.5), nn.ReflectionPad1d(2), nn.ReplicationPad1d(1)]:
    print(layer, layer(seq))

u = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
v = torch.tensor([[2.0, 0.0, 1.0], [1.0, 1.0, 1.0]])
print(nn.CosineSimilarity(dim=1)(u, v), nn.PairwiseDistance()(u, v), F.pairwise_distance(u, v, p=1.0, keepdim=True))
y = torch.tensor([1.0, -1.0])
print(nn.MarginRankingLoss(margin=0.5)(u[:, 0], v[:, 0], y), F.margin_ranking_loss(u[:, 0], v[:, 0], y, reduction='none'))
print(nn.CosineEmbeddingLoss(margin=0.2)(u, v, y), F.cosine_embedding_loss(u, v, y, reduction='sum'))
w = torch.tensor([[0.0, 1.0, 1.0], [2.0, 2.0, 2.0]])
print(nn.TripletMarginLoss()(u, v, w), F.triplet_margin_loss(u, v, w, margin=2.0, swap=True, reduction='none'))
print(nn.MarginRankingLoss(), nn.CosineEmbeddingLoss(), nn.TripletMarginLoss(), nn.CosineSimilarity(), nn.PairwiseDistance())

# A CPU training loop with mixed precision switched off, as scripts guard it
use_amp = False
scaler = torch.cuda.amp.GradScaler(enabled=use_amp)
with torch.cuda.amp.autocast(enabled=use_amp):
    out = u @ v.T
with torch.autocast('cpu', enabled=False):
    out = out + 1
print(out, scaler.is_enabled(), torch.get_num_threads())
