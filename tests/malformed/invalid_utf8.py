# expect: 2 SyntaxError: Non-UTF-8 code
x = 'ÿþ'
