class Shape:
    def area(self):
        raise NotImplementedError("subclass must implement")
    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"
class Rect(Shape):
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
class Circle(Shape):
    def __init__(self, r):
        self.r = r
    def area(self):
        return 3.14159 * self.r ** 2
shapes = [Rect(2, 3), Square(4), Circle(1)]
for s in shapes:
    print(s.describe())
print(sorted(shapes, key=lambda s: s.area())[0].describe())
try:
    Shape().area()
except NotImplementedError as e:
    print("NotImplementedError:", e)
