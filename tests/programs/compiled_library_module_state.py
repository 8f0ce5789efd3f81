# A compiled function that calls library code reading or writing its own
# module's state: torch's seed, warnings' filters, the matmul precision,
# os.environ, sys's recursion limit. A change between calls must be seen
# (the state is guarded), and a write inside the compiled call must happen.
import os
import sys
import warnings
import torch
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

f = C(lambda x: x + torch.initial_seed())
torch.manual_seed(1)
print(f(torch.zeros(1)).tolist())
torch.manual_seed(2)
print(f(torch.zeros(1)).tolist())


def w(x):
    warnings.simplefilter('error')
    return x + 1


for mode, fn in (('eager', w), ('compiled', C(w))):
    warnings.resetwarnings()
    fn(torch.zeros(1))
    try:
        warnings.warn('after simplefilter(error)')
        print(mode, 'no raise')
    except UserWarning:
        print(mode, 'raised')
warnings.resetwarnings()


def s(x):
    torch.set_float32_matmul_precision('medium')
    return x * 2


torch.set_float32_matmul_precision('highest')
C(s)(torch.ones(1))
print(torch.get_float32_matmul_precision())
g = C(lambda x: x + len(torch.get_float32_matmul_precision()))
print(g(torch.zeros(1)).tolist())
torch.set_float32_matmul_precision('high')
print(g(torch.zeros(1)).tolist())

h = C(lambda x: x + (1 if os.getenv('STANDIN_TEST_FLAG') else 0))
os.environ.pop('STANDIN_TEST_FLAG', None)
print(h(torch.zeros(1)).tolist())
os.environ['STANDIN_TEST_FLAG'] = '1'
print(h(torch.zeros(1)).tolist())
del os.environ['STANDIN_TEST_FLAG']

limit = sys.getrecursionlimit()
r = C(lambda x: x + sys.getrecursionlimit() - limit)
print(r(torch.zeros(1)).tolist())
sys.setrecursionlimit(limit + 5)
print(r(torch.zeros(1)).tolist())
sys.setrecursionlimit(limit)
