# diagonal(), Tensor.unfold() and as_strided() are views: a write through
# them reaches the tensor they view (model code fills a diagonal in place:
# logits.diagonal().fill_(-1e9), K.diagonal().add_(noise)).
import torch

x = torch.arange(12.).reshape(3, 4)
x.diagonal().fill_(-1)
print(x)
x.diagonal(1).add_(100)
print(x)
d = x.diagonal(-1)
print(d, d.stride(), d.storage_offset(), d.is_contiguous())
print(x.t().diagonal(), torch.diagonal(x, 0, 1, 0), x.diagonal(5).shape, x.diagonal(5).storage_offset())
b = torch.arange(24.).reshape(2, 3, 4)
print(b.diagonal(dim1=1, dim2=2), b.diagonal(offset=1, dim1=-1, dim2=0).shape)

logits = torch.ones(3, 3)
logits.diagonal().fill_(-1e9)
print(logits.softmax(-1))

y = torch.arange(8.)
u = y.unfold(0, 3, 2)
print(u, u.stride())
u[0, 0] = 99
print(y)
print(torch.arange(24.).reshape(2, 3, 4).unfold(2, 2, 1).shape, torch.tensor(3.).unfold(0, 1, 1))
frames = torch.arange(10.).unfold(0, 4, 3)
print(frames, frames.sum(-1))

z = torch.arange(9.)
a = z.as_strided((2, 2), (3, 1), 1)
print(a, a.storage_offset())
a.zero_()
print(z)
print(torch.as_strided(z, (3,), (3,)), z.as_strided((2, 3), (0, 1)))

w = torch.ones(3, 3, requires_grad=True)
for t in (w.diagonal(), w.unfold(0, 2, 1), w.as_strided((2,), (1,))):
    print(str(t.grad_fn).split(' ')[0], t.requires_grad, t.is_leaf)

for f in (lambda: x.diagonal(0, 1, 1), lambda: x.diagonal(0, 0, 2), lambda: x.unfold(1, 5, 1),
          lambda: x.unfold(1, 2, 0), lambda: x.as_strided((3, 3), (4, 1), 5), lambda: x.as_strided((2,), (1,), -1),
          lambda: x.as_strided((2, 2), (1,))):
    try:
        print(f())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)

s0 = torch.tensor(3.)
print(s0.unfold(0, 1, 1), s0.unfold(-1, 1, 1))
for f in (lambda: s0.unfold(1, 1, 1), lambda: s0.unfold(-2, 1, 1),
          lambda: z.as_strided((2 ** 40, 2 ** 40), (2 ** 40, 1)), lambda: z.as_strided((0, 2 ** 62), (2 ** 62, 2 ** 62))):
    try:
        print(f())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
