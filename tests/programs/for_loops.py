for i in range(3):
    print("range", i)
for x in [10, 20]:
    print("list", x)
for t in (1, "two"):
    print("tuple", t)
for ch in "héy":
    print("str", ch)
d = {"a": 1, "b": 2}
for k in d:
    print("dict", k, d[k])
for k, v in d.items():
    print("items", k, v)
for k in d.keys():
    print("keys", k)
for v in d.values():
    print("values", v)
for i, ch in enumerate("xy"):
    print("enumerate", i, ch)
for i, ch in enumerate("xy", 10):
    print("enumerate start", i, ch)
for a, b in zip([1, 2, 3], "abcd"):
    print("zip", a, b)
for i in range(10, 0, -4):
    print("down", i)
for i in range(5):
    if i == 1:
        continue
    if i == 3:
        break
    print("loop", i)
else:
    print("no")
for i in []:
    pass
else:
    print("for else on empty")
for (a, b), c in [((1, 2), 3)]:
    print(a, b, c)
