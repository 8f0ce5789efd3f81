from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass
from typing import List, Optional, Dict, Tuple


@dataclass
class Point:
    x: int
    y: int = 0


@dataclass
class Config:
    name: str = 'model'
    layers: List[int] = field(default_factory=list)
    dropout: float = 0.1
    extra: Optional[Dict[str, int]] = None
    shape: Tuple[int, ...] = (1, 2)


@dataclass(frozen=False)
class Child(Config):
    depth: int = 3

    def total(self):
        return self.depth * len(self.layers)


@dataclass
class WithPost:
    a: int
    b: int = field(default=2)
    c: int = field(init=False, default=0)

    def __post_init__(self):
        self.c = self.a + self.b


p = Point(1, 2)
print(p, Point(3), Point(x=4, y=5), p == Point(1, 2), p == Point(2, 1))
c = Config(layers=[1, 2])
print(c)
print(Config(), Config('x', [3], 0.5, {'a': 1}))
print(asdict(c), astuple(Point(7, 8)))
print(replace(c, name='new'), c.name)
print([f.name for f in fields(Child)], is_dataclass(c), is_dataclass(3))
ch = Child(layers=[1, 2, 3], depth=2)
print(ch, ch.total())
w = WithPost(5)
print(w, w.c)
print(Point.__annotations__ if False else sorted(Config.__dataclass_fields__.keys()))
try:
    Point()
except TypeError as e:
    print('TypeError', e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print('TypeError', e)
try:
    Point(1, z=3)
except TypeError as e:
    print('TypeError', e)


class Annotated:
    a: int = 1
    b: str
    c: 'Optional[int]' = None


print(Annotated.__annotations__, Annotated.a)
x = [1, 2, 3]
print(x[...] if False else ..., Ellipsis, ... is Ellipsis, type(...).__name__)


def f(a: int, b: List[int] = None) -> Optional[int]:
    return a


print(f(3))


# frozen dataclasses hash their fields; order=True compares them as tuples
@dataclass(frozen=True)
class Key:
    a: int = 1
    b: str = 'x'


print(Key(), hash(Key()) == hash(Key(1, 'x')), {Key(): 3}[Key()], len({Key(), Key(), Key(2)}))


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0


print(sorted([Version(2), Version(1, 5), Version(1, 2)]), Version(1) < Version(1, 1), Version(3) >= Version(2, 9))
try:
    hash(Version(1))
except TypeError as e:
    print(e)


# A frozen dataclass refuses assignment and deletion (FrozenInstanceError is an
# AttributeError); its __init__ and __post_init__ store through object.__setattr__.
from dataclasses import FrozenInstanceError


@dataclass(frozen=True)
class Frozen:
    x: int
    y: int = 2

    def __post_init__(self):
        object.__setattr__(self, 'total', self.x + self.y)


fz = Frozen(1)
for attempt in ('assign', 'delete', 'new'):
    try:
        if attempt == 'assign':
            fz.x = 5
        elif attempt == 'delete':
            del fz.y
        else:
            fz.z = 0
    except FrozenInstanceError as e:
        print(attempt, type(e).__name__, e, isinstance(e, AttributeError))
print(fz, fz.total, replace(fz, y=7))
