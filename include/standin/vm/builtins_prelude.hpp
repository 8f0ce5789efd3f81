// The builtin types written in guest code: set and frozenset. Their hash
// table follows CPython's setobject.c (the same probe sequence, fill limit,
// resize rule, merge and pop finger), so a set iterates and prints in
// CPython's order for ints (str hashes are randomised in CPython anyway).
// init_modules (vm/setup.hpp) runs this and copies the two classes into
// builtins.
// Counterpart: CPython's Objects/setobject.c.
#pragma once

#include <standin/detail/macro_scope.hpp>

#include <string_view>

STANDIN_NAMESPACE_BEGIN
namespace detail::builtins_glue {

inline constexpr std::string_view set_prelude = R"PY(
_EMPTY = 0
_ACTIVE = 1
_DUMMY = 2
_MINSIZE = 8
_LINEAR_PROBES = 9


def _logical_shift5(h):
    # perturb >>= 5 on the hash as an unsigned 64-bit number.
    if h < 0:
        return (h >> 5) & 576460752303423487
    return h >> 5


def _callable_iterator(fn, sentinel):
    # iter(fn, sentinel)'s iterator (a generator here, not callable_iterator).
    if not callable(fn):
        raise TypeError('iter(v, w): v must be callable')

    def calls():
        while True:
            value = fn()
            if value == sentinel:
                return
            yield value
    return calls()


def _unhashable(key):
    raise TypeError("unhashable type: '" + type(key).__name__ + "'")


def _is_any_set(x):
    return isinstance(x, _setbase)


# What set and frozenset share (CPython shares it in C; neither is a
# subclass of the other).
def _set_key(key):
    # A set looked up in, removed from or discarded from a set stands for
    # the frozenset of its items, as CPython's set_contains/remove/discard.
    if isinstance(key, set):
        return frozenset(key)
    return key


class _setbase:
    def __init__(self, iterable=None):
        self._clear_table(_MINSIZE)
        self._finger = 0
        if iterable is not None:
            self._update(iterable)

    # --- the table ---------------------------------------------------------
    def _clear_table(self, size):
        self._keys = [None] * size
        self._hashes = [0] * size
        self._state = [_EMPTY] * size
        self._mask = size - 1
        self._fill = 0
        self._used = 0

    def _hash_of(self, key):
        try:
            return hash(key)
        except TypeError:
            _unhashable(key)

    def _probe(self, key, h):
        # CPython's probe sequence: (the slot holding key or -1, the first
        # dummy slot passed or -1, the empty slot that ended the search or -1).
        mask = self._mask
        i = h & mask
        perturb = h
        freeslot = -1
        while True:
            probes = _LINEAR_PROBES if i + _LINEAR_PROBES <= mask else 0
            j = i
            while True:
                st = self._state[j]
                if st == _EMPTY:
                    return -1, freeslot, j
                if st == _ACTIVE:
                    if self._hashes[j] == h:
                        k = self._keys[j]
                        if k is key or k == key:
                            return j, freeslot, -1
                elif freeslot < 0:
                    freeslot = j
                if probes == 0:
                    break
                probes -= 1
                j += 1
            perturb = _logical_shift5(perturb)
            i = (i * 5 + 1 + perturb) & mask

    def _lookup(self, key, h):
        return self._probe(key, h)[0]

    def _store(self, j, key, h):
        self._keys[j] = key
        self._hashes[j] = h
        self._state[j] = _ACTIVE

    def _add_entry(self, key, h):
        found, freeslot, empty = self._probe(key, h)
        if found >= 0:
            return
        self._used += 1
        if freeslot >= 0:
            self._store(freeslot, key, h)
            return
        self._fill += 1
        self._store(empty, key, h)
        if self._fill * 5 >= self._mask * 3:
            self._resize(self._used * 2 if self._used > 50000 else self._used * 4)

    def _insert_clean(self, key, h):
        mask = self._mask
        i = h & mask
        perturb = h
        while True:
            if self._state[i] == _EMPTY:
                j = i
            else:
                j = -1
                if i + _LINEAR_PROBES <= mask:
                    for k in range(1, _LINEAR_PROBES + 1):
                        if self._state[i + k] == _EMPTY:
                            j = i + k
                            break
            if j >= 0:
                self._store(j, key, h)
                return
            perturb = _logical_shift5(perturb)
            i = (i * 5 + 1 + perturb) & mask

