# Python-layer details model files and their utilities rely on: property
# deleters, a property's AttributeError falling to __getattr__,
# @contextmanager's name and use as a decorator, contextlib.closing and
# ContextDecorator, string.Template, Counter and deque comparisons,
# str.splitlines' boundaries, an exhausted list iterator, float.fromhex.
import collections
import contextlib
import string


class Box:
    def __init__(self):
        self._x = 1

    @property
    def x(self):
        return self._x

    @x.deleter
    def x(self):
        print("deleting x")
        del self._x

    @property
    def broken(self):
        raise AttributeError("inner")

    @property
    def plain(self):
        return "plain"

    def __getattr__(self, name):
        return "fallback:" + name


b = Box()
del b.x
print(b.__dict__, b.broken, b.plain, b.missing, type(Box.x).__name__, Box.x.fdel is not None, Box.plain.fdel)


class NoDel:
    @property
    def y(self):
        return 1


try:
    del NoDel().y
except AttributeError as e:
    print("AttributeError:", e)


@contextlib.contextmanager
def tagged(tag, log):
    log.append("enter " + tag)
    yield tag
    log.append("exit " + tag)


log = []
print(tagged.__name__, tagged.__wrapped__.__name__)


@tagged("deco", log)
def work(n):
    log.append("work %d" % n)
    return n * 2


print(work(1), work(2), work.__name__, log)


class Resource:
    def close(self):
        print("closed")


with contextlib.closing(Resource()) as r:
    print(type(r).__name__)


class Traced(contextlib.ContextDecorator):
    def __enter__(self):
        print("in")

    def __exit__(self, *exc):
        print("out")
        return False


@Traced()
def inside():
    print("body")


inside()
t = string.Template("$who likes ${what}, $$5")
print(t.substitute(who="tim", what="kung pao"), t.substitute({"who": "a", "what": "b"}, what="c"))
print(string.Template("$a $missing ${b").safe_substitute(a=1))
for bad in ("$who $x", "cost ${"):
    try:
        string.Template(bad).substitute(who=1)
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)
C = collections.Counter
print(C("aab") == C("aba"), C(a=1) <= C(a=2), C(a=2) < C(a=2), C(a=3, b=1) >= C(a=1), C(a=1) > C())
D = collections.deque
print(D([1, 2]) == D([1, 2]), D([1]) < D([2]), D([1, 2]) >= D([1]), D([1]) != D([1]), D([1]) == [1])
print("a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i\r\nj\rk\nl".splitlines())
print("x\x0cy\r\n".splitlines(True), "".splitlines(), "\n".splitlines())
xs = [1]
it = iter(xs)
print(list(it))
xs.append(2)
print(list(it), next(it, "done"))
ys = [5]
it2 = iter(ys)
for _ in it2:
    pass
ys.append(6)
print(list(it2))
print(float.fromhex("0x1.8p1"), float.fromhex("-1.fp-2"), float.fromhex(" 0x10 "), float.fromhex("inf"), (2.5).hex())
for bad in ("0x", "zz", ""):
    try:
        float.fromhex(bad)
    except ValueError as e:
        print("ValueError:", e)
