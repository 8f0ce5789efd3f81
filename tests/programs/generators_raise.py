def g():
    yield 1
    x = 1 / 0
    yield x

def h():
    yield from g()

for v in h():
    print(v)
