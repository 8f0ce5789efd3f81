# expect: 1 AttributeError: 'NoneType' object has no attribute 'x'
v = None
v.x
