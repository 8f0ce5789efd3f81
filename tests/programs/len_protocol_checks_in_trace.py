# A Python __len__ is checked as len() checks it, in compiled frames as in
# eager ones: a negative length is ValueError, a float TypeError, True is 1;
# the truth of an object through __len__ raises the same.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


class L:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


def f(x, n):
    try:
        k = len(L(n))
        return x + k, "len ok"
    except ValueError as e:
        return x, "ValueError " + str(e)
    except TypeError as e:
        return x, "TypeError " + str(e)


def g(x, n):
    try:
        if L(n):
            return x + 1, "truthy"
        return x - 1, "falsy"
    except ValueError as e:
        return x, "ValueError " + str(e)
    except TypeError as e:
        return x, "TypeError " + str(e)


for n in (3, 0, -1, True, 2.0):
    for fn in (f, g):
        print(fn.__name__, repr(n), fn(torch.zeros(1), n), C(fn)(torch.zeros(1), n))
