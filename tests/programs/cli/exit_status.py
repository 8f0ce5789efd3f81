# An uncaught SystemExit ends the script as python3's does: no traceback, the
# status its code (sys.exit(3) -> 3). __file__ is the script's path.
import os
import sys

print(os.path.basename(__file__), __name__)
try:
    sys.exit(5)
except SystemExit as e:
    print("caught", e.code)
sys.exit(3)
print("not reached")
