# expect: 0
s = 'x' * (10 * 1024 * 1024)
t = 'y'
while len(t) < 10 * 1024 * 1024:
    t = t + t
u = ''.join(['z' * 1024 for i in range(10 * 1024)])
print(len(s), len(t), len(u), s[-1], t[:3], u[5000:5003], (s + t)[10 * 1024 * 1024 - 1:][:2])
