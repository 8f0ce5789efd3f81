# The small standard-library modules model files import at the top: copy
# (copy and deepcopy of containers and instances, shared references kept
# shared), warnings (to stderr, never stdout), sys, contextlib, abc, inspect.
import abc
import copy
import inspect
import sys
import warnings
from contextlib import contextmanager, nullcontext, suppress


class Node:
    def __init__(self, name, children=None):
        self.name = name
        self.children = children or []
        self.meta = {"tags": [name], "n": len(self.children)}


leaf = Node("leaf")
root = Node("root", [leaf, leaf, Node("other")])
shallow = copy.copy(root)
deep = copy.deepcopy(root)
print(shallow is root, shallow.children is root.children, shallow.name)
print(deep is root, deep.children is root.children, deep.children[0] is deep.children[1])
print(deep.children[0] is leaf, [c.name for c in deep.children], deep.meta)
deep.meta["tags"].append("changed")
print(root.meta, deep.meta)

nested = {"a": [1, 2, [3, 4]], "b": (5, [6]), "c": {7, 8}, "d": "text"}
dn = copy.deepcopy(nested)
dn["a"][2].append(99)
dn["b"][1].append(100)
print(nested, dn == nested, dn["d"] is nested["d"])
t = (1, 2, "x")
print(copy.deepcopy(t) is t, copy.copy([1, [2]]), copy.copy({"k": 1}))
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc[0])


class WithHooks:
    def __init__(self, v):
        self.v = v

    def __deepcopy__(self, memo):
        return WithHooks(self.v * 10)

    def __copy__(self):
        return WithHooks(-self.v)


print(copy.deepcopy(WithHooks(2)).v, copy.copy(WithHooks(2)).v)
f = lambda: 1
print(copy.deepcopy(f) is f, copy.deepcopy(len) is len, copy.deepcopy(Node) is Node)

# warnings go to stderr: stdout is unchanged, and the program goes on.
warnings.warn("this is deprecated", DeprecationWarning)
warnings.warn("plain user warning")
warnings.simplefilter("ignore")
warnings.warn("ignored")
warnings.simplefilter("error")
try:
    warnings.warn("now an error", UserWarning)
except UserWarning as e:
    print("raised", type(e).__name__, e)
warnings.resetwarnings()
print("after warnings")

print(sys.maxsize, sys.version_info[0], type(sys.argv).__name__)
sys.stdout.write("written to stdout\n")
sys.stderr.write("written to stderr\n")
print("to stderr", file=sys.stderr)
print("to stdout", file=sys.stdout)


@contextmanager
def tag(name, log):
    log.append("<" + name + ">")
    try:
        yield name.upper()
    finally:
        log.append("</" + name + ">")


log = []
with tag("b", log) as t:
    log.append(t)
print(log)
log = []
try:
    with tag("i", log):
        raise ValueError("inside")
except ValueError as e:
    print("propagated", e, log)
with nullcontext(5) as v:
    print("nullcontext", v)
with suppress(KeyError):
    {}["missing"]
print("suppressed")


class Base(abc.ABC):
    @abc.abstractmethod
    def run(self):
        pass


class Impl(Base):
    def run(self):
        return "ran"


print(Impl().run(), isinstance(Impl(), abc.ABC))
print(inspect.isclass(Impl), inspect.isfunction(tag), inspect.isclass(3), inspect.ismodule(sys))
print(inspect.ismethod(Impl().run), inspect.isfunction(Impl.run))
