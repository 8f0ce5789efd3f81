def risky():
    raise ValueError("original")
def wrapper():
    try:
        risky()
    except ValueError:
        print("logging and re-raising")
        raise
try:
    wrapper()
except ValueError as e:
    print("got", e)
try:
    try:
        raise KeyError("a")
    except KeyError as e:
        raise RuntimeError("converted") from e
except RuntimeError as e:
    print(e, type(e.__cause__).__name__)
def cleanup_then_raise():
    try:
        raise TypeError("t")
    finally:
        print("cleanup")
try:
    cleanup_then_raise()
except TypeError as e:
    print("after cleanup:", e)
try:
    raise Exception
except Exception as e:
    print(repr(e), e.args)
