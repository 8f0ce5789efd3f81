# expect: 2 SyntaxError: cannot assign to literal
1 = x
