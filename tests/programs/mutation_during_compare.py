# == that runs guest code changing the container being searched or compared:
# no crash, and CPython's results.
class Clears:
    def __init__(self, target):
        self.target = target

    def __eq__(self, other):
        self.target.clear()
        return NotImplemented

    def __hash__(self):
        return 7


lst = []
lst.extend([Clears(lst), Clears(lst)])
print(Clears(lst) in lst, lst)

lst = []
lst.extend([Clears(lst), Clears(lst), 3])
print(3 in lst, len(lst))

lst = []
lst.extend([Clears(lst), Clears(lst)])
print(lst.count(5), len(lst))

lst = []
lst.extend([Clears(lst), 1, 2])
try:
    lst.remove(2)
except ValueError as e:
    print("ValueError", e)
print(len(lst))

lst = []
lst.extend([Clears(lst), 1, 2])
try:
    print(lst.index(2))
except ValueError as e:
    print("ValueError", e)

a = []
b = [1, 2, 3]
a.extend([Clears(b), 2, 3])
print(a == b, a != b, len(b))
b = [1, 2, 3]
print(b == a, len(b))

dict_b = {}


class ClearsDict:
    def __eq__(self, other):
        dict_b.clear()
        return True

    def __hash__(self):
        return 13


dict_a = {ClearsDict(): 0}
dict_b[ClearsDict()] = ClearsDict()
print(dict_a == dict_b)

# A lookup whose == changes the dict starts again.
d = {}


class Grows:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        if len(d) < 50:
            d[len(d) + 100] = 0
        return isinstance(other, Grows) and other.n == self.n

    def __hash__(self):
        return 1


d[Grows(1)] = "one"
d[Grows(2)] = "two"
print(d.get(Grows(2)), len(d) > 2)
print(Grows(1) in d, d[Grows(1)])

t = (1, 2)
s = {Clears([]), 1}
print(1 in s, len(s))
nan = float("nan")
print([nan] == [nan], nan in [nan], {nan: 1}.get(nan))
