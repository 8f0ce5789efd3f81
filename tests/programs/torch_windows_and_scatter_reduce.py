# Window functions (as ATen computes them), scatter's reduce= (add and
# multiply, also out of place), and the matmul-precision setting.
import torch

for f in (torch.hann_window, torch.hamming_window, torch.blackman_window, torch.bartlett_window):
    for n in (0, 1, 2, 5, 8):
        for periodic in (True, False):
            print(f.__name__, n, periodic, [round(v, 6) for v in f(n, periodic=periodic).tolist()])
print(torch.hann_window(4, dtype=torch.float64), torch.hamming_window(5, False, 0.5, 0.5))
print(torch.hann_window(6).dtype, torch.hann_window(6, periodic=False).shape)
try:
    torch.hann_window(4, dtype=torch.int64)
except RuntimeError as e:
    print('RuntimeError', e)

torch.set_float32_matmul_precision('high')
print(torch.get_float32_matmul_precision())
torch.set_float32_matmul_precision('highest')
print(torch.get_float32_matmul_precision())

src = torch.tensor([[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]])
idx = torch.tensor([[0, 1, 0], [0, 1, 0]])
print(torch.zeros(2, 3).scatter(0, idx, src, reduce='add'))
print(torch.ones(2, 3).scatter(0, idx, src, reduce='multiply'))
print(torch.scatter(torch.zeros(2, 3), 0, idx, src, reduce='add'))
print(torch.zeros(2, 3).scatter_(0, idx, 5.0, reduce='add'))
print(torch.full((2, 3), 2.0).scatter_(1, idx, 3.0, reduce='multiply'))
print(torch.zeros(2, 3).scatter(0, idx, src))
try:
    torch.zeros(2, 3).scatter(0, idx, src, reduce='max')
except RuntimeError as e:
    print('RuntimeError', e)
