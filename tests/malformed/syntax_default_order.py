# expect: 2 SyntaxError: non-default argument follows default argument
def f(a=1, b):
    pass
