from enum import Enum, IntEnum, auto, unique
from typing import NamedTuple, Optional, Generic, TypeVar
import collections
import logging

class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = auto()
    ALIAS = 1
    def describe(self):
        return self.name.lower() + '!'

print(Color.RED, repr(Color.GREEN), Color.BLUE.value, Color(2), Color['BLUE'], Color.ALIAS is Color.RED)
print(list(Color), len(Color), Color.RED in Color, [c.name for c in Color])
print(Color.RED.describe(), Color.RED == Color.RED, Color.RED == 1, isinstance(Color.RED, Color))
print(f"{Color.RED}", str(Color.GREEN), hash(Color.RED) == hash(Color.RED))
print({Color.RED: 'r'}[Color.RED], Color.__members__.keys())
try:
    Color(7)
except ValueError as e:
    print('ValueError', e)
try:
    Color['PINK']
except KeyError as e:
    print('KeyError', e)

class Mode(IntEnum):
    TRAIN = 0
    EVAL = auto()
print(Mode.EVAL, repr(Mode.EVAL), Mode.EVAL + 1, Mode.EVAL == 1, Mode(0), [1, 2][Mode.EVAL], sorted([Mode.EVAL, Mode.TRAIN]))

class Planet(Enum):
    EARTH = (5.97e24, 6.37e6)
    MARS = (6.42e23, 3.39e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
print(Planet.MARS.mass, Planet.EARTH.radius, Planet.EARTH.value)

try:
    @unique
    class U(Enum):
        A = 1
        B = 1
except ValueError as e:
    print(e)

class Out(NamedTuple):
    logits: object
    loss: Optional[float] = None
    def total(self):
        return self.loss or 0
o = Out(3)
print(o, o.logits, o.loss, o[0], len(o), o._replace(loss=2.5), Out._fields, o.total(), tuple(o), o._asdict())
a, b = Out(1, 2)
print(a, b, Out(1, 2) == (1, 2))
for args in [(1, 2, 3), ()]:
    try:
        Out(*args)
    except TypeError as e:
        print(e)
try:
    Out(1, zz=3)
except TypeError as e:
    print(e)
P = NamedTuple('P', [('x', int), ('y', int)])
print(P(1, 2), P._make([3, 4]))
N = collections.namedtuple('N', 'a b', defaults=[5])
print(N(1), N(1, 2))
try:
    N()
except TypeError as e:
    print(e)
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print(e)
T = TypeVar('T')
class Box(Generic[T]):
    def __init__(self, v):
        self.v = v
print(Box(3).v)
logger = logging.getLogger(__name__)
logger.info('not shown %d', 3)
logger.warning('shown %s', 'w')
print(logger.isEnabledFor(logging.INFO), logging.getLevelName(10), logger.getEffectiveLevel())
logger.setLevel(logging.DEBUG)
print(logger.isEnabledFor(logging.INFO))

# logging configured onto stdout, as scripts do
import sys
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format='%(levelname)s %(name)s: %(message)s')
log = logging.getLogger('model.train')
log.info('step %d loss %.3f', 3, 0.25)
log.debug('hidden')
logging.warning('root %s', 'warn')
log.setLevel(logging.ERROR)
log.warning('hidden too')
log.error('err: %s', {'k': 1})
print(log.getEffectiveLevel(), log.parent.name, logging.getLogger('model') is log.parent, repr(log))
logging.disable(logging.CRITICAL)
log.critical('disabled')

# StrEnum, enums as dict keys and in functions, TypedDict, Generic
from enum import StrEnum
from typing import TypedDict


class Split(StrEnum):
    TRAIN = auto()
    VALID = 'valid'


print(Split.TRAIN, repr(Split.VALID), Split.TRAIN == 'train', Split('valid') is Split.VALID, Split.TRAIN.upper())
counts = {s: len(s.value) for s in Split}
print(counts)


def pick(mode=Mode.TRAIN):
    return {Mode.TRAIN: 'train', Mode.EVAL: 'eval'}[mode]


print(pick(), pick(Mode.EVAL), Mode.EVAL.name, int(Mode.EVAL), max(Mode), Mode.TRAIN < Mode.EVAL)
try:
    class More(Color):
        X = 5
except TypeError as e:
    print('TypeError', e)


class Batch(TypedDict):
    ids: list
    mask: list


b = Batch(ids=[1, 2], mask=[1, 0])
print(b, type(b).__name__, b['ids'])

Row = collections.namedtuple('Row', 'a, b c')
r = Row(1, 2, 3)
print(r, r.b + r.c, r.index(3), r.count(1), r + (4,), 2 in r, Row._fields)
for bad in [('Row', 'a a'), ('Row', 'a _b'), ('1Row', 'a')]:
    try:
        collections.namedtuple(*bad)
    except ValueError as e:
        print('ValueError', e)
