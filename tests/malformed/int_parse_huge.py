# expect: 1 OverflowError
print(int('9' * 100))
