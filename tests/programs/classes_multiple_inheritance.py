# Multiple inheritance: C3 method resolution order, cooperative super(),
# mixins, diamonds, __bases__/__mro__, type() with several bases, and the
# errors CPython raises for bases that cannot be combined.


class Base:
    def __init__(self):
        self.log = ['Base']

    def hello(self):
        return 'Base.hello'

    def chain(self):
        return ['Base']


class Left(Base):
    def __init__(self):
        super().__init__()
        self.log.append('Left')

    def chain(self):
        return ['Left'] + super().chain()


class Right(Base):
    def __init__(self):
        super().__init__()
        self.log.append('Right')

    def hello(self):
        return 'Right.hello'

    def chain(self):
        return ['Right'] + super().chain()


class Diamond(Left, Right):
    def __init__(self):
        super().__init__()
        self.log.append('Diamond')

    def chain(self):
        return ['Diamond'] + super().chain()


d = Diamond()
print(d.log)
print(d.chain())
print(d.hello())
print([c.__name__ for c in Diamond.__mro__])
print([c.__name__ for c in Diamond.__bases__])
print(isinstance(d, Left), isinstance(d, Right), isinstance(d, Base), issubclass(Diamond, Right))
print(issubclass(Left, Right), issubclass(Diamond, (int, Right)))


# A mixin that adds a method and a class attribute.
class ReprMixin:
    tag = 'mixin'

    def describe(self):
        return f'{type(self).__name__}({", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items()))})'


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class NamedPoint(Point, ReprMixin):
    def __init__(self, x, y, name):
        super().__init__(x, y)
        self.name = name


p = NamedPoint(1, 2, 'p')
print(p.describe(), p.tag, NamedPoint.tag)
print([c.__name__ for c in NamedPoint.__mro__])


# The classic C3 example (Python's documentation).
class O: pass
class A(O): pass
class B(O): pass
class C(O): pass
class D(O): pass
class E(O): pass
class K1(A, B, C): pass
class K2(D, B, E): pass
class K3(D, A): pass
class Z(K1, K2, K3): pass
print([c.__name__ for c in Z.__mro__])


# super() inside a mixin reaches the next class of the instance's MRO, not
# the mixin's own base.
class Loud:
    def speak(self):
        return super().speak().upper() + '!'


class Animal:
    def speak(self):
        return 'hello'


class LoudAnimal(Loud, Animal):
    pass


print(LoudAnimal().speak())


# Keyword-passing cooperative __init__ (the **kwargs idiom).
class Sized:
    def __init__(self, size=1, **kwargs):
        super().__init__(**kwargs)
        self.size = size


class Colored:
    def __init__(self, color='red', **kwargs):
        super().__init__(**kwargs)
        self.color = color


class Thing(Sized, Colored):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)


t = Thing(size=3, color='blue')
print(t.size, t.color)
t2 = Thing()
print(t2.size, t2.color)


# Explicit super(cls, obj) and calling a base's method by name.
class Both(Left, Right):
    def chain(self):
        return ['Both'] + super(Left, self).chain() + Left.chain(self)


print(Both().chain())


# Class attributes and overriding along the MRO; later changes are seen.
class P1:
    x = 1


class P2:
    x = 2
    y = 20


class Q(P1, P2):
    pass


q = Q()
print(q.x, q.y)
P1.x = 10
print(q.x)
del P1.x
print(q.x)


# type(name, bases, ns) with several bases.
T = type('T', (Left, Right), {'extra': lambda self: 'extra'})
t = T()
print(T.__name__, [c.__name__ for c in T.__mro__], t.extra(), t.chain())


# __init_subclass__ from a second base.
registry = []


class Registered:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        registry.append(cls.__name__)


class Plugin(Point, Registered):
    pass


class Plugin2(Plugin):
    pass


print(registry)


# A dict subclass with a mixin.
class AttrAccess:
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)


class AttrDict(dict, AttrAccess):
    pass


ad = AttrDict(a=1, b=2)
print(ad.a, ad['b'], isinstance(ad, dict), len(ad), [c.__name__ for c in AttrDict.__mro__])


# An exception with a mixin.
class Detail:
    def detail(self):
        return 'detail: ' + str(self)


class MyError(ValueError, Detail):
    pass


try:
    raise MyError('bad value')
except ValueError as e:
    print(type(e).__name__, e.detail())


# Abstract base plus concrete base, as ABC-style code writes it.
from abc import ABC, abstractmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...


class Unit:
    unit = 'cm'


class Square(Unit, Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return f'{self.s * self.s}{self.unit}2'


print(Square(3).area(), isinstance(Square(1), Shape))


# Errors CPython raises.
try:
    class Bad(A, O, B):
        pass
    print('no error')
except TypeError as e:
    print('TypeError', 'consistent method resolution' in str(e))

try:
    class Dup(A, A):
        pass
except TypeError as e:
    print('TypeError', e)

try:
    class Layout(list, dict):
        pass
except TypeError as e:
    print('TypeError', e)
