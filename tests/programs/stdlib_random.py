# random with a seed gives CPython's stream (its Mersenne Twister and
# seeding), so data-generation code in scripts prints the same numbers.
import random

random.seed(0)
print([random.random() for _ in range(3)])
print([random.randint(1, 6) for _ in range(8)], random.randrange(10), random.randrange(5, 50, 5))
xs = list(range(10))
random.shuffle(xs)
print(xs, random.choice("abcdef"), random.choice([10, 20, 30]))
print(random.sample(range(100), 5), random.sample(range(1000), 12))
print(round(random.uniform(-1.0, 1.0), 12), round(random.gauss(0.0, 1.0), 12), round(random.gauss(5.0, 2.0), 12))
print(random.getrandbits(8), random.getrandbits(40))
random.seed(12345678901)
print(random.random(), random.randint(0, 10 ** 9))
random.seed(-3)
a = random.random()
random.seed(3)
print(a == random.random())
rng = random.Random(42)
print(rng.random(), rng.choice(range(7)), random.Random(42).random() == random.Random(42).random())
try:
    random.choice([])
except IndexError as e:
    print("IndexError", e)
try:
    random.randrange(0)
except ValueError as e:
    print("ValueError", e)
import math
print(math.log(8, 2), math.log(100, 10), math.log(2.5), math.log(36, 4.5))
try:
    math.log(5, 1)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
