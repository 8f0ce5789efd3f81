d = {"a": 1}
keys = d.keys()
values = d.values()
items = d.items()
print(keys, values, items, len(keys))
d["b"] = 2
print(keys, values, items, len(items))
print("b" in keys, 2 in values, ("a", 1) in items)
del d["a"]
print(list(keys), list(values), list(items))
try:
    for k in d:
        d[k + "x"] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
