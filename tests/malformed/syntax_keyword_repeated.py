# expect: 2 SyntaxError: keyword argument repeated: a
f(a=1, a=2)
