# expect: 2 SyntaxError: '(' was never closed
x = (1 + 2
print(x)
