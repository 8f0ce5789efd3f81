# expect: 2 SyntaxError: cannot assign to function call
f() = 1
