# math beyond the basics, heapq and bisect (beam search, schedules), __future__,
# and __init_subclass__ chained through super(), as model files write them.
from __future__ import annotations
import math
import heapq
import bisect

print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod([2.5, 2], start=2))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100]))
print(math.factorial(10), math.comb(10, 3), math.comb(3, 5), math.perm(5, 2), math.perm(4), math.lcm(4, 6), math.isqrt(17))
print(math.erf(0.5), math.erfc(0.5), math.expm1(1e-5), math.log1p(1e-5), math.hypot(3, 4), math.hypot(1, 2, 2))
print(math.dist((0, 0), (1, 1)), math.modf(3.25), math.modf(-2.5), math.frexp(10.0), math.frexp(-0.375))
print(math.copysign(2, -0.0), math.degrees(math.pi), math.radians(180))
print(math.asin(0.5), math.acos(0.5), math.sinh(1), math.cosh(1), math.asinh(1), math.acosh(2), math.atanh(0.5))
print(math.gamma(5), math.fmod(7, 3), math.fmod(-7, 3), math.ldexp(0.5, 3))
for bad in [lambda: math.factorial(-1), lambda: math.comb(-1, 2), lambda: math.isqrt(-4), lambda: math.acos(2)]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
try:
    math.factorial(2.5)
except TypeError as e:
    print('TypeError', e)

h = []
for v in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, v)
print([heapq.heappop(h) for _ in range(3)], h[0], heapq.nlargest(2, [4, 1, 7, 3]), heapq.nsmallest(2, [4, 1, 7, 3]))
beams = [(-0.5, 'a'), (-1.5, 'b'), (-0.1, 'c')]
heapq.heapify(beams)
print(heapq.heappop(beams), heapq.heappushpop(beams, (-2.0, 'z')), heapq.heapreplace(beams, (0.0, 'e')), sorted(beams))
print(heapq.nlargest(2, ['aa', 'b', 'cccc'], key=len), list(heapq.merge([1, 4], [2, 3])))

a = [1, 3, 3, 5]
print(bisect.bisect_left(a, 3), bisect.bisect_right(a, 3), bisect.bisect(a, 4), bisect.bisect_left(a, 0), bisect.bisect(a, 9))
bisect.insort(a, 4)
bisect.insort_left(a, 3)
print(a)
milestones = [10, 20, 30]
print([0.1 * 0.5 ** bisect.bisect_right(milestones, step) for step in (0, 10, 25, 40)])


class Base:
    registered = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Base.registered.append(cls.__name__)


class A(Base):
    pass


class B(A):
    pass


print(Base.registered)


def annotated(x: Tensor, n: int = 2) -> list[Tensor]:
    return [x] * n


print(annotated('t'))
