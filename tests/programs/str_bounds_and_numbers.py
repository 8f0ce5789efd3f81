# str methods' start/end past the string, split/rsplit with maxsplit on
# whitespace, and int/float ordering without rounding the int.
s = "abc"
print(s.find("", 7), s.find("", 3), s.find("", 2, 1), s.rfind("", 5), s.count("", 9), s.count("", 3))
print(s.startswith("", 4), s.startswith("", 3), s.endswith("", 4), s.startswith(("x", ""), 5))
print(s.find("b", -10), s.find("c", 1, 100), s.index("c", -1))
try:
    s.index("", 4)
except ValueError as e:
    print("ValueError", e)
t = "  a b c  "
print(t.split(None, 1), t.rsplit(None, 1), t.split(maxsplit=2), t.rsplit(maxsplit=2))
print(t.split(None, 0), t.rsplit(None, 0), "a  b".split(None, 1), "".split(None, 1))
print("x\ty\n z ".split(None, 1), "x\ty\n z ".rsplit(None, 1))
big = 9007199254740993
print(big > 9007199254740992.0, big >= 9007199254740992.0, big < 9007199254740992.0)
print(9007199254740992.0 < big, 9007199254740992.0 == big, big == 9007199254740992.0)
print(3 < 3.5, 3 > 2.5, -3 < -2.5, -3 > -3.5, 3 <= 3.0, 3 >= 3.0, 2 ** 62 < 1e300, -(2 ** 62) > -1e300)
print(1 < float("nan"), 1 > float("nan"), 1 < float("inf"), 1 > float("-inf"))
print(sorted([3, 2.5, 9007199254740993, 9007199254740992.0, -1, -0.5]))
