# A small program whose bytecode listing is committed as sample.dis.
import math

SCALE = 2


def area(r, *, pi=math.pi):
    return pi * r ** 2 * SCALE


def count_words(text):
    counts = {}
    for word in text.split():
        counts[word] = counts.get(word, 0) + 1
    return [w for w, n in counts.items() if n > 1]


class Box:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h


def safe(f, x):
    try:
        return f(x)
    except (ValueError, KeyError) as e:
        return str(e)
    finally:
        print("done")


def make_counter():
    n = 0

    def inc():
        nonlocal n
        n += 1
        return n
    return inc


print(f"{area(1.5):.2f}", Box(2, 3).area(), 0 < SCALE <= 2)
