class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return hash(self.v)
    def __eq__(self, o):
        return isinstance(o, K) and o.v == self.v
d = {K(1): 'one'}
print(d[K(1)], K(1) in d, hash(K(3)))
class P:
    pass
a = P()
d = {a: 1}
print(d[a], a in d, P() in d)
class E:
    def __eq__(self, o):
        return True
try:
    {E(): 1}
except TypeError as e:
    print(e)
s = {a}
print(a in s, len({P(), P()}))
seen = {}
for k in [K(1), K(2), K(1), (K(2), 'x'), (K(2), 'x')]:
    seen[k] = seen.get(k, 0) + 1
print(sorted(seen.values()), len(seen), {K(5)} == {K(5)}, K(7) in [K(7)])
