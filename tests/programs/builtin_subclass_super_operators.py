# super().__eq__ / __add__ / __iadd__ / __or__ ... in a list or dict subclass run
# the built-in operation (they dispatched back to the subclass's override and
# recursed forever); list.__eq__(sub, x) too.
from collections import namedtuple
def t(name, f):
    try:
        print(name, f())
    except RecursionError:
        print(name, 'RecursionError')
class L(list):
    def __eq__(self, o): return super().__eq__(o)
    def __add__(self, o): return super().__add__(o)
class D(dict):
    def __eq__(self, o): return super().__eq__(o)
    def __or__(self, o): return super().__or__(o)
class T(tuple):
    def __eq__(self, o): return super().__eq__(o)
    def __add__(self, o): return super().__add__(o)
    def __hash__(self): return super().__hash__()
P = namedtuple('P', 'x y')
class PS(P):
    def __eq__(self, o): return super().__eq__(o)
    __hash__ = P.__hash__
t('list eq', lambda: L([1]) == [1]); t('list add', lambda: L([1]) + [2])
t('dict eq', lambda: D(a=1) == {'a': 1}); t('dict or', lambda: D(a=1) | {'b': 2})
t('tuple eq', lambda: T((1,)) == (1,)); t('tuple add', lambda: T((1,)) + (2,)); t('tuple hash', lambda: hash(T((1,))) == hash((1,)))
t('namedtuple eq', lambda: PS(1, 2) == (1, 2))

class L(list):
    def __iadd__(self, o):
        return super().__iadd__(o)
l = L([1])
try:
    l += [2]
    print(l, type(l).__name__)
except RecursionError as e:
    print('RecursionError', e)

class D(dict):
    def __ior__(self, o):
        return super().__ior__(o)
class L2(list):
    def __imul__(self, n):
        return super().__imul__(n)
for name, f in [('dict |=', lambda: D(a=1).__ior__({'b': 2})), ('list *=', lambda: L2([1]).__imul__(2))]:
    try:
        r = f()
        print(name, r, type(r).__name__)
    except RecursionError as e:
        print(name, 'RecursionError', e)

def t(name, f):
    try:
        print(name, f())
    except RecursionError:
        print(name, 'RecursionError')
    except Exception as e:
        print(name, type(e).__name__, e)
class L(list):
    def __eq__(self, o): return 'override'
    def __add__(self, o): return 'override'
    def __len__(self): return 99
    def __contains__(self, x): return 'override'
class D(dict):
    def __eq__(self, o): return 'override'
    def __getitem__(self, k): return 'override'
    def __len__(self): return 99
l = L([1]); d = D(a=1)
t('list.__eq__', lambda: list.__eq__(l, [1])); t('list.__add__', lambda: list.__add__(l, [2])); t('list.__len__', lambda: list.__len__(l)); t('list.__contains__', lambda: list.__contains__(l, 1))
t('dict.__eq__', lambda: dict.__eq__(d, {'a': 1})); t('dict.__getitem__', lambda: dict.__getitem__(d, 'a')); t('dict.__len__', lambda: dict.__len__(d))
class R(list):
    def __radd__(self, o): return 'R.radd'
    def __eq__(self, o): return 'R.eq'
    def __rmul__(self, o): return 'R.rmul'
class RD(dict):
    def __ror__(self, o): return 'RD.ror'
t('[1] + R()', lambda: [1] + R()); t('[1] == R()', lambda: [1] == R()); t('{} | RD()', lambda: {} | RD()); t('2 * R()', lambda: 2 * R())


# reversed() of a list, dict or tuple subclass with its own __reversed__.
class RevList(list):
    def __reversed__(self):
        return iter(["r"] + list(self))


class RevDict(dict):
    def __reversed__(self):
        return iter(["rd"])


class PlainRev(list):
    pass


print(list(reversed(RevList([1, 2]))), list(reversed(RevDict(a=1))), list(reversed(PlainRev([1, 2, 3]))))
