# Stores to (and a del of) the user module's globals from module hooks, traced
# with fullgraph=True from torch.nn's Module.__call__ frame: replayed into that
# module's dict, and read back within the same trace.
import torch
C = torch.compile if hasattr(torch, "compile") else (lambda m, **k: m)
calls = 0
log = []
scale = 2.0
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_forward_pre_hook(self.pre)
        self.register_forward_hook(post)
    def pre(self, mod, args):
        global calls, scale
        calls += 1
        scale = scale + 1.0
        log.append(calls)
        return (args[0] * scale,)
    def forward(self, x):
        return x + calls
def post(mod, args, out):
    global tmp
    tmp = out.sum()
    r = out + tmp
    del tmp
    return r
m = M()
cm = C(m, backend="eager", fullgraph=True)
x = torch.ones(2)
for i in range(3):
    print(cm(x), calls, scale, log, 'tmp' in globals())
calls = 10
print(cm(x), calls, scale)
