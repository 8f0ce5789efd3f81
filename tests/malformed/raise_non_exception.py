# expect: 1 TypeError: exceptions must derive from BaseException
raise 5
