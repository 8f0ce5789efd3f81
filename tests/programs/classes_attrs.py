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


# __setattr__ / __delattr__ of a class (and its subclasses) see every store,
# including setattr() and stores in __init__; object.__setattr__ does the store.
class Logged:
    def __init__(self):
        self.log = []
        self.ready = True

    def __setattr__(self, name, value):
        if name != 'log':
            self.log.append(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise AttributeError('cannot delete ' + name)


class LoggedChild(Logged):
    pass


lg = LoggedChild()
lg.x = 1
setattr(lg, 'y', 2)
print(lg.x, lg.y, lg.log)
try:
    del lg.x
except AttributeError as e:
    print(e)


class DictBacked:
    def __init__(self, **kw):
        object.__setattr__(self, '_d', dict(kw))

    def __getattr__(self, name):
        return self._d[name]

    def __setattr__(self, name, value):
        self._d[name] = value


db = DictBacked(a=1)
db.b = 2
print(db.a, db.b, db._d)
try:
    object.__setattr__(db, 1, 2)
except TypeError as e:
    print(e)
Renamed = type('Original', (), {})
Renamed.__name__ = 'Renamed'
print(Renamed.__name__)


# obj.__class__ = C changes the object's type.
class Animal:
    def sound(self):
        return 'generic'


class Dog(Animal):
    def sound(self):
        return 'woof'


pet = Animal()
pet.__class__ = Dog
print(type(pet).__name__, pet.sound(), isinstance(pet, Dog), pet.__class__ is Dog, '__class__' in vars(pet))
try:
    pet.__class__ = 3
except TypeError as e:
    print('TypeError', e)
