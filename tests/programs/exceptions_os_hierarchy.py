# The OSError family and the other built-in exceptions, as CPython's:
# names, bases, isinstance through the hierarchy, aliases.
names = ["OSError", "ConnectionError", "BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError",
         "ConnectionResetError", "TimeoutError", "FileNotFoundError", "FileExistsError", "PermissionError",
         "IsADirectoryError", "NotADirectoryError", "InterruptedError", "ChildProcessError",
         "ProcessLookupError", "BlockingIOError", "BufferError", "StopAsyncIteration"]
import builtins
for n in names:
    cls = getattr(builtins, n)
    print(n, cls.__name__, cls.__bases__[0].__name__, issubclass(cls, Exception))
print(EnvironmentError is OSError, IOError is OSError)
try:
    raise ConnectionResetError("peer")
except ConnectionError as e:
    print("caught", type(e).__name__, e, isinstance(e, OSError))
try:
    raise FileNotFoundError("missing.txt")
except OSError as e:
    print("caught", type(e).__name__, e)
try:
    raise TimeoutError("slow")
except OSError as e:
    print("timeout is an OSError", e)
