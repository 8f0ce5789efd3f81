# Dict keys and items views are set-like: ==, <=, <, |, &, -, ^ with other
# views, sets and any iterable (on either side), as CPython's dictviews_*;
# values views are not (they compare by identity).
a = {"a": 1, "b": 2}
b = {"b": 1, "c": 2}
print(sorted(a.keys() | b.keys()), sorted(a.keys() & b.keys()), sorted(a.keys() - b.keys()), sorted(a.keys() ^ b.keys()))
print(sorted(a.keys() | ["z"]), sorted(["z", "a"] - a.keys()), sorted({"a", "q"} & a.keys()), sorted(("b",) ^ a.keys()))
print(a.keys() == {"a", "b"}, a.keys() == b.keys(), a.keys() != {"a"}, a.keys() == ["a", "b"], {"b", "a"} == a.keys())
print(a.keys() <= {"a", "b", "c"}, a.keys() < {"a", "b"}, a.keys() >= {"a"}, frozenset({"a", "b"}) == a.keys())
print(sorted(a.items() | b.items()), sorted(a.items() & {("a", 1)}), ("a", 1) in a.items(), a.items() == {("a", 1), ("b", 2)})
print(type(a.keys() | b.keys()).__name__, type(a.items() - b.items()).__name__)
print(a.values() == a.values(), a.keys() == a.keys())
k = a.keys()
a["d"] = 4
print(sorted(k | set()), len(k), "d" in k)
x = {1: "x"}
x_keys = x.keys()
x_keys_copy = x.keys()
print(x_keys == x_keys_copy, x_keys | {2} == {1, 2})
