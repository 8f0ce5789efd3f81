# sys.version_info is a named tuple; typing.TypeVar prints as ~T; a class's
# __base__ is its first base.
import sys
import typing

v = sys.version_info
print(v.major, v.minor, v[0], v[:2], v >= (3, 8), v < (4,), isinstance(v, tuple), len(v), v.releaselevel)
major, minor, *_ = v
print(major, minor, repr(v).startswith('sys.version_info(major=3, minor=11'))
T = typing.TypeVar('T')
K = typing.TypeVar('K', bound=int)
Co = typing.TypeVar('Co', covariant=True)
Contra = typing.TypeVar('Contra', contravariant=True)
print(repr(T), repr(K), repr(Co), repr(Contra), T.__name__, K.__bound__ is int)
print(typing.List[T], typing.Dict[str, T])


class A:
    pass


class B(A):
    pass


print(B.__base__, A.__base__, object.__base__)

import collections

od = collections.OrderedDict(a=1)
merged = od | {'b': 2}
print(type(merged).__name__, merged, type({'x': 1} | od).__name__)
od |= {'c': 3}
print(type(od).__name__, list(od))
