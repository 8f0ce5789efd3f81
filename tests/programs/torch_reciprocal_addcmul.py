# reciprocal, rsub, addcmul/addcdiv (their grad_fn too), broadcast_to with sizes as separate ints.
import torch
p = torch.tensor([[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]], requires_grad=True)
q = torch.tensor([1.0, 2.0, 3.0])
print(p.reciprocal(), torch.reciprocal(q), torch.reciprocal(torch.tensor([1, 2, 4])))
print(torch.rsub(p, 1), torch.rsub(q, q * 3), torch.rsub(q, 2, alpha=3))
print(torch.addcmul(q, q, q, value=0.5), p.addcmul(p, q), torch.addcdiv(q, q, q + 1, value=2), p.addcdiv(q, p))
print(q.broadcast_to(2, 3), q.broadcast_to((2, 3)), torch.broadcast_to(q, (2, 3)))
