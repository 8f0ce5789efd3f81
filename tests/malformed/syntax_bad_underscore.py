# expect: 2 SyntaxError: invalid decimal literal
x = 1__0
