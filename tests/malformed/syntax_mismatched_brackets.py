# expect: 2 SyntaxError: closing parenthesis ')' does not match opening parenthesis '['
x = [1, 2)
