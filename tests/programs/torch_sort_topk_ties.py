# Ties in sort and topk come out in PyTorch's order: its CPU kernels run
# std::sort (unstable, for more than 16 keys), or a partial sort / nth_element
# for topk, and models print the indices (top-k sampling, argsort ranks).
import torch

x = torch.tensor([float((i * 7) % 5) for i in range(40)])
print(torch.sort(x).indices.tolist())
print(torch.sort(x, descending=True).indices.tolist())
print(torch.sort(x, stable=True).indices.tolist())
print(torch.sort(x, descending=True, stable=True).indices.tolist())
print(torch.argsort(x).tolist())
print(x.argsort(descending=True).tolist())
print(torch.sort(x[:12]).indices.tolist())
v, i = x.sort()
print(v[:8], i[:8])

for n, k in [(6, 3), (40, 5), (200, 3), (130, 2), (64, 1), (10, 10), (300, 4), (17, 0)]:
    y = torch.tensor([float((j * 7) % 4) for j in range(n)])
    print(n, k, torch.topk(y, k).indices.tolist(), torch.topk(y, k, largest=False).indices.tolist())
    print(torch.topk(y, k, sorted=False).indices.tolist(), y.topk(k, sorted=False, largest=False).indices.tolist())

# Rows and columns, ints, NaN, a 0-d tensor.
m = torch.tensor([[3, 1, 3, 2, 3, 1], [0, 0, 5, 5, 0, 5]])
print(torch.topk(m, 2))
print(torch.topk(m, 1, dim=0))
print(m.sort(dim=1, descending=True))
f = torch.tensor([1.0, float('nan'), 3.0, 3.0, float('nan'), -1.0])
print(torch.sort(f), torch.topk(f, 3), torch.topk(f, 2, largest=False))
print(torch.topk(torch.tensor(2.5), 1))
logits = torch.tensor([[0.5, 0.1, 0.9, 0.9, 0.3, 0.7], [0.2, 0.8, 0.8, 0.1, 0.4, 0.6]])
v, _ = torch.topk(logits, 3)
logits[logits < v[:, [-1]]] = -float('Inf')
print(logits)
try:
    torch.topk(x, 41)
except RuntimeError as e:
    print("RuntimeError", e)

# Every dtype sorts with the same tie order (keys are widened exactly: floats
# to double, the rest to int64, even past 2**53).
for dt in [torch.float16, torch.bfloat16, torch.int8, torch.uint8, torch.int32, torch.float64, torch.bool]:
    x = torch.tensor([3, 1, 2, 2, 0, 1, 3, 3, 1, 0, 2, 2, 1, 3, 0, 1, 2, 3, 0, 1]).to(dt)
    try:
        v, i = torch.sort(x, descending=True)
        print(dt, v.tolist(), i.tolist())
    except Exception as e:
        print(dt, type(e).__name__, e)
    try:
        print(torch.topk(x.reshape(4, 5), 2, dim=0))
    except Exception as e:
        print(dt, type(e).__name__, e)
print(torch.sort(torch.tensor([[2**60 + 1, 2**60, 5]])))
