def bubble(xs):
    xs = list(xs)
    for i in range(len(xs)):
        for j in range(len(xs) - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
    return xs
def quick(xs):
    if len(xs) <= 1:
        return xs
    pivot, rest = xs[0], xs[1:]
    return quick([x for x in rest if x < pivot]) + [pivot] + quick([x for x in rest if x >= pivot])
def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    a, b = merge_sort(xs[:mid]), merge_sort(xs[mid:])
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out.append(a[i]); i += 1
        else:
            out.append(b[j]); j += 1
    return out + a[i:] + b[j:]
data = [(i * 7919) % 101 for i in range(40)]
print(bubble(data) == sorted(data), quick(data) == sorted(data), merge_sort(data) == sorted(data))
print(merge_sort(data)[:10])
people = [("bob", 25), ("alice", 30), ("carol", 25), ("dave", 30)]
print(sorted(people, key=lambda p: p[1]), sorted(people, key=lambda p: (-p[1], p[0])))
