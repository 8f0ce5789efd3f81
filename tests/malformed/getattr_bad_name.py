# expect: 1 TypeError: attribute name must be string, not 'int'
getattr(1, 2)
