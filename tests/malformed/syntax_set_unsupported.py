# expect: 2 SyntaxError
s = {1, 2, 3}
