s = list(range(10))
print(s[2:5], s[:3], s[7:], s[-3:], s[:-7], s[::3], s[1::2], s[::-1], s[8:2:-2], s[-1:-4:-1])
print(s[100:200], s[-100:2], s[5:2], s[::100])
t = tuple(s)
print(t[1:3], t[::-2])
st = "abcdefg"
print(st[1:4], st[::2], st[::-1], st[-2:], st[:0])
s[2:4] = []
print(s)
s[:0] = [-1]
print(s)
s[len(s):] = [99]
print(s)
del s[::2]
print(s)
r = range(0, 20, 3)
print(r[1:4], list(r[::-1]), r[-1])
