# a != b: object.__ne__ inverts the left class's __eq__ before the right side is asked, and falls back to identity
calls = []
class Left:
    def __eq__(self, o):
        calls.append('Left.__eq__'); return True
class Right:
    def __ne__(self, o):
        calls.append('Right.__ne__'); return 'Right-ne-result'
print(repr(Left() != Right()), calls)
# CPython: False ['Left.__eq__']      standin: 'Right-ne-result' ['Right.__ne__']
calls.clear()
class L2:
    def __eq__(self, o):
        calls.append('L2.__eq__'); return NotImplemented
class R2:
    def __eq__(self, o):
        calls.append('R2.__eq__'); return NotImplemented
    def __ne__(self, o):
        calls.append('R2.__ne__'); return NotImplemented
print(repr(L2() != R2()), calls)
# CPython: True ['L2.__eq__', 'R2.__ne__']   standin: True ['R2.__ne__', 'L2.__eq__', 'R2.__eq__']
calls.clear()
class Plain:
    pass
p = Plain()
print(p != p, p != Plain(), Plain() != 3, 3 != Plain())
class Base:
    def __eq__(self, o):
        calls.append('Base.__eq__'); return NotImplemented
class Sub(Base):
    def __ne__(self, o):
        calls.append('Sub.__ne__'); return 'sub'
print(Base() != Sub(), calls)
calls.clear()
class E:
    def __init__(self, v): self.v = v
    def __eq__(self, o):
        calls.append('E.__eq__'); return isinstance(o, E) and o.v == self.v
print(E(1) != E(1), E(1) != E(2), E(1) != 5, 5 != E(1), calls)
from dataclasses import dataclass
@dataclass
class D:
    x: int
print(D(1) != D(1), D(1) != D(2), [D(1)] != [D(1)], (D(1),) != (D(2),))
