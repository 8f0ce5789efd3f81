# expect: 2 SyntaxError: 'break' outside loop
break
