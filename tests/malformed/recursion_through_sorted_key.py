# expect: 1 RecursionError
def key(v):
    return sorted([v, v], key=key)
sorted([1, 2], key=key)
