# Docstrings: a function's, a method's and a class's __doc__ (timm's model
# registry and argparse help read them); None without one, and a class does
# not inherit its base's.
def f():
    "doc of f"
    return 1


def g():
    x = "not a docstring"
    return x


class C:
    """doc of C

    second line
    """

    def m(self):
        """m doc"""

    @staticmethod
    def s():
        "static doc"

    @property
    def p(self):
        "property doc"
        return 1


class D(C):
    pass


print(repr(f.__doc__), repr(g.__doc__), repr((lambda: 1).__doc__))
print(repr(C.__doc__), repr(C.m.__doc__), repr(C().m.__doc__), repr(C.s.__doc__))
print(repr(D.__doc__), repr(D().__doc__), "__doc__" in vars(D), "__doc__" in vars(C))
registry = {fn.__name__: (fn.__doc__ or "").strip().split("\n")[0] for fn in (f, g, C.m)}
print(registry)
