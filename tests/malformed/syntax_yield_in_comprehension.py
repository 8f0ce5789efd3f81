# expect: 2 SyntaxError
def f():
    return [(yield i) for i in range(3)]
