# functools' total_ordering, partialmethod, singledispatch(method) and lru_cache's
# cache_info; collections' ChainMap and UserList; types.MappingProxyType;
# warnings.catch_warnings(record=True); contextlib.ExitStack; os.path as a
# module; typing_extensions; function.__get__.
import functools, collections, types, warnings, contextlib, enum
import os.path as osp
import os
import typing_extensions
from typing_extensions import Literal, ParamSpec, override
print(osp.join("a", "b", "/c", "d"), os.path.normpath("a//b/./c/../d"), osp.splitext("x/y.tar.gz"), osp.isabs("/a"), osp.normpath("/../a"), osp.normpath(""), osp.commonprefix(["abc", "abd"]))
print(os.path is osp, osp.__name__)

@functools.total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
a, b = V(1), V(2)
print(a < b, a <= b, a > b, a >= b, b >= a, a <= V(1), sorted([V(3), V(1), V(2)], reverse=True)[0].v)
@functools.total_ordering
class W:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __ge__(self, o): return self.v >= o.v
print(W(1) < W(2), W(1) > W(2), W(2) <= W(2))
for root in ("__le__", "__gt__"):
    ns = {"__init__": lambda self, v: setattr(self, "v", v), "__eq__": lambda self, o: self.v == o.v}
    ns[root] = (lambda self, o: self.v <= o.v) if root == "__le__" else (lambda self, o: self.v > o.v)
    K = functools.total_ordering(type("K", (), ns))
    print(root, [(K(a) < K(b), K(a) <= K(b), K(a) > K(b), K(a) >= K(b)) for a, b in ((1, 2), (2, 2), (3, 2))])
try:
    functools.total_ordering(type("E", (), {}))
except ValueError as e:
    print("VE", e)

class Cell:
    def __init__(self): self.state = 0
    def set_state(self, v): self.state = v
    set_alive = functools.partialmethod(set_state, 1)
    set_dead = functools.partialmethod(set_state, v=2)
c = Cell(); c.set_alive(); print(c.state); c.set_dead(); print(c.state)
Cell.set_alive(c); print(c.state)

@functools.singledispatch
def fun(arg, verbose=False):
    return "default " + repr(arg)
@fun.register(int)
def _(arg, verbose=False):
    return "int " + str(arg)
@fun.register(list)
def _(arg, verbose=False):
    return "list " + str(len(arg))
fun.register(float, lambda a, verbose=False: "float")
print(fun(1), fun(True), fun([1, 2]), fun("s"), fun(1.5), fun.dispatch(bool) is fun.dispatch(int))
class N:
    @functools.singledispatchmethod
    def neg(self, arg):
        raise NotImplementedError("Cannot negate a")
    @neg.register(int)
    def _(self, arg):
        return -arg
    @neg.register(bool)
    def _(self, arg):
        return not arg
print(N().neg(5), N().neg(True))

cm = collections.ChainMap({"a": 1}, {"a": 2, "b": 3})
print(cm["a"], cm["b"], len(cm), list(cm), dict(cm), "b" in cm, cm.get("z", 0), cm)
cm["z"] = 9; print(cm.maps[0], cm.new_child({"q": 1}).parents == cm, list(cm.items()))
try:
    del cm["b"]
except KeyError as e:
    print("KE", e)
ul = collections.UserList([3, 1, 2]); ul.append(0); ul.sort(); print(ul, ul[1:], len(ul), ul + [9], [8] + ul, ul == [0, 1, 2, 3], 2 in ul)
from collections.abc import MutableMapping, MutableSequence
print(isinstance(cm, MutableMapping), isinstance(ul, MutableSequence))

mp = types.MappingProxyType({"k": 1})
print(mp["k"], len(mp), list(mp), mp, "k" in mp, type(mp).__name__)
try:
    mp["k"] = 2
except TypeError as e:
    print("TE", e)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("first")
    warnings.warn("second", DeprecationWarning)
print(len(w), [str(x.message) for x in w], [x.category.__name__ for x in w], issubclass(w[-1].category, DeprecationWarning))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("hidden")
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom", RuntimeWarning)
    except RuntimeWarning as e:
        print("RW", e)

log = []
with contextlib.ExitStack() as st:
    st.callback(log.append, "cb1")
    st.enter_context(contextlib.nullcontext())
    st.callback(log.append, "cb2")
print(log)
class Sup:
    def __enter__(self): return self
    def __exit__(self, *a): log.append("sup"); return True
with contextlib.ExitStack() as st:
    st.enter_context(Sup())
    raise ValueError("x")
print(log)
try:
    with contextlib.ExitStack() as st:
        st.callback(lambda: 1 / 0)
        raise KeyError("k")
except ZeroDivisionError as e:
    print("ZDE", type(e.__context__).__name__ if e.__context__ is not None else None)
st = contextlib.ExitStack(); st.callback(log.append, "late"); st2 = st.pop_all(); st.close(); print(log[-1]); st2.close(); print(log[-1])

@functools.lru_cache
def twice(n):
    return n * 2


@functools.lru_cache(maxsize=2)
def inc(n):
    return n + 1


print(twice(1), twice(1), twice(2), twice.cache_info(), inc(1), inc(2), inc(3), inc(1), inc.cache_info())
twice.cache_clear()
print(twice.cache_info(), twice.cache_parameters(), twice.cache_info().hits)


def f(self, a):
    return (type(self).__name__, a)


class Holder:
    pass


print(f.__get__(Holder(), Holder)(3), f.__get__(None, Holder) is f)
try:
    f.__get__(None, None)
except TypeError as e:
    print("TypeError", e)
