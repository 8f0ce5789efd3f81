# cls.__bases__ = ...: fairseq's @with_incremental_state puts a mixin in
# front of a class's bases. The MRO, isinstance, super() and attribute
# lookup follow, for the class and its subclasses; CPython's checks refuse
# bad tuples, cycles, duplicates, a changed layout and a broken MRO.
class Base:
    def __init__(self):
        self.base_init = True

    def who(self):
        return "base"


class Mixin:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mixin_init = True

    def hello(self):
        return "mixin"

    def who(self):
        return "mixin>" + super().who()


def with_mixin(cls):
    cls.__bases__ = (Mixin,) + tuple(b for b in cls.__bases__ if b != Mixin)
    return cls


@with_mixin
class A(Base):
    def __init__(self):
        super().__init__()


class Sub(A):
    pass


a = A()
print([c.__name__ for c in A.__mro__], [c.__name__ for c in A.__bases__])
print(isinstance(a, Mixin), hasattr(a, "mixin_init"), hasattr(a, "base_init"), a.hello(), a.who())
print([c.__name__ for c in Sub.__mro__], issubclass(Sub, Mixin), Sub().who())
print(Mixin.__subclasses__() == [A], Base.__subclasses__() == [A])


# A subclass made before the change sees it too.
class Other:
    def who(self):
        return "other"


class Leaf(Sub):
    def who(self):
        return "leaf>" + super().who()


leaf = Leaf()
print(leaf.who())
A.__bases__ = (Other,)
print(leaf.who(), [c.__name__ for c in Leaf.__mro__], isinstance(leaf, Base))
A.__bases__ = (Mixin, Base)
print(leaf.who(), [c.__name__ for c in Leaf.__mro__])


class X:
    pass


class Y(X):
    pass


for new in [(), [Mixin], (1,), (Sub,), (Mixin, Mixin), (object,), (int,), (X, Y)]:
    try:
        A.__bases__ = new
        print("ok", [c.__name__ for c in A.__mro__])
    except TypeError as e:
        print("TypeError:", e)
print([c.__name__ for c in A.__mro__], [c.__name__ for c in Leaf.__mro__])


class Plain:
    pass


try:
    Plain.__bases__ = (Mixin,)
except TypeError as e:
    print("TypeError:", e)
try:
    object.__bases__ = (Mixin,)
except TypeError as e:
    print("TypeError:", e)
