# expect: 2 SyntaxError: (unicode error)
x = "\x4"
