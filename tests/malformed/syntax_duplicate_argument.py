# expect: 2 SyntaxError: duplicate argument 'a' in function definition
def f(a, a):
    pass
