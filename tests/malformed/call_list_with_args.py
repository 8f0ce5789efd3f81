# expect: 1 TypeError: 'list' object is not callable
[1, 2](3)
