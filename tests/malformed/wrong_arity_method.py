# expect: 1 TypeError: A.m() missing 1 required positional argument: 'x'
class A:
    def m(self, x):
        return x
A().m()
