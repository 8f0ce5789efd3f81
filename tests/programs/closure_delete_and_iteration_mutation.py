# `del` of a closure variable empties its cell (DELETE_DEREF), and the
# built-in iterators notice a dict, OrderedDict or dict view changed under them.
from collections import OrderedDict


def outer():
    x = 1

    def get():
        return x

    print(get())
    del x
    try:
        print(get())
    except NameError as e:
        print("NameError", e)
    try:
        del x
    except NameError as e:
        print(type(e).__name__, e)
    x = 5
    print(get())


outer()


def nonlocal_delete():
    y = 3

    def drop():
        nonlocal y
        del y

    drop()
    try:
        print(y)
    except NameError as e:
        print(type(e).__name__, e)
    y = 4
    return y


print(nonlocal_delete())


def counter():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count

    bump()
    bump()
    del count
    try:
        bump()
    except NameError as e:
        print(type(e).__name__, e)


counter()


def attempt(label, body):
    try:
        body()
        print(label, "ok")
    except RuntimeError as e:
        print(label, "RuntimeError", e)


def grow():
    d = {1: 1, 2: 2}
    for k in d:
        d[k + 10] = 0


def shrink():
    d = {1: 1, 2: 2}
    for k in d:
        del d[k]


def reinsert():
    d = {1: 1, 2: 2}
    for k in d:
        d.pop(k)
        d[k] = 1


def swap_key():
    d = {"a": 1, "b": 2, "c": 3}
    for k in list(d):
        pass
    for k in d:
        if k == "a":
            del d["c"]
            d["z"] = 0


def update_values():
    d = {1: 1, 2: 2}
    for k in d:
        d[k] = 7
    print(d)


def values_view():
    d = {1: 1, 2: 2}
    for v in d.values():
        d[3] = 3


def items_view_reinsert():
    d = {1: 1, 2: 2, 3: 3}
    for k, v in d.items():
        if k == 1:
            d.pop(2)
            d[2] = 2


def od_move():
    od = OrderedDict(a=1, b=2, c=3)
    for k in od:
        od.move_to_end(k)


def od_grow():
    od = OrderedDict(a=1)
    for k in od:
        od["b"] = 2


def od_values():
    od = OrderedDict(a=1, b=2)
    for k in od:
        od[k] = 5
    print(od)


for label, body in [("grow", grow), ("shrink", shrink), ("reinsert", reinsert), ("swap_key", swap_key),
                    ("update_values", update_values), ("values_view", values_view),
                    ("items_view_reinsert", items_view_reinsert), ("od_move", od_move), ("od_grow", od_grow),
                    ("od_values", od_values)]:
    attempt(label, body)
