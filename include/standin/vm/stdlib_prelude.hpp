// The standard-library modules model files import, written in guest code and
// compiled on their first import: typing (annotations only), dataclasses,
// functools, itertools, operator, collections, and the small parts of copy,
// warnings, sys, contextlib, abc, inspect, time, os, enum, logging and random (CPython's
// Mersenne Twister, so a seeded stream is python3's) that model files touch (copy's
// deepcopy clones layers; sys.stderr is the host's stderr). itertools' iterators are
// generators here (their type is `generator`, not `itertools.chain` ...).
// Counterpart: CPython's Lib/typing.py, dataclasses.py, functools.py,
// Modules/itertoolsmodule.c, Lib/operator.py, collections/__init__.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/vm/stdlib_text_prelude.hpp>

#include <string_view>

STANDIN_NAMESPACE_BEGIN
namespace detail::stdlib {

inline constexpr std::string_view typing_source = R"PY(
class _Special:
    # A typing form: bare (typing.List) or subscripted (typing.List[int],
    # whose __origin__ is list and __args__ (int,)). Union and Optional
    # flatten and drop duplicates; Optional[X] is Union[X, None].
    def __init__(self, name, args=(), origin=None):
        self._name = name
        self.__args__ = args
        if args:
            self.__origin__ = origin if origin is not None else self._origin()

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            args = (args,)
        if self._name in ('Union', 'Optional'):
            if self._name == 'Optional':
                if len(args) != 1:
                    raise TypeError('typing.Optional requires a single type.')
                args = (args[0], None)
            flat = []
            for a in args:
                a = type(None) if a is None else a
                members = a.__args__ if isinstance(a, _Special) and a._name == 'Union' and a.__args__ else (a,)
                for m in members:
                    if m not in flat:
                        flat.append(m)
            if len(flat) == 1:
                return flat[0]
            return _Special('Union', tuple(flat), Union)
        if self._name == 'Callable' and len(args) == 2 and isinstance(args[0], list):
            args = tuple(args[0]) + (args[1],)
            form = _Special('Callable', args)
            form._callable_params = True
            return form
        return _Special(self._name, args)

    def __call__(self, *args, **kwargs):
        raise TypeError('Cannot instantiate typing.' + self._name)

    def __eq__(self, other):
        if not isinstance(other, _Special):
            return NotImplemented
        if self._name != other._name:
            return False
        if self._name == 'Union':
            return set(self.__args__) == set(other.__args__)
        return self.__args__ == other.__args__

    def __hash__(self):
        if self._name == 'Union':
            return hash(('Union', frozenset(self.__args__)))
        return hash((self._name, self.__args__))

    # isinstance(x, typing.Mapping) is isinstance(x, collections.abc.Mapping),
    # isinstance(x, typing.Dict) is isinstance(x, dict).
    def _origin(self):
        builtin = {'List': list, 'Tuple': tuple, 'Dict': dict, 'Set': set, 'FrozenSet': frozenset, 'Type': type}
        if self._name in builtin:
            return builtin[self._name]
        if self._name in ('DefaultDict', 'OrderedDict', 'Counter', 'Deque', 'ChainMap'):
            import collections
            return getattr(collections, {'DefaultDict': 'defaultdict', 'Deque': 'deque'}.get(self._name, self._name))
        import collections.abc
        found = getattr(collections.abc, self._name, None)
        if found is not None:
            return found
        return globals().get(self._name) if self._name in ('ClassVar', 'Final', 'Literal', 'Annotated') else None

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        if self.__args__:
            raise TypeError('Subscripted generics cannot be used with class and instance checks')
        origin = self._origin()
        if origin is None or isinstance(origin, _Special):
            raise TypeError('typing.' + self._name + ' cannot be used with isinstance()')
        return issubclass(cls, origin)

    # class It(Iterator[Any]) / class D(Dict[str, int]): the base is the
    # form's class (PEP 560's __mro_entries__).
    def __mro_entries__(self, bases):
        origin = self._origin()
        if origin is None or isinstance(origin, _Special):
            raise TypeError('Cannot subclass typing.' + self._name)
        return (origin,)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __repr__(self):
        if not self.__args__:
            return 'typing.' + self._name
        if self._name == 'Union' and len(self.__args__) == 2 and type(None) in self.__args__:
            other = [a for a in self.__args__ if a is not type(None)][0]
            return 'typing.Optional[' + _type_repr(other) + ']'
        if getattr(self, '_callable_params', False):
            params = '[' + ', '.join(_type_repr(a) for a in self.__args__[:-1]) + ']'
            return 'typing.Callable[' + params + ', ' + _type_repr(self.__args__[-1]) + ']'
        return 'typing.' + self._name + '[' + ', '.join(_type_repr(a) for a in self.__args__) + ']'


def _type_repr(t):
    if t is type(None) or t is None:
        return 'None'
    if t is Ellipsis:
        return '...'
    if isinstance(t, type):
        module = getattr(t, '__module__', 'builtins')
        return t.__name__ if module == 'builtins' else module + '.' + t.__qualname__
    return repr(t)


def get_origin(tp):
    if isinstance(tp, _Special):
        if tp._name == 'Annotated' and tp.__args__:
            return Annotated
        return getattr(tp, '__origin__', None)
    import types
    if isinstance(tp, types.GenericAlias):
        return tp.__origin__
    if isinstance(tp, types.UnionType):
        return types.UnionType
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    if isinstance(tp, _Special) and tp.__args__:
        if getattr(tp, '_callable_params', False):
            return (list(tp.__args__[:-1]), tp.__args__[-1])
        return tp.__args__
    import types
    if isinstance(tp, (types.GenericAlias, types.UnionType)):
        return tp.__args__
    return ()


class NewType:
    def __init__(self, name, tp):
        self.__name__ = name
        self.__qualname__ = name
        self.__supertype__ = tp

    def __call__(self, x):
        return x

    def __repr__(self):
        return self.__name__


Any = _Special('Any')
Optional = _Special('Optional')
Union = _Special('Union')
List = _Special('List')
Tuple = _Special('Tuple')
Dict = _Special('Dict')
Set = _Special('Set')
FrozenSet = _Special('FrozenSet')
Callable = _Special('Callable')
MutableMapping = _Special('MutableMapping')
MutableSequence = _Special('MutableSequence')
MutableSet = _Special('MutableSet')
AbstractSet = _Special('Set')
Collection = _Special('Collection')
Container = _Special('Container')
Reversible = _Special('Reversible')
Awaitable = _Special('Awaitable')
ChainMap = _Special('ChainMap')
Iterable = _Special('Iterable')
Iterator = _Special('Iterator')
Sequence = _Special('Sequence')
Mapping = _Special('Mapping')
Type = _Special('Type')
ClassVar = _Special('ClassVar')
Final = _Special('Final')
Literal = _Special('Literal')
TYPE_CHECKING = False


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        return ('+' if self.__covariant__ else '-' if self.__contravariant__ else '~') + self.__name__


def NamedTuple(typename, fields=None, **kwargs):
    import collections
    if fields is None:
        fields = list(kwargs.items())
    cls = collections.namedtuple(typename, [name for name, _ in fields])
    cls.__annotations__ = dict(fields)
    return cls


def _namedtuple_mro_entries(bases):
    import collections
    return (collections._NTBase,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


class _TypedDict:
    __total__ = True

    def __new__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __init_subclass__(cls, total=True, **kwargs):
        cls.__total__ = total


def TypedDict(typename, fields=None, *, total=True, **kwargs):
    return dict


TypedDict.__mro_entries__ = lambda bases: (_TypedDict,)


class Generic:
    @classmethod
    def __class_getitem__(cls, params):
        return cls


class Protocol(Generic):
    pass


def _protocol_members(cls):
    names = set()
    for base in cls.__mro__:
        if base in (Protocol, Generic, object):
            continue
        for name in list(base.__dict__.keys()) + list(base.__dict__.get('__annotations__', {}).keys()):
            if not (name.startswith('__') and name.endswith('__')) and not name.startswith('_abc_'):
                names.add(name)
    return names


def runtime_checkable(cls):
    # isinstance(x, P): x has every member P names (its methods and
    # annotated attributes), as typing's _ProtocolMeta checks.
    cls.__protocol_attrs__ = tuple(sorted(_protocol_members(cls)))
    cls._is_runtime_protocol = True
    return cls


def final(f):
    return f


def get_type_hints(obj, globalns=None, localns=None):
    return dict(getattr(obj, '__annotations__', {}))


NoReturn = _Special('NoReturn')
Never = _Special('Never')
Self = _Special('Self')
Annotated = _Special('Annotated')
Hashable = _Special('Hashable')
Sized = _Special('Sized')
Generator = _Special('Generator')
DefaultDict = _Special('DefaultDict')
OrderedDict = _Special('OrderedDict')
Deque = _Special('Deque')
Counter = _Special('Counter')
AnyStr = _Special('AnyStr')
Text = str


def cast(typ, val):
    return val


def overload(func):
    return func


def no_type_check(func):
    return func
)PY";

// typing_extensions: the names it shares with typing (annotations only),
// and its newer forms as opaque annotations.
inline constexpr std::string_view typing_extensions_source = R"PY(
from typing import (Annotated, Any, ClassVar, Counter, DefaultDict, Deque, Final, Literal, NamedTuple, Never,
                    NoReturn, OrderedDict, Protocol, Self, TYPE_CHECKING, Text, Type, TypeVar, TypedDict, final,
                    get_type_hints, overload, runtime_checkable, _Special)

ParamSpec = TypeVar
TypeVarTuple = TypeVar
TypeAlias = _Special('TypeAlias')
TypeGuard = _Special('TypeGuard')
Concatenate = _Special('Concatenate')
Required = _Special('Required')
NotRequired = _Special('NotRequired')
Unpack = _Special('Unpack')
LiteralString = _Special('LiteralString')
SupportsIndex = _Special('SupportsIndex')


def override(method):
    return method
)PY";

inline constexpr std::string_view dataclasses_source = R"PY(
class _Missing:
    def __repr__(self):
        return 'MISSING'


MISSING = _Missing()


class Field:
    def __init__(self, default, default_factory, init, repr, compare, kw_only=MISSING):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.kw_only = kw_only
        self._initvar = False

    def __repr__(self):
        return 'Field(name=' + repr(self.name) + ',type=' + repr(self.type) + ',default=' + repr(self.default) + ')'


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True, metadata=None,
          kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, compare, kw_only)


class _KW_ONLY_TYPE:
    def __repr__(self):
        return 'KW_ONLY'


KW_ONLY = _KW_ONLY_TYPE()


class InitVar:
    # x: InitVar[int]: an argument of __init__ handed to __post_init__, not a field.
    def __init__(self, type):
        self.type = type

    def __class_getitem__(cls, type):
        return InitVar(type)

    def __repr__(self):
        return 'dataclasses.InitVar[' + getattr(self.type, '__name__', repr(self.type)) + ']'


def _annotation_kind(typ):
    # 'classvar', 'initvar', 'kw_only' or None: from the annotation, or its text
    # (from __future__ import annotations).
    if isinstance(typ, str):
        head = typ.split('[')[0].strip()
        if head in ('ClassVar', 'typing.ClassVar'):
            return 'classvar'
        if head in ('InitVar', 'dataclasses.InitVar'):
            return 'initvar'
        if head in ('KW_ONLY', 'dataclasses.KW_ONLY'):
            return 'kw_only'
        return None
    if typ is KW_ONLY:
        return 'kw_only'
    if isinstance(typ, InitVar) or typ is InitVar:
        return 'initvar'
    name = getattr(typ, '_name', None)
    if name == 'ClassVar' and type(typ).__name__ == '_Special':
        return 'classvar'
    return None


def _fields_of(cls, kw_only=False):
    out = []
    seen = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get('__dataclass_fields__', {}).values():
            if f.name not in seen:
                seen[f.name] = len(out)
                out.append(f)
            else:
                out[seen[f.name]] = f
    annotations = cls.__dict__.get('__annotations__', {})
    for name, typ in annotations.items():
        kind = _annotation_kind(typ)
        if kind == 'classvar':
            continue
        if kind == 'kw_only':
            kw_only = True
            continue
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            if default is not MISSING and type(default) in (list, dict, set):
                raise ValueError('mutable default ' + str(type(default)) + ' for field ' + name +
                                 ' is not allowed: use default_factory')
            f = Field(default, MISSING, True, True, True)
        f.name = name
        f.type = typ
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        f._initvar = kind == 'initvar'
        if name in seen:
            out[seen[name]] = f
        else:
            seen[name] = len(out)
            out.append(f)
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    return out


def _process(cls, init, repr_, eq, frozen, order, unsafe_hash=False, kw_only=False):
    all_fields = _fields_of(cls, kw_only)
    # InitVars are __init__'s arguments only; keyword-only ones come last.
    fields = [f for f in all_fields if not f._initvar]
    cls.__dataclass_fields__ = {f.name: f for f in fields}
    init_fields = [f for f in all_fields if f.init and not f.kw_only] + [f for f in all_fields if f.init and f.kw_only]
    positional = [f for f in init_fields if not f.kw_only]
    seen_default = False
    for f in positional:
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError("non-default argument '" + f.name + "' follows default argument")
        seen_default = seen_default or has_default

    # A frozen class's __init__ stores with object.__setattr__, past its own.
    store = object.__setattr__ if frozen else setattr
    if init and '__init__' not in cls.__dict__:
        def __init__(self, *args, **kwargs):
            where = cls.__qualname__ + '.__init__()'
            if len(args) > len(positional):
                required = len([f for f in positional if f.default is MISSING and f.default_factory is MISSING])
                if required == len(positional):
                    takes = str(required + 1)
                else:
                    takes = 'from ' + str(required + 1) + ' to ' + str(len(positional) + 1)
                raise TypeError(where + ' takes ' + takes + ' positional argument' + ('' if takes == '1' else 's') +
                                ' but ' + str(len(args) + 1) + ' were given')
            for kw in (False, True):
                missing = [f.name for i, f in enumerate(init_fields) if f.kw_only == kw and
                           i >= len(args) and f.name not in kwargs and f.default is MISSING and f.default_factory is MISSING]
                if missing:
                    names = ["'" + n + "'" for n in missing]
                    listed = names[0] if len(names) == 1 else ', '.join(names[:-1]) + ' and ' + names[-1]
                    raise TypeError(where + ' missing ' + str(len(missing)) + ' required ' +
                                    ('keyword-only' if kw else 'positional') + ' argument' +
                                    ('' if len(missing) == 1 else 's') + ': ' + listed)
            initvars = []
            for i, f in enumerate(init_fields):
                if i < len(args):
                    if f.name in kwargs:
                        raise TypeError(where + " got multiple values for argument '" + f.name + "'")
                    value = args[i]
                elif f.name in kwargs:
                    value = kwargs.pop(f.name)
                elif f.default is not MISSING:
                    value = f.default
                elif f.default_factory is not MISSING:
                    value = f.default_factory()
                else:
                    raise TypeError("__init__() missing 1 required positional argument: '" + f.name + "'")
                if f._initvar:
                    initvars.append(value)
                else:
                    store(self, f.name, value)
            for k in kwargs:
                raise TypeError(where + " got an unexpected keyword argument '" + k + "'")
            for f in fields:
                if not f.init:
                    if f.default_factory is not MISSING:
                        store(self, f.name, f.default_factory())
                    elif f.default is not MISSING:
                        store(self, f.name, f.default)
            post = getattr(self, '__post_init__', None)
            if post is not None:
                post(*initvars)
        cls.__init__ = __init__

    if repr_ and '__repr__' not in cls.__dict__:
        def __repr__(self):
            return type(self).__qualname__ + '(' + ', '.join(f.name + '=' + repr(getattr(self, f.name))
                                                             for f in fields if f.repr) + ')'
        cls.__repr__ = __repr__

    if eq and '__eq__' not in cls.__dict__:
        def __eq__(self, other):
            if type(other) is not type(self):
                return NotImplemented
            return tuple(getattr(self, f.name) for f in fields if f.compare) == \
                tuple(getattr(other, f.name) for f in fields if f.compare)
        cls.__eq__ = __eq__

    # frozen with eq (or unsafe_hash) hashes the compared fields, as CPython's table says.
    if unsafe_hash or (eq and frozen and '__hash__' not in cls.__dict__):
        def __hash__(self):
            return hash(tuple(getattr(self, f.name) for f in fields if f.compare))
        cls.__hash__ = __hash__

    if frozen:
        names = [f.name for f in fields]

        def __setattr__(self, name, value):
            if type(self) is cls or name in names:
                raise FrozenInstanceError('cannot assign to field ' + repr(name))
            object.__setattr__(self, name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in names:
                raise FrozenInstanceError('cannot delete field ' + repr(name))
            object.__delattr__(self, name)
        for name, fn in (('__setattr__', __setattr__), ('__delattr__', __delattr__)):
            if name in cls.__dict__:
                raise TypeError('Cannot overwrite attribute ' + name + ' in class ' + cls.__name__)
            setattr(cls, name, fn)

    if order:
        def _order(name, op):
            def compare(self, other):
                if type(other) is not type(self):
                    return NotImplemented
                return op(tuple(getattr(self, f.name) for f in fields if f.compare),
                          tuple(getattr(other, f.name) for f in fields if f.compare))
            compare.__name__ = name
            return compare
        for name, op in (('__lt__', lambda a, b: a < b), ('__le__', lambda a, b: a <= b),
                         ('__gt__', lambda a, b: a > b), ('__ge__', lambda a, b: a >= b)):
            if name in cls.__dict__:
                raise TypeError('Cannot overwrite attribute ' + name + ' in class ' + cls.__name__ +
                                '. Consider using functools.total_ordering')
            setattr(cls, name, _order(name, op))
    return cls


class FrozenInstanceError(AttributeError):
    pass


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              kw_only=False, **kwargs):
    def wrap(c):
        return _process(c, init, repr, eq, frozen, order, unsafe_hash, kw_only)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(obj):
    return tuple(obj.__dataclass_fields__.values())


