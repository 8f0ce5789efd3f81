# expect: 1 TypeError: cannot unpack non-iterable int object
a, b = 5
