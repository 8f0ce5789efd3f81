# expect: 2 SyntaxError
if (n := 10) > 5:
    pass
