# expect: 1 OverflowError
print(2 ** 70)
