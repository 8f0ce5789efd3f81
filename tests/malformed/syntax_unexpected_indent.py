# expect: 2 IndentationError: unexpected indent
x = 1
    y = 2
