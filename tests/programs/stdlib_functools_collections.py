import functools
import itertools
import operator
from collections import OrderedDict, defaultdict, namedtuple, Counter, deque
from functools import partial, reduce, lru_cache


def power(base, exp=2):
    return base ** exp


square = partial(power, exp=2)
cube = partial(power, exp=3)
print(square(4), cube(2), partial(power, 5)(3))
print(reduce(operator.add, [1, 2, 3, 4]), reduce(lambda a, b: a * b, [1, 2, 3, 4], 10))
calls = []


@lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(20), len(calls))


@functools.lru_cache()
def twice(x):
    return 2 * x


print(twice(4), twice(4))


def deco(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args) + 1
    return wrapper


@deco
def inc(x):
    return x


print(inc(1), inc.__name__)
print(list(itertools.chain([1, 2], (3,), [4])), list(itertools.chain.from_iterable([[1], [2, 3]])))
print(list(itertools.product([1, 2], 'ab')), list(itertools.product(range(2), repeat=2)))
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([1, 2, 3], operator.mul)))
print(list(itertools.permutations([1, 2, 3], 2)), list(itertools.combinations('abcd', 2)))
print(list(itertools.islice(range(10), 2, 8, 2)), list(itertools.zip_longest([1, 2, 3], 'ab', fillvalue='-')))
print(operator.mul(3, 4), operator.itemgetter(1)([5, 6, 7]), operator.itemgetter(0, 2)('xyz'))
Pt = namedtuple('Pt', ['x', 'y'])
p = Pt(1, y=2)
print(p, p.x + p.y, p[0], tuple(p), p == (1, 2), p._asdict(), p._replace(x=5))
a, b = p
print(a, b, len(p))
Rec = namedtuple('Rec', 'name score', defaults=[0])
print(Rec('a'), Rec('b', 3), sorted([Rec('c', 2), Rec('d', 1)], key=operator.attrgetter('score')))
d = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3)]:
    d[k].append(v)
print(d['a'], d['b'], sorted(d.keys()), 'c' in d, len(d))
counts = defaultdict(int)
for w in 'the cat the hat the'.split():
    counts[w] += 1
print(sorted(counts.items()))
c = Counter('abracadabra')
print(c.most_common(2), c['a'], c['z'])
od = OrderedDict()
od['b'] = 1
od['a'] = 2
print(list(od.keys()), list(od.items()))
q = deque([1, 2, 3], maxlen=3)
q.append(4)
q.appendleft(0)
print(list(q), q.popleft(), q.pop(), len(q))
# A namedtuple is a tuple: isinstance, concatenation, repetition, ordering.
print(isinstance(p, tuple), p + (3,), (0,) + p, p * 2, p < Pt(1, 3), p >= (1, 2), max(Pt(3, 4)), sum(p))
print(sorted([Pt(2, 1), Pt(1, 5)]), hash(p) == hash((1, 2)), Pt.__name__, type(p).__name__)
try:
    p < 3
except TypeError as e:
    print(e)
