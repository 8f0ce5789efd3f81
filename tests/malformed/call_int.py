# expect: 1 TypeError: 'int' object is not callable
x = 5
x()
