# A dict read from outside is guarded on its key set only where the trace
# depends on it: each of these reads the key set (length, order, membership,
# iteration, copies, unpacking), so adding, removing or reordering keys
# between calls must recompile; d['a'] alone does not depend on the others.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

cfg = {"a": 1, "b": 2, "c": 3}


def kw(**kwargs):
    return sorted(kwargs.items())


readers = {
    "len": lambda x: x * len(cfg),
    "iter": lambda x: [k for k in cfg],
    "list": lambda x: list(cfg),
    "keys": lambda x: list(cfg.keys()),
    "values": lambda x: list(cfg.values()),
    "items": lambda x: list(cfg.items()),
    "in_present": lambda x: x + ("b" in cfg),
    "in_absent": lambda x: x + ("z" in cfg),
    "not_in": lambda x: x + ("z" not in cfg),
    "get_absent": lambda x: x + cfg.get("z", 10),
    "get_present": lambda x: x + cfg.get("a", 10),
    "getitem": lambda x: x + cfg["a"],
    "bool": lambda x: x + (1 if cfg else 0),
    "eq": lambda x: x + (cfg == {"a": 1, "b": 2, "c": 3}),
    "sorted": lambda x: sorted(cfg),
    "dict": lambda x: dict(cfg),
    "splat": lambda x: {**cfg},
    "or": lambda x: cfg | {"q": 0},
    "max": lambda x: max(cfg),
    "tuple": lambda x: tuple(cfg),
    "copy": lambda x: cfg.copy(),
    "kwargs": lambda x: kw(**cfg),
    "set": lambda x: sorted(set(cfg)),
    "enumerate": lambda x: list(enumerate(cfg)),
    "zip": lambda x: list(zip(cfg, range(5))),
    "sum_values": lambda x: x + sum(cfg.values()),
    "keys_in": lambda x: x + ("c" in cfg.keys()),
    "any": lambda x: any(k == "c" for k in cfg),
}


def show(v):
    return v.tolist() if isinstance(v, torch.Tensor) else v


mutations = [
    ("add d", lambda: cfg.__setitem__("d", 4)),
    ("drop c", lambda: cfg.pop("c")),
    ("reorder a", lambda: cfg.__setitem__("a", cfg.pop("a"))),
    ("drop b", lambda: cfg.pop("b")),
    ("add z", lambda: cfg.__setitem__("z", 26)),
    ("set a", lambda: cfg.__setitem__("a", 5)),
]

x = torch.zeros(1)
for name, fn in readers.items():
    cfg.clear()
    cfg.update({"a": 1, "b": 2, "c": 3})
    compiled = C(fn)
    print(name, show(compiled(x)))
    for label, mutate in mutations:
        mutate()
        eager, got = show(fn(x)), show(compiled(x))
        print("  ", label, got, "ok" if eager == got else "MISMATCH eager=" + repr(eager))
