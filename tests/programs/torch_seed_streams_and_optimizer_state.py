# Seeds give distinct streams (0, 1 and 2**31 too) and no small seed starts
# near zero (standin's stream differs from torch's, so only these properties
# are printed); torch.Generator().manual_seed(s) likewise. Optimizer.state is
# a defaultdict(dict), as custom optimizers (Lion, SAM) index it directly.
import torch
from torch.optim import Optimizer

rows = []
for s in (0, 1, 2, 3, 42, 2**31, 2**40 + 7):
    torch.manual_seed(s)
    rows.append(tuple(torch.rand(3).tolist()))
print("distinct streams:", len(set(rows)), "of", len(rows))
print("first draws < 0.001:", sum(r[0] < 0.001 for r in rows))
torch.manual_seed(5)
a = torch.rand(4)
torch.manual_seed(5)
print("same seed, same stream:", torch.equal(a, torch.rand(4)))
g0 = torch.Generator().manual_seed(0)
g1 = torch.Generator().manual_seed(1)
print("generators differ:", not torch.equal(torch.rand(4, generator=g0), torch.rand(4, generator=g1)))
print("randperm differs:", torch.randperm(10, generator=torch.Generator().manual_seed(0)).tolist() !=
      torch.randperm(10, generator=torch.Generator().manual_seed(1)).tolist())


class SignSGD(Optimizer):
    def __init__(self, params, lr=0.1):
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if len(state) == 0:
                    state["n"] = 0
                state["n"] += 1
                p.add_(p.grad.sign(), alpha=-group["lr"])


w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
opt = SignSGD([w])
w.grad = torch.tensor([0.5, -0.5])
opt.step()
opt.step()
print([round(v, 4) for v in w.tolist()], opt.state[w]["n"], type(opt.state).__name__)
print(sorted(opt.state_dict()["state"][0].keys()), len(opt.state))
sgd = torch.optim.SGD([w], lr=0.1, momentum=0.9)
print(type(sgd.state).__name__, len(sgd.state))
sgd.step()
print(len(sgd.state), sorted(sgd.state[w].keys()))
