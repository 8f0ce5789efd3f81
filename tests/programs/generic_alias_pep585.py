# PEP 585 generics: list[int], dict[str, ...], tuple[int, ...], type[C],
# set/frozenset, collections' deque/defaultdict/OrderedDict/Counter/ChainMap
# and collections.abc's classes subscripted, as annotations of dataclass
# fields, class bodies and module variables use them; their repr, origin and
# args, equality, union with |, calling one, subclassing one, and the
# isinstance() refusal.
import collections
import collections.abc
from dataclasses import dataclass, field

CACHE: dict[str, list[int]] = {}


@dataclass
class Config:
    sizes: list[int] = field(default_factory=lambda: [1, 2])
    names: dict[str, int] = field(default_factory=dict)
    shape: tuple[int, ...] = (3, 4)
    kind: type[Exception] = ValueError
    tags: set[str] = field(default_factory=set)
    extra: "list[float] | None" = None


class Registry:
    items: collections.OrderedDict[str, int]
    queue: collections.deque[int]
    counts: collections.Counter[str]

    def __init__(self):
        self.items = collections.OrderedDict()


print(Config())
print(Registry.__annotations__)
for alias in (list[int], dict[str, list[int]], tuple[int, ...], tuple[()], type[Exception], set[str], frozenset[str],
              collections.deque[int], collections.defaultdict[str, int], collections.OrderedDict[str, int],
              collections.Counter[str], collections.ChainMap[str, int], collections.abc.Iterable[int],
              collections.abc.Mapping[str, float], collections.abc.Sequence[int]):
    print(alias, alias.__origin__.__name__, alias.__args__)
print(list[int] == list[int], list[int] == list[str], list[int] == list, hash(list[int]) == hash(list[int]))
print(list[int] | None, int | list[str], dict[str, int] | tuple[int])
print(list[int]([1, 2]), dict[str, int](a=1), tuple[int, ...]((1, 2)), list[int].__name__)


class IntList(list[int]):
    pass


print(IntList([3]), IntList.__bases__, isinstance(IntList(), list))
for check in (lambda: isinstance([], list[int]), lambda: issubclass(list, dict[str, int])):
    try:
        check()
    except TypeError as e:
        print("TypeError", e)
try:
    int[str]
except TypeError as e:
    print("TypeError", e)
