# Autograd's visible metadata: which results require grad, the grad_fn torch
# records for each op (printed as grad_fn=<...>), leaves, grad modes (no_grad,
# enable_grad, set_grad_enabled, inference_mode, @torch.no_grad()), and the
# errors for in-place ops on leaves. standin computes no gradients; all of this
# is what model files print and test.
import torch
import torch.nn as nn
import torch.nn.functional as F


def node(t):
    return None if t.grad_fn is None else t.grad_fn.name()


w = torch.tensor([[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]], requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
plain = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])

print(w)
print(w.is_leaf, w.grad_fn, w.grad, w.requires_grad)
print(plain * 2)

# Arithmetic and the ops of a forward pass.
print(w + 1)
print(w * plain)
print(1 - w)
print(2 / w)
print(w ** 2)
print(w.sum())
print(w.sum(1))
print(w.mean())
print(w @ v)
print(w.t() @ w)
print(torch.relu(w))
print(torch.tanh(w))
print(w.softmax(-1))
print(w.view(3, 2))
print(w.reshape(6))
print(w[0])
print(w[:, 1:])
print(w[None])
print(w.unsqueeze(0).shape, node(w.unsqueeze(0)))
print(torch.cat([w, plain]))
print(w.max())
print(w.max(1))
print(w.argmax(1), w.argmax(1).requires_grad)
print(w > 0)
print(w.double())
print(w.float() is w)
print(w.contiguous() is w)

for name, t in [('gelu', F.gelu(w)), ('silu', F.silu(w)), ('leaky', F.leaky_relu(w)), ('elu', F.elu(w)),
                ('softplus', F.softplus(w)), ('hardtanh', F.hardtanh(w)), ('relu6', F.relu6(w)),
                ('layer_norm', F.layer_norm(w, (3,))), ('log_softmax', F.log_softmax(w, -1)),
                ('masked_fill', w.masked_fill(plain > 3, 0.0)), ('tril', w.tril()), ('clamp', w.clamp(0, 1)),
                ('split', w.split(1)[1]), ('chunk', w.chunk(3, 1)[0]), ('unbind', w.unbind()[0]),
                ('linear', F.linear(w, w, v[:2])), ('linear3d', F.linear(w.unsqueeze(0), w, v[:2])),
                ('mse', F.mse_loss(w, plain)), ('l1', F.l1_loss(w, plain)),
                ('cross_entropy', F.cross_entropy(w, torch.tensor([2, 0]))),
                ('nll', F.nll_loss(F.log_softmax(w, 1), torch.tensor([2, 0]))),
                ('bce_logits', F.binary_cross_entropy_with_logits(w, torch.ones(2, 3))),
                ('embedding', F.embedding(torch.tensor([1, 0]), w)), ('dropout_eval', F.dropout(w, training=False)),
                ('var', w.var()), ('std', w.std(1)), ('var_mean', torch.var_mean(w)[1]),
                ('pad', F.pad(w, (1, 1))), ('flip', w.flip(0)), ('repeat', w.repeat(2, 1)),
                ('bmm', torch.bmm(w.unsqueeze(0), w.t().unsqueeze(0))), ('matmul3d', w.unsqueeze(0) @ w.t()),
                ('gather', w.gather(1, torch.tensor([[0], [2]]))), ('index', w[torch.tensor([1, 0])]),
                ('mask', w[plain > 2]), ('where', torch.where(plain > 2, w, plain)), ('T', w.T), ('mT', w.mT)]:
    print(name, node(t), t.requires_grad, t.is_leaf)

# A module's output records its last op; parameters are leaves.
torch.manual_seed(0)
lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]]))
    lin.bias.fill_(0.5)
out = lin(plain)
print(out)
print(lin.weight.is_leaf, lin.weight.grad_fn, out.is_leaf)
seq = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2), nn.Softmax(dim=-1))
print(node(seq(plain)), seq(plain).shape)
print(node(nn.LayerNorm(3)(plain)), node(nn.Embedding(4, 3)(torch.tensor([1, 2]))))

# Grad modes.
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    y = w * 2
    print(y, y.requires_grad, y.is_leaf)
    with torch.enable_grad():
        print(torch.is_grad_enabled(), node(w * 2))
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled(), node(w * 2))


@torch.no_grad()
def evaluate(x):
    return lin(x), torch.is_grad_enabled()


r, mode = evaluate(plain)
print(r.requires_grad, mode, torch.is_grad_enabled(), evaluate.__name__)

with torch.inference_mode():
    print(torch.is_grad_enabled(), (w + 1).requires_grad)
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled(), (w + 1).requires_grad)
print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (w + 1).requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled(), node(w + 1))

# detach and .data give leaves that do not require grad.
d = (w * 2).detach()
print(d, d.requires_grad, d.is_leaf, w.data.requires_grad, node(d * 2))

# Leaves that require grad refuse in-place ops, except under no_grad.
for op in [lambda: w.add_(1), lambda: w.mul_(2), lambda: w.zero_(), lambda: w.fill_(0.0)]:
    try:
        op()
    except RuntimeError as e:
        print('RuntimeError:', e)
with torch.no_grad():
    w.add_(0.0)
print(w)

# In-place ops on a non-leaf re-record it.
z = w * 1
z.add_(1)
print(node(z))
z.mul_(plain)
print(z)
z2 = plain.clone()
z2[0] = w[0]
print(node(z2), z2.requires_grad)
z3 = torch.zeros(2, 3)
z3.copy_(w)
print(z3)

# requires_grad can only be changed on leaves.
try:
    (w * 2).requires_grad_(False)
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    (w * 2).requires_grad = False
except RuntimeError as e:
    print('RuntimeError:', e)
print((w * 2).requires_grad_(True).is_leaf)
p = torch.ones(2)
p.requires_grad_()
print(p, node(p * 3))
print(torch.ones(2, dtype=torch.int64) * w[0, :2])
