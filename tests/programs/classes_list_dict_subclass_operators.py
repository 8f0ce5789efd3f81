# Operators on list and dict subclasses, as CPython: a Python __add__/__or__/
# __radd__ comes first; += and *= without a Python __iadd__ run the built-in
# in-place method; == of a subclass defining __eq__ calls it.
class L(list):
    def __add__(self, other):
        return 'add'
    def __radd__(self, other):
        return 'radd'
a = L([1])
a += [2]
print(a, type(a).__name__)
print(a + [3], [0] + a)
a *= 2
print(a, type(a).__name__)
class D(dict):
    def __or__(self, o):
        return 'or'
d = D(x=1)
d |= {'y': 2}
print(d, type(d).__name__, d | {}, {} | d)
class C(list):
    def __iadd__(self, o):
        self.append('i')
        return self
c = C()
c += [1]
print(c, c + [5], type(c + [5]).__name__)


class Loose(dict):
    def __eq__(self, other):
        return set(self) == set(other)

    def __ne__(self, other):
        return not self == other


print(Loose(a=1) == {'a': 2}, Loose(a=1) != {'b': 1}, {'a': 3} == Loose(a=1), [Loose(a=1)] == [{'a': 0}])
