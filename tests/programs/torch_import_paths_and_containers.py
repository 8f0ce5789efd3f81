# What model files import and subclass: torch.nn.modules.* paths, torch.nn.parameter,
# torch.autograd (Variable, Function), torch.utils.checkpoint, backends.cudnn as a
# module; container subclasses whose layers are attributes; Identity(*args);
# Tensor.new; the _modules / _parameters / _buffers registries.
import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.modules.utils import _pair, _single, _triple
from torch.nn.modules.batchnorm import _BatchNorm
from torch.nn.modules.conv import Conv2d
from torch.nn.modules.loss import _Loss
from torch.autograd import Variable, Function
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

cudnn.benchmark = True
print(cudnn.benchmark, torch.backends.cudnn.benchmark, cudnn.enabled)
print(Parameter is nn.Parameter, Module is nn.Module, Conv2d is nn.Conv2d, issubclass(nn.BatchNorm2d, _BatchNorm),
      issubclass(nn.MSELoss, _Loss))
print(_pair(3), _pair((1, 2)), _single(4), _triple([1, 2, 3]))


def weights(m):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_((torch.arange(p.numel()).reshape(p.shape) % 5 - 2) * 0.25 + i * 0.1)


class Transition(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__()
        self.norm = nn.BatchNorm2d(cin)
        self.relu = nn.ReLU(inplace=True)
        self.conv = nn.Conv2d(cin, cout, kernel_size=1, bias=False)
        self.pool = nn.AvgPool2d(kernel_size=2, stride=2)


t = Transition(4, 2)
weights(t)
t.eval()
x = torch.arange(64.0).reshape(1, 4, 4, 4) / 16
print(len(t), [n for n, _ in t.named_children()], t(x).shape, t(x))
print(t[2], list(t._modules.keys()))


class Blocks(nn.ModuleList):
    def __init__(self):
        super().__init__([nn.Linear(2, 2)])
        self.extra = nn.Linear(2, 3)


b = Blocks()
print(len(b), [type(m).__name__ for m in b])


class Heads(nn.ModuleDict):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 1)
        self['b'] = nn.Linear(2, 2)


h = Heads()
print(list(h.keys()), h['a'].out_features, 'a' in h, len(h))
print(nn.Identity(54, inplace=True)(torch.ones(2)), nn.Identity())

w = torch.ones(2, 3, dtype=torch.float64)
print(w.new(2, 2).zero_(), w.new(torch.Size([3])).fill_(7).dtype, w.new([1, 2]), w.new().shape, w.new(w) is w)
print(torch.zeros(2, dtype=torch.int64).new(3).zero_().dtype)

lin = nn.Linear(2, 2)
weights(lin)
print(list(lin._parameters.keys()), lin._parameters['bias'], dict(lin._buffers), list(lin._modules))
bn = nn.BatchNorm1d(2)
print(list(bn._buffers.keys()))
seq = nn.Sequential()
seq._modules['fc'] = nn.Linear(2, 1)
seq._modules['act'] = nn.Sigmoid()
print(seq, len(seq))
del seq._modules['act']
print(len(seq), hasattr(seq, 'act'))


class GradReverse(Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x.view_as(x) * 1.0

    @staticmethod
    def backward(ctx, grad):
        return grad.neg() * ctx.scale, None


v = Variable(torch.tensor([1.0, -2.0]), requires_grad=True)
out = GradReverse.apply(v, 0.5)
print(out, v.requires_grad)
print(checkpoint(lambda a, b: a * b + 1, torch.ones(2), torch.full((2,), 3.0)))
print(checkpoint_sequential(nn.Sequential(nn.ReLU(), nn.Sigmoid()), 2, torch.tensor([-1.0, 0.0, 2.0])))
