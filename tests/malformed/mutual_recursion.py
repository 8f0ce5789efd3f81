# expect: 1 RecursionError
def a(n):
    return b(n)
def b(n):
    return a(n)
a(1)
