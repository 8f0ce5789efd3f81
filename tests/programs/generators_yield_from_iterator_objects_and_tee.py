# yield from an iterator object forwards throw() and close() to its methods
# (PEP 380); a generator dropped while suspended in such a yield from closes
# it; itertools.tee; abc's deprecated abstract decorators; X | Y of classes.
import abc
import itertools


class Delegate:
    def __init__(self, log):
        self.log = log
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n

    def throw(self, typ, val=None, tb=None):
        self.log.append("throw " + type(typ).__name__)
        if isinstance(typ, KeyError):
            raise StopIteration("done")
        return 100

    def close(self):
        self.log.append("close")


def outer(log):
    got = yield from Delegate(log)
    log.append("after " + repr(got))
    yield -1


log = []
g = outer(log)
print(next(g), g.throw(ValueError("v")), next(g))
print(g.throw(KeyError("k")), log)
g.close()
print(log)

log = []
g = outer(log)
print(next(g))
g.close()
print(log)


def run_and_drop(log):
    g = outer(log)
    next(g)
    return "dropped"


log = []
print(run_and_drop(log), log)


class NoThrow:
    def __iter__(self):
        return self

    def __next__(self):
        return 1


def plain():
    yield from NoThrow()


g = plain()
next(g)
try:
    g.throw(ValueError("x"))
except ValueError as e:
    print("ValueError", e)

a, b = itertools.tee(iter([1, 2, 3]))
print(next(a), next(a), list(b), list(a))
x, y, z = itertools.tee(range(4), 3)
print(list(zip(x, y)), list(z))
print(itertools.tee([1], 0))
try:
    itertools.tee([1], -1)
except ValueError as e:
    print("ValueError", e)


class Base(abc.ABC):
    @abc.abstractclassmethod
    def make(cls):
        return cls.__name__

    @abc.abstractstaticmethod
    def helper(v):
        return v * 2

    @abc.abstractproperty
    def size(self):
        return 3


print(Base.make(), Base.helper(4), isinstance(Base.__dict__["size"], property))

print(isinstance(3, int | float), isinstance("s", int | float), isinstance(None, int | None), isinstance(2.5, str | None))
print(issubclass(bool, int | str), issubclass(float, int | str))
print(int | None, int | float | str, (int | float) == (float | int))
print(isinstance(4, (str, int | None)))
