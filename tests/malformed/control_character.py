# expect: 2 SyntaxError: invalid non-printable character U+0001
x = 
