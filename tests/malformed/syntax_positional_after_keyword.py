# expect: 2 SyntaxError: positional argument follows keyword argument
f(a=1, 2)
