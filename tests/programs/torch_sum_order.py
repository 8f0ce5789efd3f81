# Float sums add in torch's order (ATen's cascade sum: vector lanes, four
# interleaved partial sums, multi-level accumulation, reduced dimensions
# innermost), so results agree with PyTorch to the last bit, not only to the
# printed digits. The inputs are chosen so that the order of additions shows.
import torch


def vals(n, k=7):
    # Deterministic values of mixed magnitude whose float32 sums depend on order.
    out = []
    v = 0.1
    for i in range(n):
        v = (v * 3.7 + 0.31) % 1.0
        out.append((v - 0.5) * (10.0 ** ((i * k) % 5 - 2)))
    return out


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.flatten().tolist())


for n in [1, 3, 7, 8, 9, 15, 16, 31, 32, 33, 64, 100, 257, 1000, 4099]:
    x = torch.tensor(vals(n))
    show("sum %d" % n, x.sum())
    show("mean %d" % n, x.mean())

for shape in [(3, 5), (4, 8), (5, 17), (2, 40), (33, 3), (40, 9), (70, 33), (9, 70)]:
    x = torch.tensor(vals(shape[0] * shape[1])).reshape(shape)
    show("sum0 %s" % (shape,), x.sum(0))
    show("sum1 %s" % (shape,), x.sum(1))
    show("sum-1k %s" % (shape,), x.sum(-1, keepdim=True))
    show("mean0 %s" % (shape,), x.mean(dim=0))
    show("sumT %s" % (shape,), x.t().sum(1))
    show("all %s" % (shape,), x.sum())
    show("allT %s" % (shape,), x.t().sum())

x = torch.tensor(vals(2 * 3 * 20)).reshape(2, 3, 20)
for dims in [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]:
    show("3d %s" % (dims,), x.sum(dim=dims))
    show("3d mean %s" % (dims,), x.mean(dim=dims))
    show("3d perm %s" % (dims,), x.permute(2, 0, 1).sum(dim=dims))

y = torch.tensor(vals(12 * 10)).reshape(12, 10)
show("strided", y[::2, 1::3].sum(0))
show("strided1", y[::2, 1::3].sum(1))
show("expanded", torch.tensor(vals(9)).expand(4, 9).sum(0))
show("expanded1", torch.tensor(vals(9)).expand(4, 9).sum(1))

z = torch.tensor(vals(300), dtype=torch.float64).reshape(20, 15)
show("f64 all", z.sum())
show("f64 0", z.sum(0))
show("f64 1", z.mean(1))

# What a user sees: printed tensors and the scalars taken out of them.
w = torch.tensor(vals(64)).reshape(8, 8)
print(w.sum(1))
print(w.mean(0))
print(float(w.sum()), w.mean().item())
print(torch.sum(w, dim=1, keepdim=True).shape, torch.mean(w, (0, 1)))

# torch.dot adds its products one after another (BLAS's dot), not as a sum does.
for n in [3, 5, 17, 33, 100]:
    a = torch.tensor(vals(n))
    b = torch.tensor(vals(n, 3))
    print("dot", n, torch.dot(a, b).item(), (a * b).sum().item(), (a @ b).item())
