// The parts of the guest `torch` module written in guest code: torch.nn
// (Module with parameters, buffers, state_dict and train/eval; ModuleList,
// Sequential, Linear, activations), torch.nn.functional, torch.Size and
// no_grad. init_torch_module (vm/torch.hpp) runs them.
// Counterpart: torch/nn/modules/, torch/nn/functional.py, torch/autograd/grad_mode.py.
#pragma once

#include <standin/detail/macro_scope.hpp>

#include <string_view>

STANDIN_NAMESPACE_BEGIN
namespace detail::torch_glue {

// torch.nn and friends, in guest code.
inline constexpr std::string_view nn_prelude = R"PY(
class Module:
    def __init__(self):
        self.training = True

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def named_children(self):
        return [(k, v) for k, v in self.__dict__.items() if isinstance(v, Module)]

    def children(self):
        return [m for _, m in self.named_children()]

    def named_modules(self, prefix=''):
        out = [(prefix, self)]
        for name, m in self.named_children():
            out.extend(m.named_modules(prefix + ('.' if prefix else '') + name))
        return out

    def modules(self):
        return [m for _, m in self.named_modules()]

    def named_parameters(self, prefix='', recurse=True):
        out = []
        for k, v in self.__dict__.items():
            if isinstance(v, torch.Tensor) and v.requires_grad:
                out.append((prefix + k, v))
        if recurse:
            for name, m in self.named_children():
                out.extend(m.named_parameters(prefix + name + '.'))
        return out

    def parameters(self, recurse=True):
        return [p for _, p in self.named_parameters(recurse=recurse)]

    def train(self, mode=True):
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def zero_grad(self, set_to_none=True):
        pass

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split('\n') if extra else []
        child_lines = []
        for name, m in self.named_children():
            text = repr(m)
            lines = text.split('\n')
            if len(lines) > 1:
                text = lines[0] + '\n' + '\n'.join('  ' + line for line in lines[1:])
            child_lines.append('(' + name + '): ' + text)
        lines = extra_lines + child_lines
        main = type(self).__name__ + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main += extra_lines[0]
            else:
                main += '\n  ' + '\n  '.join(lines) + '\n'
        return main + ')'


def Parameter(data, requires_grad=True):
    return data.requires_grad_(requires_grad)


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        self._count = 0
        if modules is not None:
            for m in modules:
                self.append(m)

    def append(self, module):
        setattr(self, str(self._count), module)
        self._count += 1
        return self

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self

    def __len__(self):
        return self._count

    def __iter__(self):
        return iter([getattr(self, str(i)) for i in range(self._count)])

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)([getattr(self, str(i)) for i in range(self._count)][idx])
        if idx < 0:
            idx += self._count
        if idx < 0 or idx >= self._count:
            raise IndexError(f'index {idx} is out of range')
        return getattr(self, str(idx))


class Sequential(ModuleList):
    def __init__(self, *modules):
        super().__init__(modules)

    def forward(self, x):
        for m in self:
            x = m(x)
        return x


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        # Deterministic initialisation (torch draws at random): small distinct values.
        n = in_features * out_features
        self.weight = Parameter(((torch.arange(n) % 7 - 3) * 0.1).reshape(out_features, in_features).float())
        self.bias = Parameter(torch.zeros(out_features)) if bias else None

    def forward(self, x):
        return torch.linear(x, self.weight, self.bias)

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class ReLU(Module):
    def forward(self, x):
        return torch.relu(x)


class Sigmoid(Module):
    def forward(self, x):
        return torch.sigmoid(x)


class Tanh(Module):
    def forward(self, x):
        return torch.tanh(x)


class Identity(Module):
    def forward(self, x):
        return x


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.softmax(x, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


class SiLU(Module):
    def forward(self, x):
        return torch.nn.functional.silu(x)


class LeakyReLU(Module):
    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x):
        return torch.nn.functional.leaky_relu(x, self.negative_slope)

    def extra_repr(self):
        return f'negative_slope={self.negative_slope}'


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(torch.ones(self.normalized_shape))
            self.bias = Parameter(torch.zeros(self.normalized_shape))
        else:
            self.weight = None
            self.bias = None

    def forward(self, x):
        return torch.nn.functional.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f'{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}'
)PY";

inline constexpr std::string_view functional_prelude = R"PY(
def relu(input, inplace=False):
    return input.relu_() if inplace else torch.relu(input)


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


def softmax(input, dim=None, dtype=None):
    return torch.softmax(input, dim, dtype)


def linear(input, weight, bias=None):
    return torch.linear(input, weight, bias)


