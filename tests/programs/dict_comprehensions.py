print({x: x * x for x in range(5)})
print({k: v for k, v in zip("abc", range(3)) if v != 1})
words = ["apple", "bob", "cat", "apple"]
print({w: len(w) for w in words})
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv)
print({(i, j): i * j for i in range(2) for j in range(2)})
