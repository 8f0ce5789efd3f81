# functools.update_wrapper (accelerate's ConvertOutputsToFp32 wraps a
# model's forward in an object), WRAPPER_ASSIGNMENTS; uuid.uuid4 (fairseq
# keys incremental state by it); random.choices and the other seeded
# distributions, which must give python3's stream.
import functools
import random
import uuid


def fwd(x):
    """forward doc"""
    return x * 2


fwd.tag = "kept"


class Wrap:
    def __init__(self, f):
        self.f = f
        functools.update_wrapper(self, f)

    def __call__(self, *a):
        return self.f(*a) + 1


w = Wrap(fwd)
print(w(3), w.__name__, w.__doc__, w.__wrapped__ is fwd, w.tag, w.__qualname__)
print(sorted(functools.WRAPPER_ASSIGNMENTS), functools.WRAPPER_UPDATES)


def outer(fn):
    @functools.wraps(fn)
    def inner(*a):
        return fn(*a) - 1
    return inner


g = outer(fwd)
print(g(5), g.__name__, g.__doc__, g.tag, g.__wrapped__ is fwd)


def only_name(fn):
    def inner():
        return 0
    return functools.update_wrapper(inner, fn, assigned=("__name__",), updated=())


h = only_name(fwd)
print(h.__name__, h.__doc__, hasattr(h, "tag"))

u = uuid.uuid4()
s = str(u)
print(len(s), s.count("-"), [len(p) for p in s.split("-")], s[14], s[19] in "89ab", u.version)
print(len(u.hex), u.hex == s.replace("-", ""), u == uuid.UUID(s), u != uuid.uuid4(), len({uuid.uuid4() for _ in range(50)}))
print(repr(uuid.UUID("12345678-1234-5678-1234-567812345678")), uuid.UUID("{12345678123456781234567812345678}").urn)
print(uuid.UUID("12345678-1234-5678-1234-567812345678").version)
try:
    uuid.UUID("xyz")
except ValueError as e:
    print("ValueError:", e)

random.seed(1234)
print(random.choices(["a", "b", "c"], k=6))
print(random.choices(range(10), weights=[1, 0, 0, 5, 0, 0, 0, 0, 0, 2], k=8))
print(random.choices("xyz", cum_weights=[1, 1, 3], k=5))
rng = random.Random(7)
print([round(rng.normalvariate(0.0, 2.0), 12) for _ in range(3)])
print([round(rng.expovariate(1.5), 12) for _ in range(3)])
print([round(rng.triangular(0.0, 10.0, 2.0), 12) for _ in range(3)], rng.triangular(1.0, 1.0, 1.0))
for bad in [dict(weights=[1, 2]), dict(weights=[0, 0, 0]), dict(weights=[1, 1, 1], cum_weights=[1, 2, 3])]:
    try:
        random.choices("abc", **bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
