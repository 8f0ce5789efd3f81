# Enums mixed with a built-in type (`class Mode(str, Enum)`, as config files
# write them): members are instances of the built-in, compare, hash and
# compute as their values, and print as Enum members (Python 3.11).
import enum
import json


class Mode(str, enum.Enum):
    TRAIN = "train"
    EVAL = "eval"
    NUMBERED = 1


class Level(int, enum.Enum):
    LOW = 1
    HIGH = "3"


class Scale(float, enum.Enum):
    HALF = 0.5


print(Mode.TRAIN, repr(Mode.NUMBERED), Mode.NUMBERED.value, type(Mode.NUMBERED.value).__name__, format(Mode.EVAL), f"{Level.LOW}")
print(isinstance(Mode.TRAIN, str), isinstance(Level.LOW, int), isinstance(Scale.HALF, float), isinstance(Mode.TRAIN, int))
print(issubclass(Mode, str), issubclass(Level, int), issubclass(Mode, enum.Enum), issubclass(Level, str))
print(Mode.TRAIN == "train", "eval" == Mode.EVAL, Mode.TRAIN != "train", Mode("eval") is Mode.EVAL, Mode["TRAIN"])
print({"train": 1}[Mode.TRAIN], Mode.TRAIN in {"train", "x"}, Mode.TRAIN in ("train",), sorted([Mode.TRAIN, Mode.EVAL]))
print(len(Mode.TRAIN), Mode.TRAIN[1:3], Mode.TRAIN.upper(), Mode.TRAIN.startswith("tr"), "ai" in Mode.TRAIN, list(Mode.EVAL))
print(Mode.TRAIN + "_set", "is_" + Mode.EVAL, Mode.EVAL * 2, ",".join([Mode.TRAIN, Mode.EVAL, "test"]), "/".join(Mode.EVAL))
print(Level.LOW + 1, 10 - Level.HIGH, Level.HIGH * 2, Level.HIGH ** 2, -Level.LOW, Level.LOW | 4, Level.HIGH // 2, Level.HIGH / 2)
print(Level.HIGH.value, repr(Level.HIGH), Level.LOW == 1, hash(Level.LOW) == hash(1), {1: "one"}[Level.LOW], Level(3))
print([10, 20, 30, 40][Level.HIGH], range(Level.HIGH), "%d items, %s, %x" % (Level.HIGH, Level.LOW, Level.HIGH))
print(int(Level.HIGH), float(Level.LOW), Level.LOW.bit_length(), Level.HIGH.real, Level.LOW < Level.HIGH, max(Level))
print(Scale.HALF * 4, Scale.HALF + Scale.HALF, round(Scale.HALF), "%.2f" % Scale.HALF, Scale.HALF.value)
print(json.dumps({"mode": Mode.TRAIN, "level": Level.LOW}), list(Mode), len(Level))
print((3).real, (3).imag, (3).numerator, (3).denominator, (2.5).real, (2.5).imag, True.real, (-7).bit_count(), (255).bit_count())


def run(mode):
    if mode == Mode.TRAIN:
        return "training"
    if mode is Mode.EVAL:
        return "evaluating " + mode.value
    return "?"


print(run(Mode.TRAIN), run(Mode("eval")), run("train"), run("other"))
