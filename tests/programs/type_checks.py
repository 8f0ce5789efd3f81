values = [1, 1.5, "s", [1], (1,), {"a": 1}, None, True, range(2), len, print]
for v in values:
    print(type(v).__name__, isinstance(v, (int, float)), isinstance(v, str), callable(v))
print(type(type(1)).__name__, type(int), type(3) == int, int.__name__, str.__name__)
class A: pass
class B(A): pass
print(type(B()), type(A), type(B()).__name__, isinstance(B(), A), B.__name__)
