print([x * x for x in range(6)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([[c for c in w] for w in ["ab", "cd"]])
print([s.upper() for s in "a b c".split()])
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)])
print([v for row in matrix for v in row if v % 2])
x = "outer"
print([x for x in "abc"], x)
print(sum(x * x for x in range(10)), max(len(w) for w in ["a", "abc", "ab"]), any(c == "b" for c in "abc"))
print(list(x + 1 for x in [1, 2]), tuple(i for i in range(3)), sorted((v for v in [3, 1, 2]), reverse=True))
