# expect: 2 IndentationError: unindent does not match any outer indentation level
if True:
        x = 1
    y = 2
