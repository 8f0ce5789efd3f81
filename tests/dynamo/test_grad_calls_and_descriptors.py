# Ports of upstream Dynamo tests on a user context manager that calls
# torch._C._set_grad_enabled itself (test_ctx_manager.py
# test_generic_context_manager and its graph-break variant: the call is a node
# even when it keeps the mode, unlike torch.no_grad()'s coalesced switches),
# property.__get__ (test_misc.py test_get_attr_function), sys.modules
# (test_misc.py test_sys_modules) and IntEnum bounds of a tensor slice
# (test_repros.py test_issue134451), a user __delattr__ (test_delattr_return)
# and inspect.signature of a bound method (test_chunk_reformer_ff).
import enum
import inspect
import sys

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class CustomizedCtxManager:
    def __init__(self, mode):
        self.prev = torch.is_grad_enabled()
        self.mode = mode

    def __enter__(self):
        torch._C._set_grad_enabled(self.mode)

    def __exit__(self, exc_type, exc_value, traceback):
        torch._C._set_grad_enabled(self.prev)


class Bounds(enum.IntEnum):
    _X = 0
    _Y = 1


class GradCallTests(torch._dynamo.test_case.TestCase):
    def test_generic_context_manager(self):
        def fn(x):
            with CustomizedCtxManager(True):
                x = x + 1
                if torch.is_grad_enabled():
                    x = x * 2
                x = torch.relu(x)
            return x - 1

        x = torch.rand(2, 3)
        cnts = CompileCounter()
        opt_fn = torch.compile(backend=cnts, fullgraph=True)(fn)
        with torch.no_grad():
            self.assertTrue(same(fn(x), opt_fn(x)))
            self.assertEqual(cnts.frame_count, 1)
            self.assertEqual(cnts.op_count, 6)
        with torch.enable_grad():
            self.assertTrue(same(fn(x), opt_fn(x)))
            self.assertEqual(cnts.frame_count, 2)
            self.assertEqual(cnts.op_count, 12)

    def test_no_grad_switches_still_coalesce(self):
        def fn(x):
            with torch.no_grad():
                y = x * 2
            return y + 1

        cnts = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
        x = torch.ones(3)
        with torch.no_grad():
            self.assertTrue(same(fn(x), opt_fn(x)))
        # no_grad() inside no_grad() changes nothing: no switch node
        self.assertEqual(cnts.op_count, 2)

    def test_get_attr_function(self):
        def fn(g, x):
            return g(x)

        class A:
            @property
            def p(self):
                return 5

        self.assertEqual(A.p.__get__(A()), 5)
        self.assertIs(A.p.__get__(None, A), A.p)
        x = torch.randn(4, 4)
        ref = fn(torch.Tensor.shape.__get__, x)
        self.assertEqual(ref, torch.Size([4, 4]))
        self.assertEqual(torch.compile(fn, backend="eager")(torch.Tensor.shape.__get__, x), ref)

    def test_sys_modules(self):
        def fn(x, y):
            mod_a = sys.modules.get("aaaaaaaa")
            assert mod_a is None
            assert "bbbbbbbb" not in sys.modules
            assert "operator" in sys.modules
            operator = sys.modules["operator"]
            builtins = sys.modules.get("builtins")
            operator2 = sys.modules.get("cccccccc", operator)
            return operator.add(x, y), operator2.neg(builtins.abs(x))

        import operator

        x, y = torch.randn(10), torch.randn(10)
        ref = fn(x, y)
        res = torch.compile(fn, backend="eager", fullgraph=True)(x, y)
        self.assertTrue(same(ref, res))

    def test_intenum_slice_bounds(self):
        def fn(t):
            return t[..., slice(Bounds._X, Bounds._Y + 1)] * 2

        self.assertTrue(isinstance(Bounds._X, int))
        t = torch.arange(6.0).reshape(2, 3)
        cnts = CompileCounter()
        self.assertTrue(same(fn(t), torch.compile(fn, backend=cnts)(t)))
        self.assertEqual(fn(t).tolist(), [[0.0, 2.0], [6.0, 8.0]])


class DelattrObject:
    def __init__(self, val):
        self.val = val
        self.deletion_attempted = False

    def __delattr__(self, attr):
        if attr == "val":
            self.deletion_attempted = True
        else:
            super().__delattr__(attr)


