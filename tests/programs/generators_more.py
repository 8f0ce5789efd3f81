class C:
    xs = [1, 2, 3]
    total = sum(x * 2 for x in xs)
    pairs = list((a, b) for a in xs for b in range(a))
print(C.total, C.pairs)

def outer():
    k = 10
    return [list(i + k + j for j in range(2)) for i in range(3)]
print(outer())

def gen_break():
    try:
        for i in range(10):
            yield i
    finally:
        print("cleanup")

for v in gen_break():
    if v == 2:
        break
print("after break")
g = gen_break()
print(next(g))
del g
print("deleted")

def nested():
    def inner(n):
        for i in range(n):
            yield i
    yield from (x * 10 for x in inner(3))
    return "r"
print(list(nested()))

def g3():
    x = yield 1
    print("got", x)
    y = yield x * 2
    print("got", y)
it = g3()
print(next(it), it.send(5))
try:
    it.send(7)
except StopIteration as e:
    print("stop", e.value)

def counter():
    n = 0
    while True:
        cmd = yield n
        if cmd == "reset":
            n = 0
        else:
            n += 1
c = counter()
print(next(c), next(c), next(c), c.send("reset"), next(c))
print(sum(1 for _ in range(100)), min((x for x in [3, 1, 2]), default=0), max((x for x in []), default=-1))
print(list(zip((i for i in range(3)), "abc")), list(enumerate(x for x in "xy")))
print(sorted((y for y in [3, 1, 2]), reverse=True), list(map(str, (i for i in range(3)))), list(filter(None, (i % 2 for i in range(5)))))
print(tuple(reversed([i for i in range(3)])), dict.fromkeys(x for x in "ab"))
gen = (i for i in range(3))
print(3 in gen, 1 in (i for i in range(3)))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
import itertools
print(list(itertools.takewhile(lambda v: v < 50, fib())))
print([x for x in (y * y for y in range(5)) if x % 2 == 0])
def early_return(n):
    if n < 0:
        return
    yield n
print(list(early_return(-1)), list(early_return(3)))
def gen_exc():
    try:
        yield 1
        raise KeyError("k")
    except KeyError as e:
        yield "caught " + str(e)
    yield 3
print(list(gen_exc()))
print(type(x for x in []).__name__, type(fib()).__name__)
lst = [1, 2, 3]
g = (v * 2 for v in lst)
lst.append(4)
print(list(g))
def gen_unpack():
    a, *b = yield
    print(a, b)
u = gen_unpack()
next(u)
try:
    u.send([1, 2, 3])
except StopIteration:
    print("done")
print(all(x for x in []), any(x for x in []), str(list(x for x in "ab")))
print(" ".join(f"{k}={v}" for k, v in {"a": 1, "b": 2}.items()))
