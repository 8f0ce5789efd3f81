# A built-in type's method called through its type checks its first argument
# (str.lower(None) crashed): a TypeError names the descriptor and the type.
# Subclasses' objects (a tuple, list or dict subclass) are accepted.
cases = [lambda: str.upper(1), lambda: str.lower(None), lambda: list.append(1, 2), lambda: dict.get([], 1),
         lambda: int.bit_length('a'), lambda: list(map(str.lower, ['A', None])), lambda: tuple.count((1, 2), 1),
         lambda: str.join(',', ['a']), lambda: dict.keys(1), lambda: list.sort((3, 1)), lambda: str.split(5),
         lambda: float.is_integer(3), lambda: int.bit_length(True), lambda: list.__len__([1]), lambda: str.__len__(3)]
for c in cases:
    try:
        print(c())
    except TypeError as e:
        print("TypeError", e)


class T(tuple):
    pass


t = T((1, 2, 2))
print(tuple.count(t, 2), tuple.index(t, 2), tuple.__len__(t))


class L(list):
    pass


l = L([1])
list.append(l, 5)
print(l, list.__len__(l))


class D(dict):
    pass


d = D(a=1)
print(dict.get(d, "a"), dict.keys(d), sorted(map(str.upper, ["b", "a"])))
try:
    print(list(map(str.lower, ["A", None])))
except TypeError as e:
    print("TypeError", e)
try:
    int.__add__(1.5, 2)
except TypeError as e:
    print("TypeError", e)
print(int.__add__(True, 2), float.__add__(1.5, 2.0))
