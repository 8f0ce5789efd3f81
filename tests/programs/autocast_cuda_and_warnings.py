# GPU-minded code on a CPU build: torch.autocast("cuda") and
# torch.cuda.amp.autocast() warn and disable themselves (ops keep float32),
# inside compiled functions too; warnings.warn in a compiled function warns on
# every call the filters say it should (the warning is not traced away);
# os.environ holds the process environment.
import os
import warnings

import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
x = torch.ones(2, 3)
w = torch.ones(4, 3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autocast("cuda"):
        print(torch.nn.functional.linear(x, w).dtype, torch.is_autocast_enabled())
    with torch.cuda.amp.autocast():
        print(torch.mm(x, w.t()).dtype)
    print(len(caught) >= 1, "CUDA is not available" in str(caught[0].message))
print(torch.is_autocast_cpu_enabled())
with torch.autocast("cpu", enabled=False):
    print(torch.mm(x, w.t()).dtype)


def under_amp(a, b):
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        return (a @ b.t()).sum()


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(C(under_amp)(x, w).item(), under_amp(x, w).item())


def f(t, k):
    warnings.warn("from f " + str(k))
    return t * k


cf = C(f)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    f(x, 2)
    print("after eager call:", len(caught))
    cf(x, 2)
    cf(x, 2)
    print("after 2 compiled calls:", len(caught), [str(c.message) for c in caught])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("ignore")
    print(cf(x, 3).sum().item(), len(caught))

print(isinstance(os.environ, dict) or hasattr(os.environ, "get"), os.environ.get("PATH") is not None,
      os.getenv("STANDIN_SURELY_UNSET_VARIABLE", "fallback"), int(os.environ.get("LOCAL_RANK_UNSET_X", "0")))
