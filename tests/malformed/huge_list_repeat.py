# expect: 1 MemoryError
x = [0] * (10 ** 15)
