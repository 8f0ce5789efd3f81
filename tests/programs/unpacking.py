a, b = 1, 2
a, b = b, a
print(a, b)
(x, y), z = (1, 2), 3
print(x, y, z)
first, *middle, last = range(6)
print(first, middle, last)
*init, tail = "abc"
print(init, tail)
head, *rest = [1]
print(head, rest)
p = q = r = 0
print(p, q, r)
d = {"k": 1, "j": 2}
k1, k2 = d
print(k1, k2)
for i, (a, b) in enumerate([(1, 2), (3, 4)]):
    print(i, a, b)
def f():
    return [1, 2, 3]
one, two, three = f()
print(one + two + three)
lst = [0, 0, 0]
lst[0], lst[2] = 5, 6
print(lst)
class O: pass
o = O()
o.a, o.b = "A", "B"
print(o.a, o.b)
