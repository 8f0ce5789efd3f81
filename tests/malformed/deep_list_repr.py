# expect: 1 RecursionError
x = []
for i in range(100000):
    x = [x]
print(x)