# asdict / astuple: dataclasses, namedtuples, lists, tuples and dicts
# recursed into, anything else deep-copied (as CPython's _asdict_inner).
def _as_inner(obj, factory, as_dict):
    if hasattr(type(obj), '__dataclass_fields__'):
        items = [(f.name, _as_inner(getattr(obj, f.name), factory, as_dict)) for f in fields(obj)]
        return factory(items) if as_dict else factory([v for _, v in items])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_as_inner(v, factory, as_dict) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_as_inner(v, factory, as_dict) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_as_inner(k, factory, as_dict), _as_inner(v, factory, as_dict)) for k, v in obj.items())
    import copy
    return copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not hasattr(type(obj), '__dataclass_fields__'):
        raise TypeError('asdict() should be called on dataclass instances')
    return _as_inner(obj, dict_factory, True)


def astuple(obj, *, tuple_factory=tuple):
    if not hasattr(type(obj), '__dataclass_fields__'):
        raise TypeError('astuple() should be called on dataclass instances')
    return _as_inner(obj, tuple_factory, False)


def replace(obj, **changes):
    values = {f.name: getattr(obj, f.name) for f in fields(obj) if f.init}
    values.update(changes)
    return type(obj)(**values)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')
)PY";

inline constexpr std::string_view functools_source = R"PY(
class partial:
    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if type(func) is partial:
            # a partial of a partial is one partial (CPython flattens it)
            args = func.args + args
            keywords = dict(func.keywords, **keywords)
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        merged = dict(self.keywords)
        merged.update(keywords)
        return self.func(*self.args, *args, **merged)

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args] + [k + '=' + repr(v) for k, v in self.keywords.items()]
        return 'functools.partial(' + ', '.join(parts) + ')'


_initial_missing = object()


def reduce(function, iterable, initial=_initial_missing):
    it = iter(iterable)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial value')
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


# (a function has no __annotations__ in standin: that name is skipped, as
# CPython skips a missing one)
def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for name in assigned:
        try:
            value = getattr(wrapped, name)
        except AttributeError:
            pass
        else:
            setattr(wrapper, name, value)
    for name in updated:
        extra = getattr(wrapped, name, None)
        if extra:
            if name == '__dict__':
                for key, value in extra.items():
                    setattr(wrapper, key, value)
            else:
                getattr(wrapper, name).update(extra)
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorator


_kwd_mark = object()


def _CacheInfo(hits, misses, maxsize, currsize):
    from collections import namedtuple
    global _CacheInfo
    _CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'])
    return _CacheInfo(hits, misses, maxsize, currsize)


# A cache keyed as CPython's _make_key keys it (positional arguments, then
# the keyword items; `typed` adds the types); a full cache forgets its least
# recently used entry. cache_info() counts the hits and misses of eager
# calls: a compiled frame does not count (_is_compiling() is True in a trace),
# so its guards never read the counters and a hit does not recompile. Under
# torch.compile, a call with a tensor argument traces the wrapped function
# through, the cache left alone, as Dynamo does.
def lru_cache(maxsize=128, typed=False):
    if maxsize is not None and not callable(maxsize) and maxsize < 0:
        maxsize = 0

    def decorator(fn):
        cache = {}
        stats = [0, 0]  # hits, misses
        size = 128 if callable(maxsize) else maxsize  # bare @lru_cache: the default size

        def wrapper(*args, **kwargs):
            key = args
            if kwargs:
                key += (_kwd_mark,)
                for item in kwargs.items():
                    key += item
            if typed:
                key += tuple(type(v) for v in args)
                if kwargs:
                    key += tuple(type(v) for v in kwargs.values())
            if key in cache:
                if not _is_compiling():
                    stats[0] += 1
                if size is not None and len(cache) > 1 and next(reversed(cache)) != key:
                    cache[key] = cache.pop(key)  # now the most recently used
                return cache[key]
            if not _is_compiling():
                stats[1] += 1
            value = fn(*args, **kwargs)
            if size != 0:
                cache[key] = value
                if size is not None and len(cache) > size:
                    del cache[next(iter(cache))]
            return value

        def cache_info():
            return _CacheInfo(stats[0], stats[1], size, len(cache))

        def cache_clear():
            cache.clear()
            stats[0] = stats[1] = 0

        def cache_parameters():
            return {'maxsize': size, 'typed': typed}

        wraps(fn)(wrapper)
        wrapper.cache_info = cache_info
        wrapper.cache_clear = cache_clear
        wrapper.cache_parameters = cache_parameters
        return wrapper
    if callable(maxsize):
        return decorator(maxsize)
    return decorator


def cache(fn):
    return lru_cache(None)(fn)


_unset = object()


class cached_property:
    # A non-data descriptor: the first read computes the value and stores it
    # in the instance's __dict__, which later reads find before the class.
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = getattr(func, '__doc__', None)

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError('Cannot assign the same cached_property to two different names (' +
                            repr(self.attrname) + ' and ' + repr(name) + ').')

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        stored = instance.__dict__.get(self.attrname, _unset)
        if stored is _unset:
            stored = self.func(instance)
            instance.__dict__[self.attrname] = stored
        return stored


class _CmpKey:
    __slots__ = ('obj', 'cmp')
    __hash__ = None

    def __init__(self, obj, cmp):
        self.obj = obj
        self.cmp = cmp

    def __lt__(self, other):
        return self.cmp(self.obj, other.obj) < 0

    def __gt__(self, other):
        return self.cmp(self.obj, other.obj) > 0

    def __le__(self, other):
        return self.cmp(self.obj, other.obj) <= 0

    def __ge__(self, other):
        return self.cmp(self.obj, other.obj) >= 0

    def __eq__(self, other):
        return self.cmp(self.obj, other.obj) == 0


# One key class for every comparison function (defined once, so a trace
# never runs a class statement): cmp_to_key(f)(x) is the key of x under f.
class cmp_to_key:
    __slots__ = ('mycmp',)

    def __init__(self, mycmp):
        self.mycmp = mycmp

    def __call__(self, obj):
        return _CmpKey(obj, self.mycmp)


# total_ordering: the missing rich comparisons, each written from the one
# the class defines (the greatest name of those it has, as CPython picks:
# __lt__ before __le__, __gt__, __ge__), honouring NotImplemented. `how`
# combines the root's answer r: 'not' is not r, 'not_and_ne' not r and
# self != other, 'or_eq' r or self == other, 'not_or_eq' not r or
# self == other, 'and_ne' r and self != other.
def _derived_comparison(root, how):
    def compare(self, other):
        r = getattr(type(self), root)(self, other)
        if r is NotImplemented:
            return r
        if how == 'not':
            return not r
        if how == 'not_and_ne':
            return not r and self != other
        if how == 'or_eq':
            return r or self == other
        if how == 'not_or_eq':
            return not r or self == other
        return r and self != other
    return compare


_convert = {
    '__lt__': (('__gt__', 'not_and_ne'), ('__le__', 'or_eq'), ('__ge__', 'not')),
    '__le__': (('__ge__', 'not_or_eq'), ('__lt__', 'and_ne'), ('__gt__', 'not')),
    '__gt__': (('__lt__', 'not_and_ne'), ('__ge__', 'or_eq'), ('__le__', 'not')),
    '__ge__': (('__le__', 'not_or_eq'), ('__gt__', 'and_ne'), ('__lt__', 'not')),
}


def _defines(cls, name):
    for klass in cls.__mro__:
        if klass is not object and name in klass.__dict__:
            return True
    return False


def total_ordering(cls):
    roots = [op for op in _convert if _defines(cls, op)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)
    for name, how in _convert[root]:
        if name not in roots:
            setattr(cls, name, _derived_comparison(root, how))
    return cls


# partialmethod: partial's arguments bound after the instance (or the class,
# for a classmethod) the method is read from.
class partialmethod:
    def __init__(self, func, *args, **keywords):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError(repr(func) + ' is not callable or a descriptor')
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = dict(func.keywords, **keywords)
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args] + [k + '=' + repr(v) for k, v in self.keywords.items()]
        return 'functools.partialmethod(' + ', '.join(parts) + ')'

    def __get__(self, obj, cls=None):
        if isinstance(self.func, (classmethod, staticmethod)):
            bound = self.func.__get__(obj, cls)
            return partial(bound, *self.args, **self.keywords)
        if obj is None:
            method = self

            def unbound(owner, *args, **keywords):
                merged = dict(method.keywords)
                merged.update(keywords)
                return method.func(owner, *method.args, *args, **merged)
            return unbound
        return partial(self.func, obj, *self.args, **self.keywords)


# singledispatch: the implementation registered for the nearest class in the
# first argument's MRO, else for an abstract class it is a subclass of, else
# the decorated function. Registration takes the class explicitly (a
# function's annotations are not kept in standin).
def _find_impl(cls, registry):
    for klass in cls.__mro__:
        if klass in registry:
            return registry[klass]
    for klass, impl in registry.items():
        if klass is not object and issubclass(cls, klass):
            return impl
    return registry[object]


def singledispatch(func):
    registry = {object: func}
    funcname = getattr(func, '__name__', 'singledispatch function')

    def dispatch(cls):
        return _find_impl(cls, registry)

    def register(cls, func=None):
        if not isinstance(cls, type):
            raise TypeError('Invalid first argument to `register()`: ' + repr(cls) +
                            '. Use either `@register(some_class)` or a plain class argument '
                            '(standin keeps no function annotations).')
        if func is None:
            return lambda f: register(cls, f)
        registry[cls] = func
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(funcname + ' requires at least 1 positional argument')
        return dispatch(type(args[0]))(*args, **kw)

    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    def __init__(self, func):
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatcher = self.dispatcher

        def _method(*args, **kwargs):
            if not args:
                raise TypeError(getattr(self.func, '__name__', 'singledispatchmethod method') +
                                ' requires at least 1 positional argument')
            return dispatcher.dispatch(type(args[0])).__get__(obj, cls)(*args, **kwargs)
        return _method
)PY";

inline constexpr std::string_view itertools_source = R"PY(
def chain(*iterables):
    for it in iterables:
        for x in it:
            yield x


def _from_iterable(iterables):
    for it in iterables:
        for x in it:
            yield x


chain.from_iterable = _from_iterable


def count(start=0, step=1):
    n = start
    while True:
        yield n
        n += step


def cycle(iterable):
    saved = []
    for x in iterable:
        yield x
        saved.append(x)
    while saved:
        for x in saved:
            yield x


def repeat(obj, times=None):
    if times is None:
        while True:
            yield obj
    for _ in range(times):
        yield obj


def product(*iterables, repeat=1):
    pools = [tuple(p) for p in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [r + (x,) for r in result for x in pool]
    for r in result:
        yield r


def accumulate(iterable, func=None, *, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        for first in it:
            total = first
            break
        else:
            return
    yield total
    for x in it:
        total = total + x if func is None else func(total, x)
        yield total


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r > n:
        return
    out = []

    def rec(prefix, used):
        if len(prefix) == r:
            out.append(tuple(pool[i] for i in prefix))
            return
        for i in range(n):
            if i not in used:
                rec(prefix + [i], used + [i])
    rec([], [])
    for p in out:
        yield p


def _increasing(pool, r, repeat):
    # The r-tuples of pool's positions in increasing order (repeats allowed or
    # not), as combinations and combinations_with_replacement emit them.
    n = len(pool)
    out = []

    def rec(start, prefix):
        if len(prefix) == r:
            out.append(tuple(pool[i] for i in prefix))
            return
        for i in range(start, n):
            rec(i if repeat else i + 1, prefix + [i])
    rec(0, [])
    return out


def combinations(iterable, r):
    for c in _increasing(tuple(iterable), r, False):
        yield c


def combinations_with_replacement(iterable, r):
    for c in _increasing(tuple(iterable), r, True):
        yield c


def islice(iterable, *args):
    s = slice(*args)
    start = 0 if s.start is None else s.start
    stop = s.stop
    step = 1 if s.step is None else s.step
    if start < 0 or (stop is not None and stop < 0):
        raise ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
    if step <= 0:
        raise ValueError("Step for islice() must be a positive integer or None.")
    # As CPython's islice_next: items are pulled only up to `stop` (the
    # iterator is left just past the last one taken or skipped).
    it = iter(iterable)
    cnt = 0
    nxt = start
    while True:
        if stop is not None and cnt >= stop:
            return
        while cnt < nxt:
            try:
                next(it)
            except StopIteration:
                return
            cnt += 1
        if stop is not None and cnt >= stop:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        cnt += 1
        nxt += step
        if stop is not None and nxt > stop:
            nxt = stop
        yield item


def takewhile(predicate, iterable):
    for x in iterable:
        if not predicate(x):
            return
        yield x


def dropwhile(predicate, iterable):
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def filterfalse(predicate, iterable):
    for x in iterable:
        if not (bool(x) if predicate is None else predicate(x)):
            yield x


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def groupby(iterable, key=None):
    items = list(iterable)
    i = 0
    while i < len(items):
        k = items[i] if key is None else key(items[i])
        group = []
        while i < len(items) and (items[i] if key is None else key(items[i])) == k:
            group.append(items[i])
            i += 1
        yield k, iter(group)


def zip_longest(*iterables, fillvalue=None):
    lists = [list(it) for it in iterables]
    n = max(len(l) for l in lists) if lists else 0
    for i in range(n):
        yield tuple(l[i] if i < len(l) else fillvalue for l in lists)


def tee(iterable, n=2):
    # n iterators over one: each item is pulled once and kept until every
    # iterator has passed it.
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def one(mine):
        while True:
            if not mine:
                try:
                    item = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(item)
            yield mine.pop(0)

    return tuple(one(b) for b in buffers)


def pairwise(iterable):
    it = iter(iterable)
    for prev in it:
        for x in it:
            yield prev, x
            prev = x
)PY";

inline constexpr std::string_view operator_source = R"PY(
_abs = abs


def add(a, b): return a + b
def sub(a, b): return a - b
def mul(a, b): return a * b
def truediv(a, b): return a / b
def floordiv(a, b): return a // b
def mod(a, b): return a % b
def pow(a, b): return a ** b
def matmul(a, b): return a @ b
def neg(a): return -a
def pos(a): return +a
def abs(a): return _abs(a)
def and_(a, b): return a & b
def or_(a, b): return a | b
def xor(a, b): return a ^ b
def invert(a): return ~a
def not_(a): return not a
def truth(a): return bool(a)
def eq(a, b): return a == b
def ne(a, b): return a != b
def lt(a, b): return a < b
def le(a, b): return a <= b
def gt(a, b): return a > b
def ge(a, b): return a >= b
def is_(a, b): return a is b
def is_not(a, b): return a is not b
def contains(a, b): return b in a
def getitem(a, b): return a[b]
def index(a):
    if isinstance(a, bool):
        return int(a)
    if isinstance(a, int):
        return a
    return a.__index__()


def length_hint(obj, default=0):
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), '__length_hint__', None)
    if hint is None:
        # Built-in iterators know what is left (list, tuple, range, str, dict views).
        try:
            return obj.__length_hint__()
        except AttributeError:
            return default
    return hint(obj)


class itemgetter:
    def __init__(self, *items):
        self._items = items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)


class attrgetter:
    def __init__(self, *attrs):
        self._attrs = attrs

    def _get(self, obj, attr):
        for name in attr.split('.'):
            obj = getattr(obj, name)
        return obj

    def __call__(self, obj):
        if len(self._attrs) == 1:
            return self._get(obj, self._attrs[0])
        return tuple(self._get(obj, a) for a in self._attrs)


