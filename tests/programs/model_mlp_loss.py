import torch
import torch.nn as nn
import torch.nn.functional as F


def init_(model):
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            n = p.numel()
            p.copy_(((torch.arange(n, dtype=torch.float32) % 7 - 3) * 0.05 + 0.01 * i).reshape(p.shape))


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, n_classes, p_drop=0.1):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.act = nn.GELU()
        self.drop = nn.Dropout(p_drop)
        self.fc2 = nn.Linear(d_hidden, n_classes)

    def forward(self, x):
        return self.fc2(self.drop(self.act(self.fc1(x))))


model = MLP(4, 8, 3)
init_(model)
model.eval()
print(model)
x = torch.tensor([[0.5, -1.0, 2.0, 0.0], [1.5, 0.25, -0.5, 1.0], [-2.0, 1.0, 0.5, -0.5]])
y = torch.tensor([0, 2, 1])
with torch.no_grad():
    logits = model(x)
print(logits)
loss = F.cross_entropy(logits, y)
print(round(loss.item(), 4))
print(nn.CrossEntropyLoss()(logits, y))
print(F.cross_entropy(logits, y, reduction='none'))
print(F.cross_entropy(logits, y, reduction='sum'))
print(F.cross_entropy(logits, y, label_smoothing=0.1))
preds = logits.argmax(dim=-1)
print(preds, (preds == y).float().mean().item())
print(F.mse_loss(logits, torch.zeros_like(logits)))
print(nn.MSELoss(reduction='sum')(logits, torch.ones(3, 3)))
print(F.log_softmax(logits, dim=1))
print(F.nll_loss(F.log_softmax(logits, dim=1), y))
print(F.gelu(x), F.gelu(x, approximate='tanh'))
print(nn.GELU(approximate='tanh'))
n_params = sum(p.numel() for p in model.parameters())
print('params', n_params)
