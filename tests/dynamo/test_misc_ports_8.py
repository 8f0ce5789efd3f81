# Ports from upstream test_generator.py (TestGeneratorThrow onward) and
# test_misc.py: a suspended local generator is closed when the frame
# returns (its finally runs), yield from an iterator object forwards
# throw/close, a bound method is never None, hasattr and __class__ of
# containers, device= of factories stays in the graph, PEP 479's __cause__.
import torch
import torch._dynamo
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter

Z = [0]


class MiscPorts8(torch._dynamo.test_case.TestCase):
    def test_suspended_generator_closed_at_return(self):
        def whoo(t):
            Z[0] = 0
            try:
                Z[0] += 1
                yield t.sin()
            except RuntimeError:
                Z[0] += 100
                yield t.cos()
            finally:
                Z[0] += 1000

        def fn(t):
            gen = whoo(t)
            a = next(gen)
            b = gen.throw(RuntimeError)
            return a + b

        def fn_plain(t):
            gen = whoo(t)
            return next(gen) * 2

        t = torch.zeros(2)
        for f, z in ((fn, 1101), (fn_plain, 1001)):
            cnt = CompileCounter()
            res = torch.compile(f, backend=cnt, fullgraph=True)(t)
            self.assertEqual(Z[0], z)
            self.assertEqual(res, f(t))
            self.assertEqual(cnt.frame_count, 1)

    def test_generator_left_by_break_closed(self):
        log = []

        def gen():
            try:
                log.append("start")
                yield 1
                yield 2
            finally:
                log.append("fin")

        def fn(x):
            for v in gen():
                break
            return x + v

        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(1))
        self.assertEqual(log, ["start", "fin"])
        self.assertEqual(res, torch.ones(1))

    def test_returned_generator_not_closed(self):
        log = []

        def gen(t):
            try:
                yield t + 1
                yield t + 2
            finally:
                log.append("closed")

        def fn(t):
            g = gen(t)
            first = next(g)
            return first, g

        first, g = torch.compile(fn, backend="eager")(torch.zeros(1))
        self.assertEqual(log, [])
        self.assertEqual(first, torch.ones(1))
        self.assertEqual(next(g), torch.full((1,), 2.0))

    def test_yield_from_iterator_object_throw_close(self):
        class Delegating:
            def __init__(self, log):
                self.log = log

            def __iter__(self):
                return self

            def __next__(self):
                return 1

            def throw(self, typ, val=None, tb=None):
                self.log.append("throw")
                return 2

            def close(self):
                self.log.append("close")

        def outer(log):
            yield from Delegating(log)

        def fn_throw(t):
            log = []
            g = outer(log)
            next(g)
            return t + g.throw(ValueError), log

        def fn_close(t):
            log = []
            g = outer(log)
            next(g)
            g.close()
            return t + 1, log

        t = torch.zeros(1)
        for f in (fn_throw, fn_close):
            self.assertEqual(torch.compile(f, backend="eager", fullgraph=True)(t), f(t))
        self.assertEqual(fn_throw(t)[1], ["throw", "close"])

    def test_bound_method_is_not_none(self):
        def gen():
            try:
                yield 1
            except ValueError:
                yield 2

        def fn(x):
            g = gen()
            next(g)
            m = g.throw
            if m is None or x.add is None:
                return x
            return x + m(ValueError)

        cnt = CompileCounter()
        self.assertEqual(torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(1)), torch.full((1,), 2.0))

    def test_hasattr_and_class_of_containers(self):
        def fn(x, xs, tup):
            a = hasattr([x], "foo"), hasattr((x, x), "foo"), hasattr([x], "__len__"), hasattr(range(3), "start")
            return x + 1, a, xs.__class__([v + 1 for v in xs]), tup.__class__(v * 2 for v in tup)

        x = torch.ones(2)
        args = (x, [x, x], (x,))
        res = torch.compile(fn, backend="eager", fullgraph=True)(*args)
        self.assertEqual(res, fn(*args))
        self.assertEqual(res[1], (False, False, True, True))
        self.assertIsInstance(res[2], list)
        self.assertIsInstance(res[3], tuple)

    def test_factories_with_device_of_input_one_graph(self):
        def fn(x):
            a = torch.empty(2, device=x.device).fill_(1)
            b = torch.zeros(2, device=x.device, dtype=x.dtype)
            c = torch.rand(2, device=x.device) * 0
            d = torch.randn(2, device="cpu") * 0
            return x + a + b + c + d

        cnt = CompileCounter()
        x = torch.ones(2)
        self.assertEqual(torch.compile(fn, backend=cnt, fullgraph=True)(x), torch.full((2,), 2.0))
        self.assertEqual(cnt.frame_count, 1)

    def test_storage_offset_and_data_ptr_break(self):
        def fn(x):
            y = x * 2
            return y + x.storage_offset(), x.data_ptr() == x.data_ptr()

        b = torch.arange(6.0)
        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(b[3:5]), fn(b[3:5]))

    def test_pep479_cause_in_trace(self):
        def gen():
            yield 1
            raise StopIteration("inner")

        def fn(x):
            try:
                list(gen())
            except RuntimeError as e:
                return x + 1, type(e.__cause__).__name__, str(e)
            return x, None, None

        x = torch.zeros(1)
        res = torch.compile(fn, backend="eager")(x)
        self.assertEqual(res, fn(x))
        self.assertEqual(res[1], "StopIteration")

    def test_allow_in_graph_and_disallow(self):
        @torch._dynamo.allow_in_graph
        def helper(x):
            return x * 3

        def plain(x):
            return x - 1

        disallowed = torch._dynamo.disallow_in_graph(plain)

        def fn(x):
            return disallowed(helper(x)) + 1

        cnt = CompileCounter()
        self.assertEqual(torch.compile(fn, backend=cnt)(torch.ones(2)), torch.full((2,), 3.0))
        self.assertEqual(cnt.frame_count, 2)

    def test_tee_in_trace(self):
        import itertools

        def fn(x):
            a, b = itertools.tee(iter([x, x + 1, x + 2]))
            next(a)
            return [v * 2 for v in a], [v for v in b]

        x = torch.zeros(1)
        self.assertEqual(torch.compile(fn, backend="eager", fullgraph=True)(x), fn(x))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
