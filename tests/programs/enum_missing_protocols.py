# Enum's _missing_ hook, runtime-checkable Protocols, TypedDict(total=False).
import enum
from typing import Protocol, TypedDict, runtime_checkable


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None


print(Color("RED"), Color("blue"), Color.RED is Color("Red"))
try:
    Color("green")
except ValueError as e:
    print("ValueError", e)


class Bad(enum.Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return 5


try:
    Bad(2)
except TypeError as e:
    print("TypeError", e)


@runtime_checkable
class SupportsClose(Protocol):
    def close(self):
        ...


@runtime_checkable
class HasName(Protocol):
    name: str


class File:
    def close(self):
        pass


class Named:
    def __init__(self):
        self.name = "n"


print(isinstance(File(), SupportsClose), isinstance(3, SupportsClose), isinstance(Named(), HasName),
      isinstance(File(), HasName))


class Options(TypedDict, total=False):
    lr: float
    steps: int


class Req(TypedDict):
    a: int


o = Options(lr=0.1)
print(o, Options.__total__, Req.__total__, type(o).__name__)


def check(objs):
    return [isinstance(o, SupportsClose) for o in objs], [isinstance(o, HasName) for o in objs]


print(check([File(), Named(), 1]))
