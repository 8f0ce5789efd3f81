# linalg_svd: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
import torch
import warnings
warnings.filterwarnings('ignore')
L = torch.linalg


def attempt(f, *a, **k):
    try:
        print(f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)


attempt(L.svd, torch.ones(2, 2).half())
attempt(L.svdvals, torch.ones(2, 2).half())
attempt(L.svd, torch.ones(2, 2, dtype=torch.long))
attempt(L.svdvals, torch.tensor([1., 2.]))
attempt(L.svd, torch.zeros(0, 3))
attempt(L.svd, torch.zeros(3, 0))
M = torch.tensor([[1., 2.], [2., 4.001]])
for kw in [dict(), dict(tol=0.01), dict(atol=0.01), dict(rtol=0.01), dict(atol=0.0, rtol=0.0), dict(hermitian=True),
           dict(atol=torch.tensor(0.01))]:
    attempt(L.matrix_rank, M, **kw)
attempt(L.matrix_rank, torch.ones(3, 4))
attempt(L.matrix_rank, torch.zeros(3, 4))
attempt(L.matrix_rank, torch.ones(2, 3, 4).double())
attempt(L.matrix_rank, torch.ones(3, 4, dtype=torch.long))
attempt(L.matrix_rank, torch.tensor([[1., 2.], [2., 4.]]))
attempt(L.matrix_rank, torch.eye(5))
for m, n in [(1, 1), (2, 2), (3, 2), (2, 3), (5, 5), (6, 3), (3, 6), (4, 1), (1, 4)]:
    A = ((torch.arange(m * n * 1.0).reshape(m, n) * 7 % 11) - 5) / 3
    for dt in (torch.float32, torch.float64):
        Ad = A.to(dt)
        print(m, n, dt, L.svdvals(Ad))
        k = min(m, n)
        U, S, Vh = L.svd(Ad)
        print(S, U.shape, Vh.shape, U[:, :k].abs(), Vh[:k].abs())
        print(torch.allclose(U @ U.T, torch.eye(m, dtype=dt), atol=1e-5), torch.allclose(Vh @ Vh.T, torch.eye(n, dtype=dt), atol=1e-5))
        U, S, Vh = L.svd(Ad, full_matrices=False)
        print(U.shape, Vh.shape, ((U * S.unsqueeze(-2)) @ Vh - Ad).abs().max() < 1e-5)
        U2, S2, V2 = torch.svd(Ad)
        print(U2.shape, S2, V2.shape)
        print(torch.svd(Ad, compute_uv=False))
        print(L.matrix_rank(Ad), L.matrix_rank(Ad, hermitian=True) if m == n else None)
B = ((torch.arange(2 * 4 * 3.0).reshape(2, 4, 3) * 5 % 9) - 4) / 2
print(L.svdvals(B))
x = torch.tensor([[4., 2.], [2., 3.]], requires_grad=True)
print(L.svdvals(x))
