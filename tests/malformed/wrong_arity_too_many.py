# expect: 1 TypeError: f() takes 1 positional argument but 3 were given
def f(a):
    return a
f(1, 2, 3)
