# expect: 1 TypeError: f() got an unexpected keyword argument 'z'
def f(a=1):
    return a
f(z=1)
