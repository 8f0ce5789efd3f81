# expect: 1 RecursionError
def rec(n):
    yield n
    yield from rec(n + 1)

for v in rec(0):
    pass
