# A generator that outlives the compiled frame (returned, or live across a
# graph break) is rebuilt as an iterator over its remaining items, run to its
# end at trace time. That is only right when its eager run, pulled later by
# the caller, would read nothing the caller can change first: a global, an
# attribute of an object from outside, a list or dict made before, or a cell
# it shares with the code around it. Reading one is a graph break (the frame
# runs eagerly), even when the frame had already read the same value (no new
# guard then). Whatever the frame does, the compiled call gives what eager gives.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter

gb = torch._dynamo.graph_break


class O:
    pass


o = O()
o.v = 1
L = [1, 2, 3]
D = {"a": 1}


def g_attr():
    yield 0
    yield o.v


def mk_cell():
    k = 1

    def gen():
        yield 0
        yield k

    def setk(v):
        nonlocal k
        k = v

    return gen, setk


g_cell, set_cell = mk_cell()


def g_list():
    for v in L:
        yield v


def g_dict():
    for key in D:
        yield key


def g_own():
    # reads only what it made itself: safe to run ahead
    for i in range(3):
        yield i * 2


def run_both(fn, before, after):
    # eager then compiled; `after` changes the world before the items are pulled
    out = []
    for f in (fn, torch.compile(fn, backend=CompileCounter())):
        before()
        r = f(torch.zeros(1))
        it = r[-1] if isinstance(r, tuple) else r
        after()
        out.append(list(it))
    return out


class GeneratorEscapeTests(torch._dynamo.test_case.TestCase):
    def setUp(self):
        o.v = 1
        L[:] = [1, 2, 3]
        set_cell(1)

    def test_escaping_reads_attribute_already_read(self):
        def f(x):
            n = o.v
            it = g_attr()
            next(it)
            return x + n, it

        def before():
            o.v = 1

        def after():
            o.v = 9

        eager, compiled = run_both(f, before, after)
        self.assertEqual(eager, [9])
        self.assertEqual(compiled, eager)

    def test_escaping_reads_shared_cell(self):
        def f(x):
            it = g_cell()
            next(it)
            return x + 1, it

        eager, compiled = run_both(f, lambda: set_cell(1), lambda: set_cell(9))
        self.assertEqual(eager, [9])
        self.assertEqual(compiled, eager)

    def test_escaping_over_global_list_read_in_frame(self):
        def f(x):
            it = g_list()
            x = x + next(it)
            return x, it

        def before():
            L[:] = [1, 2, 3]

        eager, compiled = run_both(f, before, lambda: L.append(7))
        self.assertEqual(eager, [2, 3, 7])
        self.assertEqual(compiled, eager)

    def test_escaping_over_global_dict(self):
        def f(x):
            it = g_dict()
            return x + len(D), it

        def before():
            D.clear()
            D["a"] = 1

        def after():
            D["b"] = 2

        # the generator had not started: its eager run iterates the grown dict
        eager, compiled = run_both(f, before, after)
        self.assertEqual(eager, ["a", "b"])
        self.assertEqual(compiled, eager)

    def test_live_across_break_over_list(self):
        def g():
            for v in L:
                yield v

        def f(x):
            it = g()
            x = x + next(it)
            gb()
            L.append(7)
            return x, list(it)

        L[:] = [1, 2, 3]
        eager = f(torch.zeros(1))[1]
        L[:] = [1, 2, 3]
        compiled = torch.compile(f, backend=CompileCounter())(torch.zeros(1))[1]
        self.assertEqual(eager, [2, 3, 7])
        self.assertEqual(compiled, eager)

    def test_live_across_break_closure_rebound(self):
        def f(x):
            k = 1

            def gk():
                yield 0
                yield k

            it = gk()
            next(it)
            gb()
            k = 5
            return list(it)

        self.assertEqual(f(torch.zeros(1)), [5])
        self.assertEqual(torch.compile(f, backend=CompileCounter())(torch.zeros(1)), [5])

    def test_escaping_generator_of_own_values_is_captured(self):
        cnt = CompileCounter()

        def f(x):
            it = g_own()
            next(it)
            return x + 1, it

        r, it = torch.compile(f, backend=cnt)(torch.zeros(1))
        self.assertEqual(list(it), [2, 4])
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 1)

    def test_consumed_in_frame_reads_are_guarded(self):
        # consumed inside the frame the reads are ordinary guarded reads: one graph
        cnt = CompileCounter()

        def f(x):
            return x + sum(g_list())

        cf = torch.compile(f, backend=cnt)
        L[:] = [1, 2, 3]
        self.assertEqual(cf(torch.zeros(1)).item(), 6.0)
        L.append(4)
        self.assertEqual(cf(torch.zeros(1)).item(), 10.0)
        self.assertEqual(cnt.frame_count, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
