def f(x):
    return x
print(f(1))
f(1, 2)
