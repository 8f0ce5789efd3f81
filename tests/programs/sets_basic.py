s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s, set(), frozenset(), type(s).__name__)
t = set([5, 1, 5, 9, 1])
print(t, sorted(t), frozenset([2, 1]))
print(s | t, s & t, s - t, t - s, s ^ t)
print(s.union([7, 8]), s.intersection({1, 3, 99}), s.difference([1]), s.symmetric_difference({1, 10}))
print({1, 2} <= {1, 2, 3}, {1, 2} < {1, 2}, {1, 2, 3} >= {3}, {1} > set(), {1, 2} == {2, 1}, {1} != {1})
print({1, 2}.issubset([1, 2, 3]), {1, 2}.issuperset((2,)), {1, 2}.isdisjoint({3}))
u = set()
for x in [10, 4, 10, 7, 4, 100, 33, 17, 8, 64, 1000, -1, -5]:
    u.add(x)
print(u, len(u))
u.discard(10)
u.discard(12345)
u.remove(4)
print(u)
try:
    u.remove(4)
except KeyError as e:
    print('KeyError', e)
popped = [u.pop() for _ in range(3)]
print(popped, u)
u.update([1, 2], (3,))
print(u)
u.clear()
print(u, bool(u), bool({0}))
squares = {x * x for x in range(-4, 5)}
print(squares, {c for c in 'banana' if c != 'n'} == {'a', 'b'})
print({*[1, 2], 3, *(4, 1)}, set('aab') == {'a', 'b'})
fs = frozenset({1, 2})
d = {fs: 'pair', frozenset(): 'empty'}
print(d[frozenset([2, 1])], d[frozenset()], fs == {1, 2}, {1, 2} == fs, isinstance(fs, frozenset), isinstance(s, frozenset))
try:
    {[1, 2]}
except TypeError as e:
    print('TypeError', e)
try:
    hash({1})
except TypeError as e:
    print('TypeError', e)
w = {1, 2, 3}
w |= {4}
w &= {1, 2, 4, 9}
w -= {1}
w ^= {2, 7}
print(w)
big = set(range(0, 200, 7))
print(len(big), 196 in big, 195 in big, sorted(big)[:5])
print(sorted({'b', 'a', 'c'}), list({(1, 2), (1, 2), (3, 4)}) and len({(1, 2), (1, 2), (3, 4)}))
no_decay = {'bias', 'LayerNorm.weight'}
params = ['fc.weight', 'fc.bias', 'LayerNorm.weight']
print([p for p in params if not any(nd in p for nd in no_decay)])
print(set([1, 2, 3]).difference({2}, [3]), {1, 2, 3}.intersection({1, 2}, [2]), len(set(range(100)) - set(range(3, 100))))
