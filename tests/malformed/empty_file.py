# expect: 0