    def _entries(self):
        return [(self._keys[j], self._hashes[j]) for j in range(self._mask + 1) if self._state[j] == _ACTIVE]

    def _resize(self, minused):
        size = _MINSIZE
        while size <= minused:
            size <<= 1
        old = self._entries()
        self._clear_table(size)
        for key, h in old:
            self._insert_clean(key, h)
        self._fill = len(old)
        self._used = len(old)

    def _discard(self, key):
        j = self._lookup(key, self._hash_of(key))
        if j < 0:
            return False
        self._keys[j] = None
        self._hashes[j] = -1
        self._state[j] = _DUMMY
        self._used -= 1
        return True

    def _merge(self, other):
        n = other._used
        if n == 0:
            return
        if (self._fill + n) * 5 >= self._mask * 3:
            self._resize((self._used + n) * 2)
        if self._fill == 0 and self._mask == other._mask and other._fill == other._used:
            self._keys = list(other._keys)
            self._hashes = list(other._hashes)
            self._state = list(other._state)
            self._fill = other._fill
            self._used = other._used
            return
        if self._fill == 0:
            for key, h in other._entries():
                self._insert_clean(key, h)
            self._fill = n
            self._used = n
            return
        for key, h in other._entries():
            self._add_entry(key, h)

    def _update(self, iterable):
        if _is_any_set(iterable):
            self._merge(iterable)
            return
        if isinstance(iterable, dict):
            n = len(iterable)
            if (self._fill + n) * 5 >= self._mask * 3:
                self._resize((self._used + n) * 2)
        for key in iterable:
            self._add_entry(key, self._hash_of(key))

    def _new(self, iterable=None):
        return (set if isinstance(self, set) else frozenset)(iterable)

    def _as_set(self, other):
        return other if _is_any_set(other) else set(other)

    # --- the protocol ------------------------------------------------------
    def __len__(self):
        return self._used

    def __contains__(self, key):
        key = _set_key(key)
        return self._lookup(key, self._hash_of(key)) >= 0

    def __iter__(self):
        return iter([self._keys[j] for j in range(self._mask + 1) if self._state[j] == _ACTIVE])

    def __bool__(self):
        return self._used > 0

    def __repr__(self):
        name = type(self).__name__
        if self._used == 0:
            return name + '()'
        body = '{' + ', '.join(repr(k) for k in self) + '}'
        return body if name == 'set' else name + '(' + body + ')'

    def __eq__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        if len(self) != len(other):
            return False
        for k in self:
            if k not in other:
                return False
        return True

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __le__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return self.issubset(other)

    def __lt__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return len(self) < len(other) and self.issubset(other)

    def __ge__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return self.issuperset(other)

    def __gt__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return len(self) > len(other) and self.issuperset(other)


    def __or__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return self.union(other)

    def __and__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return self.intersection(other)

    def __sub__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return self.difference(other)

    def __xor__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        return self.symmetric_difference(other)

    # --- the methods -------------------------------------------------------
    def copy(self):
        return self._new(self)

    def union(self, *others):
        result = self._new(self)
        for other in others:
            result._update(other)
        return result

    def intersection(self, *others):
        result = self
        for other in others:
            result = result._intersection(other)
        return self._new(result) if result is self else result

    def _intersection(self, other):
        result = self._new()
        if _is_any_set(other):
            a, b = self, other
            if len(other) > len(self):
                a, b = other, self
            for key, h in b._entries():
                if a._lookup(key, h) >= 0:
                    result._add_entry(key, h)
            return result
        for key in other:
            h = self._hash_of(key)
            if self._lookup(key, h) >= 0:
                result._add_entry(key, h)
        return result

    def difference(self, *others):
        result = self
        for other in others:
            result = result._difference(other)
        return self._new(result) if result is self else result

    def _difference(self, other):
        other_size = len(other) if _is_any_set(other) or isinstance(other, dict) else None
        if other_size is None or (len(self) >> 2) > other_size:
            result = self._new(self)
            for key in other:
                result._discard(key)
            return result
        result = self._new()
        for key, h in self._entries():
            if key not in other:
                result._add_entry(key, h)
        return result

    def symmetric_difference(self, other):
        result = self._new(other)
        for key, h in self._entries():
            if result._lookup(key, h) >= 0:
                result._discard(key)
            else:
                result._add_entry(key, h)
        return result

    def issubset(self, other):
        other = self._as_set(other)
        if len(self) > len(other):
            return False
        for k in self:
            if k not in other:
                return False
        return True

