# typing's forms compared and taken apart (get_origin/get_args, Optional as a
# Union with None), and dataclass fields: ClassVar is not one, InitVar goes to
# __post_init__, KW_ONLY and kw_only=True make keyword-only arguments.
import dataclasses
import typing
from dataclasses import KW_ONLY, InitVar, dataclass, field, fields
from typing import Any, Callable, ClassVar, Dict, List, Literal, Optional, Tuple, Union, get_args, get_origin

print(Optional[bool] == Optional[bool], Union[int, None] == Optional[int], Union[int, str] == Union[str, int])
print(Optional[int].__args__, Optional[int].__origin__ is Union, Union[int] is int)
print(Union[int, Union[str, float]] == Union[int, str, float], Union[int, int, str].__args__)
print(List[int].__origin__, Dict[str, int].__args__, Tuple[int, ...].__args__)
print(get_origin(List[int]), get_args(Dict[str, float]), get_origin(Optional[int]) is Union)
print(get_args(Optional[int]), get_origin(int), get_args(int), get_origin(Literal["a", "b"]) is Literal)
print(get_args(Literal["a", "b"]), get_args(Callable[[int, str], float]), get_origin(Callable[[int], str]))
print(get_origin(list[int]), get_args(dict[str, int]), get_args(int | None))
print(repr(Optional[int]), repr(Union[int, str]), repr(List[Dict[str, int]]), repr(Callable[[int], str]))
print(repr(Tuple[int, ...]), repr(Optional[List[int]]))
print(hash(Optional[int]) == hash(Union[None, int]), {Optional[int]: 1}[Union[int, None]])
UserId = typing.NewType("UserId", int)
print(UserId(5), UserId.__name__, UserId.__supertype__)
print(isinstance({}, typing.MutableMapping), isinstance([], typing.MutableSequence))


def field_type(tp):
    # HfArgumentParser's reading of Optional[X]
    if get_origin(tp) is Union and type(None) in get_args(tp):
        return [a for a in get_args(tp) if a is not type(None)][0]
    return tp


print(field_type(Optional[int]), field_type(Optional[bool]), field_type(str))


@dataclass
class C:
    a: int = 1
    V: ClassVar[int] = 2
    W: "ClassVar[str]" = "w"


print([f.name for f in fields(C)], C(), C.V)
try:
    C(1, 5)
except TypeError as e:
    print("TypeError", e)


@dataclass
class D:
    x: int
    scale: InitVar[float] = 2.0
    y: float = field(init=False)

    def __post_init__(self, scale):
        self.y = self.x * scale


d = D(3)
print(d, D(3, 10.0).y, [f.name for f in fields(D)], hasattr(d, "scale") and d.scale)


@dataclass
class K:
    a: int
    _: KW_ONLY
    b: int = 0
    c: str


print(K(1, c="x"), K(1, b=2, c="y"))
try:
    K(1, 2, "z")
except TypeError as e:
    print("TypeError", e)
try:
    K(1)
except TypeError as e:
    print("TypeError", e)


@dataclass(kw_only=True)
class Cfg:
    lr: float = 1e-3
    steps: int


print(Cfg(steps=3))
try:
    Cfg(0.1, 3)
except TypeError as e:
    print("TypeError", e)


@dataclass
class Base:
    a: int = 0
    b: int = field(default=1, kw_only=True)


@dataclass
class Child(Base):
    c: int = 5


print(Child(1, 2), Child(1, 2, b=3), [f.name for f in fields(Child)])
