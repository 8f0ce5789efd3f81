# torch.arange with 0-d tensor bounds, get_rng_state / set_rng_state replaying
# the stream, torch.jit.isinstance over typing forms, and torch.addr (beta,
# alpha, beta=0 ignoring input's nan), with torch's errors.
import math
from typing import Any, Dict, List, Optional, Tuple, Union

import torch

n = torch.tensor(5)
print(torch.arange(n), torch.arange(1, torch.tensor(4)), torch.arange(torch.tensor(0.5), 2, torch.tensor(0.5)))
x = torch.ones(3, 4)
print(torch.arange(torch.tensor(x.shape[0]) * 2), torch.arange(torch.tensor(3), dtype=torch.float64))
try:
    torch.arange(torch.ones(2))
except Exception as e:
    print(type(e).__name__)

torch.manual_seed(3)
state = torch.get_rng_state()
a = torch.rand(4)
b = torch.randn(2, 2)
torch.set_rng_state(state)
print(torch.equal(torch.rand(4), a), torch.equal(torch.randn(2, 2), b), isinstance(state, torch.Tensor))
torch.set_rng_state(state)
c = torch.randint(0, 10, (5,))
torch.set_rng_state(state)
print(torch.equal(c, torch.randint(0, 10, (5,))))

checks = [
    ([1, 2], List[int]),
    ([1, "a"], List[int]),
    ((1, "a"), Tuple[int, str]),
    ((1, 2, 3), Tuple[int, ...]),
    ((1, 2), Tuple[int]),
    ({"a": 1}, Dict[str, int]),
    ({"a": "b"}, Dict[str, int]),
    (None, Optional[int]),
    (3, Optional[int]),
    ("s", Union[int, str]),
    (2.0, Union[int, str]),
    ([torch.ones(1)], List[torch.Tensor]),
    (5, int),
    ([[1], [2, 3]], List[List[int]]),
]
print([torch.jit.isinstance(v, t) for v, t in checks])
try:
    torch.jit.isinstance(5, Any)
except TypeError as e:
    print("TypeError", e)

inp = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
v1 = torch.tensor([1.0, 2.0])
v2 = torch.tensor([3.0, -1.0])
print(torch.addr(inp, v1, v2), torch.addr(inp, v1, v2, beta=2, alpha=0.5))
print(torch.addr(torch.full((2, 2), math.nan), v1, v2, beta=0), inp.addr(v1, v2, alpha=-1))
print(torch.addr(torch.zeros(2), v1, v2), torch.addr(torch.zeros(2, 2, dtype=torch.long), torch.arange(2), torch.arange(2)))
try:
    torch.addr(inp, inp, v2)
except RuntimeError as e:
    print("RuntimeError", e)
