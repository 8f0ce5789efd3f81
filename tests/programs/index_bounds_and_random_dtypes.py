# gather/scatter/scatter_add/index_add_/index_copy_ reject indices outside [0, size) with torch's errors (no index from the end), one_hot checks its classes, random factories reject integer dtypes, randint an empty range, arange a bool dtype; nan_to_num of low-precision floats
import torch, torch.nn.functional as F
t = torch.zeros(3, 4)
for name, f in [("index_copy_", lambda: t.clone().index_copy_(1, torch.tensor([-1]), torch.ones(3, 1))),
                ("index_copy_big", lambda: t.clone().index_copy_(1, torch.tensor([4]), torch.ones(3, 1))),
                ("index_add_big", lambda: t.clone().index_add_(1, torch.tensor([4]), torch.ones(3, 1))),
                ("index_add_neg", lambda: t.clone().index_add_(0, torch.tensor([-1]), torch.ones(1, 4))),
                ("index_fill_neg", lambda: t.clone().index_fill_(1, torch.tensor([-1]), 2.0).sum()),
                ("scatter_neg", lambda: t.clone().scatter_(1, torch.tensor([[-1]]), 1.0)),
                ("scatter_add_big", lambda: t.clone().scatter_add_(0, torch.tensor([[3]]), torch.ones(1, 1))),
                ("scatter_reduce", lambda: t.clone().scatter_(1, torch.tensor([[-2]]), 1.0, reduce='add')),
                ("gather_neg1", lambda: t.gather(1, torch.tensor([[-1]]))),
                ("take_along_dim", lambda: torch.take_along_dim(t, torch.tensor([[-1]]), 1)),
                ("one_hot_big", lambda: F.one_hot(torch.tensor([3]), 3)),
                ("one_hot_neg", lambda: F.one_hot(torch.tensor([-1]), 3)),
                ("one_hot_empty", lambda: F.one_hot(torch.tensor([], dtype=torch.long)).shape),
                ("one_hot_empty3", lambda: F.one_hot(torch.tensor([], dtype=torch.long), 3).shape),
                ("take_neg", lambda: torch.take(t, torch.tensor([-1]))),
                ("randn_long", lambda: torch.randn(2, dtype=torch.long)),
                ("rand_long", lambda: torch.rand(2, dtype=torch.long)),
                ("arange_bool", lambda: torch.arange(3, dtype=torch.bool)),
                ]:
    try:
        print(name, f().tolist() if hasattr(f(), 'tolist') else f())
    except Exception as e:
        print(name, type(e).__name__, str(e).splitlines()[0])
for dt in (torch.bfloat16, torch.float16, torch.float32, torch.float64):
    v = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5], dtype=dt)
    print(dt, torch.nan_to_num(v).tolist(), v.nan_to_num(posinf=7.0).tolist(), v.nan_to_num().isinf().any().item())
print(torch.nan_to_num(torch.tensor([1, 2])).tolist(), torch.randint(3, 4, (2,)).tolist())
for name, f in [("randint_empty", lambda: torch.randint(5, 2, (2,))), ("randint_zero", lambda: torch.randint(0, (3,))),
                ("rand_int32", lambda: torch.rand(2, dtype=torch.int32)), ("randn_bool", lambda: torch.randn(2, dtype=torch.bool))]:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, "RuntimeError", e)
C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)
def g(x, i):
    return x.gather(1, i), x.clone().scatter_(1, i, 5.0), x.scatter_add(1, i, torch.ones(3, 1)), x.index_add(1, i[0], torch.ones(3, 1))
idx = torch.tensor([[3], [0], [1]])
print([torch.equal(a, b) for a, b in zip(C(g)(t + 1, idx), g(t + 1, idx))])
try:
    C(g)(t, torch.tensor([[4], [0], [1]]))
except RuntimeError as e:
    print("RuntimeError", e)
