result = []
for i in range(4):
    for j in range(4):
        if j > i:
            break
        if (i + j) % 2:
            continue
        result.append((i, j))
print(result)
grid = [[r * 3 + c for c in range(3)] for r in range(3)]
for row in grid:
    print(" ".join(str(v) for v in row))
total = 0
for row in grid:
    for v in row:
        total += v
print(total)
