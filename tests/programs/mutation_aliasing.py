a = [1, 2, 3]
b = a
b.append(4)
print(a, a is b)
c = a[:]
c.append(5)
print(a, c)
def mutate(lst):
    lst.append("m")
def rebind(lst):
    lst = ["new"]
mutate(a)
rebind(a)
print(a)
grid = [[0] * 3 for _ in range(2)]
grid[0][0] = 1
shared = [[0] * 3] * 2
shared[0][0] = 1
print(grid, shared)
def default_trap(x, acc=[]):
    acc.append(x)
    return acc
print(default_trap(1), default_trap(2))
d = {"k": [1]}
e = dict(d)
e["k"].append(2)
print(d, e)
