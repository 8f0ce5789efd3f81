# math functions raise CPython's domain (ValueError) and range (OverflowError) errors; isclose of infinities; cbrt, exp2, ulp, nextafter
import math
INF, NAN = float('inf'), float('nan')
def t(label, f):
    try: print(label, repr(f()))
    except Exception as e: print(label, 'EXC', type(e).__name__, e)
t('isclose(inf,-inf)', lambda: math.isclose(INF, -INF))          # CPython False ; standin True
t('isclose(inf,inf)', lambda: math.isclose(INF, INF))            # True
t('isclose(1,1e300)', lambda: math.isclose(1.0, 1e300))           # False
t('isclose(nan,nan)', lambda: math.isclose(NAN, NAN))             # False
t('isclose rel_tol=-1', lambda: math.isclose(1, 1, rel_tol=-1))  # CPython ValueError tolerances must be non-negative
t('exp(1000)', lambda: math.exp(1000))                           # CPython OverflowError math range error ; standin inf
t('pow(10, 400)', lambda: math.pow(10.0, 400))                   # CPython OverflowError
t('pow(0, -1)', lambda: math.pow(0.0, -1.0))                     # CPython ValueError math domain error
t('fmod(inf, 1)', lambda: math.fmod(INF, 1.0))                   # CPython ValueError math domain error
t('fmod(1, 0)', lambda: math.fmod(1.0, 0.0))                     # CPython ValueError
t('ldexp(1, 1.5)', lambda: math.ldexp(1.0, 1.5))                 # CPython TypeError Expected an int as second argument
t('ldexp(1, 2000)', lambda: math.ldexp(1.0, 2000))               # CPython OverflowError
t('cosh(1000)', lambda: math.cosh(1000))                         # CPython OverflowError
t('sinh(1000)', lambda: math.sinh(1000))                         # CPython OverflowError
t('expm1(1000)', lambda: math.expm1(1000))                       # CPython OverflowError
t('atan2 bad', lambda: math.atan2('x', 1.0))                     # CPython TypeError must be real number, not str
t('copysign bad', lambda: math.copysign('x', 1.0))               # CPython TypeError
t('remainder bad', lambda: math.remainder('x', 1.0))             # CPython TypeError
t('1e308*10', lambda: 1e308 * 10)                                 # inf (both; float ops do not raise)
t('2.0**10000', lambda: 2.0 ** 10000)                             # CPython OverflowError (34, 'Numerical result out of range')
t('cbrt', lambda: math.cbrt(27.0))                               # 3.11: 3.0000000000000004 (missing)
t('exp2', lambda: math.exp2(3))                                   # 3.11: 8.0 (missing)
t('ulp', lambda: math.ulp(1.0))                                   # 2.220446049250313e-16 (missing)
t('nextafter', lambda: math.nextafter(1.0, 2.0))                  # 1.0000000000000002 (missing)
for name in ('sin', 'cos', 'tan', 'exp', 'expm1', 'sinh', 'cosh', 'gamma', 'exp2', 'ulp', 'cbrt'):
    for v in (INF, -INF, NAN, 0.0, -1.0, 200.0, 1e6):
        t(name + '(' + repr(v) + ')', lambda: getattr(math, name)(v))
for a, b in ((0.0, -2.0), (-8.0, 1.0 / 3), (2.0, 0.5), (INF, 0.0), (1.0, INF), (NAN, 0.0), (-2.0, 3.0)):
    t('pow' + repr((a, b)), lambda: math.pow(a, b))
for a, b in ((INF, 2.0), (1.0, INF), (NAN, 0.0), (5.5, 2.0), (-5.5, 2.0)):
    t('fmod' + repr((a, b)), lambda: math.fmod(a, b))
t('ldexp(1, -2000)', lambda: math.ldexp(1.0, -2000))
t('nextafter(0, -1)', lambda: math.nextafter(0.0, -1.0))
t('ulp(max)', lambda: math.ulp(1.7976931348623157e308))
for v in (INF, -INF, NAN, 0.0, -1.0, 1.0):
    t('lgamma(' + repr(v) + ')', lambda: math.lgamma(v))
