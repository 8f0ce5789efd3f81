def f():
    raise KeyError
f()
