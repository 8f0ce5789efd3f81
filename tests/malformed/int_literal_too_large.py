# expect: 2 SyntaxError: integer literal too large
x = 100000000000000000000000
