# An iterator over a dict (or one of its views) still in use across a graph
# break goes on from where it stood, over the live dict: a later change of
# size raises, a changed value is seen.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def grow_items(d, x):
    it = iter(d.items())
    first = next(it)
    print("break", first)
    d["new"] = 3
    try:
        return list(it), x + 1
    except RuntimeError as e:
        return "RuntimeError: %s" % e, x


def change_values(d, x):
    it = iter(d.values())
    next(it)
    print("break")
    d["b"] = 20
    return list(it), x * 2


def keys_then_more(d, x):
    it = iter(d)
    a = next(it)
    print("break", a)
    b = next(it)
    return a, b, list(it), x.sum()


def made_here(x):
    d = {"p": 1, "q": 2, "r": 3}
    it = iter(d.items())
    next(it)
    print("break")
    d["q"] = 5
    out = [k + str(v) for k, v in it]
    return out, x - 1


x = torch.ones(2)
for fn, arg in ((grow_items, {"a": 1, "b": 2}), (change_values, {"a": 1, "b": 2, "c": 3}),
                (keys_then_more, {"k": 1, "l": 2, "m": 3, "n": 4})):
    for _ in range(2):
        r = C(fn)(dict(arg), x)
        print(fn.__name__, r[:-1], r[-1].tolist() if hasattr(r[-1], "tolist") else r[-1])
r = C(made_here)(x)
print(r[0], r[1].tolist())
