# abc: abstract methods (and abstract properties and classmethods) are
# enforced at instantiation, as ABCMeta does; __init_subclass__ chains through
# super(); an ABC with its own __new__.
from abc import ABC, abstractmethod, abstractproperty
import abc
class A(ABC):
    @abstractmethod
    def f(self): ...
    @property
    @abstractmethod
    def g(self): ...
class B(A):
    def f(self): return 1
class C(B):
    @property
    def g(self): return 2
for k in (A, B, C):
    try:
        o = k(); print(k.__name__, "ok", o.f(), o.g)
    except TypeError as e:
        print("TE", e)
print(sorted(A.__abstractmethods__), sorted(B.__abstractmethods__), C.__abstractmethods__)
class D(ABC):
    def __init__(self, v): self.v = v
print(D(3).v)
class E(ABC):
    def __new__(cls, *a):
        o = super().__new__(cls); o.tag = a; return o
    @abstractmethod
    def h(self): pass
class F(E):
    def h(self): return "h"
print(F(1, 2).tag, F().h())
try:
    E()
except TypeError as e:
    print("TE", e)
class M(abc.ABC):
    @classmethod
    @abstractmethod
    def make(cls): ...
try:
    M()
except TypeError as e:
    print("TE", e)
class Base(ABC):
    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw); cls.tag = tag
class Sub(Base, tag="x"):
    pass
print(Sub.tag, Sub().tag)
