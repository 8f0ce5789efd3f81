class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
class Config:
    scale = 2
    bias = 0.5
    @staticmethod
    def make(v):
        return v * 10
    @classmethod
    def named(cls):
        return cls.__name__
    @property
    def total(self):
        return self.scale + self.bias
a = Counter()
b = Counter()
print(a.id, b.id, Counter.instances)
c = Config()
print(Config.make(3), c.make(4), Config.named(), c.named(), c.total)
c.scale = 10
print(c.total, Config.scale)
class Temp:
    def __init__(self):
        self._c = 0
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        self._c = max(v, -273)
t = Temp()
t.c = -500
print(t.c)
t.c = 25
print(t.c)
