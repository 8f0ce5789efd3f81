# A generator dropped while paused in a try block is closed at once (its
# finally runs before the code after it), compiled as eagerly; next() of a
# generator that returns gives its value in StopIteration; islice pulls no
# item past its stop.
import itertools

L = []


def lg(tag):
    try:
        yield 1
        yield 2
    finally:
        L.append("fin-" + tag)


def rebound():
    L.append("a")
    g = lg("a")
    next(g)
    g = None
    L.append("a-after")


def broken_loop():
    L.append("brk")
    for v in lg("brk"):
        break
    L.append("brk-after")


def temporary():
    L.append("c")
    first = next(lg("c"))
    L.append("c-after %d" % first)


def early_any():
    L.append("e")
    x = any(v > 0 for v in lg("e"))
    L.append("e-after %s" % x)


def zipped():
    L.append("z")
    x = [v for v in zip(lg("z"), [1])]
    L.append("z-after %d" % len(x))


def kept():
    L.append("k")
    g = lg("k")
    next(g)
    L.append("k-held")
    rest = list(g)
    L.append("k-after %d" % len(rest))
    return next(g, "exhausted")


def deleted():
    L.append("d")
    g = lg("d")
    next(g)
    del g
    L.append("d-after")


def gen_ret():
    yield 0
    return 7


def returned():
    L.append("r")
    g = gen_ret()
    out = []
    while True:
        try:
            out.append(next(g))
        except StopIteration as e:
            out.append(("stop", e.value, e.args))
            break
    try:
        next(g)
    except StopIteration as e:
        out.append(("again", e.value, e.args))
    return out


def sliced():
    g = iter(range(10))
    first = list(itertools.islice(g, 2))
    stepped = list(itertools.islice(g, 1, 6, 2))
    return first, stepped, next(g), list(itertools.islice(g, 0)), next(g)


fns = (rebound, broken_loop, temporary, early_any, zipped, kept, deleted, returned, sliced)
try:
    import torch
    compiled = [torch.compile(f) for f in fns] if hasattr(torch, "compile") else list(fns)
except ImportError:
    compiled = list(fns)
for f in compiled:
    for _ in range(2):
        L.clear()
        r = f()
        print(L, r)
