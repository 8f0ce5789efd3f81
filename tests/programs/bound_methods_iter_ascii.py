# Bound methods compare and hash as CPython's (the same object by identity,
# equal functions); iter(callable, sentinel); ascii().
class C:
    def m(self):
        return 1

    def n(self):
        return 2


c, d = C(), C()
a, b = c.m, c.m
print(a is b, a == b, a != b, c.m == d.m, c.m == c.n, hash(a) == hash(b))
print([a].index(b), [a].count(b), b in [a], {a: 1}.get(b), len({c.m, c.m, d.m}))

stream = iter([3, 2, 1, 0, 5])
print(list(iter(lambda: next(stream), 0)), list(stream))
count = [0]


def tick():
    count[0] += 1
    return count[0]


print([v for v in iter(tick, 4)])
try:
    iter(5, 0)
except TypeError as e:
    print("TypeError", e)
print(ascii("héllo ☃ \U0001f600"), ascii([1, "é"]), ascii("plain"))
