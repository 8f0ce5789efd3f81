# __new__ written in Python: object.__new__(cls) and super().__new__(cls)
# make the bare object, __init__ runs on it when it is an instance of the
# class (not when __new__ returns something else), singletons, subclasses
# inheriting __new__, object.__new__ refusing a built-in type.
class A:
    def __new__(cls, *args):
        inst = super().__new__(cls)
        inst.made = True
        return inst

    def __init__(self, v):
        self.v = v


a = A(3)
print(a.made, a.v, type(a).__name__)


class B(A):
    def __init__(self, v):
        super().__init__(v * 2)


b = B(4)
print(b.made, b.v, type(b).__name__, isinstance(b, A))


class Single:
    _inst = None

    def __new__(cls):
        if cls._inst is None:
            cls._inst = object.__new__(cls)
            cls._inst.count = 0
        return cls._inst

    def __init__(self):
        self.count += 1


s1 = Single()
s2 = Single()
print(s1 is s2, s1.count)


class Elsewhere:
    def __new__(cls):
        return [1, 2]

    def __init__(self):
        print("never")


print(Elsewhere())


class Bare:
    def __init__(self):
        self.x = 1


o = object.__new__(Bare)
print(type(o).__name__, hasattr(o, "x"))
try:
    object.__new__(int)
except TypeError as e:
    print("TypeError", e)


class Registry:
    made = []

    def __new__(cls, name):
        inst = super().__new__(cls)
        Registry.made.append(name)
        return inst


Registry("a")
Registry("b")
print(Registry.made)
