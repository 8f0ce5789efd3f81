class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def moved(self, dx, dy=0):
        return Point(self.x + dx, self.y + dy)
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
p = Point(3, 4)
q = p.moved(1)
print(p, q, p.norm2(), Point.dims, p.dims, q.x)
p.x = 10
p.extra = "dynamic"
print(p, p.extra, hasattr(p, "extra"), hasattr(p, "nope"), getattr(p, "y"), getattr(p, "zz", "dflt"))
setattr(p, "y", 0)
print(p.norm2(), isinstance(p, Point), type(p) is Point, type(p).__name__)
Point.dims = 3
print(q.dims)
m = p.norm2
print(m())
class Empty:
    pass
e = Empty()
e.v = 1
print(e.v, Empty.__name__)