class methodcaller:
    def __init__(self, name, *args, **kwargs):
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)


def lshift(a, b): return a << b
def rshift(a, b): return a >> b
def inv(a): return ~a
def concat(a, b):
    if not hasattr(a, '__getitem__'):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    return a + b
def setitem(a, b, c): a[b] = c
def delitem(a, b): del a[b]
def countOf(a, b): return sum(1 for x in a if x is b or x == b)
def indexOf(a, b):
    for i, x in enumerate(a):
        if x is b or x == b:
            return i
    raise ValueError('sequence.index(x): x not in sequence')
def call(obj, /, *args, **kwargs): return obj(*args, **kwargs)


# The in-place forms: the augmented assignment's result (a list grows in
# place, an int gives a new one).
def iadd(a, b):
    a += b
    return a
def isub(a, b):
    a -= b
    return a
def imul(a, b):
    a *= b
    return a
def itruediv(a, b):
    a /= b
    return a
def ifloordiv(a, b):
    a //= b
    return a
def imod(a, b):
    a %= b
    return a
def ipow(a, b):
    a **= b
    return a
def imatmul(a, b):
    a @= b
    return a
def iand(a, b):
    a &= b
    return a
def ior(a, b):
    a |= b
    return a
def ixor(a, b):
    a ^= b
    return a
def ilshift(a, b):
    a <<= b
    return a
def irshift(a, b):
    a >>= b
    return a
def iconcat(a, b):
    if not hasattr(a, '__getitem__'):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    a += b
    return a


__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf', 'delitem', 'eq', 'floordiv',
           'ge', 'getitem', 'gt', 'iadd', 'iand', 'iconcat', 'ifloordiv', 'ilshift', 'imatmul', 'imod', 'imul',
           'index', 'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift', 'is_', 'is_not', 'isub', 'itemgetter',
           'itruediv', 'ixor', 'le', 'length_hint', 'lshift', 'lt', 'matmul', 'methodcaller', 'mod', 'mul', 'ne',
           'neg', 'not_', 'or_', 'pos', 'pow', 'rshift', 'setitem', 'sub', 'truediv', 'truth', 'xor']
for _name in __all__:
    if _name not in ('attrgetter', 'itemgetter', 'methodcaller', 'length_hint', 'countOf', 'indexOf', 'is_', 'is_not',
                     'truth'):
        globals()['__' + _name.rstrip('_') + '__'] = globals()[_name]
)PY";

inline constexpr std::string_view collections_source = R"PY(
# deque[int], defaultdict[str, int] (PEP 585): a types.GenericAlias.
def _generic_alias(cls, params):
    import types
    return types.GenericAlias(cls, params)


# OrderedDict is a dict typed and printed as one (vm/constructors.hpp); its own methods:
def _od_move_to_end(self, key, last=True):
    value = self.pop(key)
    if last:
        self[key] = value
    else:
        rest = list(self.items())
        self.clear()
        self[key] = value
        self.update(rest)


def _od_popitem(self, last=True):
    if not self:
        raise KeyError('dictionary is empty')
    key = list(self)[-1] if last else next(iter(self))
    return key, self.pop(key)


def _od_copy(self):
    return OrderedDict(self)


OrderedDict.move_to_end = _od_move_to_end
OrderedDict.popitem = _od_popitem
OrderedDict.copy = _od_copy


class defaultdict(dict):
    # A dict subclass, as CPython's: a missing key calls default_factory
    # (through __missing__, which dict's subscript calls), stores and
    # returns its value; get() and `in` do not.
    __class_getitem__ = classmethod(_generic_alias)

    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return type(self)(self.default_factory, self)

    def __copy__(self):
        return type(self)(self.default_factory, self)

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self

    def __repr__(self):
        f = self.default_factory
        name = 'None' if f is None else ("<class '" + f.__name__ + "'>" if isinstance(f, type) else repr(f))
        return type(self).__name__ + '(' + name + ', ' + dict.__repr__(self) + ')'


class Counter(dict):
    # A dict subclass, as CPython's: missing keys count 0.
    __class_getitem__ = classmethod(_generic_alias)

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        out = []
        for k, v in self.items():
            for _ in range(v):
                out.append(k)
        return iter(out)

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                if self:
                    for k, v in iterable.items():
                        dict.__setitem__(self, k, dict.get(self, k, 0) + v)
                else:
                    dict.update(self, iterable)
            else:
                for x in iterable:
                    dict.__setitem__(self, x, dict.get(self, x, 0) + 1)
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for k, v in iterable.items():
                    dict.__setitem__(self, k, dict.get(self, k, 0) - v)
            else:
                for x in iterable:
                    dict.__setitem__(self, x, dict.get(self, x, 0) - 1)
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return type(self)(self)

    def __copy__(self):
        return type(self)(self)

    def __delitem__(self, key):
        if key in self:
            dict.__delitem__(self, key)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    # Multiset inclusion (Python 3.10+): every count <= the other's.
    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()

    def _keep_positive(self):
        for elem in [e for e, c in self.items() if not c > 0]:
            dict.__delitem__(self, elem)
        return self

    def __repr__(self):
        if not self:
            return type(self).__name__ + '()'
        return type(self).__name__ + '({' + ', '.join(repr(k) + ': ' + repr(v) for k, v in self.most_common()) + '})'


class _TupleBase:
    # What a class statement deriving from tuple derives from instead
    # (class Pair(tuple)): the items are held in _values, as a namedtuple's.
    def __new__(cls, *args):
        if len(args) > 1:
            raise TypeError('tuple expected at most 1 argument, got ' + str(len(args)))
        self = object.__new__(cls)
        object.__setattr__(self, '_values', tuple(args[0]) if args else ())
        return self

    def __getitem__(self, i):
        return self._values[i]

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    def __eq__(self, other):
        return self._values == (other._values if isinstance(other, _TupleBase) else other)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._values)

    def __repr__(self):
        return repr(self._values)

    def __add__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return self._values + tuple(other)

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return tuple(other) + self._values

    def __mul__(self, n):
        return self._values * n

    def __rmul__(self, n):
        return self._values * n

    def __lt__(self, other):
        return self._values < tuple(other) if isinstance(other, tuple) else NotImplemented

    def __le__(self, other):
        return self._values <= tuple(other) if isinstance(other, tuple) else NotImplemented

    def __gt__(self, other):
        return self._values > tuple(other) if isinstance(other, tuple) else NotImplemented

    def __ge__(self, other):
        return self._values >= tuple(other) if isinstance(other, tuple) else NotImplemented

    def __contains__(self, x):
        return x in self._values

    def __getnewargs__(self):
        return (self._values,)

    def index(self, x, *bounds):
        return self._values.index(x, *bounds)

    def count(self, x):
        return self._values.count(x)


class _NTBase:
    # The behaviour every namedtuple class shares (collections.namedtuple and
    # typing.NamedTuple); the class holds _fields and _field_defaults.
    _fields = ()
    _field_defaults = {}

    def __init_subclass__(cls):
        # class P(NamedTuple): x: int; y: float = 2.0
        annotations = cls.__dict__.get('__annotations__')
        if annotations is None or cls.__mro__[1] is not _NTBase:
            return
        fields = tuple(annotations)
        defaults = {}
        for name in fields:
            if name in cls.__dict__:
                defaults[name] = cls.__dict__[name]
            elif defaults:
                raise TypeError('Non-default namedtuple field ' + name + ' cannot follow default field' +
                                ('s' if len(defaults) > 1 else '') + ' ' + ', '.join(defaults))
        cls._fields = fields
        cls._field_defaults = defaults

    def __init__(self, *args, **kwargs):
        fields = self._fields
        defaults = self._field_defaults
        n = len(fields)
        if len(args) > n:
            least = n - len(defaults)
            takes = str(n + 1) if least == n else 'from ' + str(least + 1) + ' to ' + str(n + 1)
            raise TypeError(type(self).__name__ + '.__new__() takes ' + takes + ' positional argument' +
                            ('' if takes == '1' else 's') + ' but ' + str(len(args) + 1) + ' were given')
        values = list(args)
        missing = []
        for i in range(n):
            name = fields[i]
            if i < len(args):
                if name in kwargs:
                    raise TypeError(type(self).__name__ + ".__new__() got multiple values for argument '" + name + "'")
            elif name in kwargs:
                values.append(kwargs.pop(name))
            elif name in defaults:
                values.append(defaults[name])
            else:
                missing.append("'" + name + "'")
        if missing:
            listed = missing[0] if len(missing) == 1 else ', '.join(missing[:-1]) + ' and ' + missing[-1]
            raise TypeError(type(self).__name__ + '.__new__() missing ' + str(len(missing)) +
                            ' required positional argument' + ('' if len(missing) == 1 else 's') + ': ' + listed)
        for k in kwargs:
            raise TypeError(type(self).__name__ + ".__new__() got an unexpected keyword argument '" + k + "'")
        self._values = tuple(values)
        for name, v in zip(fields, values):
            setattr(self, name, v)

    __getitem__ = _TupleBase.__getitem__
    __iter__ = _TupleBase.__iter__
    __len__ = _TupleBase.__len__
    __hash__ = _TupleBase.__hash__
    __add__ = _TupleBase.__add__
    __radd__ = _TupleBase.__radd__
    __mul__ = _TupleBase.__mul__
    __rmul__ = _TupleBase.__rmul__
    __lt__ = _TupleBase.__lt__
    __le__ = _TupleBase.__le__
    __gt__ = _TupleBase.__gt__
    __ge__ = _TupleBase.__ge__
    __contains__ = _TupleBase.__contains__
    index = _TupleBase.index
    count = _TupleBase.count

    def __eq__(self, other):
        if isinstance(other, _NTBase):
            return self._values == other._values
        return self._values == other

    def __repr__(self):
        return type(self).__name__ + '(' + ', '.join(n + '=' + repr(v) for n, v in zip(self._fields, self._values)) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self._values))

    def _replace(self, **kwargs):
        d = self._asdict()
        for k in kwargs:
            if k not in d:
                raise ValueError('Got unexpected field names: ' + repr([k]))
        d.update(kwargs)
        return type(self)(**d)

    @classmethod
    def _make(cls, iterable):
        return cls(*iterable)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = tuple(field_names)
    seen = set()
    for name in (typename,) + field_names:
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid identifiers: ' + repr(name))
    for name in field_names:
        if name.startswith('_'):
            raise ValueError('Field names cannot start with an underscore: ' + repr(name))
        if name in seen:
            raise ValueError('Encountered duplicate field name: ' + repr(name))
        seen.add(name)
    defaults = tuple(defaults) if defaults else ()
    if len(defaults) > len(field_names):
        raise TypeError('Got more default values than field names')

    class _NT(_NTBase):
        pass

    _NT._fields = field_names
    _NT._field_defaults = dict(zip(field_names[len(field_names) - len(defaults):], defaults))
    _NT.__name__ = typename
    _NT.__qualname__ = typename
    return _NT


class deque:
    __class_getitem__ = classmethod(_generic_alias)

    def __init__(self, iterable=(), maxlen=None):
        self._items = []
        self.maxlen = maxlen
        for x in iterable:
            self.append(x)

    def append(self, x):
        self._items.append(x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop(0)

    def appendleft(self, x):
        self._items.insert(0, x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop()

    def insert(self, i, x):
        if self.maxlen is not None and len(self._items) >= self.maxlen:
            raise IndexError('deque already at its maximum size')
        self._items.insert(i, x)

    def pop(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        return self._items.pop(0)

    def clear(self):
        self._items.clear()

    def copy(self):
        return deque(self._items, self.maxlen)

    __copy__ = copy

    def remove(self, x):
        for i, y in enumerate(self._items):
            if y is x or y == x:
                del self._items[i]
                return
        raise ValueError(repr(x) + ' is not in deque')

    def count(self, x):
        return self._items.count(x)

    def index(self, x, *args):
        try:
            return self._items.index(x, *args)
        except ValueError:
            raise ValueError(repr(x) + ' is not in deque') from None

    def reverse(self):
        self._items.reverse()

    def rotate(self, n=1):
        k = len(self._items)
        if k:
            n = n % k
            if n:
                self._items[:] = self._items[-n:] + self._items[:-n]

    def extend(self, xs):
        for x in xs:
            self.append(x)

    def extendleft(self, xs):
        for x in list(xs):
            self.appendleft(x)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __getitem__(self, i):
        if isinstance(i, slice):
            raise TypeError('sequence index must be integer, not \'slice\'')
        try:
            return self._items[i]
        except IndexError:
            raise IndexError('deque index out of range') from None

    def __setitem__(self, i, x):
        try:
            self._items[i] = x
        except IndexError:
            raise IndexError('deque index out of range') from None

    def __delitem__(self, i):
        try:
            del self._items[i]
        except IndexError:
            raise IndexError('deque index out of range') from None

    def __contains__(self, x):
        return x in self._items

    def __reversed__(self):
        return iter(list(reversed(self._items)))

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items < other._items

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items <= other._items

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items > other._items

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items >= other._items

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "' + type(other).__name__ + '") to deque')
        return deque(self._items + other._items, self.maxlen)

    def __bool__(self):
        return len(self._items) > 0

    def __repr__(self):
        if self.maxlen is None:
            return 'deque(' + repr(self._items) + ')'
        return 'deque(' + repr(self._items) + ', maxlen=' + str(self.maxlen) + ')'


# A dict wrapped in an object (its items in self.data), for subclassing: the
# mapping methods go through __getitem__ / __setitem__ / __delitem__ /
# __contains__, so a subclass overriding them is honoured (BatchEncoding-style
# containers). A MutableMapping (collections.abc registers it).
class _MutableMappingMethods:
    # MutableMapping's setdefault and update, through self[key]: what
    # UserDict and ChainMap share.
    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, other=(), /, **kwargs):
        if hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwargs.items():
            self[key] = value


class UserDict(_MutableMappingMethods):
    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, '__missing__'):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def __repr__(self):
        return repr(self.data)

    def __eq__(self, other):
        if isinstance(other, UserDict):
            return self.data == other.data
        return self.data == other

    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented

    def __ior__(self, other):
        self.update(other)
        return self

    def keys(self):
        return self.data.keys()

    def items(self):
        return self.data.items()

    def values(self):
        return self.data.values()

    # (get, pop and popitem as collections.abc.Mapping / MutableMapping
    # give them in Python 3.11: through self[key].)
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def pop(self, key, *default):
        try:
            value = self[key]
        except KeyError:
            if default:
                return default[0]
            raise
        del self[key]
        return value

    def popitem(self):
        if not self.data:
            raise KeyError
        key = next(iter(self))
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        for key in list(self.data):
            del self[key]

    def copy(self):
        if self.__class__ is UserDict:
            return UserDict(self.data.copy())
        import copy
        return copy.copy(self)

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d


# ChainMap: a view of several mappings searched in turn; writes go to the
# first. Its keys iterate as CPython's: the last mapping's first, each key
# once.
class ChainMap(_MutableMappingMethods):
    __class_getitem__ = classmethod(_generic_alias)

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def _merged(self):
        d = {}
        for mapping in reversed(self.maps):
            for key in mapping:
                d[key] = None
        return d

    def __len__(self):
        return len(self._merged())

    def __iter__(self):
        return iter(self._merged())

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join(repr(m) for m in self.maps) + ')'

    def __eq__(self, other):
        if isinstance(other, (dict, ChainMap, UserDict)):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    @classmethod
    def fromkeys(cls, iterable, *args):
        return cls(dict.fromkeys(iterable, *args))

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def keys(self):
        return {k: None for k in self}.keys()

    def items(self):
        return {k: self[k] for k in self}.items()

    def values(self):
        return {k: self[k] for k in self}.values()

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError('Key not found in the first mapping: ' + repr(key))

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError('Key not found in the first mapping: ' + repr(key))

    def clear(self):
        self.maps[0].clear()

    def __ior__(self, other):
        self.maps[0].update(other)
        return self

    def __or__(self, other):
        if not isinstance(other, (dict, ChainMap, UserDict)):
            return NotImplemented
        m = self.copy()
        m.maps[0].update(other)
        return m


# UserList: a list kept in .data, with list's methods and operators.
class UserList:
    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def _unwrap(self, other):
        return other.data if isinstance(other, UserList) else other

    def __repr__(self):
        return repr(self.data)

    def __lt__(self, other):
        return self.data < self._unwrap(other)

    def __le__(self, other):
        return self.data <= self._unwrap(other)

    def __eq__(self, other):
        return self.data == self._unwrap(other)

    def __gt__(self, other):
        return self.data > self._unwrap(other)

    def __ge__(self, other):
        return self.data >= self._unwrap(other)

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __iter__(self):
        return iter(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        if isinstance(other, type(self.data)):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))

    def __radd__(self, other):
        if isinstance(other, UserList):
            return self.__class__(other.data + self.data)
        if isinstance(other, type(self.data)):
            return self.__class__(other + self.data)
        return self.__class__(list(other) + self.data)

    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        else:
            self.data += list(other)
        return self

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __imul__(self, n):
        self.data *= n
        return self

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, /, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)
)PY";

