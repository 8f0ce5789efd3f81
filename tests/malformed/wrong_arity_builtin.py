# expect: 1 TypeError: len() takes exactly one argument (2 given)
len([], [])
