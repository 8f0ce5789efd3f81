a = [1, 2, 3]
b = (1, 2, 3)
c = (1,)
e = ()
d = {"one": 1, "two": 2, 3: "three", (1, 2): [4]}
print(a, b, c, e, d, [], {})
print(len(a), len(b), len(d), a[0], a[-1], b[1], d["two"], d[3], d[(1, 2)])
print([1, [2, [3, [4]]]], ((1, 2), (3,)), {"nested": {"k": [1, 2]}})
print([*a, *b], (*a, 4), {**d, "four": 4})
print(list(range(5)), list(range(2, 10, 3)), list(range(10, 0, -3)), range(1, 5), len(range(0, 100, 7)))
print(True, False, None, [None, True], 1 == True, True + True)
