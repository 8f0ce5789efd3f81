class Countdown:
    def __init__(self, start):
        self.n = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(3)))
for v in Countdown(2):
    print("cd", v)
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "done"))
try:
    next(it)
except StopIteration:
    print("StopIteration")
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10
print(list(Seq()), 20 in Seq())
e = enumerate(["a", "b"])
print(next(e), list(e))
z = zip([1, 2], [3, 4])
print(list(z), list(z))
print(list(map(str, [1, 2])), list(zip()), list(reversed(range(3))), list(reversed("ab")))
