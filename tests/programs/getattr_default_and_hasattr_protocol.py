# getattr(o, name, default) and hasattr run the whole attribute lookup: a
# property's getter (its side effects too), a __getattr__ fallback; an
# AttributeError raised on the way means absent, any other error propagates.
class C:
    def __init__(self):
        self.n = 0

    @property
    def counted(self):
        self.n += 1
        return 1

    @property
    def missing(self):
        raise AttributeError("missing")

    @property
    def bad(self):
        raise ValueError("bad")

    def __getattr__(self, k):
        if k.startswith("x"):
            return len(k)
        raise AttributeError(k)


class D:
    @property
    def missing(self):
        raise AttributeError("missing")


o = C()
print(hasattr(o, "counted"), getattr(o, "counted", 0), o.n)
print(getattr(o, "xyz", 0), hasattr(o, "xa"), hasattr(o, "nope"), getattr(o, "nope", -1))
print(hasattr(o, "missing"), getattr(o, "missing", "d"))
print(getattr(D(), "missing", "e"), hasattr(D(), "missing"))
for probe in (lambda: hasattr(o, "bad"), lambda: getattr(o, "bad", None)):
    try:
        probe()
    except ValueError as e:
        print("ValueError", e)
try:
    getattr(D(), "missing")
except AttributeError as e:
    print("AttributeError", e)
