# Index ops on a 0-dim tensor (torch treats it as a 1-element vector, the
# result staying 0-dim), and Tensor.put_/put/torch.put (flat row-major
# indices whatever the layout, accumulate=, torch's errors).
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
show(lambda: torch.tensor(3.).index_fill_(0, torch.tensor([0]), 9))
show(lambda: torch.tensor(3.).index_fill(0, torch.tensor(0), 9))
show(lambda: torch.tensor(3.).index_select(0, torch.tensor([0])))
show(lambda: torch.tensor(3.).index_select(0, torch.tensor(0)))
show(lambda: torch.tensor(3.).index_add_(0, torch.tensor([0]), torch.tensor(5.)))
show(lambda: torch.tensor(3.).index_copy_(0, torch.tensor([0]), torch.tensor(5.)))
show(lambda: torch.tensor(3.).index_select(0, torch.tensor([1])))
show(lambda: torch.tensor(3.).index_select(1, torch.tensor([0])))
show(lambda: torch.tensor(3.).gather(0, torch.tensor(0)))
show(lambda: torch.tensor(3.).scatter(0, torch.tensor(0), 7.))
show(lambda: torch.tensor(3.).put_(torch.tensor([0]), torch.tensor([8.])))
show(lambda: torch.arange(6.).reshape(2,3).put_(torch.tensor([1, 5]), torch.tensor([8., 9.])))
show(lambda: torch.arange(6.).reshape(2,3).put_(torch.tensor([1, 1]), torch.tensor([8., 9.]), accumulate=True))
show(lambda: torch.arange(6.).reshape(2,3).put(torch.tensor([-1]), torch.tensor([8.])))
show(lambda: torch.arange(6.).reshape(2,3).take(torch.tensor([[0, 5]])))
show(lambda: torch.tensor(3.).index_put_((torch.tensor([0]),), torch.tensor(1.)))
show(lambda: torch.tensor(3.).masked_fill(torch.tensor(True), 1.))
show(lambda: torch.tensor(3.).index_select(0, torch.tensor([0, 0])))
show(lambda: torch.tensor(3.).index_fill_(0, torch.tensor([1]), 9))
show(lambda: torch.tensor(3.).index_add_(0, torch.tensor([0, 0]), torch.tensor([5., 6.]), alpha=2))
show(lambda: torch.arange(6.).reshape(2, 3).put_(torch.tensor([6]), torch.tensor([1.])))
show(lambda: torch.arange(6.).reshape(2, 3).put_(torch.tensor([-7]), torch.tensor([1.])))
show(lambda: torch.arange(6.).reshape(2, 3).put_(torch.tensor([1, 2]), torch.tensor([1.])))
show(lambda: torch.arange(6.).reshape(2, 3).put_(torch.tensor([1.]), torch.tensor([1.])))
show(lambda: torch.arange(6.).reshape(2, 3).put_(torch.tensor([0]), torch.tensor([5])))
show(lambda: torch.arange(6.).reshape(2, 3).t().clone().put_(torch.tensor([[1], [2]]), torch.tensor([7., 8.])))
show(lambda: torch.put(torch.arange(6.).reshape(2, 3), torch.tensor([0, -1, 0]), torch.tensor([5., 1., 1.]), accumulate=True))


def scatter_into(buf, idx, vals):
    out = buf.clone().put_(idx, vals * 2)
    return out + buf.index_select(0, idx[:1]).sum()


buf = torch.arange(5.0)
print(scatter_into(buf, torch.tensor([4, 0]), torch.tensor([1.0, 2.0])))
print(C(scatter_into)(buf, torch.tensor([4, 0]), torch.tensor([1.0, 2.0])))
