# expect: 2 SyntaxError: expected ':'
if True
    pass
