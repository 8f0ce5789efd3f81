nums = [3, 1, 4, 1, 5, 9, 2, 6]
print(sum(n for n in nums if n > 2), max(n * 2 for n in nums), min((n for n in nums), default=0))
print(sorted(n % 3 for n in nums), list(str(n) for n in nums[:3]), "".join(c.upper() for c in "abc"))
print(any(n > 8 for n in nums), all(n > 0 for n in nums), tuple(n for n in range(3)))
print(dict((k, v) for k, v in [("a", 1)]), len([x for x in range(100) if x % 7 == 0]))
