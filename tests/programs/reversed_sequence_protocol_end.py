# reversed() of an object with __len__/__getitem__ and no __reversed__ walks
# obj[len-1] ... obj[0]; an IndexError or StopIteration on the way ends it
# (CPython's reversed iterator), other exceptions propagate.
class Bag:
    def __init__(self, items):
        self.items = list(items)
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return self.items[i]
print(list(reversed(Bag([]))), list(reversed(Bag([1, 2, 3]))), list(reversed(Bag([1]))))
class S:
    def __len__(self):
        return 2
    def __getitem__(self, i):
        if i == 1:
            raise StopIteration
        return i
print(list(reversed(S())))
class K:
    def __len__(self):
        return 2
    def __getitem__(self, i):
        raise KeyError(i)
try:
    list(reversed(K()))
except KeyError as e:
    print("KeyError", e)
Bag.__len__ = lambda self: 2
b = Bag([7])
print(list(reversed(b)), list(reversed(Bag([4, 5]))), list(reversed(Bag([4, 5, 6]))))
