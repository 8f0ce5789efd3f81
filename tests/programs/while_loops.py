i = 0
total = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    total += i
print(i, total)
n = 0
while n < 3:
    n += 1
else:
    print("while else runs", n)
n = 0
while True:
    n += 1
    if n == 5:
        break
else:
    print("not printed")
print("after", n)
a, b = 0, 1
fibs = []
while len(fibs) < 10:
    fibs.append(a)
    a, b = b, a + b
print(fibs)
