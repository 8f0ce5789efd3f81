# The legacy tensor types as isinstance targets and constructors, a tensor's
# __iter__ by name, and repeat_interleave with tensor repeats (0-d, per
# element, and the one-argument form), against PyTorch 1.13.
import torch

x = torch.arange(3.0)
print(isinstance(x, torch.FloatTensor), isinstance(x, torch.LongTensor), isinstance(x, torch.DoubleTensor))
print(isinstance(x.long(), torch.LongTensor), isinstance(x.int(), torch.IntTensor), isinstance(x.bool(), torch.BoolTensor))
print(isinstance(x.half(), torch.HalfTensor), isinstance(x.to(torch.uint8), torch.ByteTensor), isinstance(3, torch.FloatTensor))
print(torch.FloatTensor, torch.LongTensor([1, 2]), torch.FloatTensor(2).shape, x.type(torch.LongTensor))
print([float(v) for v in x.__iter__()])
m = torch.tensor([[1, 2], [3, 4]])
print(torch.repeat_interleave(m, torch.tensor(2), 0))
print(torch.repeat_interleave(m, torch.tensor([1, 2]), dim=1))
print(torch.repeat_interleave(torch.tensor([1, 2]), torch.tensor([1, 3])))
print(torch.repeat_interleave(torch.tensor([2, 1])))
print(m.repeat_interleave(torch.tensor([1]), dim=1))
print(m.repeat_interleave(2))
