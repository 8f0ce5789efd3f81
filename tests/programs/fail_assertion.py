def check(x):
    assert x % 2 == 0, f"{x} is odd"
check(4)
print("4 ok")
check(7)
