# Model building blocks that Dynamo captures in one graph and standin used to
# break on: F.embedding / nn.Embedding (its range check needed .item()),
# masked_fill with a 0-d tensor value, torch._assert on static shapes, and an
# embedding block with position_ids buffers. Out-of-range indices still raise
# embedding's IndexError from the compiled call.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(10, 4, padding_idx=0)
        self.pos = nn.Embedding(8, 4)
        self.norm = nn.LayerNorm(4)
        self.register_buffer("position_ids", torch.arange(8).expand((1, -1)))

    def forward(self, ids):
        n = ids.shape[1]
        torch._assert(n <= 8, "sequence too long")
        return self.norm(self.word(ids) + self.pos(self.position_ids[:, :n]))


class OneGraphTests(torch._dynamo.test_case.TestCase):
    def one_graph(self, fn, *args):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)
        return cnt

    def test_functional_embedding(self):
        w = torch.arange(12.0).reshape(6, 2)

        def fn(ids):
            return F.embedding(ids, w) * 2 + F.embedding(ids, w, padding_idx=0)

        self.one_graph(fn, torch.tensor([[1, 5], [0, 3]]))

    def test_embedding_module_block(self):
        m = Embeddings()
        cnt = self.one_graph(m, torch.tensor([[1, 2, 3], [4, 0, 0]]))
        self.assertGreater(cnt.op_count, 3)

    def test_embedding_index_out_of_range_raises(self):
        e = nn.Embedding(4, 2)

        def fn(ids):
            return e(ids) + 1

        f = torch.compile(fn, backend=CompileCounter())
        f(torch.tensor([0, 3]))
        for bad in ([4], [-1]):
            with self.assertRaisesRegex(IndexError, "index out of range in self"):
                f(torch.tensor(bad))

    def test_masked_fill_with_a_tensor_value(self):
        def fn(scores, mask):
            return F.softmax(scores.masked_fill(mask, torch.tensor(float("-inf"))), dim=-1)

        mask = torch.tensor([[False, True, True], [False, False, True]])
        self.one_graph(fn, torch.arange(6.0).reshape(2, 3), mask)

    def test_masked_fill_value_must_be_0d(self):
        x = torch.ones(2)
        with self.assertRaisesRegex(RuntimeError, "only supports a 0-dimensional value tensor"):
            x.masked_fill(torch.tensor([True, False]), torch.tensor([1.0]))

    def test_torch_assert_failing_raises(self):
        def fn(x):
            torch._assert(x.shape[0] == 3, "need three rows")
            return x + 1

        f = torch.compile(fn, backend=CompileCounter())
        self.assertEqual(f(torch.zeros(3)).tolist(), [1.0, 1.0, 1.0])
        with self.assertRaisesRegex(AssertionError, "need three rows"):
            f(torch.zeros(2))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests
    run_tests()
