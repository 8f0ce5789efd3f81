# Small models written the way model files write them, compiled whole (one
# frame, one graph) and compared with eager, in the spirit of PyTorch's
# test/dynamo/test_repros.py and test_modules.py model tests: an MLP with a
# loss, a residual block, causal self-attention with masked_fill and
# softmax, LayerNorm, a 2-layer transformer-style block, an inference loop.
import math

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class Residual(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = MLP(d, 2 * d, d)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class CausalSelfAttention(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.n_head = n_head
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        qkv = self.qkv(x)
        q, k, v = qkv[:, :, :C], qkv[:, :, C : 2 * C], qkv[:, :, 2 * C :]
        hs = C // self.n_head
        q = q.view(B, T, self.n_head, hs).transpose(1, 2)
        k = k.view(B, T, self.n_head, hs).transpose(1, 2)
        v = v.view(B, T, self.n_head, hs).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        mask = torch.tril(torch.ones(T, T)) == 0
        att = att.masked_fill(mask, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.proj(y)


class Block(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = CausalSelfAttention(d, n_head)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.SiLU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x


class TinyGPT(nn.Module):
    def __init__(self, d=8, n_head=2, n_layer=2):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d, n_head) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(d)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.ln_f(x)


def mse(pred, target):
    return ((pred - target) ** 2).mean()


class ModelTests(torch._dynamo.test_case.TestCase):
    def check(self, model, *inputs, frames=1):
        cnt = CompileCounter()
        opt = torch.compile(model, backend=cnt)
        ref = model(*inputs)
        self.assertTrue(same(opt(*inputs), ref))
        self.assertTrue(same(opt(*inputs), ref))
        self.assertEqual(cnt.frame_count, frames)
        return cnt

    def test_mlp(self):
        self.check(MLP(4, 8, 2), torch.randn(3, 4))

    def test_mlp_with_loss(self):
        model = MLP(4, 8, 1)

        def step(x, y):
            return mse(model(x), y)

        self.check(step, torch.randn(5, 4), torch.randn(5, 1))

    def test_residual_layernorm(self):
        self.check(Residual(6), torch.randn(2, 3, 6))

    def test_causal_attention(self):
        torch.manual_seed(0)
        self.check(CausalSelfAttention(8, 2), torch.randn(2, 4, 8))

    def test_transformer_blocks(self):
        torch.manual_seed(1)
        cnt = self.check(TinyGPT(), torch.randn(1, 5, 8))
        self.assertGreater(cnt.op_count, 50)

    def test_inference_loop(self):
        model = MLP(4, 4, 4)
        opt = torch.compile(model, backend="eager")
        x = torch.randn(1, 4)
        ref = x
        got = x
        for _ in range(5):
            ref = model(ref)
            got = opt(got)
        self.assertTrue(same(got, ref))

    def test_eval_changes_nothing_without_dropout(self):
        model = Residual(4)
        opt = torch.compile(model, backend="eager")
        x = torch.randn(2, 4)
        model.eval()
        self.assertTrue(same(opt(x), model(x)))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
