class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return self.name + " says " + self.sound
    def kind(self):
        return "animal"
class Dog(Animal):
    sound = "woof"
    def kind(self):
        return "dog, an " + super().kind()
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + "!" * self.age
a = Animal("generic")
d = Dog("rex")
p = Puppy("bit", 3)
for x in (a, d, p):
    print(x.speak(), "|", x.kind())
print(isinstance(p, Dog), isinstance(p, Animal), isinstance(d, Puppy), issubclass(Puppy, Animal), issubclass(Animal, Dog))
print(Puppy.__mro__ if False else [c.__name__ for c in Puppy.__mro__])
print(isinstance(3, int), isinstance(True, int), isinstance(3, (str, float)), isinstance("s", object))


# __init_subclass__: a registry of subclasses, as plugin code writes it
class Registered:
    registry = {}

    def __init_subclass__(cls):
        Registered.registry[cls.__name__.lower()] = cls


class Alpha(Registered):
    pass


class Beta(Alpha):
    pass


print(sorted(Registered.registry), Registered.registry['beta'] is Beta)


# __mro_entries__: a base that is not a class names the class to derive from
class _Real:
    def hello(self):
        return 'hello from ' + type(self).__name__


def Factory():
    pass


Factory.__mro_entries__ = lambda bases: (_Real,)


class Made(Factory):
    pass


print(Made().hello(), Made.__mro__[1].__name__)
