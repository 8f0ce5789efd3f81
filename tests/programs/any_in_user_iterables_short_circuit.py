# any()/all() and `in` over an object whose __iter__ is a generator stop at
# the first deciding item, as CPython's do: the generator body runs no further.
LOG = []


class It:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        for v in self.items:
            LOG.append(v)
            yield v


def check(label, fn):
    LOG.clear()
    print(label, fn(), LOG)


check("any", lambda: any(It([0, 1, 2])))
check("all", lambda: all(It([1, 0, 2])))
check("in", lambda: 1 in It([0, 1, 2]))
check("not in", lambda: 5 not in It([0, 1, 2]))
check("any iter", lambda: any(iter(It([0, 1, 2]))))
check("any empty", lambda: any(It([])))
check("all empty", lambda: all(It([])))
try:
    any(object())
except TypeError as e:
    print("TypeError", e)
