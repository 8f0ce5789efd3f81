# expect: 2 SyntaxError
b = b'raw'
