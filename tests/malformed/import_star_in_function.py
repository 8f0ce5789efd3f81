# `from ... import *` is only allowed at module level.
def f():
    from math import *
    return sqrt(4.0)