    def issuperset(self, other):
        other = self._as_set(other)
        for k in other:
            if k not in self:
                return False
        return True

    def isdisjoint(self, other):
        for k in other:
            if k in self:
                return False
        return True


class frozenset(_setbase):
    def copy(self):
        # an exact frozenset is its own copy; a subclass's is a frozenset
        return self if type(self) is frozenset else frozenset(self)

    def __hash__(self):
        h = 0
        for key in self:
            x = hash(key) & 4294967295
            h ^= (x ^ 89869747) ^ ((x << 16) & 4294967295)
        return h ^ (len(self) + 1) * 1927868237


class set(_setbase):
    def __hash__(self):
        raise TypeError("unhashable type: 'set'")

    def add(self, key):
        self._add_entry(key, self._hash_of(key))

    def update(self, *others):
        for other in others:
            self._update(other)

    def discard(self, key):
        self._discard(_set_key(key))

    def remove(self, key):
        if not self._discard(_set_key(key)):
            raise KeyError(key)

    def pop(self):
        if self._used == 0:
            raise KeyError('pop from an empty set')
        j = self._finger & self._mask
        while self._state[j] != _ACTIVE:
            j += 1
            if j > self._mask:
                j = 0
        key = self._keys[j]
        self._keys[j] = None
        self._hashes[j] = -1
        self._state[j] = _DUMMY
        self._used -= 1
        self._finger = j + 1
        return key

    def clear(self):
        self._clear_table(_MINSIZE)

    def intersection_update(self, *others):
        result = self.intersection(*others)
        self._adopt(result)

    def difference_update(self, *others):
        for other in others:
            if other is self:
                self.clear()
            else:
                for key in other:
                    self._discard(key)

    def symmetric_difference_update(self, other):
        if other is self:
            self.clear()
            return
        for key in (other if _is_any_set(other) else set(other)):
            if not self._discard(key):
                self.add(key)

    def _adopt(self, other):
        self._keys = other._keys
        self._hashes = other._hashes
        self._state = other._state
        self._mask = other._mask
        self._fill = other._fill
        self._used = other._used

    def __ior__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        self.update(other)
        return self

    def __iand__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        self.intersection_update(other)
        return self

    def __isub__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        self.difference_update(other)
        return self

    def __ixor__(self, other):
        if not _is_any_set(other):
            return NotImplemented
        self.symmetric_difference_update(other)
        return self


# str methods written in guest code: translate with a maketrans table,
# format_map, and the rarer predicates.
def _str_translate(self, table):
    out = []
    for c in self:
        try:
            v = table[ord(c)]
        except LookupError:
            out.append(c)
            continue
        if v is None:
            continue
        if isinstance(v, int):
            out.append(chr(v))
        elif isinstance(v, str):
            out.append(v)
        else:
            raise TypeError('character mapping must return integer, None or str')
    return ''.join(out)


def _str_maketrans(x, y=None, z=None):
    if y is None:
        if not isinstance(x, dict):
            raise TypeError('if you give only one argument to maketrans it must be a dict')
        table = {}
        for k, v in x.items():
            if isinstance(k, str):
                if len(k) != 1:
                    raise ValueError('string keys in translate table must be of length 1')
                k = ord(k)
            table[k] = v
        return table
    if len(x) != len(y):
        raise ValueError('the first two maketrans arguments must have equal length')
    table = {ord(a): ord(b) for a, b in zip(x, y)}
    if z is not None:
        for c in z:
            table[ord(c)] = None
    return table


def _str_format_map(self, mapping):
    return self.format(**mapping)


def _str_isascii(self):
    return all(ord(c) < 128 for c in self)


def _str_isprintable(self):
    return all(not (ord(c) < 32 or 127 <= ord(c) <= 160 or ord(c) == 173) for c in self)


def _str_expandtabs(self, tabsize=8):
    out = []
    column = 0
    for c in self:
        if c == '\t':
            if tabsize > 0:
                pad = tabsize - column % tabsize
                out.append(' ' * pad)
                column += pad
        else:
            out.append(c)
            column = 0 if c in '\n\r' else column + 1
    return ''.join(out)


str.translate = _str_translate
str.maketrans = staticmethod(_str_maketrans)
str.format_map = _str_format_map
str.isascii = _str_isascii
str.isprintable = _str_isprintable
str.expandtabs = _str_expandtabs
)PY";

}  // namespace detail::builtins_glue
STANDIN_NAMESPACE_END
