import torch
from torch import nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)
        self.scale = 2.0

    def forward(self, x):
        return F.softmax(self.fc2(self.act(self.fc1(x))) * self.scale, dim=-1)


torch.manual_seed(0)
model = MLP()
with torch.no_grad():
    model.fc1.weight.copy_(torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [-0.7, 0.8, 0.9], [0.05, 0.1, 0.15]]))
    model.fc1.bias.copy_(torch.tensor([0.1, 0.0, -0.1, 0.2]))
    model.fc2.weight.copy_(torch.tensor([[1.0, -1.0, 0.5, 0.25], [-0.5, 0.5, 1.0, -1.0]]))
    model.fc2.bias.copy_(torch.tensor([0.0, 0.1]))
    x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
    print(model(x))
    print(model)
print([name for name, _ in model.named_parameters()])
print([tuple(p.shape) for p in model.parameters()])
print(model.training, model.eval().training, model.fc1.training, model.train().fc2.training)
print(len(list(model.children())), [type(m).__name__ for m in model.modules()])
seq = nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1))
with torch.no_grad():
    seq[0].weight.copy_(torch.tensor([[1.0, 0.5], [-0.5, 1.0]]))
    seq[0].bias.fill_(0.1)
    seq[2].weight.copy_(torch.tensor([[2.0, -1.0]]))
    seq[2].bias.zero_()
    print(seq(torch.tensor([[0.5, -0.5]])), len(seq))
print(seq)
layers = nn.ModuleList([nn.ReLU(), nn.Sigmoid()])
print(layers, len(layers), [type(m).__name__ for m in layers])
