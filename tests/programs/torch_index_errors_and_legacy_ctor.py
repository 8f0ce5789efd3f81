# Advanced indexing whose index tensors do not broadcast raises torch's
# IndexError naming every index shape; torch.Tensor(data) (the legacy
# constructor) makes float32, eagerly and in a compiled frame.
import torch

x = torch.arange(24).view(2, 3, 4)
for idx in [(torch.tensor([1, 0]), slice(None), torch.tensor([0, 1, 2])),
            (torch.tensor([[0], [1]]), torch.tensor([0, 1, 2]), torch.tensor([0, 1])),
            (torch.tensor([1, 0]), torch.tensor([0, 1, 2]))]:
    try:
        x[idx]
    except IndexError as e:
        print("IndexError", e)
print(x[torch.tensor([[0], [1]]), torch.tensor([0, 2])].tolist())
t = torch.Tensor([1, 2, 3])
print(t, t.dtype, torch.Tensor([[1.5], [2.5]]).shape, torch.Tensor((4, 5)).dtype)


def pad_last(v):
    pad = torch.Tensor([1e10]).expand(v[..., :1].shape)
    return torch.cat([v, pad], -1)


v = torch.arange(6.0).view(2, 3)
print(pad_last(v).tolist())
if hasattr(torch, "compile"):
    opt = torch.compile(pad_last, backend="eager", fullgraph=True)
    print(opt(v).tolist() == pad_last(v).tolist())
else:
    print(True)
# An int index out of range is reported at its place in the index tuple.
x3 = torch.zeros(2, 3, 4)
for k in [(0, 3), (0, 0, 5), (slice(None), 3), (None, 0, 3), (..., 7), (1, ..., 9)]:
    try:
        x3[k]
    except IndexError as e:
        print('IndexError', e)
