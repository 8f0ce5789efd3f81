import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        fn()
        print(label, 'ok')
    except Exception as e:
        print(label, type(e).__name__, str(e).split('\n')[0])


x = torch.arange(6.0).reshape(2, 3)
attempt('split sizes', lambda: torch.split(x, [1, 1], dim=1))
attempt('chunk zero', lambda: x.chunk(0))
attempt('gather dims', lambda: x.gather(1, torch.tensor([0, 1])))
attempt('index oob', lambda: x[torch.tensor([0, 2])])
attempt('mask shape', lambda: x[torch.tensor([True, False, True])])
attempt('index_select 2d', lambda: x.index_select(0, torch.tensor([[0]])))
attempt('nll batch', lambda: F.nll_loss(x, torch.tensor([0, 1, 2])))
attempt('nll target oob', lambda: F.nll_loss(x, torch.tensor([0, 3])))
attempt('ce ignore all', lambda: print(F.cross_entropy(x, torch.tensor([-100, -100]))))
attempt('embedding float idx', lambda: F.embedding(torch.tensor([0.0]), torch.eye(3)))
attempt('dropout p', lambda: nn.Dropout(1.5))
attempt('mm shapes', lambda: torch.mm(x, x))
attempt('bitwise float', lambda: x & x)
attempt('clamp none', lambda: torch.clamp(x))
attempt('one_hot float', lambda: F.one_hot(torch.tensor([1.0])))
attempt('topk k', lambda: x.topk(5))
attempt('argmax bool', lambda: torch.tensor([True]).argmax())
attempt('load missing', lambda: nn.Linear(2, 2).load_state_dict({}))
attempt('register_buffer dot', lambda: nn.Module().register_buffer('a.b', torch.zeros(1)))
attempt('register_buffer type', lambda: nn.Module().register_buffer('a', 3))
attempt('layer_norm shape', lambda: F.layer_norm(x, (4,)))
attempt('gelu approx', lambda: F.gelu(x, approximate='fast'))
attempt('repeat dims', lambda: x.repeat(2))
attempt('finfo int', lambda: torch.finfo(torch.int64))
attempt('set unhashable', lambda: {[1]})
attempt('frozenset ok', lambda: print(frozenset([3, 1]) | {2}))
attempt('float index', lambda: torch.zeros(3)[torch.tensor([0.0])])


def float_index_store():
    y = torch.zeros(3)
    y[torch.tensor([0.0])] = 1


attempt('float index store', float_index_store)
