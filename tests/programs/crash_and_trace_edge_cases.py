# Self-referential dicts compared raise RecursionError (no crash); a function's
# __code__/__defaults__ take only what CPython's do; zip() with no iterables and
# f-string !a conversions give the eager values in compiled frames.
import torch
from collections import OrderedDict

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

for make in (dict, OrderedDict):
    x, y = make(), make()
    x["foo"] = x
    y["foo"] = y
    try:
        print(x == y)
    except RecursionError:
        print("RecursionError")


def dd(t, k=1):
    return t + k


co = C(lambda t: dd(t))
print(co(torch.ones(2)))
for value in (None, 3, (lambda a, b: 0).__code__):
    try:
        dd.__code__ = value
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    dd.__defaults__ = [1]
except TypeError as e:
    print("TypeError", e)
dd.__defaults__ = (5,)
print(co(torch.ones(2)))
dd.__code__ = (lambda t, k=0: t * 10 + k).__code__
print(co(torch.ones(2)))
dd.__code__ = (lambda: 0).__code__
try:
    dd(1)
except TypeError as e:
    print("TypeError", e)


def z(x):
    return x + 1, list(zip()), list(zip([], [1]))


def fa(x, v):
    s = f"{3.14!a:10.10}|{v!a:>8}|{v!a}"
    return (x + len(s)) if s.startswith("3") else x - 1, s


for fn, args in ((z, (torch.zeros(1),)), (fa, (torch.zeros(1), "é"))):
    print(fn(*args), C(fn)(*args))
