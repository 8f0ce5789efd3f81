print(1 + 2.0, 3 * 1.5, 7 / 2, 7.0 // 2, True + 1, False * 10, 2 ** -2)
print(10 % 3.5, -10 % 3.5, 2 ** 62, -(2 ** 62), 3 * (4 + 5) - 6 / 2)
x = 10
x += 5
x -= 3
x *= 2
x //= 5
x **= 3
x %= 7
x <<= 2
x |= 1
x ^= 3
x &= 12
x >>= 1
print(x)
f = 1.5
f += 1
f /= 2
print(f)
s = "ab"
s += "cd"
s *= 2
print(s)
lst = [1]
alias = lst
lst += [2, 3]
print(lst, alias, lst is alias)
lst = lst + [4]
print(lst, alias)
t = (1,)
t += (2,)
print(t)
