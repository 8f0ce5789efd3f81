# Strings: formatting, joining, splitting, methods.
def run(n):
    parts = []
    for i in range(n):
        parts.append(f"item{i}:{i * 3 % 17}")
    line = ",".join(parts)
    fields = line.split(",")
    total = 0
    for f in fields:
        name, value = f.split(":")
        if name.endswith("7"):
            total += int(value)
    return len(line), total, line[:20].upper()


for _ in range(30):
    r = run(30000)
print(r)
