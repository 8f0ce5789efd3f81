# expect: 1 TypeError: not enough arguments for format string
print('%d %d' % (1,))
