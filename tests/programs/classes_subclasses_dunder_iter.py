# cls.__subclasses__() (live subclasses, oldest first; a class that dies
# leaves the list) and the built-in iterables' __iter__ called by name,
# compared with CPython.
from collections import namedtuple


class Foo:
    pass


class Bar(Foo):
    pass


class Baz(Foo):
    pass


class Qux(Bar, Baz):
    pass


print([c.__name__ for c in Foo.__subclasses__()])
print([c.__name__ for c in Bar.__subclasses__()], [c.__name__ for c in Baz.__subclasses__()])
print(Qux.__subclasses__())


def make():
    class Tmp(Foo):
        pass
    return Tmp


t = make()
print([c.__name__ for c in Foo.__subclasses__()])
registry = {c.__name__: c for c in Foo.__subclasses__()}
print(sorted(registry), issubclass(registry["Bar"], Foo))

print(list(range(3).__iter__()), list((1, 2).__iter__()), list("ab".__iter__()))
print(list([4, 5].__iter__()), list({"k": 1, "j": 2}.__iter__()))
it = range(2, 8, 3).__iter__()
print(next(it), next(it), next(it, "done"))
P = namedtuple("P", "a b")
print(list(P(1, 2)), [x for x in iter(P(3, 4))], tuple.__iter__((7, 8)).__next__())
try:
    tuple.__iter__([1])
except TypeError:
    print("TypeError")
it = iter([1, 2])
print(it.__next__(), iter(it) is it, it.__iter__() is it, next(it), next(it, None))
try:
    it.__next__()
except StopIteration as e:
    print("StopIteration", repr(e.args))
z = zip([1], [2])
print(z.__next__(), next(enumerate("ab").__iter__()))
