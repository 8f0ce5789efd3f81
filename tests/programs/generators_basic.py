def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"

g = count(3)
print(type(g).__name__)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.args)
print(list(count(5)))
print(sum(x * x for x in range(10)))
print(any(print(i) or i > 2 for i in range(10)))
print(all(x < 3 for x in [1, 2, 5, 1]))

def gen_send():
    total = 0
    while True:
        x = yield total
        if x is None:
            return total
        total += x

s = gen_send()
print(s.send(None))
print(s.send(5))
print(s.send(7))
try:
    s.send(None)
except StopIteration as e:
    print("returned", e.value if hasattr(e, "value") else e.args[0])

def inner():
    yield 1
    yield 2
    return "inner-result"

def outer():
    r = yield from inner()
    print("inner said", r)
    yield from [10, 20]
    yield 3

print(list(outer()))
gx = (i * 2 for i in range(4) if i != 2)
print(next(gx))
print(list(gx))
print(list(gx))

def with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("finally")

for v in with_finally():
    print("got", v)

def raises():
    yield 1
    raise ValueError("boom")

try:
    for v in raises():
        print(v)
except ValueError as e:
    print("caught", e)

def bad():
    yield 1
    raise StopIteration

try:
    list(bad())
except RuntimeError as e:
    print("RuntimeError", e)

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

import itertools
f = fib()
print([next(f) for _ in range(10)])
print(dict((k, v) for k, v in zip("abc", range(3))))
print(sorted(x % 3 for x in range(10)))
print(max(len(w) for w in ["a", "abc", "ab"]))
print(", ".join(str(i) for i in range(5)))
class Tree:
    def __init__(self, v, kids=()):
        self.v = v
        self.kids = kids
    def walk(self):
        yield self.v
        for k in self.kids:
            yield from k.walk()
t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t.walk()))
g = count(2)
print(iter(g) is g)
g.close()
print(list(g))
lam = lambda: (yield 5)
print(list(lam()))
def gen_in_try():
    for i in range(3):
        try:
            yield i
        except ValueError:
            pass
print(list(gen_in_try()))
print(tuple(c.upper() for c in "hey"))
print(set(x for x in [1, 1, 2]))
def running():
    yield next(me)
me = running()
try:
    next(me)
except ValueError as e:
    print("ValueError", e)
