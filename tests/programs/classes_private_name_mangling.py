# Private names: inside a class, __name is _Class__name (attributes, class
# attributes, methods, parameters, locals, nested classes, global statements),
# so a subclass's __name is a different attribute from its base's.


class Base:
    __kind = "base"

    def __init__(self):
        self.__cache = "base cache"

    def base_cache(self):
        return self.__cache, self.__kind

    def __helper(self, __x, *, __y=2):
        __local = __x + __y
        return __local


class Child(Base):
    __kind = "child"

    def __init__(self):
        super().__init__()
        self.__cache = "child cache"

    def child_cache(self):
        return self.__cache, self.__kind

    def call_base_helper(self):
        return self._Base__helper(1), self._Base__helper(1, _Base__y=10)


c = Child()
print(sorted(vars(c)))
print(c.base_cache(), c.child_cache())
print(c.call_base_helper())
print(sorted(k for k in vars(Base) if "Base" in k or "helper" in k))
print(Base._Base__helper.__name__, Base._Base__helper.__code__.co_varnames)
print(hasattr(c, "__cache"), getattr(c, "_Child__cache"))
try:
    c.__cache
except AttributeError as e:
    print("AttributeError:", e)


class __Hidden:
    __x = 1

    class __Inner:
        __y = 2

    def names(self):
        return [k for k in vars(type(self)) if "x" in k], self.__Inner.__name__, self.__Inner.__qualname__


h = __Hidden()
print(h.names(), type(h).__name__)


class Dunder:
    __slots_like__ = "kept"

    def __repr__(self):
        return "Dunder(" + self.__slots_like__ + ")"


print(Dunder(), [k for k in vars(Dunder) if "slots" in k])


class Closures:
    def __init__(self):
        self.__n = 3

    def make(self):
        return lambda: self.__n * 2, [self.__n + i for i in range(2)]

    def call(self, **kw):
        return kw


cl = Closures()
f, xs = cl.make()
print(f(), xs, cl.call(__n=1))


__module_private = "module level"


class UsesGlobal:
    def read(self):
        try:
            return __module_private
        except NameError as e:
            return "NameError: " + str(e)


print(UsesGlobal().read())
