# collections.OrderedDict: a dict subclass that prints as one, with
# move_to_end, popitem(last=) and copy; used where model code builds
# nn.Sequential from named layers or reads a state_dict.
from collections import OrderedDict

od = OrderedDict()
print(od, type(od).__name__, isinstance(od, dict), isinstance(od, OrderedDict))
od['b'] = 1
od['a'] = 2
od['c'] = [3, 'x']
print(od, len(od), list(od), od['a'], od.get('z', 0))
od.move_to_end('b')
print(od)
od.move_to_end('c', last=False)
print(od, list(od.items()))
print(od.popitem(), od.popitem(last=False), od)
od2 = OrderedDict([('x', 1), ('y', 2)])
print(od2, OrderedDict(a=1, b=2), OrderedDict({'k': 'v'}))
c = od2.copy()
c['z'] = 3
print(c, od2, type(c).__name__)
print(dict(od2), od2 == {'x': 1, 'y': 2}, {**od2, 'w': 0})
print(repr(OrderedDict([('t', (1, 2))])), str(OrderedDict()))
print([k for k in OrderedDict(zip('abc', range(3)))], sorted(OrderedDict(q=1, p=2).items()))
try:
    OrderedDict().popitem()
except KeyError as e:
    print('KeyError', e)
try:
    od2.move_to_end('nope')
except KeyError as e:
    print('KeyError', e)
