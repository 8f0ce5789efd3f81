# expect: 1 TypeError: 'NoneType' object is not callable
None()
