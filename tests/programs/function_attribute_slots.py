# A function's __name__, __qualname__, __doc__ and __module__ are slots:
# assigning them does not put them in __dict__, and functools.wraps copies
# them (also in a compiled frame, after another attribute was set).
import functools


def f():
    """The docstring."""


def show(fn):
    print(fn.__name__, fn.__qualname__, fn.__doc__, fn.__module__, sorted(fn.__dict__))


show(f)
f.__doc__ = "changed"
f.__name__ = "g"
f.__qualname__ = "outer.g"
f.__module__ = "elsewhere"
f.tag = 1
show(f)
for bad in (3, None):
    try:
        f.__name__ = bad
    except TypeError as e:
        print("TypeError:", e)
    try:
        f.__qualname__ = bad
    except TypeError as e:
        print("TypeError:", e)
f.__doc__ = None
f.__module__ = None
show(f)
print(repr(f).split(" at ")[0])


def build():
    def inner():
        """inner doc"""
    inner.attr = "x"

    @functools.wraps(inner)
    def wrapper():
        pass
    show(wrapper)
    print(wrapper.__wrapped__ is inner, wrapper.attr)
    inner.__doc__ = "other"
    show(inner)
    return wrapper


w = build()
show(w)
print(w.__wrapped__.__doc__)
