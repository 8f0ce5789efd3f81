# expect: 2 IndentationError: expected an indented block after 'if' statement on line 2
if True:
