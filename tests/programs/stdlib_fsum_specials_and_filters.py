# math.fsum with infinities, NaN and overflow (CPython's special sums),
# inspect.BoundArguments equality, and warnings.simplefilter not adding an
# identical filter twice.
import inspect
import math
import warnings

inf = float('inf')
for values in ([inf, 1.0], [-inf, 1.0, 2.5], [1.0, float('nan')], [0.1] * 10, [1e308, -1e308, 5.0], []):
    print(math.fsum(values))
for values in ([1e308, 1e308], [inf, -inf], [-1e308, -1e308]):
    try:
        print(math.fsum(values))
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)


def f(a, b, c=3, *, d=4):
    return a + b + c + d


sig = inspect.signature(f)
print(sig.bind(1, 2) == sig.bind(1, 2), sig.bind(1, 2) == sig.bind(1, 3), sig.bind(1, 2, d=5) == sig.bind(1, 2, d=5))
print(sig.bind(1, 2) == 'x')

warnings.resetwarnings()
for _ in range(3):
    warnings.simplefilter('ignore')
print(len(warnings.filters))
warnings.simplefilter('error', append=True)
warnings.simplefilter('error', append=True)
print(len(warnings.filters), [f[0] for f in warnings.filters])
warnings.resetwarnings()
