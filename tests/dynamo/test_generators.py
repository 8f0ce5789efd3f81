# Generators under torch.compile. As in Dynamo: a frame of a generator
# function is never compiled (it runs as it is), and a generator function or
# generator expression called inside a traced frame is inlined, its yields
# collected into an iterator the trace goes on with (a generator whose body
# stores anywhere is a graph break instead: collected ahead of its consumer
# it would not match the eager program). nn.Module.parameters()
# and friends are generators, as in torch (inside a traced forward they are not
# traced yet: they read the module's __dict__, which the tracer cannot guard).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same


def pairs(xs):
    for i in range(len(xs) - 1):
        yield xs[i], xs[i + 1]


def scaled(xs, k):
    total = 0
    for x in xs:
        total = total + 1
        yield x * k
    return total


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)
        self.b = nn.Linear(4, 2)

    def forward(self, x):
        reg = sum(w.pow(2).sum() for w in (self.a.weight, self.b.weight))
        return self.b(torch.relu(self.a(x))).sum() + 0.01 * reg


class GeneratorTests(torch._dynamo.test_case.TestCase):
    def test_generator_expression_is_inlined(self):
        def fn(x, ws):
            return sum(w * x for w in ws), max(len(str(w)) for w in ws)

        x = torch.randn(3)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        got, want = opt(x, [1.0, 2.0, 3.5]), fn(x, [1.0, 2.0, 3.5])
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[1], want[1])
        self.assertEqual(cnt.frame_count, 1)
        e = torch._dynamo.explain(fn, x, [1.0, 2.0])
        self.assertEqual(e.graph_break_count, 0)

    def test_generator_function_is_inlined(self):
        def fn(a, b, c):
            out = [x - y for x, y in pairs([a, b, c])]
            g = scaled([a, b], 3)
            first = next(g)
            return out[0] + out[1], first, list(g)[0]

        a, b, c = torch.randn(2), torch.randn(2), torch.randn(2)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        for got, want in zip(opt(a, b, c), fn(a, b, c)):
            self.assertTrue(same(got, want))
        self.assertEqual(cnt.frame_count, 1)

    def test_generator_expression_in_forward(self):
        m = Net()
        x = torch.randn(5, 3)
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        self.assertTrue(same(opt(x), m(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(len(list(m.parameters())), 4)
        self.assertEqual([n for n, _ in m.named_parameters()], ['a.weight', 'a.bias', 'b.weight', 'b.bias'])

    def test_generator_function_frame_is_not_compiled(self):
        def gen(x, n):
            for i in range(n):
                yield x + i

        cnt = CompileCounter()
        opt = torch.compile(gen, backend=cnt)
        x = torch.ones(2)
        got = list(opt(x, 3))
        want = list(gen(x, 3))
        self.assertEqual(len(got), 3)
        for a, b in zip(got, want):
            self.assertTrue(same(a, b))
        self.assertEqual(cnt.frame_count, 0)

    def test_generator_argument_runs_eagerly(self):
        def fn(g, x):
            return x + next(g)

        def source():
            yield 1.0
            yield 2.0

        g = source()
        opt = torch.compile(fn, backend="eager")
        x = torch.zeros(2)
        self.assertTrue(same(opt(g, x), torch.ones(2)))
        # The generator advanced exactly once per call, as in eager.
        self.assertTrue(same(opt(g, x), torch.ones(2) * 2))

    def test_yield_from_is_inlined(self):
        def inner(x):
            yield x
            yield x * 2
            return x.sum()

        def outer(x):
            total = yield from inner(x)
            yield from [x * 3, x * 4]
            yield total

        def fn(x):
            return sum(outer(x)) + 1

        x = torch.randn(4)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt(x), fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        e = torch._dynamo.explain(fn, x)
        self.assertEqual(e.graph_break_count, 0)

    def test_generator_that_stores_runs_with_its_consumer(self):
        # Collected ahead of its consumer, this body's appends would be seen
        # too early and any() could not stop it: it is a graph break instead.
        def fn(x):
            acc = []

            def g():
                for i in range(3):
                    acc.append(i)
                    yield len(acc)

            out = [len(acc) * 10 + v for v in g()]
            hits = []

            def probe(i):
                hits.append(i)
                return i > 0

            found = any(probe(i) for i in range(5))
            return x + sum(out), out, hits, found

        opt = torch.compile(fn, backend="eager")
        got, want = opt(torch.zeros(1)), fn(torch.zeros(1))
        self.assertTrue(same(got[0], want[0]))
        self.assertEqual(got[1:], want[1:])
        self.assertEqual(got[1], [11, 22, 33])
        self.assertEqual(got[2], [0, 1])

    def test_short_circuit_any_in_compiled_frame(self):
        def fn(x, ks):
            if any(k > 2 for k in ks):
                return x + 1
            return x - 1

        x = torch.randn(3)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt(x, [1, 3]), x + 1))
        self.assertTrue(same(opt(x, [1, 2]), x - 1))
        self.assertEqual(cnt.frame_count, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