def silu(input, inplace=False):
    return input * torch.sigmoid(input)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return torch.where(input > 0, input, input * negative_slope)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    low = torch.full(input.shape, min_val, dtype=input.dtype)
    high = torch.full(input.shape, max_val, dtype=input.dtype)
    return torch.minimum(torch.maximum(input, low), high)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    n = len(normalized_shape)
    if tuple(input.shape[input.dim() - n:]) != tuple(normalized_shape):
        raise RuntimeError('Given normalized_shape=' + str(list(normalized_shape)) +
                           ', expected input with shape [*, ' + ', '.join(str(d) for d in normalized_shape) +
                           '], but got input of size' + str(input.shape)[len('torch.Size('):-1])
    dims = tuple(range(-n, 0))
    mean = input.mean(dims, keepdim=True)
    centered = input - mean
    var = (centered * centered).mean(dims, keepdim=True)
    out = centered / torch.sqrt(var + eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out
)PY";

inline constexpr std::string_view torch_prelude = R"PY(
class Size:
    def __init__(self, dims=()):
        self._dims = tuple(dims)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Size(self._dims[i])
        return self._dims[i]

    def __len__(self):
        return len(self._dims)

    def __iter__(self):
        return iter(self._dims)

    def __eq__(self, other):
        if isinstance(other, Size):
            return self._dims == other._dims
        return self._dims == other

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return Size(self._dims + tuple(other))

    def __radd__(self, other):
        return tuple(other) + self._dims

    def __contains__(self, item):
        return item in self._dims

    def index(self, value):
        return self._dims.index(value)

    def count(self, value):
        return self._dims.count(value)

    def numel(self):
        n = 1
        for d in self._dims:
            n *= d
        return n

    def __repr__(self):
        return 'torch.Size([' + ', '.join(str(d) for d in self._dims) + '])'


def tril(input, diagonal=0):
    rows = torch.arange(input.shape[-2]).unsqueeze(-1)
    cols = torch.arange(input.shape[-1])
    return torch.where(cols - rows <= diagonal, input, torch.zeros_like(input))


def triu(input, diagonal=0):
    rows = torch.arange(input.shape[-2]).unsqueeze(-1)
    cols = torch.arange(input.shape[-1])
    return torch.where(cols - rows >= diagonal, input, torch.zeros_like(input))


def masked_fill(input, mask, value):
    if isinstance(value, torch.Tensor):
        value = value.item()
    return torch.where(mask, torch.full(input.shape, value, dtype=input.dtype), input)


def _masked_fill_(self, mask, value):
    return self.copy_(masked_fill(self, mask, value))


Tensor.tril = tril
Tensor.triu = triu
Tensor.masked_fill = masked_fill
Tensor.masked_fill_ = _masked_fill_


class no_grad:
    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc, tb):
        return False

    def __call__(self, fn):
        return fn


enable_grad = no_grad
inference_mode = no_grad


# Random numbers: a Lehmer generator (not torch's Philox/MT19937, so the
# values differ from PyTorch's; seeded by manual_seed, reproducible).
import math as _math
_rng = [20260101]


def manual_seed(seed):
    _rng[0] = int(seed) % 2147483647 or 1
    return None


def _uniform(n):
    out = []
    s = _rng[0]
    for _ in range(n):
        s = (s * 48271) % 2147483647
        out.append(s / 2147483647.0)
    _rng[0] = s
    return out


def _random_shape(size):
    if len(size) == 1 and not isinstance(size[0], int):
        size = tuple(size[0])
    n = 1
    for d in size:
        n *= d
    return tuple(size), n


def _finish_random(values, size, dtype, requires_grad):
    t = torch.tensor(values, dtype=torch.float32).reshape(size)
    if dtype is not None:
        t = t.to(dtype)
    if requires_grad:
        t.requires_grad_(True)
    return t


def rand(*size, dtype=None, requires_grad=False):
    size, n = _random_shape(size)
    return _finish_random(_uniform(n), size, dtype, requires_grad)


def randn(*size, dtype=None, requires_grad=False):
    size, n = _random_shape(size)
    u = _uniform(n + n % 2)
    out = []
    for i in range(0, len(u), 2):
        r = _math.sqrt(-2.0 * _math.log(u[i]))
        out.append(r * _math.cos(2.0 * _math.pi * u[i + 1]))
        out.append(r * _math.sin(2.0 * _math.pi * u[i + 1]))
    return _finish_random(out[:n], size, dtype, requires_grad)


def randint(low, high=None, size=(), dtype=None):
    if high is None:
        low, high = 0, low
    size, n = _random_shape((size,))
    values = [low + int(x * (high - low)) for x in _uniform(n)]
    t = torch.tensor(values, dtype=torch.int64).reshape(size)
    return t.to(dtype) if dtype is not None else t


def rand_like(input, dtype=None):
    return rand(tuple(input.shape), dtype=dtype if dtype is not None else input.dtype)


def randn_like(input, dtype=None):
    return randn(tuple(input.shape), dtype=dtype if dtype is not None else input.dtype)
)PY";

}  // namespace detail::torch_glue
STANDIN_NAMESPACE_END
