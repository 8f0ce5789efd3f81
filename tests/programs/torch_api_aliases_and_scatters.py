# torch's own names for nn.functional kernels (torch.conv2d, torch.embedding
# with the weight first, ...), in-place comparisons, hsplit/vsplit/dsplit,
# inner/vdot/addmv, cov/corrcoef, result_type and the *_scatter functions.
import torch

x = torch.arange(32.).reshape(1, 2, 4, 4).sin()
w = torch.arange(36.).reshape(2, 2, 3, 3).cos()
print(torch.conv2d(x, w, None, 1, 1).sum().item() == torch.nn.functional.conv2d(x, w, None, 1, 1).sum().item())
print(torch.conv1d(x[0, :, 0], w[:, :, 0], torch.ones(2), padding=1).shape, torch.conv_transpose2d(x, w).shape)
print(torch.max_pool2d(x, 2).shape, torch.avg_pool1d(x[0], 2).shape, torch.adaptive_avg_pool1d(x[0], 3).shape)
print(torch.pixel_shuffle(torch.arange(16.).reshape(1, 4, 2, 2), 2).shape)
print(torch.pairwise_distance(torch.ones(2, 3), torch.zeros(2, 3)))
print(torch.dropout(torch.ones(3), 0.5, False), torch.embedding(torch.arange(6.).reshape(3, 2), torch.tensor([2, 0])))
print(torch.group_norm(x, 2).sum().abs().item() < 1e-4)
print(torch.batch_norm(x, None, None, torch.zeros(2), torch.ones(2), False, 0.1, 1e-5, True).shape)
print(torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-5, True).shape)

a = torch.tensor([1.0, 5.0, 3.0])
for name in ('lt_', 'gt_', 'le_', 'ge_', 'eq_', 'ne_'):
    t = a.clone()
    print(name, getattr(t, name)(3.0), getattr(a.clone(), name)(torch.tensor([1.0, 1.0, 1.0])))
print(a.clone().clamp_min_(2.0), a.clone().clamp_max_(2.0))
print(torch.tensor([float('nan'), float('inf'), 1.0]).nan_to_num_(0.0, 9.0))
print(torch.absolute(-a), torch.negative(a), torch.positive(a), torch.fix(torch.tensor([-1.5, 2.7])))
print(torch.msort(torch.tensor([[3, 1], [1, 2], [2, 0]])), torch.isreal(a), a.narrow_copy(0, 1, 2))

m = torch.arange(24.).reshape(2, 3, 4)
print([t.shape for t in torch.hsplit(m, 3)], [t.shape for t in torch.vsplit(m, [1])], [t.shape for t in torch.dsplit(m, 2)])
print([t.tolist() for t in torch.hsplit(torch.arange(6), 2)], [t.shape for t in m.hsplit([1, 2])])
for f in (lambda: torch.hsplit(m, 2), lambda: torch.vsplit(torch.arange(4), 2), lambda: torch.dsplit(m, 3)):
    try:
        f()
    except RuntimeError as e:
        print('RuntimeError', e)

print(torch.inner(torch.tensor([1., 2.]), torch.tensor([3., 4.])), torch.inner(m[0], m[1]).shape, torch.vdot(a, a))
print(torch.addmv(torch.ones(2), torch.ones(2, 3), a), torch.addmv(torch.ones(2), torch.ones(2, 3), a, beta=2, alpha=0.5))
obs = torch.tensor([[0., 1., 2., 4.], [3., 1., 0., 1.], [1., 2., 2., 5.]])
print(torch.cov(obs), torch.cov(obs, correction=0), torch.cov(obs[0]))
print(torch.corrcoef(obs), obs.cov().shape)
print(torch.cov(torch.tensor([[1, 2, 3], [2, 4, 7]])))
print(torch.result_type(torch.tensor([1, 2]), 1.0), torch.result_type(torch.tensor([1, 2]), torch.tensor(1.0)),
      torch.result_type(torch.tensor([1.0], dtype=torch.float16), torch.tensor([1.0])),
      torch.result_type(torch.tensor([True]), 2), torch.result_type(torch.tensor([1], dtype=torch.uint8), torch.tensor(1)))

z = torch.zeros(3, 4)
print(torch.select_scatter(z, torch.ones(4), 0, 1))
print(torch.slice_scatter(z, torch.ones(3, 2), dim=1, start=1, end=3, step=1), torch.slice_scatter(z, torch.ones(1, 4), 0, 2, None, 1))
print(torch.diagonal_scatter(z, torch.ones(3)), torch.diagonal_scatter(z, torch.full((3,), 2.0), 1))
print(z.select_scatter(torch.ones(3), 1, 0).sum().item(), z)