class DelattrTests(torch._dynamo.test_case.TestCase):
    # test_repros.py test_delattr_return: a user __delattr__ is inlined,
    # and object.__delattr__ through super() deletes.
    def test_delattr_return(self):
        def fn(x):
            a = DelattrObject(1)
            del a.val
            a.other = 2
            del a.other
            return x + 1, hasattr(a, "val"), a.deletion_attempted, hasattr(a, "other")

        x = torch.ones(1)
        cnts = CompileCounter()
        ref = fn(x)
        res = torch.compile(fn, backend=cnts, fullgraph=True)(x)
        self.assertEqual(ref[1:], res[1:])
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(res[1:], (True, True, False))
        self.assertEqual(cnts.frame_count, 1)

    def test_delattr_input_object(self):
        obj = DelattrObject(5)
        obj.extra = 3

        def fn(x, o):
            del o.extra
            del o.val
            return x * 2

        res = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2), obj)
        self.assertTrue(same(res, torch.ones(2) * 2))
        self.assertFalse(hasattr(obj, "extra"))
        self.assertEqual(obj.val, 5)
        self.assertTrue(obj.deletion_attempted)


def raises_type_error():
    raise TypeError("boom")


class NoContentFullgraphTests(torch._dynamo.test_case.TestCase):
    # test_sets.py test_binop_sub and the make_dynamo_test bodies: a frame
    # with no tensor op whose callee raises an exception the frame catches
    # runs eagerly under fullgraph=True, its callees too (no spurious
    # "Observed exception" from compiling the callee alone).
    def test_caught_callee_exception_without_ops(self):
        def fn(x):
            try:
                raises_type_error()
            except TypeError:
                pass
            s = {1, 2}
            try:
                s - 1
            except TypeError:
                pass
            self.assertRaises(TypeError, lambda: s - 1)
            return 3

        cnts = CompileCounter()
        old = torch._dynamo.config.enable_trace_unittest  # (as make_dynamo_test sets it)
        torch._dynamo.config.enable_trace_unittest = True
        try:
            self.assertEqual(torch.compile(fn, backend=cnts, fullgraph=True)(torch.zeros(1)), 3)
            self.assertEqual(torch.compile(fn, backend=cnts, fullgraph=True)(torch.zeros(1)), 3)
        finally:
            torch._dynamo.config.enable_trace_unittest = old
        self.assertEqual(cnts.frame_count, 0)

    def test_caught_callee_exception_with_op(self):
        def fn(x):
            y = x + 1
            try:
                raises_type_error()
            except TypeError:
                y = y * 2
            return y

        cnts = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnts, fullgraph=True)(torch.zeros(1)), torch.full((1,), 2.0)))
        self.assertEqual(cnts.frame_count, 1)


def apply_chunking(forward_fn, chunk_size, chunk_dim, *input_tensors):
    # Hugging Face's apply_chunking_to_forward, as model files call it
    num_args_in_forward_chunk_fn = len(inspect.signature(forward_fn).parameters)
    if num_args_in_forward_chunk_fn != len(input_tensors):
        raise ValueError("forward_chunk_fn expects a different number of tensors")
    if chunk_size > 0:
        num_chunks = input_tensors[0].shape[chunk_dim] // chunk_size
        chunks = tuple(t.chunk(num_chunks, dim=chunk_dim) for t in input_tensors)
        outs = tuple(forward_fn(*c) for c in zip(*chunks))
        return torch.cat(outs, dim=chunk_dim)
    return forward_fn(*input_tensors)


class FeedForward(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x, chunk_size=0):
        return apply_chunking(self.chunk, chunk_size, 1, x)

    def chunk(self, h):
        return torch.relu(self.lin(h)) * 2


class BoundMethodSignatureTests(torch._dynamo.test_case.TestCase):
    # test_repros.py test_chunk_reformer_ff: inspect.signature of a bound
    # method (getattr(method, '__signature__', None), method.__func__) is
    # traced in one frame.
    def test_chunk_reformer_ff(self):
        torch.manual_seed(0)
        mod = FeedForward()
        x = torch.arange(24.0).reshape(2, 3, 4) / 10
        for chunk_size in (0, 1):
            cnts = CompileCounter()
            res = torch.compile(mod, backend=cnts, fullgraph=True)(x, chunk_size)
            self.assertTrue(same(res, mod(x, chunk_size)))
            self.assertEqual(cnts.frame_count, 1)

    def test_bound_method_attributes(self):
        mod = FeedForward()

        def fn(x, m):
            f = m.chunk
            return f.__func__(f.__self__, x), f.__name__, hasattr(f, "__wrapped__")

        x = torch.ones(1, 4)
        ref = fn(x, mod)
        res = torch.compile(fn, backend="eager", fullgraph=True)(x, mod)
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(res[1:], ("chunk", False))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
