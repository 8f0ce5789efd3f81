xs = [3, 1, 4, 1, 5]
xs.append(9)
xs.extend([2, 6])
xs.insert(0, 0)
xs.insert(-1, 7)
print(xs, len(xs))
print(xs.pop(), xs.pop(0), xs, xs.index(4), xs.count(1))
xs.remove(1)
print(xs)
xs.sort()
print(xs)
xs.sort(reverse=True)
print(xs)
xs.reverse()
print(xs)
words = ["banana", "Apple", "cherry", "date"]
words.sort(key=len)
print(words)
words.sort(key=lambda w: w.lower())
print(words)
c = words.copy()
c.clear()
print(c, words)
print(xs[1:3], xs[:2], xs[-2:], xs[::2], xs[::-1], xs[5:1:-2], xs[100:])
xs[1:3] = ["a", "b", "c"]
print(xs)
del xs[0]
del xs[-2:]
print(xs)
xs[::2] = [0] * len(xs[::2])
print(xs)
print([1, 2] * 3, [[0] * 2] * 2, sum([1, 2, 3]), list(reversed([1, 2, 3])), sorted([3, 2, 1]))
print(any([0, "", 1]), all([1, "a"]), all([]), any([]), min([4, 2, 8]), max([4, 2, 8], key=lambda v: -v))

# index with start and stop, on lists and tuples (negative bounds count from the end)
seq = [5, 1, 5, 2, 5]
print(seq.index(5, 1), seq.index(5, -2), seq.index(1, -10, 2), tuple(seq).index(5, 1), tuple(seq).index(5, -1))
print(tuple(seq).index(2, 0, 4), (1, 2, 3).index(3, 1, 100))
for args in [(5, 3, 4), (1, 2), (9,)]:
    try:
        tuple(seq).index(*args)
    except ValueError as e:
        print("ValueError", e)
try:
    (1, 2).index(1, 0, 1, 2)
except TypeError as e:
    print("TypeError", e)
