# operator's sequence and in-place functions and its dunder aliases, as
# model code and CPython's own tests use them (functools.reduce over
# operator.iadd, sorted with operator.indexOf, operator.call).
import functools
import operator

xs = [1]
ys = operator.iadd(xs, [2, 3])
print(ys, ys is xs, operator.iadd(5, 2), operator.isub(5, 2), operator.imul([0], 3), operator.itruediv(7, 2))
print(operator.ifloordiv(7, 2), operator.imod(7, 3), operator.ipow(2, 5), operator.iand(6, 3), operator.ior(4, 1),
      operator.ixor(6, 3), operator.ilshift(1, 4), operator.irshift(16, 2))
s = "ab"
print(operator.concat(s, "cd"), operator.iconcat([1], (2,)), operator.concat((1,), (2,)))
for bad in [(1, 2), (None, [1])]:
    try:
        operator.concat(*bad)
    except TypeError as e:
        print("TypeError:", e)
d = {}
operator.setitem(d, "k", 1)
operator.setitem(d, "j", 2)
operator.delitem(d, "k")
print(d, operator.lshift(3, 2), operator.rshift(12, 2), operator.inv(5), operator.invert(5))
print(operator.countOf([1, 2, 1, 3, 1], 1), operator.indexOf("hello", "l"), operator.call(max, 3, 9, 4))
try:
    operator.indexOf([1, 2], 5)
except ValueError as e:
    print("ValueError:", e)
print(operator.__add__(2, 3), operator.__mul__("ab", 2), operator.__not__(0), operator.__call__(len, "abc"),
      operator.__iadd__([1], [2]), operator.__getitem__([5, 6], 1), operator.abs(-2.5), operator.__abs__(-3))
print(functools.reduce(operator.iadd, [[1], [2], [3]], []), sorted(operator.__all__)[:6], len(operator.__all__))
print(hasattr(operator, "__is__"), hasattr(operator, "__truth__"), hasattr(operator, "__concat__"))
