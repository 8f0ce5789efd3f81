# `from module import *` at module level: the module's __all__ when it has
# one, else its public names; a function uses what came in through its
# globals; at function level it is a SyntaxError (tests/malformed).
from math import *
from collections import *
from itertools import *
from functools import *
from string import *

print(sqrt(16.0), floor(2.5), ceil(2.5), pi, isclose(0.1 + 0.2, 0.3))
print(OrderedDict([(1, 2)]), Counter("aabc").most_common(1), deque([1, 2], maxlen=2))
print(list(chain([1], [2])), list(islice(count(5), 3)), reduce(lambda a, b: a * b, [1, 2, 3, 4]))
print(ascii_lowercase[:5], digits)


def hyp(a, b):
    return sqrt(a * a + b * b)


print(hyp(3, 4), partial(hyp, 6)(8))
_private = 1
print("_private" in globals(), "sqrt" in globals())
