# expect: 1 RecursionError: maximum recursion depth exceeded
def f(n):
    return f(n + 1)
f(0)
