class D:
    def __init__(self):
        self._d = {}

    def get(self, key):
        if key not in self._d:
            self._d[key] = list()
        return self._d[key]


d = D()
d.get('a').append(1)
d.get('b').append(2)
d.get('a').append(3)
print(d._d)


def f(store, key):
    v = []
    store[key] = v
    return v


s = {}
f(s, 'x').append(5)
print(s)


def pair():
    v = [1]
    return v, v


a, b = pair()
a.append(2)
print(a, b, a is b)


def nested(store):
    inner = {'k': []}
    store.append(inner)
    store.append(inner['k'])
    return inner


st = []
r = nested(st)
r['k'].append(9)
print(st, r)
