# The seed scenario of torch.compile: a function reads a global config; the
# compiled graph bakes cfg.scale in and guards it. scripts/run.sh runs this
# file with Dynamo's logs on (--logs graph,graph_code,guards,bytecode,recompiles):
# the captured graph (tabular and as code), its guard tree, the rewritten
# bytecode, a cache hit on the second call, and the recompile, with its
# reason, after cfg.scale changes. The language tour is examples/scripts/tour.py.
import torch


class Config:
    def __init__(self):
        self.scale = 2


cfg = Config()


def f(x):
    return x * cfg.scale


counter = torch._dynamo.testing.CompileCounter()
compiled_f = torch.compile(f, backend=counter)
x = torch.ones(3)

print("first call:", compiled_f(x))
print("second call (a cache hit):", compiled_f(x))
print("graphs compiled so far:", counter.frame_count)

cfg.scale = 3
print("after cfg.scale = 3:", compiled_f(x))
print("graphs compiled so far:", counter.frame_count)
print("same as eager:", torch._dynamo.testing.same(compiled_f(x), f(x)))
