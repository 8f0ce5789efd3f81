# A submodule registered under two names is under both in _modules, state_dict,
# load_state_dict and repr (named_children/modules/parameters list it once);
# nn modules' forward takes `input` as torch's do; softmax without a dim picks torch's.
import inspect
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2, bias=False)
        self.b = self.a
        self.seq = nn.Sequential(self.a, nn.ReLU(), self.a)


m = M()
print(list(m.state_dict().keys()))
print(m)
print(list(m._modules.keys()), [n for n, _ in m.named_children()], [n for n, _ in m.named_modules()])
print([n for n, _ in m.named_parameters()], len(list(m.parameters())))
print([n for n, _ in m.named_modules(remove_duplicate=False)])
seq = nn.Sequential(m.a, nn.ReLU(), m.a)
print(len(seq._modules), len(seq))
print(seq.load_state_dict({"0.weight": torch.eye(2), "2.weight": torch.eye(2) * 2}))
print(seq(torch.tensor([[1.0, -2.0]])))
layer = nn.Linear(2, 2)
ml = nn.ModuleList([layer] * 3)
print(list(ml.state_dict().keys()), list(ml._modules.keys()))
ml[1] = nn.Identity()
print(ml)
try:
    seq.load_state_dict({"0.weight": torch.eye(2)})
except RuntimeError as e:
    print("RuntimeError", str(e).splitlines()[-1].strip())

x2 = torch.ones(1, 2)
for mod, x in [(nn.Linear(2, 2), x2), (nn.LayerNorm(2), x2), (nn.ReLU(), x2), (nn.GELU(), x2), (nn.Softmax(-1), x2),
               (nn.Sigmoid(), x2), (nn.Tanh(), x2), (nn.Identity(), x2), (nn.SiLU(), x2), (nn.LeakyReLU(), x2),
               (nn.Sequential(nn.Linear(2, 3)), x2), (nn.LogSoftmax(1), x2), (nn.Softmin(1), x2)]:
    print(type(mod).__name__, tuple(mod(input=x).shape), list(inspect.signature(type(mod).forward).parameters))

x = torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
print(F.softmax(x).sum(1).tolist(), F.log_softmax(x).shape, F.softmin(x)[0].tolist())
print(F.softmax(torch.tensor([1.0, 2.0])).tolist(), nn.Softmax()(x).sum(1).tolist(), nn.LogSoftmax()(x).shape)
print(F.softmax(torch.ones(2, 3, 4)).sum(0).tolist()[0][:2])
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
print(torch.equal(C(m.seq)(x2), m.seq(x2)), torch.equal(C(lambda t: F.softmax(t))(x), F.softmax(x)))
