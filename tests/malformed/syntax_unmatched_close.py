# expect: 2 SyntaxError: unmatched ')'
x = 1)
