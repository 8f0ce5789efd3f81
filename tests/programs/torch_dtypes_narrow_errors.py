# The ops PyTorch 1.13's CPU kernels lack for float16 (and a few for
# bfloat16 and the narrow integers): the same exception and message.
import torch
import torch.nn.functional as F
ops = {
 'add': lambda x: x + x, 'mul': lambda x: x * 2, 'div': lambda x: x / 3, 'sub': lambda x: x - 1, 'neg': lambda x: -x,
 'floor_divide': lambda x: x // 2, 'remainder': lambda x: x % 2, 'pow': lambda x: x ** 2, 'eq': lambda x: x == 1,
 'lt': lambda x: x < 1, 'maximum': lambda x: torch.maximum(x, x), 'abs': lambda x: x.abs(), 'exp': lambda x: x.exp(),
 'log': lambda x: x.log(), 'sqrt': lambda x: x.sqrt(), 'sin': lambda x: x.sin(), 'cos': lambda x: x.cos(), 'tanh': lambda x: x.tanh(),
 'sigmoid': lambda x: x.sigmoid(), 'relu': lambda x: x.relu(), 'where': lambda x: torch.where(x > 0, x, x), 'erf': lambda x: x.erf(),
 'log1p': lambda x: x.log1p(), 'expm1': lambda x: x.expm1(), 'rsqrt': lambda x: x.rsqrt(), 'log2': lambda x: x.log2(),
 'floor': lambda x: x.floor(), 'ceil': lambda x: x.ceil(), 'round': lambda x: x.round(), 'trunc': lambda x: x.trunc(),
 'sign': lambda x: x.sign(), 'isnan': lambda x: x.isnan(), 'isinf': lambda x: x.isinf(), 'isfinite': lambda x: x.isfinite(),
 'logical_not': lambda x: x.logical_not(), 'logical_and': lambda x: x.logical_and(x), 'fmod': lambda x: x.fmod(2),
 'bitwise_and': lambda x: x & x, 'bitwise_not': lambda x: ~x,
 'sum': lambda x: x.sum(), 'sumdim': lambda x: x.sum(0), 'mean': lambda x: x.mean(), 'amax': lambda x: x.amax(0), 'amin': lambda x: x.amin(),
 'max': lambda x: x.max(), 'maxdim': lambda x: x.max(0), 'argmax': lambda x: x.argmax(), 'prod': lambda x: x.prod(),
 'cumsum': lambda x: x.cumsum(0), 'cumprod': lambda x: x.cumprod(0), 'sort': lambda x: x.sort(), 'gather': lambda x: x.gather(0, torch.zeros(2, 2, dtype=torch.long)),
 'index_select': lambda x: x.index_select(0, torch.tensor([1])), 'nonzero': lambda x: x.nonzero(),
 'softmax': lambda x: x.softmax(-1), 'log_softmax': lambda x: F.log_softmax(x, -1), 'matmul': lambda x: x @ x, 'linear': lambda x: F.linear(x, x),
 'cat': lambda x: torch.cat([x, x]), 'clone': lambda x: x.clone(), 'getitem_adv': lambda x: x[torch.tensor([0])], 'mask': lambda x: x[x > 0],
 'clamp': lambda x: x.clamp(0, 1), 'layer_norm': lambda x: F.layer_norm(x, (2,)), 'gelu': lambda x: F.gelu(x), 'silu': lambda x: F.silu(x),
 'var': lambda x: x.var(), 'std': lambda x: x.std(), 'norm': lambda x: x.norm(), 'topk': lambda x: x.topk(1), 'tril': lambda x: x.tril(),
 'masked_fill': lambda x: x.masked_fill(x > 0, 0), 'embedding': lambda x: F.embedding(torch.tensor([0]), x), 'dropout': lambda x: F.dropout(x, 0.5, False),
 'logsumexp': lambda x: x.logsumexp(0), 'argsort': lambda x: x.argsort(), 'lerp': lambda x: x.lerp(x, 0.5), 'minimum': lambda x: torch.minimum(x, x),
 'cross_entropy': lambda x: F.cross_entropy(x, torch.tensor([0, 1])), 'mse': lambda x: F.mse_loss(x, x), 'nan_to_num': lambda x: x.nan_to_num(),
 'repeat': lambda x: x.repeat(2, 1), 'flip': lambda x: x.flip(0), 'roll': lambda x: x.roll(1), 'einsum': lambda x: torch.einsum('ij,jk->ik', x, x),
 'bmm': lambda x: torch.bmm(x[None], x[None]), 'any': lambda x: x.any(), 'all': lambda x: x.all(), 'count_nonzero': lambda x: x.count_nonzero(),
 'baddbmm': lambda x: torch.baddbmm(x[None], x[None], x[None]), 'addmm': lambda x: torch.addmm(x, x, x), 'dot': lambda x: torch.dot(x[0], x[0]),
 'outer': lambda x: torch.outer(x[0], x[0]), 'add_': lambda x: x.clone().add_(1), 'scatter': lambda x: x.scatter(0, torch.zeros(1, 2, dtype=torch.long), x),
 'index_add': lambda x: x.clone().index_add_(0, torch.tensor([0]), x[:1]),
}
for dt in [torch.float16, torch.bfloat16, torch.int32, torch.uint8, torch.int8, torch.int16]:
    x = torch.tensor([[1.0, 2.0], [3.0, 0.5]]).to(dt)
    bad = []
    for n, f in ops.items():
        try:
            f(x)
        except Exception as e:
            bad.append((n, type(e).__name__, str(e)[:70]))
    print(dt, len(bad))
    for b in bad: print('   ', b)
