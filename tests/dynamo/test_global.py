# Ports of PyTorch's test/dynamo/test_global.py (TestGlobals): stores to
# globals inside a compiled frame are replayed after the graph runs, in
# order, and a later read in the same frame sees the stored value.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

_variable = 0
_variable_2 = 0
g_counter = 1
g_list = [1, 2]
g_dict = {"a": 1}


def update_global(x):
    global _variable, _variable_2
    _variable += 1
    _variable_2 += 1
    return x * _variable


class Variable:
    def __init__(self, value):
        self.value = value


g_var = Variable(1)


class TestGlobals(torch._dynamo.test_case.TestCase):
    # test_global.py: test_store_global_1
    def test_store_global_1(self):
        def fn(x):
            global g_counter
            val = x + g_counter
            g_counter += 1
            return val

        x = torch.randn(10)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        res1 = opt_fn(x)
        res2 = fn(x)
        self.assertTrue(same(res2 - res1, torch.ones(10)))

    # test_store_global_2
    def test_store_global_2(self):
        def fn(x):
            global g_counter
            val = x + g_counter
            g_counter += 1
            g_counter += 1
            return val

        x = torch.randn(10)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        res1 = opt_fn(x)
        # Dynamo's test: the second call sees the global updated twice.
        res2 = fn(x)
        self.assertTrue(same(res2 - res1, 2 * torch.ones(10)))

    # test_store_global_new
    def test_store_global_new(self):
        def fn(x):
            # Test create a new global
            global g_counter_new
            g_counter_new = x + 1
            return x + g_counter_new

        x = torch.randn(10)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        res1 = opt_fn(x)
        self.assertTrue(same(res1, x + x + 1))
        self.assertTrue(same(g_counter_new, x + 1))

    # test_store_global_list
    def test_store_global_list(self):
        def fn(x):
            global g_list
            val = x + g_list[1]
            # Rebinding the global to a new list
            g_list = [x + 1, x + 2]
            return val

        x = torch.randn(10)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        res = opt_fn(x)
        self.assertTrue(same(res, x + 2))
        self.assertTrue(same(g_list[1], x + 2))

    # test_store_global_list_2
    def test_store_global_list_2(self):
        def fn(x):
            global g_list
            val = x + 1
            g_list = [x + 1, x + 2]
            return val

        x = torch.randn(10)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        res = opt_fn(x)
        self.assertTrue(same(res, x + 1))
        self.assertTrue(same(g_list, [x + 1, x + 2]))

    # test_store_global_inline_1: the store happens in an inlined function
    def test_store_global_inline_1(self):
        global _variable, _variable_2
        _variable = 0
        _variable_2 = 0

        def fn(x):
            return update_global(x) + 1

        x = torch.ones(3)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertTrue(same(opt_fn(x), x * 1 + 1))
        self.assertEqual(_variable, 1)
        self.assertEqual(_variable_2, 1)
        self.assertTrue(same(opt_fn(x), x * 2 + 1))
        self.assertEqual(_variable, 2)

    # test_store_global_inline_2: an attribute store on a global object
    def test_store_attr_global_object(self):
        def fn(x):
            g_var.value = g_var.value + 1
            return x * g_var.value

        x = torch.ones(2)
        cnts = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnts)(fn)
        self.assertTrue(same(opt_fn(x), x * 2))
        self.assertEqual(g_var.value, 2)
        self.assertTrue(same(opt_fn(x), x * 3))
        self.assertEqual(g_var.value, 3)

    # test_store_global_dict (a dict mutated through a global)
    def test_mutate_global_dict(self):
        def fn(x):
            g_dict["b"] = g_dict["a"] + 1
            return x + g_dict["b"]

        x = torch.ones(2)
        opt_fn = torch.compile(fn, backend="eager")
        self.assertTrue(same(opt_fn(x), x + 2))
        self.assertEqual(g_dict, {"a": 1, "b": 2})


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
