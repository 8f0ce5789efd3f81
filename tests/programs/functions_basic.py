def add(a, b):
    return a + b
def no_return():
    x = 1
def early(n):
    if n:
        return "early"
    return "late"
print(add(2, 3), add("a", "b"), no_return(), early(1), early(0))
def defaults(a, b=10, c="c"):
    return a, b, c
print(defaults(1), defaults(1, 2), defaults(1, c="x"), defaults(a=5, b=6, c=7))
def varargs(*args):
    return args
print(varargs(), varargs(1), varargs(1, 2, 3), varargs(*[4, 5], 6))
def mixed(a, *rest, key="k", **extra):
    return a, rest, key, extra
print(mixed(1, 2, 3, key="z", other=9))
print(mixed(*(1, 2), **{"key": "kw", "q": 1}))
def kwonly(a, *, b, c=3):
    return a + b + c
print(kwonly(1, b=2), kwonly(1, c=10, b=1))
def returns_tuple():
    return 1, 2
x, y = returns_tuple()
print(x, y, returns_tuple())
print(add.__name__, kwonly.__defaults__, defaults.__defaults__)
