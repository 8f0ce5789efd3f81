# expect: 2 SyntaxError
def gen():
    yield 1
