# Tensor.is_contiguous(memory_format=torch.channels_last / channels_last_3d)
# decided from the strides as torch does (size-1 dimensions pass), against
# PyTorch 1.13. (standin keeps no memory format of its own: a channels-last
# layout comes from a permuted contiguous copy.)
import torch
x = torch.rand(2, 3, 4, 4)
print(x.is_contiguous(), x.is_contiguous(memory_format=torch.channels_last), x.is_contiguous(memory_format=torch.contiguous_format))
y = x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
print(y.stride(), y.is_contiguous(), y.is_contiguous(memory_format=torch.channels_last))
z = torch.rand(2, 1, 4, 4)
print(z.is_contiguous(memory_format=torch.channels_last), torch.rand(3).is_contiguous(memory_format=torch.channels_last))
w = torch.rand(1, 3, 1, 1)
print(w.is_contiguous(memory_format=torch.channels_last), w.is_contiguous())
v = torch.rand(2, 3, 2, 2, 2)
print(v.is_contiguous(memory_format=torch.channels_last_3d), v.permute(0, 2, 3, 4, 1).contiguous().permute(0, 4, 1, 2, 3).is_contiguous(memory_format=torch.channels_last_3d))


def pick(t):
    if t.is_contiguous():
        return t + 1
    elif t.is_contiguous(memory_format=torch.channels_last):
        return t + 2
    return t + 3


for t in (torch.ones(1, 2, 2, 2), torch.ones(1, 2, 2, 2).permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2),
          torch.ones(4, 4)[:, ::2]):
    print(pick(t).flatten().tolist())
try:
    x.is_contiguous(torch.channels_last)
except TypeError as e:
    print("TypeError", e)
