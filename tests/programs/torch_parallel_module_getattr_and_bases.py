# Model-code idioms: heads built by name and read back with
# self.__getattr__(name) (CenterNet), nn.Module.__getattr__ called
# explicitly, the DataParallel/DistributedDataParallel unwrap helpers of
# timm/yolov5/detectron2 on a machine without CUDA, a compiled function's
# __name__, and a class whose __bases__ change between compiled calls.
import functools
import torch
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel


class Heads(nn.Module):
    def __init__(self, heads):
        super().__init__()
        self.heads = heads
        for name, out in heads.items():
            self.__setattr__(name, nn.Linear(4, out))

    def forward(self, x):
        return {name: self.__getattr__(name)(x).shape[-1] for name in self.heads}


torch.manual_seed(0)
m = Heads({"hm": 2, "wh": 3})
print(m(torch.ones(1, 4)))
print(type(nn.Module.__getattr__(m, "wh")).__name__, nn.Module.__getattr__(m, "hm").out_features)
try:
    m.__getattr__("nope")
except AttributeError as e:
    print("AttributeError:", e)
try:
    m.nope
except AttributeError as e:
    print("AttributeError:", e)
print(getattr(m, "nope", "default"), hasattr(m, "hm"), hasattr(m, "nope"))


class Peft(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.model, name)


p = Peft(nn.Linear(2, 3))
print(p.out_features, type(p.model).__name__, p.in_features)


def is_parallel(model):
    return type(model) in (nn.parallel.DataParallel, nn.parallel.DistributedDataParallel)


def de_parallel(model):
    return model.module if is_parallel(model) else model


lin = nn.Linear(2, 3)
dp = nn.DataParallel(lin)
print(is_parallel(lin), is_parallel(dp), de_parallel(dp) is lin, dp.device_ids, nn.DataParallel is nn.parallel.DataParallel)
print(tuple(dp(torch.ones(5, 2)).shape), list(dp.state_dict().keys()))
print(dp)
try:
    DistributedDataParallel(lin)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    DistributedDataParallel(nn.ReLU())
except RuntimeError as e:
    print("RuntimeError:", e)


def log_calls(fn):
    @functools.wraps(fn)
    def inner(*a):
        return fn(*a) + 1
    return inner


@log_calls
def step(x):
    """one step"""
    return x * 10


cstep = torch.compile(step) if hasattr(torch, "compile") else step
print(cstep.__name__, cstep.__doc__, cstep(torch.ones(2)))


class Scale:
    k = 2.0

    def apply(self, x):
        return x * self.k


class Shift:
    k = 3.0

    def apply(self, x):
        return x - self.k


class Layer(Scale):
    pass


class Deep(Layer):
    pass


obj = Deep()


def f(x):
    return obj.apply(x) + 1, isinstance(obj, Shift), type(obj).__mro__[2].__name__


cf = torch.compile(f) if hasattr(torch, "compile") else f
x = torch.tensor([1.0, 2.0])
print(cf(x))
Layer.__bases__ = (Shift,)
print(cf(x))
Layer.__bases__ = (Scale, Shift)
print(cf(x))
Layer.__bases__ = (Scale,)
print(cf(x))