inline constexpr std::string_view collections_abc_source = R"PY(
# The abstract base classes: isinstance/issubclass ask a class's
# __subclasshook__ when the nominal check fails (vm/builtins.hpp), which here
# does what ABCMeta.__subclasscheck__ does: the class's structural check
# (Iterable: has __iter__), then the classes registered under it or under
# one of its subclasses. The builtin containers are registered by name,
# since their methods are not in their class dicts.
_all_abcs = []


def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


_abc_invalidation_counter = 0  # register() calls (see abc's)


class _AbcBase:
    def __init_subclass__(cls, **kwargs):
        cls._abc_registry = []
        _all_abcs.append(cls)

    # Iterable[int], Mapping[str, Tensor] (PEP 585).
    @classmethod
    def __class_getitem__(cls, params):
        import types
        return types.GenericAlias(cls, params)

    @classmethod
    def register(cls, subclass):
        global _abc_invalidation_counter
        cls._abc_registry.append(subclass)
        _abc_invalidation_counter += 1
        return subclass

    # The methods that make a class this ABC's subclass without registering
    # (Iterable: __iter__), for the class that declares them itself.
    _required = ()

    @classmethod
    def _structural(cls, C):
        required = cls.__dict__.get('_required')
        return _check_methods(C, *required) if required else NotImplemented

    @classmethod
    def __subclasshook__(cls, C):
        r = cls._structural(C)
        if r is not NotImplemented:
            return r
        for k in C.__mro__:
            for a in _all_abcs:
                if cls in a.__mro__ and k in a._abc_registry:
                    return True
        return False


class Hashable(_AbcBase):
    @classmethod
    def _structural(cls, C):
        # list, dict and set have __hash__ None; a class defining __eq__ and
        # no __hash__ too; anything else inherits object's.
        if cls is Hashable:
            for B in C.__mro__:
                if B is list or B is dict or B is set:
                    return False
                if '__hash__' in B.__dict__:
                    return B.__dict__['__hash__'] is not None
                if '__eq__' in B.__dict__:
                    return False
            return True
        return NotImplemented


class Iterable(_AbcBase):
    def __iter__(self):
        return iter(())

    _required = ('__iter__',)


class Iterator(Iterable):
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self

    _required = ('__iter__', '__next__')


class Reversible(Iterable):
    _required = ('__reversed__', '__iter__')


class Generator(Iterator):
    pass


class Sized(_AbcBase):
    def __len__(self):
        return 0

    _required = ('__len__',)


class Container(_AbcBase):
    def __contains__(self, x):
        return False

    _required = ('__contains__',)


class Collection(Sized, Iterable, Container):
    _required = ('__len__', '__iter__', '__contains__')


class Callable(_AbcBase):
    _required = ('__call__',)


class Set(Collection):
    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) > len(other):
            return False
        for elem in self:
            if elem not in other:
                return False
        return True

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) < len(other):
            return False
        for elem in other:
            if elem not in self:
                return False
        return True

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __and__(self, other):
        return self._from_iterable(value for value in other if value in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True

    def __or__(self, other):
        return self._from_iterable([e for s in (self, other) for e in s])

    __ror__ = __or__

    def __sub__(self, other):
        other = set(other)
        return self._from_iterable(value for value in self if value not in other)

    def __xor__(self, other):
        return (self - other) | (set(other) - set(self))


class MutableSet(Set):
    def add(self, value):
        raise NotImplementedError

    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def clear(self):
        for value in list(self):
            self.discard(value)


class Mapping(Collection):
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __reversed__ = None


class MappingView(Sized):
    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return type(self).__name__ + '(' + repr(self._mapping) + ')'


class KeysView(MappingView, Set):
    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class MutableMapping(Mapping):
    _marker = object()

    def pop(self, key, default=_marker):
        try:
            value = self[key]
        except KeyError:
            if default is MutableMapping._marker:
                raise
            return default
        else:
            del self[key]
            return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class Sequence(Reversible, Collection):
    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class MutableSequence(Sequence):
    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


class ByteString(Sequence):
    pass


def _register_builtins():
    import collections
    _gen = type((lambda: (yield))())
    for t in (int, float, bool, str, tuple, frozenset, type(None), type, range, slice):
        Hashable.register(t)
    for t in (list, tuple, dict, set, frozenset, str, range, _gen, type(iter([])), collections.deque):
        Iterable.register(t)
    for t in (_gen, type(iter([]))):
        Iterator.register(t)
    Generator.register(_gen)
    for t in (list, tuple, dict, set, frozenset, str, range, collections.deque):
        Sized.register(t)
        Container.register(t)
        Collection.register(t)
    for t in (list, tuple, dict, str, range, collections.deque):
        Reversible.register(t)
    for t in (tuple, str, range):
        Sequence.register(t)
    MutableSequence.register(list)
    MutableSequence.register(collections.deque)
    Set.register(frozenset)
    MutableSet.register(set)
    MutableMapping.register(dict)
    MutableMapping.register(collections.defaultdict)
    MutableMapping.register(collections.UserDict)
    MutableMapping.register(collections.ChainMap)
    MutableSequence.register(collections.UserList)
    for t in (type(len), type(_register_builtins), type):
        Callable.register(t)
    # dict views: keys and items are set-like, values a collection
    _d = {}
    KeysView.register(type(_d.keys()))
    ItemsView.register(type(_d.items()))
    ValuesView.register(type(_d.values()))


_register_builtins()
)PY";

inline constexpr std::string_view copy_source = R"PY(
class Error(Exception):
    pass


def _atomic(x):
    return x is None or isinstance(x, (int, float, bool, str, type, range, frozenset)) or \
        type(x).__name__ in ('function', 'builtin_function_or_method', 'method', 'module', 'code', 'complex', 'bytes')


def copy(x):
    cls = type(x)
    c = getattr(cls, '__copy__', None)
    if c is not None:
        return x.__copy__()
    if _atomic(x) or isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return cls(x) if cls is not list else x[:]
    if isinstance(x, dict):
        return x.copy()
    if isinstance(x, set):
        return set(x)
    if _is_tensor(x):
        return _retensor(x, x.detach())  # a new tensor on the same storage
    y = _new_instance(cls)
    y.__dict__.update(x.__dict__)
    return y


def _is_tensor(x):
    # Without importing torch for programs that never do.
    return type(x).__name__ in ('Tensor', 'Parameter')


def _retensor(x, data):
    # `data` as a tensor of x's kind: a Parameter stays one, and so does requires_grad.
    import torch
    if isinstance(x, torch.nn.Parameter):
        return torch.nn.Parameter(data, x.requires_grad)
    if x.requires_grad:
        data.requires_grad_(True)
    return data


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    if _atomic(x):
        return x
    cls = type(x)
    d = getattr(cls, '__deepcopy__', None)
    if d is not None:
        y = x.__deepcopy__(memo)
    elif _is_tensor(x):
        y = _retensor(x, x.detach().clone())
    elif isinstance(x, list):
        y = [] if cls is list else cls()
        memo[key] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif isinstance(x, tuple):
        items = [deepcopy(a, memo) for a in x]
        if key in memo:
            return memo[key]
        same = all(a is b for a, b in zip(items, x))
        y = x if same else (tuple(items) if cls is tuple else cls(*items))
    elif isinstance(x, dict):
        y = cls(x.default_factory) if hasattr(x, 'default_factory') else cls()
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif isinstance(x, set):
        y = set(deepcopy(a, memo) for a in x)
    elif hasattr(x, '__dict__'):
        y = _new_instance(cls)
        memo[key] = y
        state = deepcopy(x.__dict__, memo)
        if hasattr(y, '__setstate__'):
            y.__setstate__(state)
        else:
            y.__dict__.update(state)
    else:
        return x
    memo[key] = y
    return y
)PY";

inline constexpr std::string_view warnings_source = R"PY(
import sys

filters = []
_seen = set()


def simplefilter(action, category=Warning, lineno=0, append=False):
    # An identical filter is not added twice: a new one moves to the front.
    item = (action, category)
    if append:
        if item not in filters:
            filters.append(item)
    else:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    simplefilter(action, category, lineno, append)


def resetwarnings():
    filters.clear()


def _action(category):
    for action, cat in filters:
        if issubclass(category, cat):
            return action
    return 'default'


# The list catch_warnings(record=True) is filling, or None.
_record = None


class WarningMessage:
    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ('{message : ' + repr(self.message) + ', category : ' + repr(self._category_name) +
                ', filename : ' + repr(self.filename) + ', lineno : ' + str(self.lineno) +
                ', line : ' + repr(self.line) + '}')


# (standin's frames are not objects the guest can read: a recorded warning
# names the script, at line 0)
def _caller(stacklevel):
    return (sys.argv[0] or '<unknown>'), 0


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = type(message)
    else:
        if category is None:
            category = UserWarning
        if not (isinstance(category, type) and issubclass(category, Warning)):
            raise TypeError("category must be a Warning subclass, not '" + type(category).__name__ + "'")
        message = category(message)
    action = _action(category)
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    key = (str(message), category)
    if action != 'always' and key in _seen:
        return
    _seen.add(key)
    if _record is not None:
        filename, lineno = _caller(stacklevel)
        _record.append(WarningMessage(message, category, filename, lineno, source=source))
        return
    sys.stderr.write(category.__name__ + ': ' + str(message) + '\n')


# catch_warnings restores the filters on exit; with record=True the
# warnings issued inside are appended to the list __enter__ returns instead
# of being printed. A warning shown before the block shows again inside it,
# as CPython's resets its once-registry when the filters change.
class catch_warnings:
    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._filter = None if action is None else (action, category, lineno, append)
        self._entered = False

    def __repr__(self):
        return 'catch_warnings(record=True)' if self._record else 'catch_warnings()'

    def __enter__(self):
        global _record, _seen
        if self._entered:
            raise RuntimeError('Cannot enter ' + repr(self) + ' twice')
        self._entered = True
        self._saved = (list(filters), _seen, _record)
        _seen = set()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            _record = []
            return _record
        return None

    def __exit__(self, *exc):
        global _record, _seen
        if not self._entered:
            raise RuntimeError('Cannot exit ' + repr(self) + ' without entering first')
        saved_filters, _seen, _record = self._saved
        filters[:] = saved_filters
        return False
)PY";

inline constexpr std::string_view sys_source = R"PY(
maxsize = 9223372036854775807
byteorder = 'little'
platform = 'linux'
argv = ['']


def _version_info():
    import collections

    class version_info(collections.namedtuple('version_info', 'major minor micro releaselevel serial')):
        def __repr__(self):
            return 'sys.' + super().__repr__()

    return version_info(3, 11, 0, 'final', 0)


version_info = _version_info()
version = '3.11.0 (standin)'
modules = {}


class _Stdout:
    def write(self, s):
        print(s, end='')
        return len(s)

    def flush(self):
        pass


class _Stderr:
    def write(self, s):
        return _stderr_write(s)

    def flush(self):
        pass


stdout = _Stdout()
stderr = _Stderr()


# (a list scripts append their folder to; imports do not search it)
path = ['']
_recursion_limit = 1000


def getrecursionlimit():
    return _recursion_limit


def getdefaultencoding():
    return 'utf-8'


_switch_interval = [0.005]


def getswitchinterval():
    return _switch_interval[0]


def setswitchinterval(interval):
    if interval <= 0:
        raise ValueError('switch interval must be strictly positive')
    _switch_interval[0] = float(interval)


# (kept for getrecursionlimit; the interpreter's own depth limit stays)
def setrecursionlimit(limit):
    global _recursion_limit
    if not isinstance(limit, int):
        raise TypeError("'" + type(limit).__name__ + "' object cannot be interpreted as an integer")
    if limit < 1:
        raise ValueError('recursion limit must be greater or equal than 1')
    _recursion_limit = limit


def exit(status=None):
    raise SystemExit(status)


def exc_info():
    e = _handled()
    return (None, None, None) if e is None else (type(e), e, e.__traceback__)
)PY";

// traceback: the reports CPython prints, as text (no frame summaries).
inline constexpr std::string_view traceback_source = R"PY(
import sys

_unset = object()


def _exception(exc, value):
    return exc if value is _unset else value


_separators = ('\nThe above exception was the direct cause of the following exception:\n\n',
               '\nDuring handling of the above exception, another exception occurred:\n\n')


def _lines(text):
    # CPython's pieces: a line, a frame's two lines, a chain's separator.
    out = []
    while text:
        for sep in _separators:
            if text.startswith(sep):
                out.append(sep)
                text = text[len(sep):]
                break
        else:
            end = text.find('\n') + 1 or len(text)
            line, text = text[:end], text[end:]
            if out and line.startswith('    ') and out[-1].startswith('  File '):
                out[-1] += line
            else:
                out.append(line)
    return out


def format_exception_only(exc, value=_unset):
    e = _exception(exc, value)
    if e is None:
        return ['NoneType: None\n']
    return [_lines(_report(e, False))[-1]]


def format_exception(exc, value=_unset, tb=_unset, limit=None, chain=True):
    e = _exception(exc, value)
    if e is None:
        return ['NoneType: None\n']
    return _lines(_report(e, chain))


def format_exc(limit=None, chain=True):
    return ''.join(format_exception(sys.exc_info()[1], limit=limit, chain=chain))


def print_exception(exc, value=_unset, tb=_unset, limit=None, file=None, chain=True):
    print(''.join(format_exception(exc, value, tb, limit, chain)), end='', file=sys.stderr if file is None else file)


def print_exc(limit=None, file=None, chain=True):
    print_exception(sys.exc_info()[1], limit=limit, file=file, chain=chain)
)PY";

inline constexpr std::string_view contextlib_source = R"PY(
class nullcontext:
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *exc):
        return False


# ContextDecorator: a context manager used as a decorator runs the function
# inside it (a fresh one per call, for @contextmanager's).
class ContextDecorator:
    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        inner.__name__ = func.__name__
        inner.__qualname__ = getattr(func, '__qualname__', func.__name__)
        inner.__doc__ = getattr(func, '__doc__', None)
        inner.__wrapped__ = func
        return inner


class closing:
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class _GeneratorContextManager(ContextDecorator):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield")

    def __exit__(self, typ, value, tb):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as e:
            return e is not value
        except BaseException as e:
            if e is value:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    def helper(*args, **kwargs):
        return _GeneratorContextManager(func, args, kwargs)
    helper.__name__ = func.__name__
    helper.__qualname__ = getattr(func, '__qualname__', func.__name__)
    helper.__doc__ = getattr(func, '__doc__', None)
    helper.__wrapped__ = func
    return helper


class suppress:
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        return None

    def __exit__(self, typ, value, tb):
        return typ is not None and issubclass(typ, self._exceptions)


# ExitStack: exit callbacks run last-in first-out when the block ends; an
# exception raised by one is what the next one sees, and one that returns
# true suppresses the exception.
class ExitStack:
    def __init__(self):
        self._exit_callbacks = []

    def __enter__(self):
        return self

    def enter_context(self, cm):
        cls = type(cm)
        if not hasattr(cls, '__enter__') or not hasattr(cls, '__exit__'):
            raise TypeError("'" + cls.__module__ + '.' + cls.__qualname__ +
                            "' object does not support the context manager protocol")
        result = cls.__enter__(cm)
        exit_method = cls.__exit__
        self._exit_callbacks.append(lambda t, v, tb: exit_method(cm, t, v, tb))
        return result

    def push(self, exit):
        cls = type(exit)
        if hasattr(cls, '__exit__'):
            exit_method = cls.__exit__
            self._exit_callbacks.append(lambda t, v, tb: exit_method(exit, t, v, tb))
        else:
            self._exit_callbacks.append(exit)
        return exit

    def callback(self, callback, /, *args, **kwds):
        def _exit_wrapper(t, v, tb):
            callback(*args, **kwds)
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def pop_all(self):
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def close(self):
        self.__exit__(None, None, None)

    def __exit__(self, typ, value, tb):
        received = value is not None
        pending = value
        suppressed = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if pending is None:
                    handled = cb(None, None, None)
                else:
                    handled = cb(type(pending), pending, None)
                if handled:
                    pending = None
                    suppressed = True
            except BaseException as e:
                pending = e
        if pending is not None and pending is not value:
            raise pending
        return received and pending is None and suppressed
)PY";

inline constexpr std::string_view abc_source = R"PY(
# Counts register() calls (ABCMeta's _abc_invalidation_counter): a compiled
# frame that folded an isinstance on an ABC is guarded on it.
_abc_invalidation_counter = 0


def get_cache_token():
    return _abc_invalidation_counter


