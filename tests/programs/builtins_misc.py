print(len("abc"), len([1]), len({}), len(range(10)), len((1, 2)))
print(abs(-3), abs(2.5), abs(-0.0), min(3, 1, 2), max("a", "b"), min([], default="empty"), max([1, 3], key=lambda v: -v))
print(sum([1.5, 2.5]), sum([[1], [2]], []), sum(range(101)), sum([], 10))
print(sorted("hello"), sorted([3, 1, 2], reverse=True), sorted({"b": 1, "a": 2}))
print(list(reversed([1, 2, 3])), any(x > 2 for x in [1, 2, 3]), all(x > 0 for x in [1, 2]))
print(round(3.14159, 3), round(-1.5), divmod(7, -2), pow(2, 5), pow(2.0, 3))
print(int("10"), int(2.99), int(True), float(2), str(2.0), bool("False"), list((1, 2)), tuple("ab"))
print(type(1).__name__, type(1.0).__name__, type("").__name__, type([]).__name__, type(None).__name__, type(len).__name__)
print(type(1) is int, type(True) is bool, isinstance(True, int), callable(len), callable(1))
print(hex(255), oct(8), bin(5), hex(-16), chr(65), ord("a"))
print(repr("x"), repr(1.0), repr(None), repr([1, "2"]), str("x"))
print(hash(1) == hash(1.0), hash("a") == hash("a"), id([]) is not None)
print(getattr([], "append") is not None, hasattr("", "upper"), isinstance([], (list, tuple)))
print(range(5)[2], range(0, 10, 2)[-1], list(range(10)[2:8:3]), 3 in range(5), 7 in range(0, 10, 2))
print(slice(1, 5, 2), [0, 1, 2, 3, 4, 5][slice(1, 5, 2)])
print(dir(object) == dir(object), vars(type("T", (), {"a": 1})())  == {})


# __import__: the top package, or with a fromlist the module itself.
m = __import__('math')
print(m.floor(2.5), __import__('collections').OrderedDict.__name__)
print(__import__('os.path', fromlist=['join']).__name__ if False else 'skip')
try:
    __import__('no_such_module_xyz')
except ImportError as e:
    print(type(e).__name__, e)
