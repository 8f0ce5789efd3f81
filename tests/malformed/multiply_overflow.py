# expect: 1 OverflowError
x = 3037000500
print(x * x)
