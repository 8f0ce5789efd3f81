# The file-system queries training scripts make: os.path.exists/isfile/isdir/
# abspath/getsize, os.getcwd/listdir/makedirs/mkdir, and their errors.
import os

here = os.path.dirname(os.path.abspath(__file__))
print(os.path.basename(here), os.path.isabs(here), os.path.isdir(here), os.path.isfile(here))
print(os.path.exists(__file__), os.path.isfile(__file__), os.path.exists(""), os.path.exists(here + "/no/such"))
print(os.path.getsize(__file__) > 100, os.getcwd() == os.path.abspath("."), os.path.abspath("/a/b/../c"))
print("os_file_system.py" in os.listdir(here))
print(os.fspath("x/y"))
for bad in (lambda: os.listdir(here + "/no/such"), lambda: os.listdir(__file__), lambda: os.makedirs(here),
            lambda: os.path.getsize(here + "/missing.txt")):
    try:
        bad()
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror)
os.makedirs(here, exist_ok=True)
print(str(OSError(2, "x")), str(FileNotFoundError(2, "No such", "f.txt")), OSError(2, "x", "f").args)
print(str(OSError("plain")), OSError().errno, repr(OSError(2, "x")), PermissionError(13, "no").strerror)
try:
    raise FileExistsError(17, "File exists", "d")
except OSError as e:
    print(e, e.filename, isinstance(e, FileExistsError))
