class AppError(Exception):
    pass
class NotFound(AppError):
    def __init__(self, key):
        super().__init__("not found: " + key)
        self.key = key
class Weird(Exception):
    def __str__(self):
        return "weird!"
for exc in (AppError("plain"), NotFound("k1"), Weird()):
    try:
        raise exc
    except NotFound as e:
        print("NotFound", e, e.key, e.args)
    except AppError as e:
        print("AppError", e, isinstance(e, Exception))
    except Exception as e:
        print("Exception", e, repr(e))
try:
    raise NotFound
except TypeError as e:
    print("TypeError:", e)
e = ValueError("a", 2)
print(e, repr(e), e.args, str(ValueError()), repr(KeyError("k")), str(KeyError("k")))
print(issubclass(NotFound, Exception), issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