class ABC:
    # ABCMeta's registry: issubclass(C, A) is also true for a C registered
    # with A.register(C) (vm/builtins.hpp asks __subclasshook__).
    @classmethod
    def register(cls, subclass):
        global _abc_invalidation_counter
        if '_abc_registry' not in cls.__dict__:
            cls._abc_registry = []
        cls._abc_registry.append(subclass)
        _abc_invalidation_counter += 1
        return subclass

    @classmethod
    def __subclasshook__(cls, C):
        registry = cls.__dict__.get('_abc_registry', ())
        for k in C.__mro__:
            if k in registry:
                return True
        return NotImplemented

    # ABCMeta's __abstractmethods__: the names still abstract in the class,
    # computed when it is made, and checked when it is instantiated.
    def __init_subclass__(cls, **kwargs):
        update_abstractmethods(cls)
        super().__init_subclass__(**kwargs)

    def __new__(cls, *args, **kwargs):
        if cls.__abstractmethods__:
            names = sorted(cls.__abstractmethods__)
            raise TypeError("Can't instantiate abstract class " + cls.__name__ + ' with abstract method' +
                            ('s ' if len(names) > 1 else ' ') + ', '.join(names))
        return super().__new__(cls)


ABC.__abstractmethods__ = frozenset()
ABCMeta = type


def _is_abstract(value):
    if value is None:
        return False
    if isinstance(value, property):
        return _is_abstract(value.fget) or _is_abstract(value.fset) or _is_abstract(value.fdel)
    if isinstance(value, (classmethod, staticmethod)):
        return _is_abstract(value.__func__)
    return getattr(value, '__isabstractmethod__', False) is True


def abstractmethod(funcobj):
    try:
        funcobj.__isabstractmethod__ = True
    except (AttributeError, TypeError):
        pass
    return funcobj


# The deprecated decorators: the abstract marker on a classmethod,
# staticmethod or property.
def abstractclassmethod(callable):
    return classmethod(abstractmethod(callable))


def abstractstaticmethod(callable):
    return staticmethod(abstractmethod(callable))


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    return property(abstractmethod(fget) if fget is not None else None, fset, fdel, doc)


def update_abstractmethods(cls):
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    abstracts = set()
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    return cls
)PY";

inline constexpr std::string_view inspect_source = R"PY(
def isclass(obj):
    return isinstance(obj, type)


def isfunction(obj):
    return type(obj).__name__ == 'function'


def ismethod(obj):
    return type(obj).__name__ == 'method'


def isbuiltin(obj):
    return type(obj).__name__ == 'builtin_function_or_method'


def ismodule(obj):
    return type(obj).__name__ == 'module'


def isgeneratorfunction(obj):
    while type(obj).__name__ == 'method' or hasattr(obj, 'func') and type(obj).__name__ == 'partial':
        obj = obj.__func__ if type(obj).__name__ == 'method' else obj.func
    return type(obj).__name__ == 'function' and bool(obj.__code__.co_flags & 0x20)


def isgenerator(obj):
    return type(obj).__name__ == 'generator'


def getmembers(obj, predicate=None):
    out = []
    for name in dir(obj):
        value = getattr(obj, name)
        if predicate is None or predicate(value):
            out.append((name, value))
    out.sort(key=lambda kv: kv[0])
    return out


# inspect.signature from a function's code object: parameter names, kinds and
# defaults (standin keeps no annotations: every annotation is empty).
class _empty:
    pass


class _ParameterKind:
    def __init__(self, value, name, description):
        self.value = value
        self.name = name
        self.description = description

    def __eq__(self, other):
        return isinstance(other, _ParameterKind) and self.value == other.value

    def __lt__(self, other):
        return self.value < other.value

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return '<_ParameterKind.' + self.name + ': ' + str(self.value) + '>'

    def __str__(self):
        return self.name


class Parameter:
    POSITIONAL_ONLY = _ParameterKind(0, 'POSITIONAL_ONLY', 'positional-only')
    POSITIONAL_OR_KEYWORD = _ParameterKind(1, 'POSITIONAL_OR_KEYWORD', 'positional or keyword')
    VAR_POSITIONAL = _ParameterKind(2, 'VAR_POSITIONAL', 'variadic positional')
    KEYWORD_ONLY = _ParameterKind(3, 'KEYWORD_ONLY', 'keyword-only')
    VAR_KEYWORD = _ParameterKind(4, 'VAR_KEYWORD', 'variadic keyword')
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self.name = name
        self.kind = kind
        self.default = default
        self.annotation = annotation

    def replace(self, *, name=None, kind=None, default=_empty, annotation=_empty):
        return Parameter(self.name if name is None else name, self.kind if kind is None else kind,
                         default=self.default if default is _empty else default,
                         annotation=self.annotation if annotation is _empty else annotation)

    def __str__(self):
        text = self.name
        if self.default is not _empty:
            text += '=' + repr(self.default)
        if self.kind == Parameter.VAR_POSITIONAL:
            text = '*' + text
        elif self.kind == Parameter.VAR_KEYWORD:
            text = '**' + text
        return text

    def __repr__(self):
        return '<Parameter "' + str(self) + '">'

    def __eq__(self, other):
        return (isinstance(other, Parameter) and self.name == other.name and self.kind == other.kind and
                self.default == other.default)


class BoundArguments:
    def __init__(self, signature, arguments):
        self.signature = signature
        self.arguments = arguments

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    __hash__ = None

    @property
    def args(self):
        out = []
        for name, p in self.signature.parameters.items():
            if p.kind in (Parameter.KEYWORD_ONLY, Parameter.VAR_KEYWORD) or name not in self.arguments:
                break
            if p.kind == Parameter.VAR_POSITIONAL:
                out.extend(self.arguments[name])
            else:
                out.append(self.arguments[name])
        return tuple(out)

    @property
    def kwargs(self):
        out = {}
        started = False
        for name, p in self.signature.parameters.items():
            if p.kind in (Parameter.KEYWORD_ONLY, Parameter.VAR_KEYWORD):
                started = True
            elif name not in self.arguments:
                started = True
                continue
            if not started or name not in self.arguments:
                continue
            if p.kind == Parameter.VAR_KEYWORD:
                out.update(self.arguments[name])
            else:
                out[name] = self.arguments[name]
        return out

    def apply_defaults(self):
        filled = {}
        for name, p in self.signature.parameters.items():
            if name in self.arguments:
                filled[name] = self.arguments[name]
            elif p.default is not _empty:
                filled[name] = p.default
            elif p.kind == Parameter.VAR_POSITIONAL:
                filled[name] = ()
            elif p.kind == Parameter.VAR_KEYWORD:
                filled[name] = {}
        self.arguments = filled

    def __repr__(self):
        return '<BoundArguments (' + ', '.join(k + '=' + repr(v) for k, v in self.arguments.items()) + ')>'


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self.parameters = {p.name: p for p in (parameters or ())}
        self.return_annotation = return_annotation

    def replace(self, *, parameters=None, return_annotation=_empty):
        return Signature(list(self.parameters.values()) if parameters is None else parameters,
                         return_annotation=self.return_annotation if return_annotation is _empty else return_annotation)

    def _bind(self, args, kwargs, partial):
        arguments = {}
        params = list(self.parameters.values())
        i = 0
        kwargs = dict(kwargs)
        for p in params:
            if p.kind in (Parameter.POSITIONAL_ONLY, Parameter.POSITIONAL_OR_KEYWORD):
                if i < len(args):
                    if p.name in kwargs and p.kind == Parameter.POSITIONAL_OR_KEYWORD:
                        raise TypeError("multiple values for argument '" + p.name + "'")
                    arguments[p.name] = args[i]
                    i += 1
                elif p.name in kwargs and p.kind == Parameter.POSITIONAL_OR_KEYWORD:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: '" + p.name + "'")
            elif p.kind == Parameter.VAR_POSITIONAL:
                if i < len(args):
                    arguments[p.name] = tuple(args[i:])
                    i = len(args)
            elif p.kind == Parameter.KEYWORD_ONLY:
                if p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: '" + p.name + "'")
            elif p.kind == Parameter.VAR_KEYWORD:
                if kwargs:
                    arguments[p.name] = kwargs
                    kwargs = {}
        if i < len(args):
            raise TypeError('too many positional arguments')
        if kwargs:
            raise TypeError("got an unexpected keyword argument '" + next(iter(kwargs)) + "'")
        return BoundArguments(self, arguments)

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs, False)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, True)

    def __str__(self):
        parts = []
        star = False
        for p in self.parameters.values():
            if p.kind == Parameter.VAR_POSITIONAL:
                star = True
            elif p.kind == Parameter.KEYWORD_ONLY and not star:
                parts.append('*')
                star = True
            parts.append(str(p))
            if p.kind == Parameter.POSITIONAL_ONLY:
                nxt = list(self.parameters.values())
                k = nxt.index(p)
                if k + 1 == len(nxt) or nxt[k + 1].kind != Parameter.POSITIONAL_ONLY:
                    parts.append('/')
        return '(' + ', '.join(parts) + ')'

    def __repr__(self):
        return '<Signature ' + str(self) + '>'

    def __eq__(self, other):
        return isinstance(other, Signature) and list(self.parameters.values()) == list(other.parameters.values())

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        return signature(obj, follow_wrapped=follow_wrapped)


def _function_signature(fn, skip_first):
    code = fn.__code__
    names = code.co_varnames
    npos = code.co_argcount
    nposonly = code.co_posonlyargcount
    nkw = code.co_kwonlyargcount
    defaults = fn.__defaults__ or ()
    kwdefaults = fn.__kwdefaults__ or {}
    params = []
    first_default = npos - len(defaults)
    for k in range(npos):
        kind = Parameter.POSITIONAL_ONLY if k < nposonly else Parameter.POSITIONAL_OR_KEYWORD
        default = defaults[k - first_default] if k >= first_default else _empty
        params.append(Parameter(names[k], kind, default=default))
    at = npos + nkw
    if code.co_flags & 0x04:
        params.append(Parameter(names[at], Parameter.VAR_POSITIONAL))
        at += 1
    for k in range(npos, npos + nkw):
        params.append(Parameter(names[k], Parameter.KEYWORD_ONLY, default=kwdefaults.get(names[k], _empty)))
    if code.co_flags & 0x08:
        params.append(Parameter(names[at], Parameter.VAR_KEYWORD))
    if skip_first:
        if not params or params[0].kind in (Parameter.KEYWORD_ONLY, Parameter.VAR_KEYWORD):
            raise ValueError('invalid method signature')
        if params[0].kind != Parameter.VAR_POSITIONAL:
            params = params[1:]
    return Signature(params)


def signature(obj, *, follow_signature=True, follow_wrapped=True):
    if not callable(obj):
        raise TypeError(repr(obj) + ' is not a callable object')
    sig = getattr(obj, '__signature__', None) if follow_signature else None
    if sig is not None:
        return sig
    if follow_wrapped:
        while hasattr(obj, '__wrapped__') and not isclass(obj):
            obj = obj.__wrapped__
    if ismethod(obj):
        return _function_signature(obj.__func__, True) if isfunction(obj.__func__) else signature(obj.__func__)
    if isfunction(obj):
        return _function_signature(obj, False)
    if isclass(obj):
        init = getattr(obj, '__init__', None)
        if isfunction(init):
            return _function_signature(init, True)
        return Signature([])
    call = getattr(type(obj), '__call__', None)
    if isfunction(call):
        return _function_signature(call, True)
    raise ValueError('no signature found for ' + repr(obj))
)PY";

inline constexpr std::string_view time_source = R"PY(
def time():
    return _clock(0)


def perf_counter():
    return _clock(1)


def monotonic():
    return _clock(1)


def process_time():
    return _clock(1)


def time_ns():
    return int(_clock(0) * 1000000000)


def perf_counter_ns():
    return int(_clock(1) * 1000000000)


def sleep(seconds):
    if seconds < 0:
        raise ValueError('sleep length must be non-negative')
)PY";

// os.path is a module of its own (`import os.path as osp`), posixpath's
// string functions; nothing here touches the file system.
inline constexpr std::string_view os_path_source = R"PY(
__name__ = 'posixpath'
sep = '/'
curdir = '.'
pardir = '..'
extsep = '.'


def join(a, *parts):
    out = a
    for p in parts:
        if p.startswith('/'):
            out = p
        elif out == '' or out.endswith('/'):
            out = out + p
        else:
            out = out + '/' + p
    return out


def basename(p):
    return p[p.rfind('/') + 1:]


def dirname(p):
    i = p.rfind('/') + 1
    head = p[:i]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head


def split(p):
    return (dirname(p), basename(p))


def splitext(p):
    base = basename(p)
    dot = base.rfind('.')
    if dot <= 0 or base[:dot] == '.' * dot:
        return (p, '')
    cut = len(p) - len(base) + dot
    return (p[:cut], p[cut:])


def isabs(p):
    return p.startswith('/')


def normpath(p):
    if p == '':
        return '.'
    initial = 2 if p.startswith('//') and not p.startswith('///') else 1 if p.startswith('/') else 0
    parts = []
    for comp in p.split('/'):
        if comp in ('', '.'):
            continue
        if comp != '..' or (not initial and not parts) or (parts and parts[-1] == '..'):
            parts.append(comp)
        elif parts:
            parts.pop()
    out = '/' * initial + '/'.join(parts)
    return out or '.'


def expanduser(p):
    return p


def exists(p):
    return _fs('exists', p)


def isfile(p):
    return _fs('isfile', p)


def isdir(p):
    return _fs('isdir', p)


def getsize(p):
    return _fs('getsize', p)


def abspath(p):
    if not isabs(p):
        p = join(_fs('getcwd', ''), p)
    return normpath(p)


def realpath(p):
    return abspath(p)


def commonprefix(m):
    if not m:
        return ''
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1
)PY";

inline constexpr std::string_view os_source = R"PY(
import os.path as path
sep = '/'
linesep = '\n'
name = 'posix'
environ = _fs('environ', '')


def getenv(key, default=None):
    return environ.get(key, default)


def getcwd():
    return _fs('getcwd', '')


def getpid():
    return _fs('getpid', '')


def cpu_count():
    return _fs('cpu_count', '')


def listdir(path='.'):
    return _fs('listdir', path)


def mkdir(path, mode=0o777):
    _fs('mkdir', path)


def makedirs(name, mode=0o777, exist_ok=False):
    if exist_ok and path.isdir(name):
        return
    _fs('makedirs', name)


def fspath(p):
    if isinstance(p, str):
        return p
    if hasattr(type(p), '__fspath__'):
        return p.__fspath__()
    raise TypeError('expected str, bytes or os.PathLike object, not ' + type(p).__name__)
)PY";

inline constexpr std::string_view random_source = R"PY(
# CPython's Mersenne Twister (MT19937, init_by_array seeding), so a seeded
# stream is the one python3 gives: random, getrandbits, randrange/randint,
# choice, shuffle, sample, uniform, gauss.
import math as _math

_N = 624
_M = 397
_NV_MAGICCONST = 4 * _math.exp(-0.5) / _math.sqrt(2.0)


