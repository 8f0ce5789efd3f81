def trace(fn):
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__, args, kwargs)
        return fn(*args, **kwargs)
    return wrapper
def times(n):
    def deco(fn):
        def run(*args):
            return [fn(*args) for _ in range(n)]
        return run
    return deco
@trace
def add(a, b):
    return a + b
@times(3)
def hello(name):
    return "hi " + name
@trace
@times(2)
def both(x):
    return x * 2
print(add(1, b=2))
print(hello("bob"))
print(both(5))
def register(registry):
    def deco(fn):
        registry[fn.__name__] = fn
        return fn
    return deco
table = {}
@register(table)
def alpha():
    return "a"
print(sorted(table), table["alpha"]())
