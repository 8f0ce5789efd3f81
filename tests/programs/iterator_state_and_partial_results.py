# Iterator state a traced frame must keep as CPython does (zip strict's
# ValueError, a dict iterator after its dict changed, a list iterator after
# its list shrank or after it ran out), str.format's nested automatic fields,
# and the partial results CPython keeps when an error stops sort, extend,
# += or dict.update midway.


def show(f, *args):
    try:
        print(f.__name__, repr(f(*args)))
    except Exception as e:
        print(f.__name__, type(e).__name__, e)


def zip_strict_short(a, b):
    return list(zip(a, b, strict=True))


def zip_strict_long(a, b, c):
    return [x for x in zip(a, b, c, strict=True)]


def zip_strict_loop(a, b):
    out = []
    try:
        for x, y in zip(a, b, strict=True):
            out.append(x + y)
    except ValueError as e:
        out.append(str(e))
    return out


show(zip_strict_short, [1, 2, 3], [4])
show(zip_strict_long, [1], [2], [3, 4])
show(zip_strict_long, [1, 2], [2, 3], [3])
show(zip_strict_loop, [1, 2, 3], [10, 20])
show(zip_strict_short, [1, 2], [3, 4])


def dict_iter_grown():
    d = {"a": 1}
    it = iter(d.items())
    d["b"] = 2
    return next(it)


def dict_iter_list():
    d = {"a": 1}
    it = iter(d)
    d["b"] = 2
    return list(it)


def dict_iter_caught_twice():
    d = {"a": 1, "b": 2}
    it = iter(d.values())
    next(it)
    del d["a"]
    out = []
    for _ in range(2):
        try:
            next(it)
        except RuntimeError as e:
            out.append(str(e))
    return out


def dict_iter_keys_swapped():
    d = {"a": 1, "b": 2}
    out = []
    try:
        for k in d:
            out.append(k)
            d.pop("b")
            d["c"] = 3
    except RuntimeError as e:
        out.append(str(e))
    return out, d


show(dict_iter_grown)
show(dict_iter_list)
show(dict_iter_caught_twice)
show(dict_iter_keys_swapped)


def list_iter_after_shrink(read_between):
    # (read while shrunk, it runs out for good; not read, it resumes at its position)
    l = [1, 2, 3]
    it = iter(l)
    next(it)
    next(it)
    l.clear()
    a = list(it) if read_between else None
    l.extend([7, 8, 9, 10])
    return a, list(it)


def list_iter_exhausted_stays_exhausted():
    l = [1, 2]
    it = iter(l)
    a = list(it)
    l.append(5)
    b = next(it, "end")
    it2 = iter(l)
    for _ in it2:
        pass
    l.append(6)
    return a, b, list(it2), tuple(iter([]))


show(list_iter_after_shrink, True)
show(list_iter_after_shrink, False)
show(list_iter_exhausted_stays_exhausted)


def gen():
    yield 1


def generator_attrs():
    g = gen()
    return hasattr(g, "send"), hasattr(g, "close"), hasattr(g, "throw"), hasattr(g, "__next__"), hasattr(g, "nope")


def generator_attr_after_use():
    g = gen()
    first = next(g)
    return first, getattr(g, "send", None) is not None, callable(getattr(g, "close", None))


show(generator_attrs)
show(generator_attr_after_use)


def rec_gen():
    yield from rec_gen()


def recursion_through_generators():
    try:
        next(rec_gen())
    except RecursionError:
        return "RecursionError"


def huge_repeat():
    try:
        return len([0] * (2**62))
    except MemoryError:
        return "MemoryError"


show(recursion_through_generators)
show(huge_repeat)


def nested_format_fields():
    return [
        "{:{}}".format(3.14159, ".2f"),
        "{:>{}}".format("x", 4),
        "{:{}.{}f}".format(3.14159, 8, 2),
        "{:{}} | {:{}}".format("ab", 5, "cd", 3),
        "{:{}{}}".format("x", ">", 4),
        "{0:{1}}|{2!r:>{3}}".format(7, 3, "s", 5),
        "{!a}".format("é"),
    ]


def format_recursion_limit():
    return "{0:{1:{2}}}".format(1, 2, 3)


def format_mixed_numbering():
    return "{:{0}}".format(5)


show(nested_format_fields)
show(format_recursion_limit)
show(format_mixed_numbering)


class Bad:
    def __init__(self, v):
        self.v = v

    def __lt__(self, o):
        if self.v == 2 or o.v == 2:
            raise TypeError("cmp")
        return self.v < o.v

    def __repr__(self):
        return "B%d" % self.v


def sort_keeps_items():
    items = [Bad(3), Bad(1), Bad(2)]
    try:
        items.sort()
    except TypeError as e:
        return str(e), items


def sort_mixed_types():
    l = [3, 1, None, 2]
    try:
        l.sort(key=lambda x: 1 // x if x is not None else None)
    except TypeError as e:
        return str(e), l


calls = []


class Logged:
    def __init__(self, v):
        self.v = v

    def __lt__(self, o):
        calls.append((self.v, o.v))
        return self.v < o.v


def sort_comparisons():
    data = [Logged(v) for v in [3, 1, 2, 5, 4]]
    data.sort()
    data.sort(reverse=True)
    return [d.v for d in data], calls


show(sort_keeps_items)
show(sort_mixed_types)
show(sort_comparisons)


def gen_fail(n):
    for i in range(n):
        yield i
    raise ValueError("gen failed")


def extend_partial():
    l = [9]
    try:
        l.extend(gen_fail(3))
    except ValueError:
        pass
    m = [8]
    try:
        m += map(lambda x: 1 // x, [1, 2, 0, 4])
    except ZeroDivisionError:
        pass
    d = {}
    try:
        d.update((str(i), i) for i in gen_fail(2))
    except ValueError:
        pass
    n = [1, 2]
    n.extend(n)
    return l, m, d, n


show(extend_partial)
