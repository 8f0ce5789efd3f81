parts = []
for i in range(5):
    parts.append(str(i) * i)
print("|".join(parts))
s = ""
for c in "abc":
    s = c + s
print(s)
table = [("name", "qty"), ("apple", 3), ("banana", 12)]
for name, qty in table:
    print(f"{name:<10}{qty:>5}")
print("\n".join(f"{i}: {'*' * i}" for i in range(1, 4)))
print("CSV:", ",".join(map(str, [1, 2.5, "x", None])))
