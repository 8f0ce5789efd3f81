# NumPy spellings torch's argument parser accepts (axis=, keepdims=), addmm
# and friends with beta=0 ignoring input's NaN/inf, Tensor.random_ ranges,
# torch.jit's ScriptModule / fork / wait run as Python, and small queries.
import torch
import torch.nn as nn

x = torch.arange(6.0).view(2, 3)
print(torch.cat([x, x], axis=-1).shape, torch.stack([x, x], axis=0).shape)
print(x.sum(axis=1, keepdims=True), x.mean(axis=0), torch.argmax(x, axis=1))
print(x.max(axis=1).values, x.std(axis=0), (x > 4).any(axis=1))
print(x.amax(axis=1, keepdims=True), x.cumsum(axis=1), torch.sum(x, axis=0), x.softmax(axis=1))

inp = torch.tensor([[float("nan"), float("inf")], [1.0, 2.0]])
m = torch.ones(2, 2)
print(torch.addmm(inp, m, m, beta=0), torch.addmm(inp[1], m, m, beta=0, alpha=2))
print(torch.baddbmm(inp.expand(3, 2, 2), m.expand(3, 2, 2), m.expand(3, 2, 2), beta=0).sum())
print(torch.addmv(inp[0], m, torch.ones(2), beta=0))

torch.manual_seed(0)
r = torch.empty(200, dtype=torch.long).random_(5)
print(r.min().item() >= 0, r.max().item() <= 4, r.dtype)
r = torch.empty(200).random_(3, 7)
print(r.min().item() >= 3, r.max().item() <= 6, r.dtype)
r = torch.empty(50).random_()
print(bool((r == r.floor()).all()), r.min().item() >= 0)
try:
    torch.empty(2).random_(5, 5)
except RuntimeError as e:
    print("RuntimeError", str(e)[:40])


class Scripted(torch.jit.ScriptModule):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    @torch.jit.script_method
    def forward(self, v):
        return self.lin(v).sum()


s = Scripted()
print(isinstance(s, nn.Module), len(list(s.parameters())))
fut = torch.jit.fork(lambda a, b: a + b, torch.ones(2), b=torch.ones(2))
print(torch.jit.wait(fut))
print(torch._shape_as_tensor(x), torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(True, warn_only=True)
print(torch.is_deterministic_algorithms_warn_only_enabled(), torch.are_deterministic_algorithms_enabled())
torch.use_deterministic_algorithms(False)
print(torch.is_deterministic_algorithms_warn_only_enabled(), torch.autograd._profiler_enabled())
print(type(torch.seed()).__name__, isinstance(torch.ones(2).data_ptr(), int))
print(x.storage_offset(), x[1].storage_offset(), x[1:, 1:].storage_offset())