class Random:
    def __init__(self, x=None):
        self.gauss_next = None
        self.seed(x)

    def seed(self, a=None):
        if a is None:
            import time as _time
            a = int(_time.time() * 1000000)
        if isinstance(a, float):
            a = hash(a)
        if isinstance(a, str):
            a = hash(a)
        a = abs(int(a))
        key = []
        while a:
            key.append(a & 0xFFFFFFFF)
            a >>= 32
        if not key:
            key = [0]
        self._init_by_array(key)
        self.gauss_next = None

    def _init_genrand(self, s):
        mt = [0] * _N
        mt[0] = s & 0xFFFFFFFF
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
        self._mt = mt
        self._index = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i = 1
        j = 0
        n = len(key)
        for _ in range(_N if _N > n else n):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & 0xFFFFFFFF)) + key[j] + j) & 0xFFFFFFFF
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= n:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & 0xFFFFFFFF)) - i) & 0xFFFFFFFF
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000

    def _genrand(self):
        mt = self._mt
        if self._index >= _N:
            for kk in range(_N):
                y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % _N] & 0x7FFFFFFF)
                v = mt[(kk + _M) % _N] ^ (y >> 1)
                if y & 1:
                    v ^= 0x9908B0DF
                mt[kk] = v
            self._index = 0
        y = mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    # CPython's state: (3, the 624 words and the position, gauss_next).
    def getstate(self):
        return (3, tuple(self._mt) + (self._index,), self.gauss_next)

    def setstate(self, state):
        version, internal, gauss_next = state
        if version != 3 or len(internal) != _N + 1:
            raise ValueError('state with version ' + str(version) + ' passed to Random.setstate() of version 3')
        self._mt = list(internal[:_N])
        self._index = internal[_N]
        self.gauss_next = gauss_next

    def random(self):
        a = self._genrand() >> 5
        b = self._genrand() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        if k < 0:
            raise ValueError('number of bits must be non-negative')
        if k <= 32:
            return self._genrand() >> (32 - k) if k else 0
        if k > 62:
            raise OverflowError('standin ints are 64-bit: getrandbits(k) needs k <= 62')
        result = 0
        shift = 0
        while k > 0:
            r = self._genrand()
            if k < 32:
                r >>= 32 - k
            result |= r << shift
            shift += 32
            k -= 32
        return result

    def _randbelow(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if start > 0:
                return self._randbelow(start)
            raise ValueError('empty range for randrange()')
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError(f'empty range for randrange() ({start}, {stop}, {width})')
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError('zero step for randrange()')
        if n <= 0:
            raise ValueError('empty range for randrange()')
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        population = list(population)
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError('Sample larger than population or is negative')
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _math.ceil(_math.log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[_math.floor(self.random() * n)] for _ in range(k)]
            cum_weights = []
            total = 0
            for w in weights:
                total = total + w
                cum_weights.append(total)
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _math.isfinite(total):
            raise ValueError('Total of weights must be finite')
        import bisect as _bisect
        hi = n - 1
        return [population[_bisect.bisect(cum_weights, self.random() * total, 0, hi)] for _ in range(k)]

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _math.sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = _NV_MAGICCONST * (u1 - 0.5) / u2
            if z * z / 4.0 <= -_math.log(u2):
                break
        return mu + z * sigma

    def expovariate(self, lambd=1.0):
        return -_math.log(1.0 - self.random()) / lambd

    def lognormvariate(self, mu, sigma):
        return _math.exp(self.normalvariate(mu, sigma))

    def paretovariate(self, alpha):
        return (1.0 - self.random()) ** (-1.0 / alpha)

    def weibullvariate(self, alpha, beta):
        return alpha * (-_math.log(1.0 - self.random())) ** (1.0 / beta)

    # CPython's draws, in its order: rejection sampling on the circle.
    def vonmisesvariate(self, mu, kappa):
        if kappa <= 1e-6:
            return 2.0 * _math.pi * self.random()
        half = 0.5 / kappa
        r = half + _math.sqrt(1.0 + half * half)
        while True:
            z = _math.cos(_math.pi * self.random())
            d = z / (r + z)
            u = self.random()
            if u < 1.0 - d * d or u <= (1.0 - d) * _math.exp(d):
                break
        q = 1.0 / r
        f = (q + z) / (1.0 + q * z)
        if self.random() > 0.5:
            return (mu + _math.acos(f)) % (2.0 * _math.pi)
        return (mu - _math.acos(f)) % (2.0 * _math.pi)

    # CPython's three regimes: Cheng's rejection method (alpha > 1), the
    # exponential (alpha == 1), Ahrens-Dieter GS (alpha < 1).
    def gammavariate(self, alpha, beta=1.0):
        if alpha <= 0.0 or beta <= 0.0:
            raise ValueError('gammavariate: alpha and beta must be > 0.0')
        if alpha == 1.0:
            return -_math.log(1.0 - self.random()) * beta
        if alpha > 1.0:
            ainv = _math.sqrt(2.0 * alpha - 1.0)
            bbb = alpha - _math.log(4.0)
            ccc = alpha + ainv
            while True:
                u1 = self.random()
                if not 1e-7 < u1 < 0.9999999:
                    continue
                u2 = 1.0 - self.random()
                v = _math.log(u1 / (1.0 - u1)) / ainv
                x = alpha * _math.exp(v)
                z = u1 * u1 * u2
                r = bbb + ccc * v - x
                if r + 1.0 + _math.log(4.5) - 4.5 * z >= 0.0 or r >= _math.log(z):
                    return x * beta
        while True:
            b = (_math.e + alpha) / _math.e
            p = b * self.random()
            x = p ** (1.0 / alpha) if p <= 1.0 else -_math.log((b - p) / alpha)
            u1 = self.random()
            if (p > 1.0 and u1 <= x ** (alpha - 1.0)) or (p <= 1.0 and u1 <= _math.exp(-x)):
                return x * beta

    def betavariate(self, alpha, beta):
        y = self.gammavariate(alpha, 1.0)
        if y:
            return y / (y + self.gammavariate(beta, 1.0))
        return 0.0

    def gauss(self, mu=0.0, sigma=1.0):
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * (2.0 * _math.pi)
            g2rad = _math.sqrt(-2.0 * _math.log(1.0 - self.random()))
            z = _math.cos(x2pi) * g2rad
            self.gauss_next = _math.sin(x2pi) * g2rad
        return mu + z * sigma


_inst = Random()
seed = _inst.seed
random = _inst.random
getrandbits = _inst.getrandbits
randrange = _inst.randrange
randint = _inst.randint
choice = _inst.choice
shuffle = _inst.shuffle
sample = _inst.sample
uniform = _inst.uniform
gauss = _inst.gauss
choices = _inst.choices
triangular = _inst.triangular
normalvariate = _inst.normalvariate
expovariate = _inst.expovariate
lognormvariate = _inst.lognormvariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
betavariate = _inst.betavariate
getstate = _inst.getstate
setstate = _inst.setstate
)PY";

inline constexpr std::string_view enum_source = R"PY(
# Enum, IntEnum, StrEnum, Flag, IntFlag. CPython builds members in EnumType (a
# metaclass); standin has none, so Enum.__init_subclass__ turns the class body's
# values into members, __class_getitem__ looks a member up by name and
# __class_iter__ iterates the class.
from copy import _new_instance


class _AutoOps:
    # `RED | GREEN` of auto() values in a class body: CPython knows their
    # values there; here they are known once the members are made, so the
    # expression waits for them.
    def __or__(self, other):
        return _AutoExpr('|', self, other)

    def __and__(self, other):
        return _AutoExpr('&', self, other)

    def __xor__(self, other):
        return _AutoExpr('^', self, other)

    def __ror__(self, other):
        return _AutoExpr('|', other, self)

    def __rand__(self, other):
        return _AutoExpr('&', other, self)

    def __rxor__(self, other):
        return _AutoExpr('^', other, self)


def _auto_value(v):
    if isinstance(v, auto):
        return v.value
    if isinstance(v, _AutoExpr):
        return v.resolve()
    return v


class _AutoExpr(_AutoOps):
    def __init__(self, op, a, b):
        self.op = op
        self.a = a
        self.b = b

    def resolve(self):
        a = _auto_value(self.a)
        b = _auto_value(self.b)
        if self.op == '|':
            return a | b
        if self.op == '&':
            return a & b
        return a ^ b


class auto(_AutoOps):
    def __init__(self):
        self.value = None

    def __repr__(self):
        return 'auto()'


def _is_member_name(name, value):
    if name[:2] == '__' and name[-2:] == '__':
        return False
    if name[:1] == '_' and name[-1:] == '_':
        return False
    if callable(value) or isinstance(value, (property, staticmethod, classmethod)):
        return False
    return True


def unique(cls):
    aliases = [name for name, m in cls.__members__.items() if m._name_ != name]
    if aliases:
        raise ValueError('duplicate values found in ' + repr(cls) + ': ' +
                         ', '.join(a + ' -> ' + cls.__members__[a]._name_ for a in aliases))
    return cls


class Enum:
    _member_names_ = []
    _member_map_ = {}

    def __init_subclass__(cls):
        if cls._member_names_:
            raise TypeError(repr(cls) + ' cannot extend ' + repr(cls.__mro__[1]))
        cls._member_names_ = []
        cls._member_map_ = {}
        cls.__members__ = cls._member_map_
        values = []
        for name, value in list(cls.__dict__.items()):
            if not _is_member_name(name, value):
                continue
            if isinstance(value, auto):
                value.value = cls._generate_next_value_(name, 1, len(values), list(values))
                value = value.value
            elif isinstance(value, _AutoExpr):
                value = value.resolve()
            value = cls._coerce_value_(value)
            values.append(value)
            existing = None
            for m in cls._member_map_.values():
                if m._value_ == value:
                    existing = m
                    break
            if existing is not None:
                cls._member_map_[name] = existing
                setattr(cls, name, existing)
                continue
            member = _new_instance(cls)
            member._name_ = name
            member._value_ = value
            if cls.__init__ is not Enum.__init__:
                member.__init__(*(value if isinstance(value, tuple) else (value,)))
            cls._member_names_.append(name)
            cls._member_map_[name] = member
            setattr(cls, name, member)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            if isinstance(v, int):
                return v + 1
        return start

    @classmethod
    def _coerce_value_(cls, value):
        return value

    def __init__(self, *args):
        pass

    def __new__(cls, value):
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        if isinstance(value, cls):
            return value
        # A class's _missing_(value) may name the member (CPython's hook).
        missing = getattr(cls, '_missing_', None)
        if missing is not None:
            found = missing(value)
            if isinstance(found, cls):
                return found
            if found is not None:
                raise TypeError('error in ' + cls.__name__ + '._missing_: returned ' + repr(found) +
                                ' instead of None or a valid member')
        raise ValueError(repr(value) + ' is not a valid ' + cls.__qualname__)

    @classmethod
    def __class_getitem__(cls, name):
        return cls._member_map_[name]

    @classmethod
    def __class_repr__(cls):
        return '<enum ' + repr(cls.__name__) + '>'

    @classmethod
    def __class_iter__(cls):
        return iter([cls._member_map_[name] for name in cls._member_names_])

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return '<' + type(self).__name__ + '.' + self._name_ + ': ' + repr(self._value_) + '>'

    def __str__(self):
        return type(self).__name__ + '.' + self._name_

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce__(self):
        return type(self), (self._value_,)


class _ValueEnum(Enum):
    # What IntEnum and StrEnum share: members format, hash and add as their values.
    def __format__(self, spec):
        return format(self._value_, spec)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._value_)

    def __add__(self, other):
        return self._value_ + other

    def __radd__(self, other):
        return other + self._value_


class _IntValued:
    # What IntEnum and IntFlag share: members compare, hash, format and
    # compute as their int values, and isinstance(member, int) holds.
    _builtin_ = int

    @classmethod
    def _coerce_value_(cls, value):
        return int(value)

    def __str__(self):
        return str(self._value_)

    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __hash__(self):
        return hash(self._value_)

    def __eq__(self, other):
        if isinstance(other, Enum):
            return self is other or (isinstance(other, _IntValued) and self._value_ == other._value_)
        return self._value_ == other

    def __lt__(self, other):
        return self._value_ < int(other)

    def __le__(self, other):
        return self._value_ <= int(other)

    def __gt__(self, other):
        return self._value_ > int(other)

    def __ge__(self, other):
        return self._value_ >= int(other)

    def __sub__(self, other):
        return self._value_ - other

    def __rsub__(self, other):
        return other - self._value_

    def __mul__(self, other):
        return self._value_ * other

    def __rmul__(self, other):
        return other * self._value_

    def __floordiv__(self, other):
        return self._value_ // other

    def __truediv__(self, other):
        return self._value_ / other

    def __mod__(self, other):
        return self._value_ % other


class IntEnum(_IntValued, _ValueEnum):
    def __and__(self, other):
        return self._value_ & int(other)

    def __or__(self, other):
        return self._value_ | int(other)


# `class Color(str, Enum)` (or int, float): standin has no subclasses of
# those built-ins, so the class derives the matching mixin below in the
# built-in's place (Interpreter::class_bases reads Enum._builtin_mixins_).
# A member computes, compares and hashes as its value, and
# isinstance(member, str) holds (the mixin's _builtin_); str(), repr() and
# format() stay Enum's, as in Python 3.11.
def _raw(x):
    return x._value_ if isinstance(x, _DataMixin) else x


class _DataMixin:
    def __eq__(self, other):
        return self._value_ == _raw(other)

    def __ne__(self, other):
        return self._value_ != _raw(other)

    def __lt__(self, other):
        return self._value_ < _raw(other)

    def __le__(self, other):
        return self._value_ <= _raw(other)

    def __gt__(self, other):
        return self._value_ > _raw(other)

    def __ge__(self, other):
        return self._value_ >= _raw(other)

    def __hash__(self):
        return hash(self._value_)

    def __bool__(self):
        return bool(self._value_)

    def __add__(self, other):
        return self._value_ + _raw(other)

    def __radd__(self, other):
        return _raw(other) + self._value_

    def __mul__(self, other):
        return self._value_ * _raw(other)

    def __rmul__(self, other):
        return _raw(other) * self._value_

    def __mod__(self, other):
        return self._value_ % _raw(other)

    def __rmod__(self, other):
        return _raw(other) % self._value_

    def __getattr__(self, name):
        # The built-in's methods (Color.RED.upper()), read off the value.
        if name[:1] == '_':
            raise AttributeError("'" + type(self).__name__ + "' object has no attribute '" + name + "'")
        return getattr(self._value_, name)


class _StrMixin(_DataMixin):
    _builtin_ = str

    @classmethod
    def _coerce_value_(cls, value):
        return str(value)

    def __len__(self):
        return len(self._value_)

    def __iter__(self):
        return iter(self._value_)

    def __contains__(self, item):
        return _raw(item) in self._value_

    def __getitem__(self, key):
        return self._value_[key]


class _NumberMixin(_DataMixin):
    def __int__(self):
        return int(self._value_)

    def __float__(self):
        return float(self._value_)

    def __sub__(self, other):
        return self._value_ - _raw(other)

    def __rsub__(self, other):
        return _raw(other) - self._value_

    def __truediv__(self, other):
        return self._value_ / _raw(other)

    def __rtruediv__(self, other):
        return _raw(other) / self._value_

    def __floordiv__(self, other):
        return self._value_ // _raw(other)

    def __rfloordiv__(self, other):
        return _raw(other) // self._value_

    def __pow__(self, other):
        return self._value_ ** _raw(other)

    def __rpow__(self, other):
        return _raw(other) ** self._value_

    def __neg__(self):
        return -self._value_

    def __pos__(self):
        return +self._value_

    def __abs__(self):
        return abs(self._value_)

    def __round__(self, ndigits=None):
        return round(self._value_, ndigits)


class _IntMixin(_NumberMixin):
    _builtin_ = int

    @classmethod
    def _coerce_value_(cls, value):
        return int(value)

    def __index__(self):
        return self._value_

    def __and__(self, other):
        return self._value_ & _raw(other)

    def __rand__(self, other):
        return _raw(other) & self._value_

    def __or__(self, other):
        return self._value_ | _raw(other)

    def __ror__(self, other):
        return _raw(other) | self._value_

    def __xor__(self, other):
        return self._value_ ^ _raw(other)

    def __rxor__(self, other):
        return _raw(other) ^ self._value_

    def __lshift__(self, other):
        return self._value_ << _raw(other)

    def __rshift__(self, other):
        return self._value_ >> _raw(other)

    def __invert__(self):
        return ~self._value_


class _FloatMixin(_NumberMixin):
    _builtin_ = float

    @classmethod
    def _coerce_value_(cls, value):
        return float(value)


Enum._builtin_mixins_ = {str: _StrMixin, int: _IntMixin, float: _FloatMixin}


