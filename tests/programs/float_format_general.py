# format() of floats with a precision and no type (like g, with a digit after the
# point and an exponent from precision - 1 on), the n type, grouping, and the
# grouping options CPython refuses with x, o, c.
vals = [3.0, 3.14159, 1234.5678, 0.000123456, 1e20, 2.5e-8, 100.0, -0.0, float('inf'), 12345678.9]
for spec in ('.0', '.1', '.3', '.4', '10.3', '', '<8.2', '+.2', '.6'):
    print(repr(spec), [format(v, spec) for v in vals])
print(f"{7:,}", f"{1234567.891:,.2f}", f"{-1234:_}", f"{0.5:%}", f"{0.123:.1%}")
for bad in (',x', ',c', '^,o'):
    try:
        print(format(7, bad))
    except ValueError as e:
        print("ValueError", e)
print([format(v, 'n') for v in (3.0, 1234.5678, 1e-7)], format(1234.5678, '.4n'), format(3.0, '#.3'), f"{255:_x}", f"{10**6:_}")
for v in (0.1, 2.0 / 3, 123.456, 1e-5, 99999.5):
    print(f"{v:.2}", f"{v:.5}", f"{v:#.3}", f"{v:12.4}|", f"{v:,.3}")
