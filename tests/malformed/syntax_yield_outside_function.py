# expect: 2 SyntaxError
x = 1
yield x
