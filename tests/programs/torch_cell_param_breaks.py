# A parameter captured by a nested function (a cell) and several graph breaks
# (prints) in one frame: each resume function reads it through its closure.
# Under --compile-all the resume functions are themselves compiled.
import torch


def f(x, scale):
    def g():
        return x * scale + 1

    print("a")
    y = g()
    print("b")
    z = g() + y
    print("c")
    return y, z, x


print(f(torch.zeros(2), 2.0))
print(f(torch.ones(3), 0.5))


def h(x):
    def bump():
        for _ in range(2):
            x.add_(1)
            yield x.clone()

    out = list(bump())
    print("after")
    return out, x


print(h(torch.zeros(2)))
