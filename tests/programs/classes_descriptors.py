# Descriptors written in Python (__get__/__set__/__delete__, data before the
# instance dict, non-data after), __set_name__, functools.cached_property, and
# __getattribute__ (with __getattr__ behind it, object.__getattribute__ and
# super().__getattribute__), compared with CPython.
import functools
class MyDescriptor:
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get("_value", 0)
    def __set__(self, obj, value):
        obj.__dict__["_value"] = value
    def __delete__(self, obj):
        del obj.__dict__["_value"]
class MyClass:
    prop = MyDescriptor()
    def __init__(self):
        self.prop = 42
o = MyClass()
print(o.prop, sorted(o.__dict__.items()), type(MyClass.prop).__name__)
o.__dict__["prop"] = 5
print(o.prop)
del o.prop
print(o.prop, sorted(o.__dict__.items()))
class NonData:
    def __set_name__(self, owner, name):
        self.name = name
        self.owner = owner.__name__
    def __get__(self, obj, cls):
        return ("nd", self.name, self.owner, obj is None, cls.__name__)
class K:
    nd = NonData()
k = K()
print(k.nd, K.nd)
k.nd = 3
print(k.nd)
class A:
    def __getattribute__(self, name):
        if name == "a":
            return 7
        return object.__getattribute__(self, name)
    def __getattr__(self, name):
        return "missing:" + name
a = A()
a.b = 3
print(a.a, a.b, getattr(a, "a"), hasattr(a, "a"), a.zz, getattr(a, "q", 1))
class B:
    def __getattribute__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return super().__getattribute__(name)
b = B()
b.x = 1
print(b.x, hasattr(b, "_y"), getattr(b, "_y", "dflt"))
try:
    b._y
except AttributeError as e:
    print("AE", e)
class Counter:
    def __init__(self):
        self.calls = 0
    @functools.cached_property
    def heavy(self):
        self.calls += 1
        return [1, 2, 3]
c = Counter()
print(c.heavy, c.heavy, c.calls, 'heavy' in c.__dict__)
del c.heavy
print(c.heavy, c.calls)
class Typed:
    def __init__(self, kind):
        self.kind = kind
    def __set_name__(self, owner, name):
        self.private = "_" + name
    def __get__(self, obj, cls):
        if obj is None:
            return self
        return getattr(obj, self.private)
    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError("expected " + self.kind.__name__)
        setattr(obj, self.private, value)
class P:
    x = Typed(int)
    y = Typed(float)
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm(self):
        return self.x * self.y
p = P(2, 1.5)
print(p.x, p.y, p.norm(), sorted(vars(p)))
try:
    p.x = "s"
except TypeError as e:
    print("TE", e)
class M:
    def method(self):
        return 1
    def __getattribute__(self, n):
        if n == "method":
            return lambda: 99
        return object.__getattribute__(self, n)
print(M().method())
class Base:
    d = Typed(int)
class Derived(Base):
    pass
dd = Derived()
dd.d = 4
print(dd.d, vars(dd), Derived.d is Base.__dict__["d"])
class Shadow:
    def __getattribute__(self, name):
        raise AttributeError("hidden " + name)
s = Shadow()
print(hasattr(s, "x"), getattr(s, "x", None))
try:
    s.x
except AttributeError as e:
    print("AE", e)
class Logged:
    def __init__(self):
        self.seen = []
        self.v = 1
    def __getattribute__(self, name):
        if name != "seen":
            object.__getattribute__(self, "seen").append(name)
        return object.__getattribute__(self, name)
lg = Logged()
lg.v
lg.v
getattr(lg, "v")
print(lg.seen)
try:
    object.__getattribute__(lg, "nope")
except AttributeError as e:
    print("AE", e)
class Once:
    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)
class Holder:
    a = Once()
    b = Once()
