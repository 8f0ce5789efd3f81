# expect: 1 RecursionError
class R:
    def __repr__(self):
        return repr(self)
print(R())
