import torch
import torch.nn as nn
import torch.nn.functional as F

pred = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
target = torch.tensor([[1.0, -1.0, 0.0], [1.0, 1.0, -2.0]])
print(F.mse_loss(pred, target), F.l1_loss(pred, target), F.smooth_l1_loss(pred, target))
print(F.smooth_l1_loss(pred, target, beta=0.5, reduction='none'), F.huber_loss(pred, target, delta=0.5))
print(nn.L1Loss(reduction='sum')(pred, target), nn.SmoothL1Loss()(pred, target), nn.HuberLoss()(pred, target))
logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3], [-1.0, 3.0, 0.0], [0.0, 0.0, 0.0]])
labels = torch.tensor([0, 2, 1, -100])
print(F.cross_entropy(logits, labels), F.cross_entropy(logits, labels, reduction='none'))
print(F.cross_entropy(logits, torch.tensor([0, 2, 1, 1]), weight=torch.tensor([1.0, 2.0, 3.0])))
print(F.cross_entropy(logits, torch.tensor([0, 2, 1, 1]), label_smoothing=0.2))
print(F.cross_entropy(logits, torch.tensor([0, 2, 1, 1]), weight=torch.tensor([1.0, 2.0, 3.0]), label_smoothing=0.1))
soft = torch.softmax(torch.tensor([[1.0, 0.0, 0.0], [0.0, 2.0, 1.0], [0.5, 0.5, 0.5], [1.0, 1.0, 3.0]]), dim=1)
print(F.cross_entropy(logits, soft), nn.CrossEntropyLoss(label_smoothing=0.1)(logits, soft))
seq = torch.arange(2 * 3 * 4, dtype=torch.float32).reshape(2, 3, 4) / 10
seq_t = torch.tensor([[0, 1, 2, 1], [2, 2, 0, 1]])
print(F.cross_entropy(seq, seq_t), F.cross_entropy(seq, seq_t, reduction='none'))
print(F.cross_entropy(torch.tensor([1.0, 2.0, 0.5]), torch.tensor(1)))
logp = F.log_softmax(logits, dim=-1)
q = torch.tensor([[0.7, 0.2, 0.1], [0.3, 0.3, 0.4], [0.1, 0.8, 0.1], [0.0, 0.5, 0.5]])
print(F.kl_div(logp, q, reduction='batchmean'), F.kl_div(logp, q, reduction='sum'), nn.KLDivLoss(reduction='none')(logp, q))
print(F.kl_div(logp, torch.log(q + 1e-9), reduction='mean', log_target=True))
try:
    F.cross_entropy(logits, torch.tensor([0, 5, 1, 1]))
except IndexError as e:
    print('IndexError', e)
try:
    F.nll_loss(logp, torch.tensor([0, 1]))
except ValueError as e:
    print('ValueError', e)
try:
    F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1.0]))
except ValueError as e:
    print('ValueError', e)
