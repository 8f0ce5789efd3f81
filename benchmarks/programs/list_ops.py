# Lists: building, indexing, slicing, comprehension, sorting.
def run(n):
    xs = []
    for i in range(n):
        xs.append((i * 7919) % 1000)
    ys = [x * 2 for x in xs if x % 3]
    total = 0
    for i in range(len(ys) - 1):
        total += ys[i] - ys[i + 1]
    zs = sorted(ys)
    return total, zs[:3], len(zs), sum(xs[::2])


for _ in range(60):
    r = run(20000)
print(r)
