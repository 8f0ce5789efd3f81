# object's slot methods read as attributes: super().__repr__() and friends,
# object.__eq__(a, b), obj.__ne__(o), and __hash__ None beside a custom __eq__.


class Base:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return "Base(" + str(self.v) + ")/" + super().__repr__().split(" ")[0]

    def __str__(self):
        return "str:" + super().__str__()

    def __eq__(self, other):
        if not isinstance(other, Base):
            return super().__eq__(other)
        return self.v == other.v

    def __hash__(self):
        return hash(self.v) + 0 * super().__hash__()


b1, b2 = Base(1), Base(1)
print(repr(b1), str(b1))
print(b1 == b2, b1 == 1, b1 != 1, b1.__eq__(1), b1.__ne__(b2))
print(hash(b1) == hash(1), {b1: "x"}[b2])


class Plain:
    pass


p = Plain()
print(p.__eq__(p), p.__eq__(1), p.__ne__(p), p.__ne__(1), p.__lt__(p), p.__ge__(1))
print(p.__repr__() == repr(p), p.__str__() == str(p), p.__hash__() == hash(p))
print(object.__eq__(p, p), object.__ne__(p, 2), object.__repr__(p) == repr(p))
print(object.__repr__ is object.__repr__, Plain.__eq__ is object.__eq__, Plain.__hash__ is object.__hash__)
print(object.__repr__, Plain.__lt__)
print(repr(p.__eq__).startswith("<method-wrapper '__eq__' of Plain object at "))
print(format(p, "") == str(p))
try:
    format(p, "x")
except TypeError as e:
    print("TypeError", e)


class OnlyEq:
    def __eq__(self, other):
        return True


print(OnlyEq.__hash__, OnlyEq().__hash__)
try:
    hash(OnlyEq())
except TypeError as e:
    print("TypeError", e)


class EqAndObjectHash:
    def __eq__(self, other):
        return isinstance(other, EqAndObjectHash)

    __hash__ = object.__hash__


e = EqAndObjectHash()
print(hash(e) == hash(e), {e: 1}[e], EqAndObjectHash.__hash__ is object.__hash__)


class Ne:
    def __eq__(self, other):
        return "eq-result"


print(object.__ne__(Ne(), 1), Ne() != 1)


class Fmt:
    def __format__(self, spec):
        return "<" + super().__format__(spec) + ">" if not spec else spec.upper()

    def __str__(self):
        return "fmt"


print(f"{Fmt()}|{Fmt():abc}")


class Tagged(dict):
    def __repr__(self):
        return "Tagged" + super().__repr__()


print(repr(Tagged(a=1)))
print(list.append, [].append.__name__)


def in_function():
    class Local:
        def __repr__(self):
            return "L:" + super().__repr__().split(" object")[0].split(".")[-1]

    return repr(Local())


print(in_function())


# __call__ of functions, classes, built-ins and bound methods.
def add(a, b=2):
    return a + b


class M:
    def m(self, x):
        return x * 2


class Callable:
    def __call__(self, x):
        return x + 100


print(hasattr(add, "__call__"), hasattr(M, "__call__"), hasattr(print, "__call__"), hasattr(M().m, "__call__"), hasattr(1, "__call__"))
print(add.__call__(1), add.__call__(1, b=5), M().m.__call__(4), type(M.__call__()).__name__, Callable.__call__(Callable(), 2))
print(len.__call__([1, 2]), callable(add.__call__))


def via_call(fn):
    return hasattr(fn, "__call__"), fn.__call__(3)


print(via_call(add), via_call(M().m), via_call(abs))
