# Class statements with keywords: metaclass=ABCMeta (abc's), metaclass=type,
# and PEP 487 keywords passed to a base's
# __init_subclass__ (and rejected when no base takes them).
import abc
from abc import ABCMeta, abstractmethod


class Base(metaclass=ABCMeta):
    @abstractmethod
    def f(self):
        ...

    def twice(self):
        return 2 * self.f()


class Impl(Base):
    def f(self):
        return 3


print(Impl().f(), Impl().twice(), isinstance(Impl(), Base), issubclass(Impl, Base))


class Plain(object, metaclass=type):
    x = 1


print(Plain.__name__, Plain.x, Plain.__bases__)


class Registry:
    subs = []

    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw)
        Registry.subs.append((cls.__name__, tag))


class A(Registry, tag="a"):
    pass


class B(Registry):
    pass


class C(A, tag="c"):
    pass


print(Registry.subs)
try:
    class D(flag=1):
        pass
except TypeError as e:
    print("TypeError", e)


class WithBoth(Registry, metaclass=type, tag=42):
    def method(self):
        return self.__class__.__name__


print(WithBoth().method(), Registry.subs[-1])
