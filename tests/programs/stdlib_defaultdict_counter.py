# collections.defaultdict and Counter are dict subclasses, as CPython's:
# isinstance, dict methods, __missing__ (only the subscript calls it),
# copies, | and the Counter arithmetic, repr, json, errors.
import collections
import copy
import json
from collections import Counter, defaultdict

dd = defaultdict(list)
dd['a'].append(1)
dd['a'].append(2)
dd['b'].append(3)
print(dd)
print(isinstance(dd, dict), type(dd).__name__, len(dd), sorted(dd))
print('c' in dd, dd.get('c'), len(dd))
print(dd['c'], len(dd))
print(dict(dd), list(dd.items()), list(dd.keys()))
dd2 = dd.copy()
dd2['a'].append(9)
print(dd['a'], type(dd2).__name__, dd2.default_factory is list)
dd3 = copy.copy(dd)
print(type(dd3).__name__, dd3 == dd)
print(json.dumps(dd, sort_keys=True))
print(dd.pop('b'), dd.setdefault('z', 5), sorted(dd.items()))
dd.clear()
print(dd, bool(dd))
counts = defaultdict(int)
for w in 'the cat and the hat and the bat'.split():
    counts[w] += 1
print(sorted(counts.items()))
print(defaultdict(None, {'x': 1}))
try:
    defaultdict(None)['missing']
except KeyError as e:
    print('KeyError', e)
try:
    defaultdict(3)
except TypeError as e:
    print('TypeError', e)
nested = defaultdict(lambda: defaultdict(int))
nested['a']['b'] += 2
print(nested['a']['b'], nested['a']['zz'], sorted(nested['a']))
m = defaultdict(list, {'k': [1]}) | {'j': [2]}
print(type(m).__name__, sorted(m.items()), m.default_factory is list)
r = {'j': [2]} | defaultdict(list, {'k': [1]})
print(type(r).__name__, sorted(r.items()))
dd4 = defaultdict(set, a={1})
dd4 |= {'b': {2}}
print(sorted(dd4), dd4['c'])


class Tally(defaultdict):
    def __init__(self):
        super().__init__(int)


t = Tally()
t['q'] += 4
print(t, isinstance(t, defaultdict))

c = Counter('abracadabra')
print(c)
print(c.most_common(2), c['a'], c['zzz'], 'zzz' in c, len(c))
print(isinstance(c, dict), c.total(), sorted(c.elements()))
c.update('aaz')
c.update({'b': 10})
c.update(k=2)
print(c)
c.subtract('aaa')
c.subtract({'k': 5})
print(c)
del c['nothing']
del c['z']
print(sorted(c.items()))
a = Counter(x=3, y=1, z=-2)
b = Counter(x=1, y=2, w=4)
print(a + b, a - b, a | b, a & b, +a, -a)
a2 = a.copy()
a2 += b
print(a2)
a3 = Counter(x=3, y=1)
a3 -= Counter(x=1, y=5)
print(a3)
a4 = Counter(x=3)
a4 |= Counter(x=5, q=1)
print(a4)
a5 = Counter(x=3, y=2)
a5 &= Counter(x=1)
print(a5)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) != Counter(a=2), Counter() == {})
print(Counter([1, 1, 2]), Counter({'a': 3}), Counter(), repr(Counter()))
print(json.dumps(Counter('aab'), sort_keys=True), dict(Counter('aab')))
try:
    Counter.fromkeys('ab')
except NotImplementedError as e:
    print('NotImplementedError', e)
words = ['x', 'y', 'x', 'z', 'x', 'y']
print(Counter(words).most_common(), sorted(Counter(words)), list(Counter(words).keys()))
print(collections.Counter(words) + collections.Counter(words))
