s = "abc"
print(s[1])
print(s[10])
