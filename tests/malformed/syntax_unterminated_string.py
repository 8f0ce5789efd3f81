# expect: 2 SyntaxError: unterminated string literal (detected at line 2)
x = 'abc
