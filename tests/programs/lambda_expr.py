square = lambda x: x * x
add = lambda a, b=1: a + b
print(square(5), add(2), add(2, 3), (lambda: "no args")())
pairs = [(1, "b"), (3, "a"), (2, "c")]
print(sorted(pairs, key=lambda p: p[1]), sorted(pairs, key=lambda p: -p[0]))
print(list(map(lambda x: x + 1, [1, 2, 3])), list(filter(lambda x: x % 2, range(7))))
compose = lambda f, g: lambda x: f(g(x))
print(compose(square, add)(3))
print((lambda *a, **k: (a, k))(1, 2, z=3))
