# expect: 2 SyntaxError: nonlocal declaration not allowed at module level
nonlocal x
