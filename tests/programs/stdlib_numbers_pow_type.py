# numbers' ABCs, pow with a negative exponent and a modulus (the modular
# inverse), classes made by type(name, bases, dict) knowing their module,
# str.casefold.
import numbers

print(isinstance(3, numbers.Number), isinstance(3.5, numbers.Real), isinstance(3.5, numbers.Integral))
print(isinstance(True, numbers.Integral), isinstance("x", numbers.Number), issubclass(int, numbers.Real))
print(issubclass(float, numbers.Complex), isinstance(None, numbers.Number), isinstance(7, numbers.Rational))


def scale(v):
    return v * 2 if isinstance(v, numbers.Number) else v


print([scale(v) for v in (1, 2.5, "a", True, None)])
print(pow(3, -1, 7), pow(3, -2, 7), pow(-3, -1, 7), pow(3, -1, -7), pow(38, -1, 97), pow(2, 10, 1000))
for args in [(2, -1, 4), (0, -1, 5)]:
    try:
        pow(*args)
    except ValueError as e:
        print(args, e)
T = type("T", (), {"x": 1})
U = type("U", (T,), {"__module__": "mymod"})
print(T.__module__, T, U.__module__, U, T().x, U.__mro__[1] is T)
print("HeLLo".casefold(), "ABC def".casefold() == "abc def")
