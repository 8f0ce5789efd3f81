# The built-in types' methods that CPython declares positional-only reject
# keywords (they were silently dropped: {}.get(k, default=1) gave None);
# the ones with keyword parameters take them; OrderedDict's pop and
# setdefault take `key` and `default` by keyword.
from collections import OrderedDict

cases = [
    ("dict.get", lambda: {}.get(1, default=2)),
    ("dict.pop", lambda: {}.pop(1, default=3)),
    ("dict.setdefault", lambda: {}.setdefault(1, default=3)),
    ("dict.keys", lambda: {}.keys(x=1)),
    ("dict.fromkeys", lambda: dict.fromkeys([1], value=2)),
    ("dict.update", lambda: sorted({1: 1}.update(b=2) or "updated")),
    ("str.replace", lambda: "abc".replace("a", "b", count=1)),
    ("str.strip", lambda: " a ".strip(chars=" ")),
    ("str.startswith", lambda: "abc".startswith(prefix="a")),
    ("str.join", lambda: ",".join(iterable=["a"])),
    ("str.find", lambda: "abc".find("b", start=0)),
    ("str.zfill", lambda: "7".zfill(width=3)),
    ("str.split", lambda: "a,b,c".split(sep=",", maxsplit=1)),
    ("str.rsplit", lambda: "a,b,c".rsplit(sep=",", maxsplit=1)),
    ("str.splitlines", lambda: "a\nb".splitlines(keepends=True)),
    ("str.format", lambda: "{x}-{0}".format(1, x=2)),
    ("list.pop", lambda: [1, 2].pop(index=0)),
    ("list.index", lambda: [3, 1].index(3, start=0)),
    ("list.append", lambda: [].append(object=1)),
    ("list.insert", lambda: [].insert(0, object=1)),
    ("list.sort", lambda: sorted([3, 1, 2], key=lambda v: -v, reverse=True)),
    ("tuple.count", lambda: (1, 2).count(value=1)),
    ("tuple.index", lambda: (1, 2).index(2, start=0)),
    ("int.bit_length", lambda: (5).bit_length(x=1)),
    ("od.pop", lambda: OrderedDict(a=1).pop("z", default=9)),
    ("od.pop key=", lambda: OrderedDict(a=1).pop(key="a")),
    ("od.setdefault", lambda: OrderedDict(a=1).setdefault("q", default=4)),
    ("od.setdefault key=", lambda: OrderedDict(a=1).setdefault(key="r")),
    ("od.pop missing", lambda: OrderedDict(a=1).pop()),
    ("od.pop both", lambda: OrderedDict(a=1).pop("a", key="a")),
]
for label, f in cases:
    try:
        print(label, "->", repr(f()))
    except (TypeError, KeyError) as e:
        print(label, "->", type(e).__name__, e)

od = OrderedDict(a=1, b=2)
print(od.pop("a", default=0), od.setdefault("c", default=3), od)


class Registry(dict):
    def get(self, key, default=None):
        return super().get(key, default)


r = Registry(x=1)
print(r.get("y", default=5), r.get("x"))
