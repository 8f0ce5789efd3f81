# Python 3.10 parenthesized context managers: with (a() as x, b() as y):, a trailing comma, and the parenthesized expression forms
class manager:
    def __init__(self, n=0): self.n = n
    def __enter__(self): print('enter', self.n); return (1, self.n)
    def __exit__(self, *a): print('exit', self.n)
with (manager(1) as x, manager(2) as y):
    print(x, y)
with (manager(3)):
    pass
with (manager(4) as x,
      manager(5),):
    print('ok', x)
with (manager(6)) as z, manager(7):
    print(z)
with (manager(8)) as (a, b):
    print(a, b)
try:
    with (manager(9), manager(10)) as q:
        pass
except (AttributeError, TypeError) as e:
    print(type(e).__name__)
def f():
    with (manager(11) as m, manager(12) as n):
        return m[1] + n[1]
print(f())
