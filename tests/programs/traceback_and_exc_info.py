import sys
import traceback

def inner():
    return {}["missing"]

def outer():
    try:
        inner()
    except KeyError as e:
        raise ValueError("wrapped") from e

print(sys.exc_info())
try:
    outer()
except ValueError:
    t, v, tb = sys.exc_info()
    print(t.__name__, v, tb is v.__traceback__)
    text = traceback.format_exc()
    lines = text.splitlines()
    print(lines[0])
    print([l for l in lines if not l.startswith(" ")])
    print(traceback.format_exception_only(v))
    print(len(traceback.format_exception(v)) > 3)
    print(''.join(traceback.format_exception(t, v, tb)) == text)
    print(traceback.format_exc(chain=False).splitlines()[-1])
print(sys.exc_info())
print(repr(traceback.format_exc()))
try:
    try:
        1 / 0
    except ZeroDivisionError:
        int("x")
except ValueError as e:
    print([l for l in traceback.format_exception(e) if not l.startswith(" ")])
    err = RuntimeError("quiet")
    err.__cause__ = None
    print(err.__suppress_context__, err.__cause__)
try:
    try:
        raise KeyError(1)
    except KeyError:
        e2 = TypeError("t")
        e2.__cause__ = None
        raise e2
except TypeError as e3:
    print(e3.__suppress_context__, type(e3.__context__).__name__)
    print([l for l in traceback.format_exception(e3) if not l.startswith(" ")])
try:
    RuntimeError().__cause__ = 3
except TypeError as t:
    print(t)
