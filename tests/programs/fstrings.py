name = "World"
n = 42
pi = 3.14159265
items = [1, 2]
print(f"Hello, {name}!")
print(f"{n} {n:5} {n:<5}| {n:^7} {n:05} {n:x} {n:X} {n:o} {n:b} {n:#x} {n:,}")
print(f"{pi:.2f} {pi:10.3f} {pi:e} {pi:.3g} {pi:%} {1234567.891:,.2f} {0.5:.0%}")
print(f"{name!r} {name!s} {items} {items!r} {len(items)} {n * 2} {'nested'}")
print(f"{n=} {pi=:.1f} {name = }")
print(f"{{literal braces}} {n}{{x}}")
width = 8
print(f"|{name:>{width}}|{name:*^{width}}|")
print(f"{-3:+} {3:+} {3: } {-2.5:8.2f} {True} {None} {1e20} {2.0}")
print(f"{'a' if n > 1 else 'b'} {[x * 2 for x in items]} {dict(a=1)}")
print(f"""multi
line {n}""")
print(format(3.5, ".3f"), format(12, "08b"), format("s", ">3"), format(1234, ","))
