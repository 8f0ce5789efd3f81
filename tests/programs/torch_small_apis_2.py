# Small torch APIs real model files call: LSTM.flatten_parameters and
# all_weights, nn.init.orthogonal_, torch._C._log_api_usage_once,
# torch.set_default_dtype(float32), use_deterministic_algorithms,
# torch.version, cosine_similarity as torch 1.13 rounds it, exp2,
# F.rrelu (eval), F.leaky_relu_/elu_, norm_except_dim, Tensor.register_hook.
import torch
import torch.nn as nn
import torch.nn.functional as F

lstm = nn.LSTM(2, 3, num_layers=2, bidirectional=True)
print(lstm.flatten_parameters(), len(lstm.all_weights), [tuple(p.shape) for p in lstm.all_weights[1]])
gru = nn.GRU(4, 5, bias=False)
print([tuple(p.shape) for p in gru.all_weights[0]])

w = torch.empty(3, 5)
nn.init.orthogonal_(w)
print(w.shape, torch.allclose(w @ w.t(), torch.eye(3), atol=1e-5))
w = torch.empty(6, 2)
nn.init.orthogonal_(w, gain=2.0)
print(torch.allclose(w.t() @ w, 4 * torch.eye(2), atol=1e-4))
try:
    nn.init.orthogonal_(torch.empty(3))
except ValueError as e:
    print(e)

print(torch._C._log_api_usage_once("python.nn_module"), torch.set_default_dtype(torch.float32), torch.get_default_dtype())
torch.use_deterministic_algorithms(True)
print(torch.are_deterministic_algorithms_enabled())
torch.use_deterministic_algorithms(False, warn_only=True)
print(torch.are_deterministic_algorithms_enabled(), torch.version.__version__ == torch.__version__, torch.version.cuda)

a = torch.ones(2, 3)
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
y = torch.tensor([[2.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
print(torch.cosine_similarity(a, a).tolist(), torch.cosine_similarity(x, y).tolist())
print(F.cosine_similarity(x, y[:1]).tolist(), F.cosine_similarity(x, y, dim=0).tolist(), F.cosine_similarity(torch.zeros(1, 3), x).tolist())
print(nn.CosineSimilarity(dim=0)(x[0], y[0]).item())
print(torch.exp2(torch.tensor([1.0, 3.0, -1.0])), torch.exp2(torch.tensor([0, 4])), torch.tensor([2.0]).exp2())
print(F.rrelu(torch.tensor([-1.0, 1.0, -4.0]), training=False))
t = torch.tensor([-1.0, 1.0])
F.leaky_relu_(t, 0.2)
u = torch.tensor([-1.0, 1.0])
F.elu_(u)
print(t, u)
print(torch.norm_except_dim(x, 2, 0), torch.norm_except_dim(x, 2, 1), torch.norm_except_dim(x, 2, -1))
p = torch.ones(2, requires_grad=True)
h = p.register_hook(lambda g: g * 2)
h.remove()
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print(e)
