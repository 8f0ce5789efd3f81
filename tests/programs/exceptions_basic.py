def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError as e:
        print("caught:", e)
        return None
    finally:
        print("finally", a, b)
print(safe_div(6, 3), safe_div(1, 0))
try:
    [][1]
except IndexError as e:
    print(type(e).__name__, e)
try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e, repr(e), e.args)
try:
    undefined_name
except NameError as e:
    print(e)
try:
    int("abc")
except ValueError as e:
    print(e)
try:
    None.attr
except AttributeError as e:
    print(e)
try:
    "a" + 1
except TypeError as e:
    print(e)
try:
    [1] + (2,)
except TypeError as e:
    print(e)
try:
    raise RuntimeError("boom")
except (ValueError, RuntimeError) as e:
    print("tuple catch", e)
try:
    try:
        raise ValueError("inner")
    except TypeError:
        print("wrong handler")
except ValueError as e:
    print("outer got", e)
