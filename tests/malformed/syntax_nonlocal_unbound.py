# expect: 2 SyntaxError: no binding for nonlocal 'q' found
def f():
    nonlocal q
    q = 1
