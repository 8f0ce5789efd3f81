d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), "a" in d, "z" in d, d.get("a"), d.get("z"), d.get("z", 0))
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("a"), d.pop("zz", "none"), d)
print(d.setdefault("b", 100), d.setdefault("n", []), d)
d.update({"x": 9}, y=10)
d.update([("p", 1)])
print(d)
e = d.copy()
e["b"] = "changed"
print(d["b"], e["b"])
del d["x"]
print(d, d.popitem(), d)
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: -kv[1]))
print(dict(zip("abc", [1, 2, 3])), dict([("k", "v")]), dict(a=1, b=2), dict.fromkeys("ab", 0))
d2 = {1: "int", 1.0: "float?", True: "bool?"}
print(d2)
print({(1, 2): "tuple key", None: "none key", "s": 1})
e.clear()
print(e, {} == dict())
