for v in [0.1, 0.2, 1/3, 2/3, 1e16, 1e-7, 123456789.123456789, 5e-324, 1.7976931348623157e308, 100.0, 1e22, 1.5e-5, 0.0001, 12345678901234567.0]:
    print(repr(v), str(v))
print([0.1, 1e100, -0.5], (1.0,), {"f": 2.5})
print(repr("quote'd"), repr('dq"'), repr("both'\""), repr("\\"), repr("\r\n\t"), repr("\x1b[0m"), repr("\u200b"))
nested = [1, (2, [3, {"k": (4,)}])]
print(nested, repr(nested), str(nested))
lst = [1]
lst.append(lst)
print(lst)
d = {}
d["self"] = d
print(d)
print(True, False, None, -0.0, float("inf"), float("-inf"), float("nan"))
