# torch's functions take their arguments by their documented keyword names:
# input= for the function form of an op, arange(end=), rand/randn(size=),
# uniform_(from=, to=), linspace(start=, end=, steps=).
import torch
import torch.nn.functional as F


def show(label, f, message=True):
    try:
        v = f()
        print(label, v.tolist() if hasattr(v, "tolist") else v)
    except Exception as e:
        print(label, "ERR", type(e).__name__, e if message else "")


show("arange end", lambda: torch.arange(end=3))
show("arange end dtype", lambda: torch.arange(end=4, dtype=torch.float32))
show("arange start end", lambda: torch.arange(start=1, end=4))
show("arange step", lambda: torch.arange(1, end=4, step=2))
show("linspace", lambda: torch.linspace(start=0, end=1, steps=3))
show("randn size", lambda: torch.randn(size=(2, 3)).shape)
show("rand size", lambda: torch.rand(size=(4,)).shape)
show("randn both", lambda: torch.randn(2, size=(2,)), False)
show("sum input", lambda: torch.sum(input=torch.ones(2), dim=0))
show("softmax input", lambda: torch.softmax(input=torch.ones(2), dim=0))
show("matmul input", lambda: torch.matmul(input=torch.ones(2), other=torch.ones(2)))
show("gather input", lambda: torch.gather(input=torch.arange(4.0), dim=0, index=torch.tensor([2, 0])))
show("mean input", lambda: torch.mean(input=torch.arange(4.0)))
show("exp input", lambda: torch.exp(input=torch.zeros(2)))
show("input twice", lambda: torch.sum(torch.ones(2), input=torch.ones(2)), False)
show("F.softmax input", lambda: F.softmax(input=torch.ones(2), dim=0))
t = torch.empty(1000)
t.uniform_(to=3.0, **{"from": 2.0})
print("uniform_ from/to", bool((t >= 2.0).all()), bool((t < 3.0).all()))
show("uniform_ bad", lambda: torch.empty(2).uniform_(lo=1.0))


def f(n, x):
    return torch.arange(end=n) * torch.sum(input=x)


cf = torch.compile(f) if hasattr(torch, "compile") else f
print(cf(4, torch.ones(3)).tolist(), f(4, torch.ones(3)).tolist())
