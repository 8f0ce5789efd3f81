# A keyword given twice through ** (f(**d, a=1), f(**d, **d), a built-in, a
# method) is TypeError "f() got multiple values for keyword argument", as
# CPython's DICT_MERGE raises; distinct keys still merge in order.
def f(**k): return k
def g(a, b=2, **k): return a, b, k
class C:
    def m(self, **k): return k
d = {'a': 1}
def run():
    out = []
    for h in [lambda: f(**d, a=2), lambda: f(a=2, **d), lambda: f(**d, **d), lambda: dict(**d, a=3), lambda: print(**{'sep': 1}, sep=2),
              lambda: C().m(**d, a=1), lambda: C.m(C(), **d, a=1), lambda: f(**d, b=2), lambda: g(1, **{'b': 3}, c=4), lambda: g(**{'a': 1}, a=2),
              lambda: f(**[1]), lambda: f(*[1], **{'x': 1}) if False else f(**{'x': 1}, y=2)]:
        try:
            out.append(h())
        except TypeError as e:
            out.append(str(e))
    return out
for x in run():
    print(x)