class StrEnum(_ValueEnum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    @classmethod
    def _coerce_value_(cls, value):
        if not isinstance(value, str):
            raise TypeError(repr(value) + ' is not a string')
        return value

    def __str__(self):
        return self._value_

    def __eq__(self, other):
        if isinstance(other, Enum):
            return self is other
        return self._value_ == other

    def __getattr__(self, name):
        return getattr(self._value_, name)


# Flag and IntFlag: members are bits; `|`, `&`, `^` and `~` make the
# combined member (a pseudo-member named by its bits, in definition order,
# made once per value). A value with bits no member has: Flag refuses it
# (STRICT, as CPython 3.11.4 and later; 3.11.2 dropped the bits), IntFlag
# keeps them (KEEP). Iterating the class or a value gives the one-bit
# members only.
def _is_single_bit(v):
    return v > 0 and v & (v - 1) == 0


# enum.bin: '0b0 1000', the sign bit apart, the digits padded to max_bits.
def _bin(num, max_bits=None):
    ceiling = 2 ** num.bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace('1', '0', 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None and len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return sign + ' ' + digits


class Flag(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start
        high = 0
        for v in last_values:
            if isinstance(v, int) and v.bit_length() > high:
                high = v.bit_length()
        return 1 << high

    @classmethod
    def _canonical_(cls):
        return [cls._member_map_[n] for n in cls._member_names_ if _is_single_bit(cls._member_map_[n]._value_)]

    @classmethod
    def _flag_mask_(cls):
        mask = 0
        for m in cls._member_map_.values():
            mask |= m._value_
        return mask

    @classmethod
    def _keep_extra_bits_(cls):
        return False

    def __new__(cls, value):
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        if isinstance(value, cls):
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(repr(value) + ' is not a valid ' + cls.__qualname__)
        mask = cls._flag_mask_()
        if value < 0:
            value = max(mask + 1, 2 ** value.bit_length()) + value if cls._keep_extra_bits_() else value & mask
        elif value & ~mask and not cls._keep_extra_bits_():
            bits = max(value.bit_length(), mask.bit_length())
            raise ValueError(repr(cls) + ' invalid value ' + repr(value) + '\n    given ' + _bin(value, bits) +
                             '\n  allowed ' + _bin(mask, bits))
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        cache = cls.__dict__.get('_pseudo_members_')
        if cache is None:
            cache = {}
            cls._pseudo_members_ = cache
        if value in cache:
            return cache[value]
        names = [m._name_ for m in cls._canonical_() if m._value_ & value == m._value_]
        extra = value & ~mask
        member = _new_instance(cls)
        if names and extra:
            names.append(str(extra))
        member._name_ = '|'.join(names) if names else None
        member._value_ = value
        cache[value] = member
        return member

    @classmethod
    def __class_iter__(cls):
        return iter(cls._canonical_())

    @classmethod
    def __class_repr__(cls):
        return '<flag ' + repr(cls.__name__) + '>'

    def _check_other_(self, other):
        return isinstance(other, type(self))

    def __or__(self, other):
        if not self._check_other_(other):
            return NotImplemented
        return type(self)(self._value_ | int(other._value_ if isinstance(other, Flag) else other))

    def __and__(self, other):
        if not self._check_other_(other):
            return NotImplemented
        return type(self)(self._value_ & int(other._value_ if isinstance(other, Flag) else other))

    def __xor__(self, other):
        if not self._check_other_(other):
            return NotImplemented
        return type(self)(self._value_ ^ int(other._value_ if isinstance(other, Flag) else other))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        return type(self)(type(self)._flag_mask_() & ~self._value_)

    def __contains__(self, other):
        if not isinstance(other, type(self)):
            raise TypeError("unsupported operand type(s) for 'in': '" + type(other).__qualname__ +
                            "' and '" + type(self).__qualname__ + "'")
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter([m for m in type(self)._canonical_() if m._value_ & self._value_ == m._value_])

    def __len__(self):
        return len(list(self.__iter__()))

    def __bool__(self):
        return bool(self._value_)

    def __repr__(self):
        if self._name_ is None:
            return '<' + type(self).__name__ + ': ' + repr(self._value_) + '>'
        return '<' + type(self).__name__ + '.' + self._name_ + ': ' + repr(self._value_) + '>'

    def __str__(self):
        if self._name_ is None:
            return type(self).__name__ + '(' + repr(self._value_) + ')'
        return type(self).__name__ + '.' + self._name_

    def __hash__(self):
        return hash(self._value_)


class IntFlag(_IntValued, _ValueEnum, Flag):
    @classmethod
    def _keep_extra_bits_(cls):
        return True

    def _check_other_(self, other):
        return isinstance(other, (type(self), int))
)PY";

inline constexpr std::string_view logging_source = R"PY(
# The parts of logging model files touch: loggers by name with levels, the
# root's basicConfig (a stderr handler with a format), and the last-resort
# output of WARNING and above to stderr when nothing is configured.
import sys
import time

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_names = {CRITICAL: 'CRITICAL', ERROR: 'ERROR', WARNING: 'WARNING', INFO: 'INFO', DEBUG: 'DEBUG', NOTSET: 'NOTSET'}
_levels = {'CRITICAL': CRITICAL, 'FATAL': FATAL, 'ERROR': ERROR, 'WARN': WARNING, 'WARNING': WARNING, 'INFO': INFO,
           'DEBUG': DEBUG, 'NOTSET': NOTSET}
BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'


def getLevelName(level):
    if level in _names:
        return _names[level]
    if level in _levels:
        return _levels[level]
    return 'Level ' + str(level)


def _check_level(level):
    if isinstance(level, int):
        return level
    if isinstance(level, str):
        if level not in _levels:
            raise ValueError('Unknown level: ' + repr(level))
        return _levels[level]
    raise TypeError('Level not an integer or a valid string: ' + repr(level))


def _logs_at(level, name):
    # Logger.debug/info/...: log at one level.
    def method(self, msg, *args, **kwargs):
        self.log(level, msg, *args)
    method.__name__ = name
    return method


class LogRecord:
    def __init__(self, name, level, msg, args):
        self.name = name
        self.levelno = level
        self.levelname = getLevelName(level)
        self.msg = msg
        self.args = args
        self.created = time.time()

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg


class Formatter:
    def __init__(self, fmt=None, datefmt=None, style='%'):
        self._fmt = fmt if fmt is not None else '%(message)s'
        self.datefmt = datefmt

    def format(self, record):
        record.message = record.getMessage()
        values = {'name': record.name, 'levelname': record.levelname, 'levelno': record.levelno,
                  'message': record.message, 'asctime': str(record.created), 'created': record.created,
                  'filename': '', 'lineno': 0, 'funcName': '', 'module': '', 'process': 0, 'thread': 0}
        return self._fmt % values


class Handler:
    def __init__(self, level=NOTSET):
        self.level = _check_level(level)
        self.formatter = None

    def setLevel(self, level):
        self.level = _check_level(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def format(self, record):
        return (self.formatter or Formatter()).format(record)

    def handle(self, record):
        if record.levelno >= self.level:
            self.emit(record)

    def emit(self, record):
        pass

    def flush(self):
        pass

    def close(self):
        pass


class StreamHandler(Handler):
    def __init__(self, stream=None):
        super().__init__()
        self.stream = stream if stream is not None else sys.stderr

    def emit(self, record):
        self.stream.write(self.format(record) + '\n')


class NullHandler(Handler):
    def handle(self, record):
        pass


class Logger:
    def __init__(self, name, level=NOTSET):
        self.name = name
        self.level = _check_level(level)
        self.handlers = []
        self.parent = None
        self.propagate = True
        self.disabled = False

    def setLevel(self, level):
        self.level = _check_level(level)

    def getEffectiveLevel(self):
        logger = self
        while logger is not None:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        return not self.disabled and level > _disabled and level >= self.getEffectiveLevel()

    def addHandler(self, h):
        if h not in self.handlers:
            self.handlers.append(h)

    def removeHandler(self, h):
        if h in self.handlers:
            self.handlers.remove(h)

    def hasHandlers(self):
        logger = self
        while logger is not None:
            if logger.handlers:
                return True
            logger = logger.parent if logger.propagate else None
        return False

    def getChild(self, suffix):
        return getLogger(self.name + '.' + suffix if self is not root else suffix)

    def log(self, level, msg, *args, **kwargs):
        if self.isEnabledFor(level):
            self._log(level, msg, args)

    def _log(self, level, msg, args):
        if len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        record = LogRecord(self.name, level, msg, args)
        found = False
        logger = self
        while logger is not None:
            for h in logger.handlers:
                found = True
                h.handle(record)
            logger = logger.parent if logger.propagate else None
        if not found and level >= WARNING:
            sys.stderr.write(record.getMessage() + '\n')

    debug = _logs_at(DEBUG, 'debug')
    info = _logs_at(INFO, 'info')
    warning = _logs_at(WARNING, 'warning')
    warn = warning
    error = _logs_at(ERROR, 'error')
    exception = error
    critical = _logs_at(CRITICAL, 'critical')
    fatal = critical

    def __repr__(self):
        return '<' + type(self).__name__ + ' ' + self.name + ' (' + getLevelName(self.getEffectiveLevel()) + ')>'


class RootLogger(Logger):
    def __init__(self, level):
        super().__init__('root', level)


root = RootLogger(WARNING)
_loggers = {}
_disabled = NOTSET


def getLogger(name=None):
    if not name or name == 'root':
        return root
    if name not in _loggers:
        # The parent is the nearest existing ancestor; a new logger becomes the
        # parent of existing descendants it is nearer to (Manager._fixupChildren).
        logger = Logger(name)
        logger.parent = root
        dot = name.rfind('.')
        while dot > 0:
            if name[:dot] in _loggers:
                logger.parent = _loggers[name[:dot]]
                break
            dot = name.rfind('.', 0, dot)
        for other in _loggers.values():
            if other.name.startswith(name + '.'):
                nearest = 0 if other.parent is root else len(other.parent.name)
                if nearest < len(name):
                    other.parent = logger
        _loggers[name] = logger
    return _loggers[name]


def basicConfig(**kwargs):
    force = kwargs.pop('force', False)
    if force:
        root.handlers.clear()
    if not root.handlers:
        h = StreamHandler(kwargs.pop('stream', None))
        h.setFormatter(Formatter(kwargs.pop('format', BASIC_FORMAT), kwargs.pop('datefmt', None)))
        root.addHandler(h)
        if 'level' in kwargs:
            root.setLevel(kwargs.pop('level'))


def disable(level=CRITICAL):
    global _disabled
    _disabled = level


def _root_at(level, name):
    # logging.debug/info/...: the root logger at one level.
    def function(msg, *args, **kwargs):
        root.log(level, msg, *args)
    function.__name__ = name
    return function


debug = _root_at(DEBUG, 'debug')
info = _root_at(INFO, 'info')
warning = _root_at(WARNING, 'warning')
error = _root_at(ERROR, 'error')
critical = _root_at(CRITICAL, 'critical')


def log(level, msg, *args, **kwargs):
    root.log(level, msg, *args)
)PY";

// Added to the native math module at start-up (vm/setup.hpp).
inline constexpr std::string_view math_extra_source = R"PY(
def prod(iterable, *, start=1):
    result = start
    for x in iterable:
        result = result * x
    return result


_inf = float('inf')


def fsum(iterable):
    # Shewchuk's exact partial sums, rounded once at the end (as CPython's).
    # An infinity or NaN stops the exact sum: it is summed apart (CPython's
    # special_sum), and a finite overflow raises.
    partials = []
    special = 0.0
    infs = 0.0
    for x in iterable:
        x = float(x)
        given = x
        i = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            hi = x + y
            lo = y - (hi - x)
            if lo:
                partials[i] = lo
                i += 1
            x = hi
        if x != x or x in (_inf, -_inf):
            if given == given and given not in (_inf, -_inf):
                raise OverflowError('intermediate overflow in fsum')
            if given in (_inf, -_inf):
                infs += given
            special += given
            partials = []
        else:
            partials[i:] = [x] if x != 0.0 else []
    if special != 0.0 or special != special:
        if infs != infs:
            raise ValueError('-inf + inf in fsum')
        return special
    # Round the exact sum once: CPython's final step (half-way cases looked at).
    n = len(partials)
    hi = 0.0
    if n > 0:
        n -= 1
        hi = partials[n]
        lo = 0.0
        while n > 0:
            x = hi
            n -= 1
            y = partials[n]
            hi = x + y
            lo = y - (hi - x)
            if lo != 0.0:
                break
        if n > 0 and ((lo < 0.0 and partials[n - 1] < 0.0) or (lo > 0.0 and partials[n - 1] > 0.0)):
            y = lo * 2.0
            x = hi + y
            if y == x - hi:
                hi = x
    return hi


def _check_int(name, n):
    if not isinstance(n, int):
        raise TypeError("'" + type(n).__name__ + "' object cannot be interpreted as an integer")


def factorial(n):
    _check_int('factorial', n)
    if n < 0:
        raise ValueError('factorial() not defined for negative values')
    result = 1
    for i in range(2, n + 1):
        result *= i
    return result


def perm(n, k=None):
    _check_int('perm', n)
    if k is None:
        k = n
    _check_int('perm', k)
    if n < 0:
        raise ValueError('n must be a non-negative integer')
    if k < 0:
        raise ValueError('k must be a non-negative integer')
    if k > n:
        return 0
    result = 1
    for i in range(n - k + 1, n + 1):
        result *= i
    return result


def comb(n, k):
    _check_int('comb', n)
    _check_int('comb', k)
    if n < 0:
        raise ValueError('n must be a non-negative integer')
    if k < 0:
        raise ValueError('k must be a non-negative integer')
    if k > n:
        return 0
    k = min(k, n - k)
    result = 1
    for i in range(1, k + 1):
        result = result * (n - k + i) // i
    return result


def lcm(*integers):
    result = 1
    for n in integers:
        _check_int('lcm', n)
        if n == 0:
            return 0
        result = abs(result * n) // gcd(result, n)
    return result


def isqrt(n):
    _check_int('isqrt', n)
    if n < 0:
        raise ValueError('isqrt() argument must be nonnegative')
    if n == 0:
        return 0
    x = int(sqrt(n))
    while x * x > n:
        x -= 1
    while (x + 1) * (x + 1) <= n:
        x += 1
    return x


def hypot(*coordinates):
    scale = 0.0
    for c in coordinates:
        scale = max(scale, abs(float(c)))
    if scale == 0.0 or scale == inf:
        return scale
    return scale * sqrt(sum((float(c) / scale) ** 2 for c in coordinates))


def dist(p, q):
    if len(p) != len(q):
        raise ValueError('both points must have the same number of dimensions')
    return hypot(*[a - b for a, b in zip(p, q)])


def modf(x):
    x = float(x)
    if x != x or x in (inf, -inf):
        return (x if x != x else copysign(0.0, x), x)
    whole = float(trunc(x))
    return (copysign(x - whole, x), whole)


def frexp(x):
    x = float(x)
    if x == 0.0 or x != x or x in (inf, -inf):
        return (x, 0)
    e = 0
    m = abs(x)
    while m >= 1.0:
        m /= 2.0
        e += 1
    while m < 0.5:
        m *= 2.0
        e -= 1
    return (copysign(m, x), e)
)PY";

inline constexpr std::string_view heapq_source = R"PY(
# CPython's Lib/heapq.py algorithms (a min-heap in a list), written anew.
def _sift_down(heap, start, pos):
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        if item < heap[parent]:
            heap[pos] = heap[parent]
            pos = parent
            continue
        break
    heap[pos] = item


def _sift_up(heap, pos):
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_down(heap, start, pos)


def heappush(heap, item):
    heap.append(item)
    _sift_down(heap, 0, len(heap) - 1)


def heappop(heap):
    last = heap.pop()
    if heap:
        item = heap[0]
        heap[0] = last
        _sift_up(heap, 0)
        return item
    return last


def heapreplace(heap, item):
    out = heap[0]
    heap[0] = item
    _sift_up(heap, 0)
    return out


def heappushpop(heap, item):
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_up(heap, 0)
    return item


def heapify(x):
    for i in reversed(range(len(x) // 2)):
        _sift_up(x, i)


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:n]


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:n]


def merge(*iterables, key=None, reverse=False):
    out = []
    for it in iterables:
        out.extend(it)
    return iter(sorted(out, key=key, reverse=reverse))
)PY";

inline constexpr std::string_view bisect_source = R"PY(
def bisect_left(a, x, lo=0, hi=None, *, key=None):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if v < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if x < v:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insort_left(a, x, lo=0, hi=None, *, key=None):
    a.insert(bisect_left(a, x if key is None else key(x), lo, hi, key=key), x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    a.insert(bisect_right(a, x if key is None else key(x), lo, hi, key=key), x)


bisect = bisect_right
insort = insort_right
)PY";

inline constexpr std::string_view future_source = R"PY(
class _Feature:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return '_Feature(' + repr(self.name) + ')'


annotations = _Feature('annotations')
division = _Feature('division')
absolute_import = _Feature('absolute_import')
print_function = _Feature('print_function')
unicode_literals = _Feature('unicode_literals')
generator_stop = _Feature('generator_stop')
with_statement = _Feature('with_statement')
nested_scopes = _Feature('nested_scopes')
generators = _Feature('generators')
)PY";

// importlib.import_module: the module __import__ loads, by its dotted name
// (a relative name needs package=, as CPython's).
inline constexpr std::string_view importlib_source = R"PY(
def import_module(name, package=None):
    if name.startswith('.'):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for " + repr(name))
        level = len(name) - len(name.lstrip('.'))
        base = package.rsplit('.', level - 1)[0] if level > 1 else package
        name = base + '.' + name[level:] if name[level:] else base
    module = __import__(name)
    for part in name.split('.')[1:]:
        module = getattr(module, part)
    return module


def reload(module):
    return module
)PY";

// weakref, over strong references: standin's objects die when their last
// reference goes and there is no hook to clear a weak one, so a ref keeps
// its object (alive for as long as the ref is) and a weak container is its
// plain counterpart. Code that uses weak references as caches, registries
// and back-pointers runs; a callback never fires, and a ref never returns
// None.
inline constexpr std::string_view weakref_source = R"PY(
class ref:
    __slots__ = ('_obj', '__callback__')

    def __init__(self, obj, callback=None):
        if obj is None or isinstance(obj, (int, float, str, bool, tuple)):
            raise TypeError("cannot create weak reference to '" + type(obj).__name__ + "' object")
        self._obj = obj
        self.__callback__ = callback

    def __call__(self):
        return self._obj

    def __eq__(self, other):
        if not isinstance(other, ref):
            return NotImplemented
        return self._obj is other._obj or self._obj == other._obj

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(self._obj)

    def __repr__(self):
        return '<weakref; to ' + repr(type(self._obj).__name__) + '>'


