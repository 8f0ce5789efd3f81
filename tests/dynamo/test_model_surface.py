# Model code under torch.compile: the torch, nn and functional surface that
# model files use (issue 13) traced into one graph where Dynamo makes one.
# Methods written in torch's guest code (x.split, x.var, x.max(dim) with
# .values/.indices, F.gelu, ...) are inlined, as Dynamo inlines torch's
# Python-level functions; ops of the op table become graph nodes.
import math
from dataclasses import dataclass

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class Attention(nn.Module):
    def __init__(self, n_embd=8, n_head=2, block=4):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer('bias', torch.tril(torch.ones(block, block)).view(1, 1, block, block))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


@dataclass
class Config:
    vocab: int = 11
    dim: int = 8
    scale: float = 0.5


class TinyLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.emb = nn.Embedding(cfg.vocab, cfg.dim, padding_idx=0)
        self.norm = nn.LayerNorm(cfg.dim)
        self.ff = nn.Sequential(nn.Linear(cfg.dim, 16), nn.GELU(approximate='tanh'), nn.Dropout(0.1), nn.Linear(16, cfg.dim))
        self.head = nn.Linear(cfg.dim, cfg.vocab, bias=False)

    def forward(self, idx):
        x = self.emb(idx)
        x = x + self.ff(self.norm(x)) * self.cfg.scale
        return self.head(x)


def init_(model):
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.37 + i).reshape(p.shape) * 0.3)
    return model.eval()


class ModelSurfaceTests(torch._dynamo.test_case.TestCase):
    def test_causal_attention_is_one_graph(self):
        m = init_(Attention())
        x = torch.randn(2, 4, 8)
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        with torch.no_grad():
            self.assertTrue(same(opt(x), m(x)))
            self.assertTrue(same(opt(x * 2), m(x * 2)))
        self.assertEqual(cnt.frame_count, 1)
        e = torch._dynamo.explain(m, x)
        self.assertEqual(e.graph_count, 1)
        self.assertEqual(e.graph_break_count, 0)

    def test_embedding_model_with_dataclass_config(self):
        m = init_(TinyLM(Config()))
        idx = torch.tensor([[1, 2, 0, 4], [5, 0, 7, 10]])
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        with torch.no_grad():
            self.assertTrue(same(opt(idx), m(idx)))
            self.assertEqual(cnt.frame_count, 1)
            # The config is read in forward: a change recompiles.
            m.cfg.scale = 2.0
            self.assertTrue(same(opt(idx), m(idx)))
            self.assertEqual(cnt.frame_count, 2)

    def test_named_results_of_max_sort_topk(self):
        def fn(x):
            values, indices = x.max(dim=-1)
            r = torch.min(x, 0)
            s = x.sort(dim=1, descending=True)
            t = torch.topk(x, 2)
            return values + r.values.sum(), indices, s.indices, t.values * 2, r[1]

        x = torch.randn(3, 5)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        got, want = opt(x), fn(x)
        for a, b in zip(got, want):
            self.assertTrue(same(a, b))
        self.assertEqual(cnt.frame_count, 1)

    def test_returned_named_result_keeps_its_names(self):
        def fn(x):
            return (x * 2).max(dim=0)

        x = torch.randn(3, 4)
        opt = torch.compile(fn, backend="eager")
        r = opt(x)
        self.assertTrue(same(r.values, fn(x).values))
        self.assertTrue(same(r.indices, fn(x).indices))

    def test_guest_tensor_methods_are_inlined(self):
        def fn(x):
            a, b = x.chunk(2, dim=-1)
            parts = torch.split(x, [1, 3], dim=1)
            rows = x.unbind(0)
            v = x.var(dim=1, keepdim=True) + x.std()
            return (a * b).flatten(), parts[1].clamp(min=0.0), rows[0] + rows[-1], v, F.gelu(x), torch.logsumexp(x, 1)

        x = torch.randn(3, 4)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        for a, b in zip(opt(x), fn(x)):
            self.assertTrue(same(a, b))
        self.assertEqual(cnt.frame_count, 1)

    def test_integer_tensor_indexing_is_in_graph(self):
        def fn(x, idx):
            return x[idx] * 2, x[:, idx].sum(), x.gather(1, idx.unsqueeze(0).expand(3, 2)), x.index_select(0, idx)

        x = torch.randn(3, 4)
        idx = torch.tensor([2, 0])
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        for a, b in zip(opt(x, idx), fn(x, idx)):
            self.assertTrue(same(a, b))
        self.assertEqual(cnt.frame_count, 1)

    def test_bool_mask_indexing_gives_the_eager_result(self):
        # The result's shape depends on the data: not in a graph.
        def fn(x):
            y = x * 2
            return y[y > 0].sum() + 1

        x = torch.tensor([[1.0, -2.0], [3.0, -4.0]])
        opt = torch.compile(fn, backend="eager")
        self.assertTrue(same(opt(x), fn(x)))
        self.assertTrue(same(opt(-x), fn(-x)))

    def test_losses_give_the_eager_result(self):
        def fn(logits, target):
            return F.cross_entropy(logits, target), F.mse_loss(logits.softmax(-1), F.one_hot(target, 3).float())

        logits = torch.randn(4, 3)
        target = torch.tensor([0, 2, 1, 1])
        opt = torch.compile(fn, backend="eager")
        for a, b in zip(opt(logits, target), fn(logits, target)):
            self.assertTrue(same(a, b))

    def test_cross_entropy_target_check_is_in_the_graph(self):
        # nanoGPT's loss: the target bounds check is an op, not a break.
        def fn(logits, targets):
            return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)

        logits = torch.randn(2, 3, 5)
        targets = torch.tensor([[1, 2, -1], [0, 4, 3]])
        e = torch._dynamo.explain(fn, logits, targets)
        self.assertEqual(e.graph_count, 1)
        self.assertEqual(e.graph_break_count, 0)
        opt = torch.compile(fn, backend="eager")
        self.assertTrue(same(opt(logits, targets), fn(logits, targets)))
        # The compiled graph raises what torch raises for a bad target.
        try:
            opt(logits, torch.tensor([[1, 2, 7], [0, 4, 3]]))
            self.fail("no error")
        except IndexError as err:
            self.assertEqual(str(err), "Target 7 is out of bounds.")


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
