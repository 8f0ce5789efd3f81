print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0, 1 == 1.0 == True, 1 <= 1 < 2 != 3)
print("abc" < "abd", "a" < "ab", "Z" < "a", [1, 2] < [1, 3], [1, 2] < [1, 2, 0], (1, "a") < (1, "b"))
print([1, 2] == [1, 2], (1, 2) == [1, 2], {"a": 1} == {"a": 1}, {"a": 1} != {"a": 2}, None == None, None is None)
a = [1]
b = [1]
print(a == b, a is b, a is not b, a is a, 1 in a, 2 not in a)
def noisy(v):
    print("eval", v)
    return v
print(noisy(1) < noisy(2) < noisy(0) < noisy(5))
print(max("apple", "banana"), min([3, 1, 2]), sorted(["b", "A", "a", "B"]))
