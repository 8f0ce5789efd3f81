def g(a, b, c):
    return a + b + c
g(1)
