def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(m)) for j in range(p)] for i in range(n)]
def transpose(a):
    return [list(row) for row in zip(*a)]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
a = [[1, 2], [3, 4]]
b = [[5, 6], [7, 8]]
print(matmul(a, b), transpose(a), matmul(a, identity(2)) == a)
def det(m):
    if len(m) == 1:
        return m[0][0]
    if len(m) == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    return sum((-1) ** j * m[0][j] * det([row[:j] + row[j + 1:] for row in m[1:]]) for j in range(len(m)))
print(det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]))
