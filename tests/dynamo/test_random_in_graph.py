# Random draws in a compiled frame stay in the graph, as Dynamo puts aten's
# random ops there: torch.rand/randn/randint/randperm/rand_like, F.dropout and
# nn.Dropout in training, x.uniform_/normal_/bernoulli_ (timm's DropPath). Each
# graph call draws from the generator when it runs, in the eager order, so
# under one seed the compiled results equal the eager ones, also for a draw
# whose value is unused; tracing itself draws nothing.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


def draws(x):
    a = torch.rand(2, 3)
    b = torch.randn(x.shape) * 0.1
    torch.rand(4)
    F.dropout(x, 0.2)
    c = torch.randint(0, 10, (3,))
    d = torch.rand_like(x)
    e = F.dropout(x, 0.5, training=True)
    g = torch.randperm(5)
    y = x.clone()
    y.uniform_(-1, 1)
    z = torch.empty(3).normal_(0, 2)
    keep = x.new_empty((x.shape[0], 1)).bernoulli_(0.7)
    return a.sum() + b + d + e + y + keep, c, g, z


class RandomInGraphTests(torch._dynamo.test_case.TestCase):
    def same_stream(self, fn, *args, calls=2):
        torch.manual_seed(7)
        expected = [fn(*args) for _ in range(calls)] + [torch.rand(3)]
        cnt = CompileCounter()
        compiled = torch.compile(fn, backend=cnt, fullgraph=True)
        torch.manual_seed(7)
        got = [compiled(*args) for _ in range(calls)] + [torch.rand(3)]
        self.assertTrue(same(got, expected))
        self.assertEqual(cnt.frame_count, 1)
        return cnt

    def test_draws_in_one_graph(self):
        self.same_stream(draws, torch.ones(2, 3), calls=3)

    def test_tracing_draws_nothing(self):
        torch.manual_seed(3)
        first = torch.rand(2)
        torch.manual_seed(3)
        torch.compile(lambda x: x + torch.rand(2), backend=CompileCounter())(torch.zeros(2))
        # The compiled call drew once, as an eager call would: the next draw is the second.
        torch.manual_seed(3)
        torch.rand(2)
        second = torch.rand(2)
        torch.manual_seed(3)
        torch.compile(lambda x: x + torch.rand(2), backend=CompileCounter())(torch.zeros(2))
        self.assertTrue(same(torch.rand(2), second))
        self.assertFalse(same(first, second))

    def test_dropout_module_in_training(self):
        m = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.3), nn.GELU(), nn.Dropout(0.1))
        m.train()
        self.same_stream(m, torch.ones(3, 4))
        m.eval()
        self.same_stream(m, torch.ones(3, 4))

    def test_drop_path(self):
        def drop_path(x, p=0.25):
            keep = 1 - p
            mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep)
            return x * mask.div_(keep)

        self.same_stream(drop_path, torch.ones(4, 2, 3), calls=4)

    def test_generator_argument_breaks(self):
        g = torch.Generator()

        def fn(x):
            return x + torch.rand(2, generator=g)

        cnt = CompileCounter()
        g.manual_seed(1)
        a = torch.compile(fn, backend=cnt)(torch.zeros(2))
        g.manual_seed(1)
        self.assertTrue(same(a, fn(torch.zeros(2))))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests
    run_tests()
