# @classmethod stacked on @property (Python 3.9 to 3.12 chain the
# descriptors): the property is got with the class, through the class, an
# instance, a subclass and super().
class B:
    _X = 3

    @classmethod
    @property
    def X(cls):
        return cls._X * 10

    @classmethod
    def plain(cls):
        return cls.__name__


class C(B):
    _X = 4

    @classmethod
    @property
    def X(cls):
        return super().X + 1


print(B.X, B().X, C.X, C().X, B.plain(), C().plain())