ReferenceType = ref


class WeakMethod(ref):
    __slots__ = ()


def proxy(obj, callback=None):
    return obj


ProxyType = type(None)
CallableProxyType = type(None)
ProxyTypes = ()


def getweakrefcount(obj):
    return 0


def getweakrefs(obj):
    return []


class _WeakMapping:
    def __init__(self, other=None, **kwargs):
        self.data = {}
        if other is not None:
            self.update(other)
        if kwargs:
            self.update(kwargs)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        self.data[key] = value

    def __delitem__(self, key):
        del self.data[key]

    def __contains__(self, key):
        return key in self.data

    def __len__(self):
        return len(self.data)

    def __iter__(self):
        return iter(list(self.data))

    def __repr__(self):
        return '<' + type(self).__name__ + ' at ' + hex(id(self)) + '>'

    def keys(self):
        return self.data.keys()

    def values(self):
        return self.data.values()

    def items(self):
        return self.data.items()

    def get(self, key, default=None):
        return self.data.get(key, default)

    def pop(self, key, *default):
        return self.data.pop(key, *default)

    def popitem(self):
        return self.data.popitem()

    def setdefault(self, key, default=None):
        return self.data.setdefault(key, default)

    def update(self, other=None, **kwargs):
        if other is not None:
            items = other.items() if hasattr(other, 'items') else other
            for k, v in items:
                self.data[k] = v
        for k, v in kwargs.items():
            self.data[k] = v

    def clear(self):
        self.data.clear()

    def copy(self):
        return type(self)(self.data)


class WeakValueDictionary(_WeakMapping):
    def valuerefs(self):
        return [ref(v) for v in self.data.values()]

    def itervaluerefs(self):
        return iter(self.valuerefs())


class WeakKeyDictionary(_WeakMapping):
    def keyrefs(self):
        return [ref(k) for k in self.data]


class WeakSet(set):
    pass


class finalize:
    def __init__(self, obj, func, *args, **kwargs):
        self._call = (func, args, kwargs)
        self.atexit = True

    @property
    def alive(self):
        return self._call is not None

    def __call__(self, _=None):
        call, self._call = self._call, None
        if call is not None:
            return call[0](*call[1], **call[2])

    def detach(self):
        call, self._call = self._call, None
        return call

    def peek(self):
        return self._call
)PY";

// gc: standin frees objects by reference counting and has no cycle
// collector, so collect() finds nothing (the `gc.collect()` line of
// inference scripts, beside torch.cuda.empty_cache()).
inline constexpr std::string_view gc_source = R"PY(
_enabled = [True]


def collect(generation=2):
    return 0


def enable():
    _enabled[0] = True


def disable():
    _enabled[0] = False


def isenabled():
    return _enabled[0]


def get_count():
    return (0, 0, 0)


def get_threshold():
    return (700, 10, 10)


def set_threshold(threshold0, threshold1=None, threshold2=None):
    pass


def get_objects(generation=None):
    return []


def freeze():
    pass


garbage = []
callbacks = []
)PY";

// uuid: UUID objects (hex, str, urn, version, comparison, hash) and
// uuid4(), drawn from a Mersenne Twister of the random module (CPython's
// come from os.urandom; both are unique ids, never the same twice by
// design). No int= (standin ints are 64-bit) and no name-based uuid3/uuid5.
inline constexpr std::string_view uuid_source = R"PY(
import random as _random

_rng = _random.Random()
_HEX = '0123456789abcdef'


class UUID:
    __slots__ = ('hex',)

    def __init__(self, hex=None, version=None):
        if hex is None:
            raise TypeError('one of the hex, bytes, bytes_le, fields, or int arguments must be given')
        h = hex.replace('urn:', '').replace('uuid:', '').strip('{}').replace('-', '').lower()
        if len(h) != 32 or any(c not in _HEX for c in h):
            raise ValueError('badly formed hexadecimal UUID string')
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError('illegal version number')
            h = h[:12] + _HEX[version] + h[13:16] + _HEX[8 + (_HEX.index(h[16]) & 3)] + h[17:]
        object.__setattr__(self, 'hex', h)

    def __setattr__(self, name, value):
        raise TypeError('UUID objects are immutable')

    def __str__(self):
        h = self.hex
        return h[:8] + '-' + h[8:12] + '-' + h[12:16] + '-' + h[16:20] + '-' + h[20:]

    def __repr__(self):
        return type(self).__name__ + "('" + str(self) + "')"

    @property
    def urn(self):
        return 'urn:uuid:' + str(self)

    @property
    def version(self):
        if _HEX.index(self.hex[16]) & 12 == 8:
            return _HEX.index(self.hex[12])
        return None

    def __eq__(self, other):
        if isinstance(other, UUID):
            return self.hex == other.hex
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, UUID):
            return self.hex < other.hex
        return NotImplemented

    def __hash__(self):
        return hash(self.hex)


def uuid4():
    return UUID(''.join(format(_rng.getrandbits(32), '08x') for _ in range(4)), version=4)
)PY";

inline constexpr std::string_view argparse_source = R"PY(
# argparse: the parser training scripts build (options with type, default,
# choices, nargs, store_true/store_false/store_const/append/count actions,
# positionals, groups, set_defaults) and Namespace. An error prints the
# usage line and the message to stderr and exits with status 2, as CPython's.
import sys as _sys
from types import SimpleNamespace as _SimpleNamespace

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
REMAINDER = '...'


class Namespace(_SimpleNamespace):
    def __repr__(self):
        return 'Namespace(' + ', '.join(k + '=' + repr(v) for k, v in self.__dict__.items()) + ')'

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    pass


class ArgumentTypeError(Exception):
    pass


class _Action:
    def __init__(self, option_strings, dest, action, nargs, const, default, type, choices, required, help, metavar):
        self.option_strings = option_strings
        self.dest = dest
        self.action = action
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def name(self):
        if self.option_strings:
            return '/'.join(self.option_strings)
        return self.metavar or self.dest

    def takes_values(self):
        return self.action in ('store', 'append')


class _Group:
    def __init__(self, parser):
        self._parser = parser

    def add_argument(self, *args, **kwargs):
        return self._parser.add_argument(*args, **kwargs)

    def add_argument_group(self, *args, **kwargs):
        return _Group(self._parser)

    def add_mutually_exclusive_group(self, **kwargs):
        return _Group(self._parser)


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(), formatter_class=None,
                 prefix_chars='-', fromfile_prefix_chars=None, argument_default=None, conflict_handler='error',
                 add_help=True, allow_abbrev=True, exit_on_error=True):
        self.prog = prog if prog is not None else ((_sys.argv[0].split('/')[-1] if _sys.argv and _sys.argv[0] else 'main'))
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.argument_default = argument_default
        self.exit_on_error = exit_on_error
        self._actions = []
        self._defaults = {}
        if add_help:
            self.add_argument('-h', '--help', action='help', default=SUPPRESS, help='show this help message and exit')
        for parent in parents:
            for action in parent._actions:
                if action.action != 'help' or not add_help:
                    self._actions.append(action)
            self._defaults.update(parent._defaults)

    def add_argument(self, *names, action='store', nargs=None, const=None, default=None, type=None, choices=None,
                     required=None, help=None, metavar=None, dest=None):
        if names and names[0][:1] == '-':
            long = [n for n in names if n.startswith('--')]
            if dest is None:
                dest = (long[0] if long else names[0]).lstrip('-').replace('-', '_')
            option_strings = list(names)
            if required is None:
                required = False
        else:
            if len(names) != 1:
                raise ValueError('invalid option string ' + repr(names[0] if names else '') +
                                 ': must start with a character ' + repr('-'))
            if dest is not None:
                raise ValueError('dest supplied twice for positional argument')
            dest = names[0]
            option_strings = []
            required = nargs not in ('?', '*')
        if default is None and self.argument_default is not None:
            default = self.argument_default
        if action == 'store_true':
            const, default = True, (False if default is None else default)
        elif action == 'store_false':
            const, default = False, (True if default is None else default)
        elif action == 'count':
            pass
        elif action not in ('store', 'store_const', 'append', 'append_const', 'help', 'version'):
            raise ValueError('unknown action "' + str(action) + '"')
        a = _Action(option_strings, dest, action, nargs, const, default, type, choices, required, help, metavar)
        self._actions.append(a)
        return a

    def add_argument_group(self, title=None, description=None):
        return _Group(self)

    def add_mutually_exclusive_group(self, required=False):
        return _Group(self)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest)

    def format_usage(self):
        if self.usage is not None:
            return 'usage: ' + self.usage.replace('%(prog)s', self.prog) + '\n'
        parts = ['usage:', self.prog]
        for a in self._actions:
            if a.option_strings:
                text = a.option_strings[0]
                if a.takes_values():
                    text += ' ' + (a.metavar or a.dest.upper())
                parts.append(text if a.required else '[' + text + ']')
        for a in self._actions:
            if not a.option_strings:
                parts.append(a.metavar or a.dest)
        return ' '.join(parts) + '\n'

    def format_help(self):
        text = self.format_usage()
        if self.description:
            text += '\n' + self.description + '\n'
        positionals = [a for a in self._actions if not a.option_strings]
        if positionals:
            text += '\npositional arguments:\n'
            for a in positionals:
                text += '  ' + (a.metavar or a.dest) + ('  ' + a.help if a.help else '') + '\n'
        text += '\noptions:\n'
        for a in self._actions:
            if a.option_strings:
                text += '  ' + ', '.join(a.option_strings) + ('  ' + a.help if a.help else '') + '\n'
        if self.epilog:
            text += '\n' + self.epilog + '\n'
        return text

    def print_usage(self, file=None):
        (file or _sys.stdout).write(self.format_usage())

    def print_help(self, file=None):
        (file or _sys.stdout).write(self.format_help())

    def exit(self, status=0, message=None):
        if message:
            _sys.stderr.write(message)
        _sys.exit(status)

    def error(self, message):
        _sys.stderr.write(self.format_usage())
        self.exit(2, self.prog + ': error: ' + message + '\n')

    def _convert(self, a, text):
        value = text
        if a.type is not None:
            try:
                value = a.type(text)
            except (TypeError, ValueError, ArgumentTypeError) as e:
                name = getattr(a.type, '__name__', repr(a.type))
                msg = str(e) if isinstance(e, ArgumentTypeError) else 'invalid ' + name + " value: '" + text + "'"
                self.error('argument ' + a.name() + ': ' + msg)
        if a.choices is not None and value not in a.choices:
            self.error('argument ' + a.name() + ': invalid choice: ' + repr(value) + ' (choose from ' +
                       ', '.join(repr(c) for c in a.choices) + ')')
        return value

    def _find_option(self, text):
        for a in self._actions:
            if text in a.option_strings:
                return a
        matches = [a for a in self._actions if any(o.startswith(text) for o in a.option_strings if o.startswith('--'))]
        if text.startswith('--') and len(matches) == 1:
            return matches[0]
        return None

    def parse_known_args(self, args=None, namespace=None):
        args = list(_sys.argv[1:] if args is None else args)
        ns = namespace if namespace is not None else Namespace()
        for a in self._actions:
            if a.default is not SUPPRESS and not hasattr(ns, a.dest):
                default = a.default
                if isinstance(default, str) and a.type is not None and a.takes_values():
                    default = self._convert(a, default)
                setattr(ns, a.dest, default)
        for k, v in self._defaults.items():
            if not hasattr(ns, k):
                setattr(ns, k, v)
        extras = []
        positionals = []
        seen = set()
        i = 0
        while i < len(args):
            text = args[i]
            i += 1
            if text == '--':
                positionals.extend(args[i:])
                break
            if not (text.startswith('-') and len(text) > 1 and not text[1:2].isdigit()):
                positionals.append(text)
                continue
            inline = None
            if '=' in text and text.startswith('--'):
                text, inline = text.split('=', 1)
            a = self._find_option(text)
            if a is None and not text.startswith('--') and len(text) > 2:
                # -vv (flags run together) or -n5 (a value attached)
                a = self._find_option(text[:2])
                if a is not None and a.takes_values():
                    inline = text[2:]
                elif a is not None:
                    args.insert(i, '-' + text[2:])
            if a is None:
                extras.append(text if inline is None else text + '=' + inline)
                continue
            seen.add(a)
            if a.action == 'help':
                self.print_help()
                self.exit()
            if a.action in ('store_true', 'store_false', 'store_const'):
                setattr(ns, a.dest, a.const)
                continue
            if a.action == 'append_const':
                setattr(ns, a.dest, (getattr(ns, a.dest, None) or []) + [a.const])
                continue
            if a.action == 'count':
                setattr(ns, a.dest, (getattr(ns, a.dest, None) or 0) + 1)
                continue
            values = []
            if inline is not None:
                values.append(inline)
            nargs = a.nargs
            want = 1 if nargs is None else nargs if isinstance(nargs, int) else None
            while i < len(args) and (want is None or len(values) < want) and \
                    not (args[i].startswith('-') and len(args[i]) > 1 and not args[i][1:2].isdigit()):
                values.append(args[i])
                i += 1
                if nargs == '?':
                    break
            if want is not None and len(values) < want:
                self.error('argument ' + a.name() + ': expected ' +
                           ('one argument' if want == 1 else str(want) + ' arguments'))
            if nargs == '+' and not values:
                self.error('argument ' + a.name() + ': expected at least one argument')
            converted = [self._convert(a, v) for v in values]
            if nargs is None:
                value = converted[0]
            elif nargs == '?':
                value = converted[0] if converted else a.const
            else:
                value = converted
            if a.action == 'append':
                value = (list(getattr(ns, a.dest, None) or [])) + [value]
            setattr(ns, a.dest, value)
        for a in self._actions:
            if a.option_strings or a.action != 'store':
                continue
            nargs = a.nargs
            if nargs is None:
                if positionals:
                    setattr(ns, a.dest, self._convert(a, positionals.pop(0)))
                    seen.add(a)
            elif nargs == '?':
                if positionals:
                    setattr(ns, a.dest, self._convert(a, positionals.pop(0)))
                    seen.add(a)
            elif nargs in ('*', '+'):
                if positionals or nargs == '*':
                    setattr(ns, a.dest, [self._convert(a, v) for v in positionals] if positionals or a.default is None
                            else a.default)
                    positionals = []
                    seen.add(a)
            else:
                if len(positionals) >= nargs:
                    setattr(ns, a.dest, [self._convert(a, v) for v in positionals[:nargs]])
                    positionals = positionals[nargs:]
                    seen.add(a)
        missing = [a.name() for a in self._actions if a.required and a not in seen]
        if missing:
            self.error('the following arguments are required: ' + ', '.join(missing))
        return ns, extras + positionals

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error('unrecognized arguments: ' + ' '.join(extras))
        return ns
)PY";

// The modules by name, for Interpreter::import_module's first import.
inline std::string_view source_of(std::string_view name) noexcept {
    if (name == "typing") return typing_source;
    if (name == "typing_extensions") return typing_extensions_source;
    if (name == "dataclasses") return dataclasses_source;
    if (name == "functools") return functools_source;
    if (name == "itertools") return itertools_source;
    if (name == "operator") return operator_source;
    if (name == "collections") return collections_source;
    if (name == "collections.abc") return collections_abc_source;
    if (name == "copy") return copy_source;
    if (name == "warnings") return warnings_source;
    if (name == "sys") return sys_source;
    if (name == "traceback") return traceback_source;
    if (name == "contextlib") return contextlib_source;
    if (name == "abc") return abc_source;
    if (name == "inspect") return inspect_source;
    if (name == "time") return time_source;
    if (name == "os") return os_source;
    if (name == "os.path") return os_path_source;
    if (name == "random") return random_source;
    if (name == "enum") return enum_source;
    if (name == "logging") return logging_source;
    if (name == "heapq") return heapq_source;
    if (name == "bisect") return bisect_source;
    if (name == "__future__") return future_source;
    if (name == "re") return re_source;
    if (name == "json") return json_source;
    if (name == "string") return string_source;
    if (name == "types") return types_source;
    if (name == "numbers") return numbers_source;
    if (name == "importlib") return importlib_source;
    if (name == "uuid") return uuid_source;
    if (name == "gc") return gc_source;
    if (name == "weakref") return weakref_source;
    if (name == "argparse") return argparse_source;
    return {};
}

}  // namespace detail::stdlib
STANDIN_NAMESPACE_END
