# Method calls: small classes, attribute reads and writes, bound-method calls.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def dot(self, other):
        return self.x * other.x + self.y * other.y


class Counter:
    def __init__(self):
        self.n = 0

    def inc(self, k):
        self.n += k
        return self.n


def run(n):
    c = Counter()
    v = Vec(0, 0)
    d = Vec(1, 2)
    total = 0
    for i in range(n):
        v = v.add(d)
        total += v.dot(d) % 13
        c.inc(i % 3)
    return total, c.n, v.x, v.y


print(run(1000000))
