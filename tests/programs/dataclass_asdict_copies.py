# dataclasses.asdict / astuple recurse into dataclasses, namedtuples, lists,
# tuples and dicts and deep-copy everything else (a tensor field is a copy).
import collections
import copy
import dataclasses

import torch

P = collections.namedtuple("P", "a b")


@dataclasses.dataclass
class Inner:
    scale: float = 1.5
    tags: list = dataclasses.field(default_factory=lambda: ["x"])


@dataclasses.dataclass
class Cfg:
    t: torch.Tensor
    nested: list
    inner: Inner
    point: P
    table: dict


x = torch.ones(2)
inner_list = [1]
cfg = Cfg(x, [inner_list, (2, 3)], Inner(), P(1, [4]), {"k": [5], 2: Inner(2.0)})
d = dataclasses.asdict(cfg)
d["t"].add_(100)
d["nested"][0].append(2)
d["point"].b.append(9)
d["table"]["k"].append(6)
print(x.tolist(), inner_list, cfg.point, cfg.table["k"], d["t"] is x)
print(d["inner"], type(d["point"]).__name__, d["point"], d["nested"], d["table"][2])
t = dataclasses.astuple(cfg)
print(len(t), t[2], t[3], type(t[1]).__name__)
print(dataclasses.asdict(Inner(), dict_factory=collections.OrderedDict))
print(dataclasses.astuple(Inner(), tuple_factory=list))
try:
    dataclasses.asdict(3)
except TypeError as e:
    print("TypeError", e)
y = copy.deepcopy(x)
y.add_(1)
print(x.tolist(), y.tolist())
