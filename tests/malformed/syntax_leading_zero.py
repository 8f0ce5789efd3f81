# expect: 2 SyntaxError: leading zeros in decimal integer literals are not permitted
x = 012
