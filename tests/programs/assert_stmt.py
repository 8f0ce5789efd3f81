assert True
assert 1 == 1, "never"
try:
    assert 1 == 2, "math is broken"
except AssertionError as e:
    print("assertion:", e)
try:
    assert []
except AssertionError as e:
    print("bare assertion:", repr(e))
def check(x):
    assert x > 0, f"x must be positive, got {x}"
    return x
print(check(3))
try:
    check(-1)
except AssertionError as e:
    print(e)
