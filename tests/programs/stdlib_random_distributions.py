# random's distributions as python3 draws them from a seeded Mersenne
# Twister (timm's Mixup samples betavariate; schedulers and augmentations
# use the rest), on the module functions and on Random instances.
import random

random.seed(2024)
print([round(random.betavariate(0.4, 0.4), 12) for _ in range(4)])
print([round(random.gammavariate(a, 2.0), 12) for a in (0.5, 1.0, 3.5)])
print([round(random.lognormvariate(0.0, 0.5), 12) for _ in range(2)])
print([round(random.vonmisesvariate(1.0, k), 12) for k in (0.0, 0.5, 4.0)])
print([round(random.paretovariate(2.5), 12), round(random.weibullvariate(1.5, 2.0), 12)])
r = random.Random(99)
print([round(r.betavariate(2.0, 5.0), 12) for _ in range(3)], round(r.gammavariate(0.1, 1.0), 12))
for bad in [(0.0, 1.0), (1.0, -1.0)]:
    try:
        random.gammavariate(*bad)
    except ValueError as e:
        print("ValueError:", e)
