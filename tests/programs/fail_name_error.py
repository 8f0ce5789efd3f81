def f():
    print("before")
    return y
f()
