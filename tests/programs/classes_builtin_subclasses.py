from collections import OrderedDict


class AttrDict(dict):
    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k)

    def __setattr__(self, k, v):
        self[k] = v


d = AttrDict(a=1, b=2)
d.c = 3
print(d, d.a, d.c, len(d), sorted(d.keys()), isinstance(d, dict), type(d).__name__)
print(hasattr(d, 'zz'), getattr(d, 'zz', 'dflt'), {**d}, dict(d), d == {'a': 1, 'b': 2, 'c': 3})


class AD2(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self


e = AD2({'x': 1}, y=2)
print(e.x, e.y, e)
e.z = 5
print(e['z'], e)


class Pipeline(list):
    def __call__(self, x):
        for f in self:
            x = f(x)
        return x


p = Pipeline([lambda x: x + 1, lambda x: x * 2])
p.append(lambda x: x - 3)
print(p(3), len(p), isinstance(p, list), type(p).__name__, p[0](1), p[-1](0))
print(p[1:] .__class__.__name__)


class Stack(list):
    def push(self, x):
        self.append(x)

    def peek(self):
        return self[-1]

    def __repr__(self):
        return 'Stack(' + super().__repr__() + ')'


s = Stack()
s.push(1)
s.push(2)
print(s, s.peek(), len(s), s + [3], list(s), sorted(s, reverse=True), 2 in s)
s.name = 'st'
print(s.name, s.__dict__)


class DefaultZero(dict):
    def __missing__(self, key):
        return 0


z = DefaultZero()
z['a'] += 1
z['a'] += 1
print(z, z['b'], z.get('b'), 'b' in z)


class Logged(dict):
    def __setitem__(self, k, v):
        print('set', k, v)
        super().__setitem__(k, v)

    def __getitem__(self, k):
        print('get', k)
        return dict.__getitem__(self, k)

    def __delitem__(self, k):
        print('del', k)
        super().__delitem__(k)


g = Logged()
g['x'] = 1
print(g['x'])
del g['x']
print(g, len(g))


class OD(OrderedDict):
    pass


o = OD(a=1)
o['b'] = 2
print(o, type(o).__name__, isinstance(o, OrderedDict), isinstance(o, dict), list(o.items()))


class ModelOutput(OrderedDict):
    def __getitem__(self, k):
        if isinstance(k, str):
            return dict(self.items())[k]
        return self.to_tuple()[k]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


m = ModelOutput(logits=1, loss=2)
print(m[0], m['loss'], m.to_tuple(), m)


class Reg(dict):
    def register(self, name):
        def deco(fn):
            self[name] = fn
            return fn
        return deco


R = Reg()


@R.register('relu')
def relu(x):
    return max(x, 0)


print(R['relu'](-3), list(R))


class Sized(list):
    def __len__(self):
        return 42

    def __iter__(self):
        return iter([9, 8])

    def __contains__(self, x):
        return x == 'yes'


q = Sized([1, 2])
print(len(q), list(q), 'yes' in q, 1 in q, bool(q), [x for x in q])
for cls in (AttrDict, Pipeline, Stack):
    print(cls.__name__, cls.__bases__[0].__name__, issubclass(cls, (list, dict)))
try:
    AttrDict().missing
except AttributeError as ex:
    print('AttributeError', ex)
x = AttrDict(k=1)
del x['k']
print(x)
try:
    x['nope']
except KeyError as ex:
    print('KeyError', ex)


# The built-in behaviours a subclass inherits unchanged.
class Tags(list):
    pass


t = Tags([3, 1, 2])
t += [5]
t.extend([0])
t.sort()
print(t, t == [0, 1, 2, 3, 5], t[1:3], type(t[1:3]).__name__, t * 2, str(t), repr(t))
t[0] = 9
del t[1]
print(t, t.index(9), t.count(2), t.pop(), t, len(t), bool(Tags()), list(reversed(t)))
a, b, *rest = t
print(a, b, rest)


class Plain(dict):
    pass


pd = Plain({'k': 1})
pd.update(j=2)
print(pd, str(pd), repr(pd), pd.get('k'), pd.pop('j'), pd, pd.setdefault('m', 7), sorted(pd.items()))
print(Plain.fromkeys(['a']), type(pd.copy()).__name__, pd | {'n': 1}, list(pd.values()))
print(isinstance(pd, Plain), type(pd) is Plain, Plain.__mro__[1] is dict, dict.__len__(pd), list.__len__(t))


class Counted(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reads = 0

    def __getitem__(self, k):
        self.reads += 1
        return super().__getitem__(k)


c = Counted(a=1)
c['a']
c['a']
print(c.reads, c, vars(c))


def kw(**kwargs):
    return sorted(kwargs.items())


print(kw(**Counted(p=1, q=2)), dict(Counted(z=0)), {**Plain(w=1)})


# An OrderedDict subclass with its own __init__ signature.
class Registry(OrderedDict):
    def __init__(self, owner, items):
        super().__init__(items)
        self.owner = owner


r = Registry('me', [('a', 1), ('b', 2)])
print(r, r.owner, list(r.keys()), type(r).__name__)


# OrderedDict's __init__ stores each item through the subclass's __setitem__
# (a Hugging Face ModelOutput keeps an attribute per key that way); dict's does not.
class Synced(OrderedDict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v)
        super().__setattr__(k, v)


class SyncedDict(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v)
        super().__setattr__(k, v)


s = Synced([('a', 1)], b=2)
print(s, s.a, s.b, sorted(vars(s)))
sd = SyncedDict(a=1)
print(sd, vars(sd))
