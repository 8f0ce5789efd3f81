# expect: 2 SyntaxError: unterminated triple-quoted string literal
x = """abc

y = 1
