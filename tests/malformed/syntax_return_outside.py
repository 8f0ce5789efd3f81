# expect: 2 SyntaxError: 'return' outside function
return 1
