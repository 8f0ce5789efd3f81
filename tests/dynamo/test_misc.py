# Ports of PyTorch's test/dynamo/test_misc.py (MiscTests) that capture one
# whole graph per frame: boolean and packed arguments, config objects read
# through attributes, closures, containers, constants folded at trace time,
# recompiles on a changed constant, fullgraph errors.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same, standard_test


class Cfg:
    def __init__(self):
        self.val = 0.5
        self.count = 3


class MiscTests(torch._dynamo.test_case.TestCase):
    # test_misc.py: test_boolarg
    def test_boolarg(self):
        def boolarg(aa, bb, flag):
            if flag:
                return aa - bb
            else:
                return bb - aa

        a = torch.randn(10, 10)
        b = torch.randn(10, 10)
        correct1 = boolarg(a, b, True)
        correct2 = boolarg(a, b, False)
        correct3 = boolarg(a, b, None)
        counter = CompileCounter()
        opt_boolarg = torch._dynamo.optimize_assert(counter)(boolarg)
        val1 = opt_boolarg(a, b, True)
        val2 = opt_boolarg(a, b, False)
        val3 = opt_boolarg(a, b, None)
        val4 = opt_boolarg(a, b, True)
        self.assertTrue(same(val1, correct1))
        self.assertTrue(same(val2, correct2))
        self.assertTrue(same(val3, correct3))
        self.assertTrue(same(val4, correct1))
        self.assertEqual(counter.frame_count, 3)

    # test_callpacked
    def test_callpacked(self):
        def call_packed(args):
            a, b, c = args
            return a - b * c

        counter = CompileCounter()
        a = torch.randn(10, 10)
        b = torch.randn(10, 10)
        c = torch.randn(10, 10)
        correct = call_packed([a, b, c])
        opt_call_packed = torch._dynamo.optimize_assert(counter)(call_packed)
        val1 = opt_call_packed([a, b, c])
        val2 = opt_call_packed((a, b, c))
        val3 = opt_call_packed([a, b, c])
        val4 = opt_call_packed((a, b, c))
        self.assertTrue(same(val1, correct))
        self.assertTrue(same(val2, correct))
        self.assertTrue(same(val3, correct))
        self.assertTrue(same(val4, correct))
        self.assertEqual(counter.frame_count, 2)

    # test_inplace (torch.empty is not in standin's op table: torch.zeros stands in)
    def test_inplace(self):
        def inplace1(a, b):
            o = torch.zeros((10, 10))
            o.copy_(a)
            o -= b
            return o

        standard_test(self, inplace1, 2, expected_ops=3)

    # test_config_obj
    def test_config_obj(self):
        def fn(x, cfg):
            for i in range(cfg.count):
                x = x + cfg.val
            return x

        cfg1 = Cfg()
        cfg1.val = 1.0
        cfg2 = Cfg()
        v = torch.zeros(1)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        v = opt_fn(v, cfg1)  # 3
        v = opt_fn(v, cfg2)  # 4.5
        cfg2.count = 1
        v = opt_fn(v, cfg2)  # 5
        cfg2.val = 2.0
        v = opt_fn(v, cfg2)  # 7
        self.assertEqual(v[0], 7)
        self.assertEqual(cnts.op_count, 8)

    # test_closure
    def test_closure(self):
        def make_adder(y):
            def add(x):
                return x + y
            return add

        cnts = CompileCounter()
        x = torch.ones(4)
        add3 = torch._dynamo.optimize(cnts)(make_adder(3))
        add5 = torch._dynamo.optimize(cnts)(make_adder(5))
        self.assertTrue(same(add3(x), x + 3))
        self.assertTrue(same(add5(x), x + 5))
        self.assertTrue(same(add3(x), x + 3))
        self.assertEqual(cnts.frame_count, 2)

    # test_tuple_mul
    def test_tuple_mul(self):
        def fn(count):
            head_mask = count * (None,) * count
            return head_mask

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertEqual(opt_fn(2), (None,) * 4)
        self.assertEqual(cnts.frame_count, 0)
        self.assertEqual(cnts.op_count, 0)

    # test_list_mul
    def test_list_mul(self):
        def fn(count):
            head_mask = count * [None] * count
            return head_mask

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertEqual(opt_fn(2), [None] * 4)
        self.assertEqual(cnts.frame_count, 0)

    # test_user_getattr1
    def test_user_getattr1(self):
        def fn(cfg, x, y):
            return x + y + cfg.offset

        x = torch.randn(10)
        cfg = Cfg()
        cfg.offset = 5
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertTrue(same(opt_fn(cfg, x, x), 2 * x + 5))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, 2)

    # test_dict_mutation_side_effect
    def test_dict_mutation_side_effect(self):
        def fn(d):
            d["c"] = d["a"] + d.pop("b")
            return d

        args1 = {"a": torch.randn(10), "b": torch.randn(10)}
        args2 = dict(args1)
        self.assertTrue(fn(args1) is args1)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertIs(opt_fn(args2), args2)
        self.assertTrue(same(args1, args2))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, 1)

    # test_list_mutation (a list built in the frame, mutated, returned)
    def test_list_side_effect(self):
        def fn(xs, y):
            xs.append(y * 2)
            xs[0] = xs[0] + 1
            return len(xs)

        a = [torch.ones(2)]
        b = [torch.ones(2)]
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertEqual(fn(a, torch.ones(2)), opt_fn(b, torch.ones(2)))
        self.assertTrue(same(a, b))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, 2)

    # test_const_dict_variable_python_type
    def test_dict_iteration(self):
        def fn(d, x):
            out = x
            for k, v in d.items():
                out = out + v * len(k)
            return out

        d = {"a": torch.ones(3), "bb": torch.ones(3)}
        x = torch.zeros(3)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertTrue(same(opt_fn(d, x), fn(d, x)))
        self.assertEqual(cnts.frame_count, 1)
        self.assertEqual(cnts.op_count, 4)

    # test_recompile_on_global_change (test_misc.py: test_global_state_guard / constants)
    def test_constant_recompile(self):
        def fn(x, n):
            return x * n

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        x = torch.ones(2)
        for n in [1, 2, 1, 2, 3]:
            self.assertTrue(same(opt_fn(x, n), x * n))
        self.assertEqual(cnts.frame_count, 3)

    # test_fullgraph: a graph break under nopython raises Unsupported
    def test_nopython_raises(self):
        def fn(x):
            print("side effect")
            return x + 1

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts, nopython=True)(fn)
        with self.assertRaises(torch._dynamo.exc.Unsupported):
            opt_fn(torch.ones(2))
        self.assertEqual(cnts.frame_count, 0)

    # test_is_compiling
    def test_is_compiling(self):
        def f(x):
            if torch.compiler.is_compiling():
                return x + 1
            return x - 1

        x = torch.ones(2)
        self.assertTrue(same(f(x), x - 1))
        self.assertTrue(same(torch.compile(f, backend="eager")(x), x + 1))

    # test_numel / test_size_attr
    def test_size_ops(self):
        def fn(x):
            s = x.size()
            return x.view(s[0] * s[1]) * x.numel() + len(s)

        standard_test(self, fn, 1, expected_ops=3)

    # test_inline_closure_not_loaded_by_frame
    def test_nested_closure(self):
        def outer(x):
            y = x + 1

            def inner(z):
                return z * y

            return inner(x) + inner(y)

        standard_test(self, outer, 1, expected_ops=4)

    # test_return_nested_function (a closure returned: the frame runs eagerly)
    def test_return_closure_falls_back(self):
        def fn(x):
            def inner():
                return x + 1
            return inner

        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt_fn(x)(), x + 1))
        self.assertEqual(cnts.frame_count, 0)

    # test_exception_in_compiled_fn: the eager error reaches the caller
    def test_shape_error_same_as_eager(self):
        def fn(a, b):
            return a + b

        opt_fn = torch.compile(fn, backend="eager")
        msg = None
        try:
            fn(torch.ones(2), torch.ones(3))
        except RuntimeError as e:
            msg = str(e)
        with self.assertRaisesRegex(RuntimeError, msg):
            opt_fn(torch.ones(2), torch.ones(3))
        self.assertTrue(same(opt_fn(torch.ones(2), torch.ones(2)), torch.ones(2) * 2))

    # test_user_raise: a user `raise` inside the compiled function
    def test_user_raise(self):
        def fn(x, bad):
            if bad:
                raise KeyError("bad input")
            return x + 1

        opt_fn = torch.compile(fn, backend="eager")
        with self.assertRaisesRegex(KeyError, "bad input"):
            opt_fn(torch.ones(2), True)
        self.assertTrue(same(opt_fn(torch.ones(2), False), torch.ones(2) + 1))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
