# expect: 1 RecursionError
a = []
b = []
for i in range(200000):
    a = [a]
    b = [b]
print(a == b)
