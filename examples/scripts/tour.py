# A tour of the guest language standin runs: the same file runs under CPython
# with PyTorch and prints the same thing (see tour.expected).
import torch
from torch import nn


# --- plain Python: data, functions, closures, classes, exceptions ---------------
def word_counts(text):
    counts = {}
    for word in text.lower().split():
        counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def make_scaler(k):
    def scale(values):
        return [round(v * k, 2) for v in values]
    return scale


class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError(f"{self.owner} cannot withdraw {amount}: balance is {self.balance}")
        self.balance -= amount
        return self.balance

    def __repr__(self):
        return f"Account({self.owner!r}, {self.balance})"


print(word_counts("the cat saw the other cat and the dog"))
print(make_scaler(1.5)([1, 2, 3.3]))
acct = Account("ada", 100)
print(acct.withdraw(30), acct)
try:
    acct.withdraw(500)
except ValueError as e:
    print("refused:", e)
print(f"{sum(i * i for i in range(10)):>6,} | {3.14159:.2f} | {'ok'!r}")


# --- tensors and a small model ------------------------------------------------------
class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(2, 3)
        self.out = nn.Linear(3, 1)

    def forward(self, x):
        return torch.sigmoid(self.out(torch.relu(self.hidden(x))))


net = TinyNet()
with torch.no_grad():
    net.hidden.weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 0.5], [-1.0, 2.0]]))
    net.hidden.bias.copy_(torch.tensor([0.0, 0.1, -0.2]))
    net.out.weight.copy_(torch.tensor([[0.7, -0.3, 0.2]]))
    net.out.bias.fill_(0.05)
    batch = torch.tensor([[1.0, 2.0], [0.5, -0.5], [3.0, 1.0]])
    print(net(batch))
print(net)
x = torch.arange(6.0).reshape(2, 3)
values, indices = x.max(dim=0)
print(x, x.sum(dim=1), x.t() @ x, values, indices)
