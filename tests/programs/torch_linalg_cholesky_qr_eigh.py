# linalg_cholesky_qr_eigh: values printed in full (tolist) against PyTorch 1.13, error cases, grad_fn names.
import torch
import warnings
warnings.filterwarnings('ignore')
L = torch.linalg


def attempt(f, *a, **k):
    try:
        print(f(*a, **k))
    except Exception as e:
        print(type(e).__name__, e)


A = torch.tensor([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])
attempt(L.qr, A)
attempt(L.qr, A, mode='r')
attempt(L.qr, A, 'complete')
attempt(L.eigh, A)
attempt(L.eigh, A, UPLO='U')
attempt(L.eigvalsh, A)
attempt(L.cholesky, A)
attempt(L.cholesky, A, upper=True)
attempt(L.cholesky_ex, A)
attempt(L.cholesky, torch.tensor([[1., 2.], [2., 1.]]))
attempt(torch.cholesky, torch.tensor([[1., 2.], [2., 1.]]))
attempt(L.cholesky, torch.tensor([[1., 2., 3.], [2., 1., 3]]))
attempt(L.cholesky, torch.tensor([[1, 2], [2, 1]]))
attempt(L.cholesky, torch.tensor([1., 2.]))
attempt(L.cholesky, torch.tensor([1, 2]))
attempt(L.cholesky, torch.ones(2, 3, dtype=torch.long))
attempt(L.cholesky, torch.ones(2, 2).half())
attempt(L.cholesky, torch.zeros(0, 0))
attempt(L.cholesky, torch.tensor([[[4., 2.], [2., 3.]], [[1., 2.], [2., 1.]]]))
attempt(L.cholesky_ex, torch.tensor([[1., 2.], [2., 1.]]))
attempt(L.cholesky_ex, torch.tensor([[1., 2.], [2., 1.]]), check_errors=True)
attempt(L.cholesky, torch.tensor([[1., float('nan')], [float('nan'), 1.]]))
attempt(L.qr, torch.tensor([1., 2.]))
attempt(L.qr, torch.tensor([[1, 2], [2, 1]]))
attempt(L.qr, A, 'foo')
attempt(L.qr, torch.ones(2, 2).half())
attempt(L.qr, torch.zeros(0, 3))
attempt(L.qr, torch.zeros(3, 0))
attempt(L.qr, torch.zeros(3, 0), 'complete')
attempt(torch.qr, torch.ones(3, 2))
attempt(torch.qr, torch.ones(3, 2), some=False)
attempt(L.eigh, torch.tensor([[1, 2], [2, 1]]))
attempt(L.eigh, torch.ones(2, 3))
attempt(L.eigh, A, 'X')
attempt(L.eigvalsh, A, UPLO='U')
attempt(L.eigh, torch.ones(2, 2).half())
attempt(L.eigh, torch.tensor([1., 2.]))
attempt(L.eigh, torch.ones(2, 3, dtype=torch.long))
attempt(L.eigvalsh, torch.ones(2, 2, dtype=torch.long))
attempt(L.eigh, torch.tensor([[1., float('nan')], [float('nan'), 1.]]))
attempt(L.eigh, torch.zeros(0, 0))
attempt(L.eigh, torch.zeros(2, 0, 0))
attempt(L.eigh, torch.tensor([[2.]]))
x = torch.tensor([[4., 2.], [2., 3.]], requires_grad=True)
print(L.cholesky(x), L.qr(x), L.eigh(x), L.eigvalsh(x), torch.cholesky(x), torch.qr(x), sep='\n')
print(torch.tensor([[4., 2.], [2., 3.]]).cholesky(), torch.tensor([[4., 2.], [2., 3.]]).qr())
print(L.qr(torch.ones(3, 2), mode='r').Q.shape)
q, r = L.qr(A)
print(q.shape, r.shape)
res = L.eigh(A)
print(res.eigenvalues, res[1], len(res))
# deterministic matrices of several shapes and dtypes
for m, n in [(1, 1), (2, 2), (3, 2), (2, 3), (5, 5), (6, 3), (3, 6), (7, 7), (4, 1), (1, 4)]:
    M = ((torch.arange(m * n * 1.0).reshape(m, n) * 7 % 11) - 5) / 3
    for dt in (torch.float32, torch.float64):
        Md = M.to(dt)
        print(m, n, dt)
        print(L.qr(Md))
        print(L.qr(Md, 'complete'))
        if m == n:
            S = Md + Md.T
            print(L.eigh(S))
            print(L.eigh(S, 'U'))
            print(L.eigvalsh(S))
            P = Md @ Md.T + torch.eye(n, dtype=dt)
            print(L.cholesky(P))
            print(L.cholesky(P, upper=True))
B = ((torch.arange(2 * 4 * 4.0).reshape(2, 4, 4) * 5 % 9) - 4) / 2
print(L.qr(B))
print(L.eigh(B + B.transpose(-1, -2)))
print(L.cholesky(B @ B.transpose(-1, -2) + torch.eye(4)))
print(L.eigh(torch.eye(4)))
print(L.eigh(torch.ones(5, 5)))
print(L.eigh(torch.diag(torch.tensor([3., 1., 2., 1.]))))
R = torch.tensor([[1., 2.], [2., 4.]])
print(L.eigh(R), L.qr(R))
big = ((torch.arange(144.).reshape(12, 12) * 13 % 17) - 8) / 5
print(L.eigh(big + big.T).eigenvectors[:, :3])
print(L.eigvalsh(big @ big.T))
print(L.qr(big).R.diagonal())
print(L.cholesky(big @ big.T + torch.eye(12)).diagonal())
