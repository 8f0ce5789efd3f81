# Exception chaining, as CPython's: __context__ is the exception being
# handled where another is raised (by raise or by a failing operation),
# `raise ... from c` sets __cause__ and __suppress_context__, `from None`
# suppresses the context; the defaults are None, None, False.
def show(e):
    ctx = e.__context__
    cause = e.__cause__
    print(type(e).__name__, e, "| context:", repr(ctx), "| cause:", repr(cause), "| suppress:", e.__suppress_context__)


e0 = ValueError("plain")
show(e0)
try:
    try:
        raise TypeError(1)
    except TypeError:
        raise ValueError(2)
except ValueError as e:
    show(e)
try:
    try:
        {}["k"]
    except KeyError as k:
        raise RuntimeError("wrapped") from k
except RuntimeError as e:
    show(e)
    print(e.__cause__ is e.__context__)
try:
    try:
        [][3]
    except IndexError:
        raise LookupError("quiet") from None
except LookupError as e:
    show(e)
try:
    try:
        raise KeyError("first")
    except KeyError:
        1 / 0
except ZeroDivisionError as e:
    show(e)
try:
    try:
        raise ValueError("a")
    except ValueError as a:
        raise a
except ValueError as e:
    show(e)
try:
    raise ValueError("x") from TypeError
except ValueError as e:
    show(e)
try:
    raise ValueError("x") from 3
except TypeError as e:
    print("TypeError", e)


class MyErr(Exception):
    pass


try:
    try:
        raise MyErr("inner")
    finally:
        pass
except MyErr as e:
    show(e)
try:
    try:
        raise MyErr("inner")
    except MyErr:
        try:
            raise OSError("middle")
        except OSError:
            raise ValueError("outer")
except ValueError as e:
    show(e)
    show(e.__context__)
