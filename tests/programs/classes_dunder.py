class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __repr__(self):
        return "Vec(" + ", ".join(repr(x) for x in self.xs) + ")"
    def __str__(self):
        return "<" + ",".join(str(x) for x in self.xs) + ">"
    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])
    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])
    def __rmul__(self, k):
        return self * k
    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __contains__(self, v):
        return v in self.xs
    def __iter__(self):
        return iter(self.xs)
    def __neg__(self):
        return Vec(*[-a for a in self.xs])
    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)
    def __bool__(self):
        return any(self.xs)
v = Vec(1, 2)
w = Vec(3, 4)
print(v + w, v * 3, 2 * v, -v, repr(v), str(v), [v])
print(v == Vec(1, 2), v != w, len(v), v[1], 2 in v, 5 in v, list(v), sorted([w, v]))
v[0] = 10
print(v, bool(Vec(0, 0)), bool(v), max(v), f"{v}")
class Callable:
    def __init__(self):
        self.calls = 0
    def __call__(self, x):
        self.calls += 1
        return x * 2
c = Callable()
print(c(4), c(5), c.calls, callable(c), callable(3))
