try:
    raise RuntimeError("first")
except RuntimeError:
    print("handling")
    raise
