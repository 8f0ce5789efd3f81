import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self, d_in=6, n_classes=4):
        super().__init__()
        self.net = nn.Sequential(
            nn.Flatten(),
            nn.Linear(d_in, 8),
            nn.ELU(),
            nn.Linear(8, 8),
            nn.Softplus(),
            nn.Dropout(0.2),
            nn.Linear(8, n_classes),
            nn.LogSoftmax(dim=-1),
        )

    def forward(self, x):
        return self.net(x)


head = Head()
with torch.no_grad():
    for i, p in enumerate(head.parameters()):
        p.copy_(torch.cos(torch.arange(p.numel(), dtype=torch.float32) + i).reshape(p.shape) * 0.4)
head.eval()
x = torch.linspace(-1, 1, 12).reshape(2, 3, 2)
with torch.no_grad():
    logp = head(x)
print(head)
print(logp)
print(torch.allclose(logp.exp().sum(dim=-1), torch.ones(2)))
target = torch.tensor([1, 3])
print(nn.NLLLoss()(logp, target), F.nll_loss(logp, target, reduction='sum'))
print(nn.NLLLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.0]))(logp, target))
probs = torch.sigmoid(torch.tensor([0.2, -1.0, 3.0]))
labels = torch.tensor([1.0, 0.0, 1.0])
print(nn.BCELoss()(probs, labels), F.binary_cross_entropy(probs, labels, reduction='none'))
print(nn.BCEWithLogitsLoss()(torch.tensor([0.2, -1.0, 3.0]), labels))
print(F.binary_cross_entropy_with_logits(torch.tensor([0.2, -1.0, 3.0]), labels, pos_weight=torch.tensor([2.0, 1.0, 1.0])))
pred = logp.argmax(dim=1)
print(pred, (pred == target).sum().item(), f'{(pred == target).float().mean().item():.2f}')
