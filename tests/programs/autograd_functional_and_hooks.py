# torch.autograd.functional (jacobian, hessian, vjp, jvp, hvp), a custom
# Function with once_differentiable, a gradient penalty through
# autograd.grad(create_graph=True), and tensor hooks on leaves and
# intermediates.
import torch
from torch.autograd.function import once_differentiable
from torch.autograd.functional import hessian, hvp, jacobian, jvp, vjp


def r(t):
    return [round(v, 4) + 0.0 for v in t.detach().reshape(-1).tolist()]


def f(x):
    return torch.stack([x[0] * x[1], torch.sin(x[0]) + x[1] ** 2, x.sum()])


x = torch.tensor([0.5, -1.5])
j = jacobian(f, x)
print(tuple(j.shape), r(j))
j2 = jacobian(lambda a, b: a * b + b, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
print([r(t) for t in j2])
h = hessian(lambda v: (v ** 3).sum() + v[0] * v[1], x)
print(tuple(h.shape), r(h))
out, g = vjp(f, x, torch.tensor([1.0, 0.5, -1.0]))
print(r(out), r(g))
out, t = jvp(f, x, torch.tensor([1.0, 2.0]))
print(r(t))
out, hv = hvp(lambda v: (v ** 3).sum(), x, torch.tensor([1.0, 1.0]))
print(r(hv))


class Clip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp):
        ctx.save_for_backward(inp)
        return inp.clamp(-1, 1)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (inp,) = ctx.saved_tensors
        return grad * (inp.abs() <= 1).to(grad.dtype) + 0.1 * grad * (inp.abs() > 1).to(grad.dtype)


a = torch.tensor([-2.0, -0.5, 0.25, 3.0], requires_grad=True)
y = Clip.apply(a * 2)
print(type(y.grad_fn).__name__, r(y))
(y * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
print(r(a.grad))

w = torch.tensor([[0.5, -0.25], [1.0, 0.75]], requires_grad=True)
real = torch.tensor([[1.0, 2.0], [0.5, -1.0]], requires_grad=True)
score = torch.tanh(real @ w).sum()
(gp,) = torch.autograd.grad(score, real, create_graph=True)
penalty = ((gp.norm(2, dim=1) - 1) ** 2).mean()
penalty.backward()
print(round(penalty.item(), 4), r(w.grad))

seen = []
b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
handle = b.register_hook(lambda g: seen.append(r(g)) or g * 10)
mid = b * b
mid.register_hook(lambda g: g + 1)
mid.retain_grad()
(mid * torch.tensor([1.0, -1.0, 0.5])).sum().backward()
print(seen, r(b.grad), r(mid.grad), mid.retains_grad)
handle.remove()
b.grad = None
(b * 3).sum().backward()
print(r(b.grad), len(seen))
