print(True and False, True or False, not True, not 0, not [], not [0])
print(0 or "default", "" or None or 0, 1 and 2 and 3, 1 and 0 and 3, [] and 5)
def t(v):
    print("t", v)
    return v
x = t(0) or t(2) and t(3)
print(x)
y = t(1) and t(0) or t(4)
print(y)
print(bool(0), bool(1), bool(""), bool("a"), bool([]), bool({}), bool({1: 2}), bool(None), bool(0.0), bool(range(0)))
print(1 if True else 2, "yes" if [] else "no", "a" if 0 else "b" if 1 else "c")
