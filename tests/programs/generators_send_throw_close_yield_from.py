# Generator protocol: send, throw, close, yield from delegating each of them,
# PEP 479, `in` over a generator, and try/except/finally inside the body.


def accumulate():
    total = 0
    while True:
        x = yield total
        if x is None:
            return total
        total += x


g = accumulate()
print(next(g), g.send(3), g.send(4))
try:
    g.send(None)
except StopIteration as e:
    print("returned", e.value)

g = accumulate()
try:
    g.send(1)
except TypeError as e:
    print("TypeError:", e)


def guarded(log):
    while True:
        try:
            yield "value"
        except ValueError as e:
            log.append("caught " + str(e))
            yield "recovered"
        finally:
            log.append("finally")


log = []
g = guarded(log)
print(next(g), g.throw(ValueError("bad")), next(g))
g.close()
g.close()
print(log)


def stubborn():
    while True:
        try:
            yield 1
        except GeneratorExit:
            pass


g = stubborn()
next(g)
try:
    g.close()
except RuntimeError as e:
    print("RuntimeError:", e)
kept = [g]  # (collected, it would ignore GeneratorExit again)


def inner(log):
    try:
        x = yield "first"
        log.append(x)
        try:
            yield "second"
        except KeyError:
            log.append("inner caught")
            yield "after throw"
        return "inner result"
    finally:
        log.append("inner closed")


def outer(log):
    r = yield from inner(log)
    log.append("outer got " + str(r))
    yield r
    yield "last"


log = []
g = outer(log)
print(next(g), g.send(3), g.throw(KeyError))
print(next(g), log)
g.close()
print(log)

log = []
g = outer(log)
next(g)
g.close()
print("closed through yield from:", log)

log = []
g = outer(log)
next(g)
try:
    g.throw(IndexError("deep"))
except IndexError as e:
    print("propagated:", e, log)


def leaky():
    yield 1
    raise StopIteration("boom")


g = leaky()
next(g)
try:
    next(g)
except RuntimeError as e:
    print("PEP 479:", e, type(e.__cause__).__name__, e.__suppress_context__)


def chained():
    try:
        raise KeyError("a")
    except KeyError as first:
        try:
            raise ValueError("b")
        except ValueError as second:
            try:
                raise first  # already in second's context chain: the link is cut
            except KeyError as again:
                return again.__context__ is second, second.__context__


print("context cycle cut:", chained())


def numbers():
    yield 1
    yield 2
    yield 3


g = numbers()
print(2 in g, list(g), 1 in numbers(), 9 in numbers())


def unstarted():
    yield 1


g = unstarted()
try:
    g.throw(ValueError("early"))
except ValueError as e:
    print("unstarted throw:", e, list(g))
