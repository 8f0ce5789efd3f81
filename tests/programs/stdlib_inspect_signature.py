# inspect.signature of functions, methods, classes, callable objects and
# functools.wraps wrappers (kinds, defaults, str), Signature.bind /
# bind_partial / apply_defaults and their errors; namedtuple.index bounds.
import inspect
import functools
import collections


def f(a, b=2, *args, c, d=4, **kw):
    x = 1
    return a


def g(x, y=None, /, z=3, *, w):
    pass


class M:
    def __init__(self, dim, heads=2):
        pass

    def forward(self, x, mask=None, *, cache=False):
        pass

    def __call__(self, inp):
        pass


@functools.wraps(f)
def wrapped(*args, **kwargs):
    return f(*args, **kwargs)


for obj in (f, g, M, M(1).forward, M(1), wrapped, lambda q, r=1: q):
    sig = inspect.signature(obj)
    print(str(sig), list(sig.parameters), [str(p.kind) for p in sig.parameters.values()])
sig = inspect.signature(M.forward)
print(sig, repr(sig.parameters["mask"]), sig.parameters["mask"].default, sig.parameters["x"].default is inspect.Parameter.empty)
print("cache" in inspect.signature(M(1).forward).parameters, sig.parameters["cache"].kind == inspect.Parameter.KEYWORD_ONLY)
ba = inspect.signature(f).bind(1, 2, 3, c=5, e=6)
print(ba.arguments, ba.args, ba.kwargs)
ba.apply_defaults()
print(ba.arguments)
ba = inspect.signature(M(1).forward).bind_partial(7)
print(ba.arguments, ba)
for bad in [lambda: inspect.signature(f).bind(1), lambda: inspect.signature(f).bind(1, c=1, b=2, a=3), lambda: inspect.signature(M.forward).bind(1, 2, 3, 4), lambda: inspect.signature(3)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
print(inspect.Parameter.POSITIONAL_ONLY < inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD.name)
nt = collections.namedtuple("P", "a b c")(1, 2, 1)
print(nt.index(1, 1), nt.index(2, 0, 2))
