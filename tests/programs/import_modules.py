import math
from math import sqrt, pi as PI
import math as m
print(math.sqrt(2), sqrt(16), PI, m.floor(3.7), m.ceil(3.2), math.isclose(0.1 + 0.2, 0.3))
print(math.gcd(12, 18), math.isnan(float("nan")), math.inf, math.fabs(-2), math.log(math.e), math.exp(0))
try:
    import nonexistent_module
except ImportError as e:
    print(type(e).__name__, e)
try:
    from math import nothing_here
except ImportError as e:
    print(type(e).__name__)
