# expect: 2 TabError: inconsistent use of tabs and spaces in indentation
if True:
        x = 1
	y = 2
