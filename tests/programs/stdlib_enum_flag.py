# enum.Flag and IntFlag: auto() bits, | & ^ ~ on members, pseudo-members named
# by their bits, iteration over one-bit members, values with unknown bits.
import enum
class Color(enum.Flag):
    RED = enum.auto()
    GREEN = enum.auto()
    BLUE = enum.auto()
    WHITE = RED | GREEN | BLUE
class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1
    RW = 6
print(list(Color), list(Perm), len(Color), list(Color.__members__))
c = Color.RED | Color.BLUE
print(repr(c), str(c), c.name, c.value, bool(c), Color.RED in c, Color.GREEN in c, list(c), len(c))
print(repr(Color(0)), str(Color(0)), Color(0).name, bool(Color(0)))
print(repr(~Color.RED), repr(Color.WHITE), repr(Color(7)), Color(7) is Color.WHITE, repr(Color.RED & Color.GREEN))
print(repr(Perm.R | Perm.W), str(Perm.R | Perm.W), Perm.R | 1, repr(Perm.R | 1), Perm.R + 1, repr(~Perm.R), Perm.RW == 6, repr(Perm(8)), format(Perm.R), f"{Perm.R|Perm.X}")
print(repr(Color.RED ^ Color.WHITE), Color.RED | Color.RED is Color.RED, (Color.RED | Color.GREEN) is (Color.GREEN | Color.RED))
try:
    Color.RED | 1
except TypeError as e:
    print("TE", e)
print(Color["RED"], Color.RED.value, type(Color.RED | Color.BLUE).__name__, {Color.RED: 1}[Color.RED])
print(str(Perm.RW), repr(Perm.RW), list(Perm.RW))
import enum
class Color(enum.Flag):
    RED = enum.auto()
    GREEN = enum.auto()
    BLUE = enum.auto()
for v in (-1, -8, 7, 0):
    try:
        print(repr(Color(v)))
    except ValueError as e:
        print("VE", e)
class P(enum.IntFlag):
    A = 1
    B = 2
print(repr(P(9)), str(P(9)), repr(P.A | 8), repr(~P(0)), P.A < 2, -1 if False else repr(P(-1)) )
print(Color.RED < Color.GREEN if hasattr(Color.RED, '__lt__') and False else '')
class S(enum.Flag):
    NONE = 0
    A = 1
print(repr(S(0)), list(S), repr(S.NONE))
print(repr(Perm(0)), str(Perm(0)), hash(Perm.R) == hash(4), Perm.R & 4, repr(Perm.R ^ Perm.W))
print(repr(Color), str(Color), repr(P), repr(P(-1)), repr(P(-3)), repr(P(9)))
