# expect: 2 SyntaxError: invalid syntax
x = 1 $ 2
