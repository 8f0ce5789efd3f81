# Closure cells in a compiled frame: a nonlocal store through a function from
# outside (its cell written back: fn.__closure__[i].cell_contents = v, seen by
# the next eager call), a function made inside an inlined function returned
# with its own new cells (shared between closures that share them), attributes
# stored on a function made in the frame (functools.wraps' __wrapped__ and
# __name__, set again when it is returned); consecutive set_grad_enabled
# calls that undo each other dropped from the graph (Dynamo's cleanup_graph).
import functools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


def make_counter(start):
    x = start

    def counter():
        nonlocal x
        x = x + 1
        return x

    return counter


class ClosuresTests(torch._dynamo.test_case.TestCase):
    def test_nonlocal_store_through_outside_function(self):
        counter = make_counter(torch.zeros(2))
        cnt = CompileCounter()

        @torch.compile(backend=cnt, fullgraph=True)
        def fn(c):
            return c() + c()

        self.assertTrue(same(fn(counter), torch.full((2,), 3.0)))   # 1 + 2
        self.assertTrue(same(counter(), torch.full((2,), 3.0)))     # the cell holds 2: eager gives 3
        self.assertTrue(same(fn(counter), torch.full((2,), 9.0)))   # 4 + 5
        self.assertEqual(cnt.frame_count, 1)

    def test_nonlocal_int_and_tensor_in_nested_inlined(self):
        total = 0
        acc = torch.zeros(3)

        def bump(t):
            nonlocal total, acc
            total += 1
            acc = acc + t
            return total

        def fn(t):
            n = bump(t)
            n = bump(t * 2)
            return t * n

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertTrue(same(opt(torch.ones(3)), torch.full((3,), 2.0)))
        self.assertEqual(total, 2)
        self.assertTrue(same(acc, torch.full((3,), 3.0)))
        self.assertTrue(same(opt(torch.ones(3)), torch.full((3,), 4.0)))
        self.assertEqual(total, 4)

    def test_closure_made_in_inlined_function_returned(self):
        def outer(v):
            base = v * 2

            def get():
                return base + 1

            def set_(w):
                nonlocal base
                base = w

            return get, set_

        def fn(x):
            return outer(x)

        get, set_ = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2))
        self.assertTrue(same(get(), torch.full((2,), 3.0)))
        set_(torch.zeros(2))
        self.assertTrue(same(get(), torch.ones(2)))  # the two closures share the rebuilt cell

    def test_wraps_in_frame(self):
        def fn(x, y):
            def add(a, b):
                return a + b

            @functools.wraps(add)
            def wrapped(a, b):
                return add(a, b)

            return wrapped(x, y), wrapped

        out, w = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2), torch.ones(2))
        self.assertTrue(same(out, torch.full((2,), 2.0)))
        self.assertEqual(w.__name__, "add")
        self.assertEqual(w.__wrapped__.__name__, "add")

    def test_function_attribute_read_back(self):
        def fn(x):
            def f(t):
                return t + 1

            f.scale = 3
            f.__name__ = "renamed"
            return f(x) * f.scale, f.__name__

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2))
        self.assertTrue(same(got[0], torch.full((2,), 6.0)))
        self.assertEqual(got[1], "renamed")
        self.assertEqual(cnt.frame_count, 1)

    def test_hasattr_on_made_function_and_tensor(self):
        def fn(x):
            def f(t):
                return t * 2

            f.tag = "t"
            y = x + 1
            y.flag = True
            return (f(x), hasattr(f, "tag"), hasattr(f, "other"), getattr(f, "other", 7), hasattr(y, "flag"),
                    hasattr(x, "flag"))

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2))
        self.assertEqual(got[1:], (True, False, 7, True, False))
        self.assertEqual(cnt.frame_count, 1)

    def test_pair_helpers(self):
        def fn(a):
            return torch.zeros(torch.nn.modules.utils._pair(a.size(0))) + torch.ones(torch.nn.modules.utils._ntuple(3)(2)).sum()

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(3))
        self.assertTrue(same(got, torch.full((3, 3), 8.0)))
        self.assertEqual(cnt.frame_count, 1)

    def test_grad_toggles_collapse(self):
        def fn(param, y):
            prev = torch.is_grad_enabled()
            try:
                torch.set_grad_enabled(False)
                torch.set_grad_enabled(True)
                torch.set_grad_enabled(False)
                param.add_(y)
            finally:
                torch.set_grad_enabled(prev)

        y = torch.randn(4)
        p = torch.nn.Parameter(torch.randn(4))
        cnt = CompileCounter()
        torch.compile(fn, backend=cnt, fullgraph=True)(p, y)
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 3)  # set_grad_enabled(False), add_, set_grad_enabled(True)
        self.assertTrue(torch.is_grad_enabled())


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
