# A set as the key of in/remove/discard stands for its frozenset; frozenset.copy.
s = {frozenset("ab"), 1}
print(set("ab") in s, set("ba") in s, set("x") in s)
t = {frozenset("ab"), 2}
t.remove(set("ab"))
t.discard(set("zz"))
print(t)
try:
    t.remove(set("q"))
except KeyError as e:
    print("KeyError", e)
f = frozenset([1, 2])
print(f.copy() is f, type(f.copy()).__name__)
class F(frozenset):
    pass
g = F([1])
print(g.copy() is g, type(g.copy()).__name__)
try:
    {1} in {2}
    print([1] in {1})
except TypeError as e:
    print("TypeError", e)
