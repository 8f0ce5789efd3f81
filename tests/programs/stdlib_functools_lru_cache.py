# functools.lru_cache / cache as CPython keys them: keyword arguments, typed=,
# maxsize eviction (least recently used), cache_clear(), and the wrapped
# function's name.
import functools

calls = []


@functools.lru_cache
def f(x, y=1):
    calls.append((x, y))
    return x * y


print(f(2), f(2), f(2, y=3), f(2, y=3), f(3, 1), calls)
print(f.__name__, f.__wrapped__.__name__)
f.cache_clear()
print(f(2), calls)


@functools.lru_cache(maxsize=2)
def g(n):
    calls.append(n)
    return n + 1


calls.clear()
print(g(1), g(2), g(1), g(3), g(2), g(1), calls)


@functools.lru_cache(maxsize=None, typed=True)
def h(v):
    calls.append(v)
    return repr(v)


calls.clear()
print(h(1), h(1.0), h(1), calls)


@functools.cache
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)


calls.clear()
print(fib(15), len(calls))


@functools.lru_cache(maxsize=0)
def z(n):
    calls.append(n)
    return n


calls.clear()
print(z(1), z(1), calls)
try:
    f([1])
except TypeError as e:
    print("TypeError", e)
