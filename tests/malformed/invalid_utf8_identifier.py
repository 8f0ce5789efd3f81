# expect: 2 SyntaxError
Ã(x) = 1
