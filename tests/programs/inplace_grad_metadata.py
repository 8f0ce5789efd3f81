# A compiled frame's in-place ops give its inputs the autograd metadata the
# eager ops would (a plain tensor given a value that requires grad records
# the op: requires_grad, not a leaf), and an in-place op on a view of a
# non-leaf input that requires grad runs, as eager.
import torch

C = getattr(torch, "compile", None) or (lambda f, **k: f)
w = torch.ones(2, requires_grad=True)
cases = [
    ('x.add_(w)', lambda x: x.add_(w)),
    ('x.copy_(w)', lambda x: x.copy_(w)),
    ('x.mul_(w)', lambda x: x.mul_(w)),
    ('x.masked_fill_(x == 0, w.sum())', lambda x: x.masked_fill_(x == 0, w.sum())),
    ('x.clamp_(min=w)', lambda x: x.clamp_(min=w)),
    ('x.lerp_(w, 0.5)', lambda x: x.lerp_(w, 0.5)),
    ('x.addcmul_(w, w)', lambda x: x.addcmul_(w, w)),
    ('x.copy_(torch.where(x > 0, x, w))', lambda x: x.copy_(torch.where(x > 0, x, w))),
    ('x[x == 0].sum()', lambda x: x[x == 0].sum()),
]


def run(label, step):
    if hasattr(torch, "_dynamo"):
        torch._dynamo.reset()  # each case compiled afresh (not past the recompile limit)

    def g(x):
        step(x)
        return x.sum()

    X = torch.zeros(2)
    try:
        s = C(g)(X)
        print(label, X.requires_grad, X.is_leaf, s.requires_grad, X.detach().tolist())
    except Exception as e:
        print(label, type(e).__name__)


for label, step in cases:
    run(label, step)


def store_0(x):
    x[0] = w[0]


run('x[0] = w[0]', store_0)


def store_1(x):
    x[:] = w


run('x[:] = w', store_1)


def store_2(x):
    x[torch.tensor([0])] = w[:1]


run('x[torch.tensor([0])] = w[:1]', store_2)


v = torch.ones(2, 2, requires_grad=True)


def view_add(x):
    x[0].add_(1)
    return x


y = C(view_add)(v * 2)
print([round(a, 4) for a in y.detach().flatten().tolist()], y.is_leaf, y.requires_grad)
