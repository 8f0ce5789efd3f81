# expect: 1 TypeError
'abc'.split(5)
