# Stores into tensors through advanced indices (an index tensor, a list, a
# bool mask, a tuple mixing slices and tensors, `+=`), in functions run
# eagerly and under --compile-all: x[idx] is a copy, so a store must write
# x itself (it once wrote a temporary under torch.compile).
import torch


def put_index(x, idx):
    y = x.clone()
    y[idx] = 0
    return y


def put_list(x):
    y = x.clone()
    y[[0, 2]] = -1.5
    return y


def put_mask(x):
    y = x.clone()
    y[y > 2] = 100
    return y


def put_tuple(x, idx, v):
    y = x.clone()
    y[1:, idx] = v
    return y


def add_at(x, idx):
    y = x.clone()
    y[idx] += 10
    return y


def put_input(x, idx):
    x[idx] = x[idx] * 2
    return x.sum()


def put_basic(x):
    y = x.clone()
    y[0] = 7
    y[:, 1] = torch.tensor([1.0, 2.0, 3.0, 4.0])
    return y


x = torch.arange(8.0).view(4, 2)
for idx in (torch.tensor([2, 0]), torch.tensor([3])):
    print(put_index(x, idx))
    print(add_at(x, idx))
print(put_list(x))
print(put_mask(x))
print(put_tuple(torch.zeros(3, 4), torch.tensor([0, 3]), torch.tensor([5.0, 6.0])))
print(put_tuple(torch.zeros(3, 4, dtype=torch.int32), torch.tensor([1]), 9))
z = torch.ones(5)
print(put_input(z, torch.tensor([1, 4])), z)
print(put_input(z, torch.tensor([0])), z)
print(put_basic(x))
print(put_index(torch.arange(6, dtype=torch.int16), torch.tensor([5, 1])))
