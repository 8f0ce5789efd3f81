# Generators inside functions that run compiled (--compile-all): breaks inside
# generator bodies, generators crossing graph breaks, mutation between calls.
import torch


def scaled(xs, k):
    for x in xs:
        yield x * k


def noisy(xs):
    for x in xs:
        print("yielding", x.shape)
        yield x + 1


def consume(ts, k):
    g = scaled(ts, k)
    first = next(g)
    print("after first")
    rest = list(g)
    return first, rest


def mixed(ts):
    total = sum(noisy(ts))
    return total * 2


def stateful(cfg, x):
    return sum(x * w for w in cfg["weights"]) + len([1 for _ in range(cfg["n"])])


ts = [torch.ones(2), torch.arange(2.0)]
print(consume(ts, 3))
print(mixed(ts))
cfg = {"weights": [1.0, 2.0], "n": 2}
x = torch.tensor([1.0, -1.0])
print(stateful(cfg, x))
cfg["weights"].append(3.0)
print(stateful(cfg, x))
cfg["n"] = 5
print(stateful(cfg, x))


def pipeline(ts):
    doubled = (t * 2 for t in ts)
    kept = (t for t in doubled if t.sum() > 0)
    return [t.tolist() for t in kept]


print(pipeline([torch.ones(2), -torch.ones(2), torch.zeros(2) + 3]))


def gen_with_state():
    seen = []
    for i in range(3):
        seen.append(i)
        yield torch.tensor(float(len(seen)))


def use_state():
    out = []
    for t in gen_with_state():
        out.append(t.item())
    return out


print(use_state())
