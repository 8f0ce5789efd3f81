# print(model) as torch prints it (nested children, extra_repr of every
# layer), activation layers built with inplace=True (they overwrite their
# input and return it, as torch's), and nn.Embedding's max_norm and
# from_pretrained.
import torch
import torch.nn as nn
import torch.nn.functional as F

class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.attn = nn.Linear(d, 3 * d, bias=False)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(approximate='tanh'), nn.Linear(4 * d, d), nn.Dropout(0.1))
        self.register_buffer("mask", torch.tril(torch.ones(4, 4)), persistent=False)

    def forward(self, x):
        return x + self.mlp(self.ln(x))

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8, padding_idx=0)
        self.blocks = nn.ModuleList([Block(8) for _ in range(2)])
        self.heads = nn.ModuleDict({"cls": nn.Linear(8, 3), "reg": nn.Linear(8, 1)})
        self.act = nn.ReLU(inplace=True)
        self.flat = nn.Flatten()
        self.sm = nn.Softmax(dim=-1)
        self.ident = nn.Identity()
        self.lrelu = nn.LeakyReLU(0.2)
        self.elu = nn.ELU()
        self.sp = nn.Softplus()
        self.ht = nn.Hardtanh(-2, 2)
        self.loss = nn.CrossEntropyLoss(label_smoothing=0.1)
        self.p = nn.Parameter(torch.zeros(2))

    def forward(self, idx):
        x = self.emb(idx)
        for b in self.blocks:
            x = b(x)
        return self.heads["cls"](x.mean(1))

net = Net()
print(net)
print(net.blocks[0].mlp)
print(len(net.state_dict()), "blocks.0.mask" in net.state_dict())
print(net.heads)
print(repr(nn.Linear(3, 4)), nn.LayerNorm([4, 5], eps=1e-6, elementwise_affine=False), nn.Embedding(5, 2, max_norm=1.0))
print(nn.Dropout(p=0.2), nn.GELU(), nn.Tanh(), nn.Sigmoid(), nn.SiLU(), nn.Mish(), nn.ReLU6(), nn.Unflatten(1, (2, 2)))
print(nn.MSELoss(), nn.BCEWithLogitsLoss(), nn.NLLLoss(ignore_index=3), nn.L1Loss(reduction='sum'), nn.KLDivLoss(reduction='batchmean'), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0))

x = torch.linspace(-2.0, 2.0, 9)
for layer in [nn.ReLU(inplace=True), nn.ReLU6(inplace=True), nn.LeakyReLU(0.1, inplace=True), nn.ELU(inplace=True),
              nn.SiLU(inplace=True), nn.Hardtanh(inplace=True), nn.Hardswish(inplace=True), nn.Hardsigmoid(inplace=True),
              nn.Mish(inplace=True), nn.SELU(inplace=True), nn.CELU(inplace=True)]:
    t = x.clone()
    out = layer(t)
    print(layer, out is t, t)
t = x.clone()
print(F.relu(t, inplace=True) is t, F.silu(x.clone(), inplace=False) is x, F.leaky_relu(t, 0.2, True) is t)

with torch.no_grad():
    emb = nn.Embedding(4, 3, max_norm=1.0)
    emb.weight.copy_(torch.arange(12.0).reshape(4, 3) / 4)
    out = emb(torch.tensor([[1, 3], [1, 0]]))
    print(out)
    print(emb.weight)
pre = nn.Embedding.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), padding_idx=0)
print(pre, pre.weight.requires_grad, pre(torch.tensor([2, 0])).tolist())
print(nn.Embedding.from_pretrained(torch.eye(2), freeze=False).weight.requires_grad)

# Freezing layers by assigning requires_grad, as fine-tuning code does.
for p in net.blocks.parameters():
    p.requires_grad = False
print(sum(p.numel() for p in net.parameters() if p.requires_grad), sum(p.numel() for p in net.parameters()))
net.blocks[0].ln.weight.requires_grad = True
print([n for n, p in net.named_parameters() if p.requires_grad][:3])
t = torch.ones(2)
t.requires_grad = True
print(t, t.requires_grad)
try:
    torch.tensor([1, 2]).requires_grad = True
except RuntimeError as e:
    print("RuntimeError", e)
try:
    t.shape = (1, 2)
except AttributeError as e:
    print("AttributeError", e)

# Sibling layers are not subclasses of each other, as in torch.
print(isinstance(nn.Dropout2d(), nn.Dropout), isinstance(nn.AlphaDropout(), nn.Dropout), isinstance(nn.Hardshrink(), nn.Softshrink),
      isinstance(nn.Hardsigmoid(), nn.Hardswish), isinstance(nn.ParameterDict(), nn.ModuleDict), isinstance(nn.Softmin(), nn.Softmax),
      isinstance(nn.LogSoftmax(), nn.Softmax), isinstance(nn.ReLU6(), nn.Hardtanh), isinstance(nn.Dropout1d(), nn.Module))
print(nn.Softmin(dim=1), nn.LogSoftmax(0), nn.Softshrink(0.3), nn.Hardshrink(), nn.Dropout3d(0.2), nn.Hardsigmoid(inplace=True))
