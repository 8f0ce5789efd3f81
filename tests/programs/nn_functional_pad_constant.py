# F.pad in constant mode as ATen's constant_pad_nd: negative pads crop (left, then right),
# torch's errors for an odd or too long pad list, integer fills, channels_last
# kept, and the gradient through the padded copy.
import torch, torch.nn.functional as F
x=torch.arange(6.).reshape(1,2,3)
for p in [[1,2],[-1,1],[0,-2,1,0],[-2,-2],[2,-3], [1,1,1,1,1,1,1,1], [1], [0,0], [-3, 0], [-1,-2]]:
  try: print(p, F.pad(x,p).shape, F.pad(x,p).flatten().tolist()[:6])
  except Exception as e: print(type(e).__name__, e)
xi = torch.arange(4).reshape(2,2)
print(F.pad(xi, (1, 1), value=7).tolist(), F.pad(xi, (1, 0, 0, 1), value=2.5).tolist())
xc = torch.arange(24.).reshape(1,2,3,4).to(memory_format=torch.channels_last)
print(F.pad(xc, (1,1,1,1)).stride())
g = torch.arange(6.).reshape(2,3).requires_grad_()
y = F.pad(g, (1, 2, -1, 1))
print(y.grad_fn.name() if hasattr(y.grad_fn, 'name') else y.grad_fn)
(y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
print(g.grad.tolist())
