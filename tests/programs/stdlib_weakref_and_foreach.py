# weakref (refs, WeakValueDictionary/WeakKeyDictionary/WeakSet, finalize,
# WeakMethod) for the registries and caches library code keeps, and
# torch._foreach_* (the list ops of custom optimizers' foreach paths).
import weakref

import torch


class Node:
    def __init__(self, name):
        self.name = name
        self.parent = None

    def greet(self):
        return "hi " + self.name


root = Node("root")
child = Node("child")
child.parent = weakref.ref(root)
print(child.parent() is root, child.parent().name, weakref.ref(root) == weakref.ref(root))
print(hash(weakref.ref(root)) == hash(root), isinstance(child.parent, weakref.ref), weakref.ReferenceType is weakref.ref)
try:
    weakref.ref(3)
except TypeError as e:
    print("TypeError", e)
cache = weakref.WeakValueDictionary()
cache["a"] = root
print(cache["a"].name, len(cache), "a" in cache, isinstance(cache, dict))
owners = weakref.WeakKeyDictionary()
owners[child] = 5
print(owners[child], len(owners))
seen = weakref.WeakSet()
seen.add(root)
seen.add(root)
print(len(seen), root in seen)
m = weakref.WeakMethod(root.greet)
print(m()())
calls = []
f = weakref.finalize(root, calls.append, "closed")
print(f.alive, f(), calls, f.alive, f())
print(weakref.getweakrefcount(root) >= 0, weakref.proxy(root).name)

params = [torch.ones(2), torch.full((3,), 2.0)]
grads = [torch.tensor([0.5, -0.5]), torch.tensor([1.0, 2.0, 3.0])]
print([t.tolist() for t in torch._foreach_add(params, grads, alpha=-0.1)])
print(torch._foreach_mul_(params, 0.9), [t.tolist() for t in params])
torch._foreach_add_(params, grads, alpha=2)
print([t.tolist() for t in params])
print([t.tolist() for t in torch._foreach_sqrt([torch.tensor([4.0, 9.0])])])
exp_avg = [torch.zeros(2), torch.zeros(3)]
torch._foreach_addcmul_(exp_avg, grads, grads, value=0.5)
print([t.tolist() for t in exp_avg])
torch._foreach_addcdiv_(params, grads, [torch.full((2,), 2.0), torch.full((3,), 4.0)], value=-1)
print([[round(v, 4) for v in t.tolist()] for t in params])
print([round(n.item(), 4) for n in torch._foreach_norm(grads)])
print([t.tolist() for t in torch._foreach_maximum(grads, [torch.zeros(2), torch.full((3,), 2.5)])])
torch._foreach_zero_(exp_avg)
print([t.tolist() for t in exp_avg])
try:
    torch._foreach_add(params, grads[:1])
except RuntimeError as e:
    print("RuntimeError", e)
