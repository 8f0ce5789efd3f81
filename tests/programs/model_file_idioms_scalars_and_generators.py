# Idioms from model files: a 0-dim tensor where torch takes a number
# (torch.full(shape, torch.tensor(v)) in LLaMA's causal mask, repeat/split
# counts), @torch.no_grad()/inference_mode()/enable_grad() on a generator
# function (a streaming generate()), torch.jit.Final annotations, and the
# sys/os calls at the top of research scripts.
import inspect
import os
import sys

import torch
import torch.nn as nn
from torch.jit import Final

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

sys.path.append(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ".")
old = sys.getrecursionlimit()
sys.setrecursionlimit(5000)
print(sys.getrecursionlimit(), isinstance(sys.path, list), type(os.getpid()).__name__, os.cpu_count() >= 1)
sys.setrecursionlimit(old)


def make_causal_mask(n, dtype):
    mask = torch.full((n, n), torch.tensor(torch.finfo(dtype).min))
    cond = torch.arange(n)
    mask.masked_fill_(cond < (cond + 1).view(n, 1), 0)
    return mask.to(dtype)


print(make_causal_mask(3, torch.float32))
x = torch.arange(4.0)
print(torch.full((2,), torch.tensor(2)), torch.full((2,), torch.tensor(True)), torch.full_like(x, torch.tensor(0.5)))
print(x.new_full((2,), torch.tensor(7.0)), torch.nn.functional.threshold(x, 1.5, torch.tensor(-1.0)))
print(x.repeat(torch.tensor(2)), x.split(torch.tensor(2)))
cf = C(lambda t, s: torch.full(t.shape, s) + t, backend="eager")
print(cf(x, torch.tensor(3.0)), cf(x, torch.tensor(4.0)))
for bad in (torch.tensor([2.0]), "a"):
    try:
        torch.full((2,), bad)
    except TypeError as e:
        print("TypeError", "'fill_value'" in str(e), str(e).endswith("not " + type(bad).__name__))

w = torch.ones(2, requires_grad=True)


@torch.no_grad()
def stream_generate(n):
    x = torch.zeros(2)
    for i in range(n):
        x = x + w
        got = yield x.requires_grad, torch.is_grad_enabled()
        if got is not None:
            print("sent", got)
    return "done"


g = stream_generate(3)
print(next(g), torch.is_grad_enabled())
print(g.send("hello"))
print(list(g))


@torch.inference_mode()
def stream2(n):
    for i in range(n):
        yield (w * 2).requires_grad, torch.is_inference_mode_enabled()


print(list(stream2(2)), torch.is_inference_mode_enabled())


@torch.enable_grad()
def stream3():
    yield torch.is_grad_enabled()


with torch.no_grad():
    print(list(stream3()), torch.is_grad_enabled())


@torch.no_grad()
def closes():
    try:
        yield 1
        yield 2
    finally:
        print("closed under grad", torch.is_grad_enabled())


c = closes()
next(c)
c.close()
print(inspect.isgeneratorfunction(stream_generate), inspect.isgeneratorfunction(make_causal_mask), inspect.isgeneratorfunction(closes))


class Attention(nn.Module):
    fused_attn: Final[bool]

    def __init__(self):
        super().__init__()
        self.fused_attn = True

    @torch.jit.ignore(drop=True)
    def helper(self):
        return 3

    def forward(self, x):
        return x * 2 if self.fused_attn else x


a = Attention()
print(a.fused_attn, a.helper(), C(a, backend="eager")(x))

# functional_call leaves the module's parameter order as it was.
try:
    from torch.func import functional_call
except ImportError:
    from torch.nn.utils.stateless import functional_call
lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.fill_(0.5)
    lin.bias.fill_(0.25)
out = functional_call(lin, {"weight": torch.ones(1, 2)}, (torch.ones(1, 2),))
print(out, [n for n, _ in lin.named_parameters()], list(lin.state_dict().keys()), type(lin.weight).__name__)
