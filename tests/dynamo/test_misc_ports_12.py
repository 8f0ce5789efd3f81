# Ports and repros of the twelfth round: grad-mode managers restore the mode
# they replaced (a compiled frame entering set_grad_enabled past a graph break
# left grad mode off); a re-raise keeps an exception's __context__ (a cycle cut
# in nested handlers came out wrong when compiled); a module compiled with
# hooks of its own traces them with forward; an object whose class sets
# __hash__ = None used as a dict key raises CPython's TypeError in the trace;
# the harness's assertEqual treats NaN as equal, as torch's TestCase does.
# Mutations between calls that the guards missed: a torch.Tensor method or a
# torch.nn.functional function patched, a function's __code__ swapped, a
# write through globals() in the frame, and a read of an attribute after the
# frame deleted the instance's own.
import math

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


def _swap_a(x):
    return x + 1


def _swap_b(x):
    return x * 10


class _SwapO:
    def m(self, x):
        return x + 1


_swap_o = _SwapO()


def _swap_g(x):
    return _swap_a(x) + _swap_o.m(x)


class MiscPorts12(torch._dynamo.test_case.TestCase):
    def test_set_grad_enabled_entered_after_a_graph_break(self):
        # test_ctx_manager: the mode toggled eagerly first (torch._C), then a
        # manager made before a break and entered after it.
        torch._C._set_grad_enabled(False)
        torch._C._set_grad_enabled(True)

        def fn(x):
            x = x + 1
            ctx = torch.set_grad_enabled(True)
            torch._dynamo.graph_break()
            with ctx:
                x = x + 1
            return x

        fn(torch.zeros(2))
        self.assertTrue(torch.is_grad_enabled())
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertEqual(opt(torch.zeros(2)), torch.tensor([2.0, 2.0]))
        self.assertTrue(torch.is_grad_enabled())
        opt(torch.zeros(2))
        self.assertEqual(cnt.frame_count, 2)

    def test_grad_managers_keep_prev(self):
        # torch.set_grad_enabled(False) called as a statement many times,
        # then a manager: its exit restores the mode it replaced.
        def fn(x):
            for _ in range(3):
                torch.set_grad_enabled(False)
            with torch.enable_grad():
                y = x * 2
                inside = torch.is_grad_enabled()
            after = torch.is_grad_enabled()
            torch.set_grad_enabled(True)
            return y, inside, after

        for f in (fn, torch.compile(fn, backend="eager")):
            y, inside, after = f(torch.ones(2))
            self.assertEqual(y, torch.tensor([2.0, 2.0]))
            self.assertTrue(inside)
            self.assertFalse(after)
            self.assertTrue(torch.is_grad_enabled())
        ng = torch.no_grad()
        with ng:
            self.assertTrue(ng.prev)
            self.assertFalse(torch.is_grad_enabled())
        self.assertTrue(torch.is_grad_enabled())

    def test_context_cycle_cut_in_nested_handlers(self):
        A, B, C = AssertionError, BytesWarning, ConnectionError

        def f(t):
            try:
                try:
                    raise A
                except A as a_:
                    a = a_
                    try:
                        raise B
                    except B as b_:
                        b = b_
                        try:
                            raise C
                        except C as c_:
                            c = c_
                            raise a
            except A as e:
                exc = e
            return t.sin(), (exc is a, a.__context__ is c, c.__context__ is b, b.__context__ is None)

        self.assertEqual(f(torch.zeros(1))[1], (True, True, True, True))
        opt = torch.compile(f, backend="eager", fullgraph=True)
        self.assertEqual(opt(torch.zeros(1))[1], (True, True, True, True))

    def test_bare_raise_keeps_context(self):
        def f(t):
            try:
                try:
                    raise KeyError("k")
                except KeyError:
                    try:
                        raise ValueError("v")
                    except ValueError:
                        raise
            except ValueError as e:
                return t + 1, type(e.__context__).__name__

        self.assertEqual(torch.compile(f, backend="eager", fullgraph=True)(torch.zeros(1))[1], "KeyError")

    def test_compiled_module_traces_its_hooks(self):
        log = []

        def pre(module, args):
            log.append(("pre", torch.compiler.is_compiling()))
            return (args[0] * 2,)

        def post(module, args, out):
            log.append(("post", torch.compiler.is_compiling()))
            return out + 100

        torch.manual_seed(0)
        m = torch.nn.Linear(2, 2)
        h1 = m.register_forward_pre_hook(pre)
        h2 = m.register_forward_hook(post)
        cnt = CompileCounter()
        om = torch.compile(m, backend=cnt, fullgraph=True)
        x = torch.ones(1, 2)
        self.assertEqual(om(x), m(x))
        self.assertEqual(log, [("pre", True), ("post", True), ("pre", False), ("post", False)])
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 3))
        # A hook removed: the guard on the hook dict recompiles.
        h2.remove()
        self.assertEqual(om(x), torch.nn.functional.linear(x * 2, m.weight, m.bias))
        self.assertEqual(cnt.frame_count, 2)
        h1.remove()
        self.assertEqual(om(x), torch.nn.functional.linear(x, m.weight, m.bias))

    def test_unhashable_object_as_dict_key(self):
        class U:
            __hash__ = None

        def f(x):
            try:
                {U(): 1}
            except TypeError as e:
                return x + 1, str(e)
            return x, ""

        out, msg = torch.compile(f, backend="eager", fullgraph=True)(torch.zeros(1))
        self.assertEqual(msg, "unhashable type: 'U'")
        self.assertEqual(out, torch.ones(1))

    def test_assert_equal_nan(self):
        self.assertEqual(torch.tensor([math.nan, 1.0]), torch.tensor([math.nan, 1.0]))
        self.assertEqual(math.nan, math.nan)
        self.assertNotEqual(torch.tensor([math.nan]), torch.tensor([1.0]))

    def test_tensor_method_patched_between_calls(self):
        def g(x):
            return x.relu() + x.T.sum()

        cnt = CompileCounter()
        f = torch.compile(g, backend=cnt)
        x = torch.tensor([[-1.0, 1.0]])
        self.assertEqual(f(x), g(x))
        old = torch.Tensor.relu
        try:
            torch.Tensor.relu = lambda s: s * 5
            self.assertEqual(f(x), torch.tensor([[-5.0, 5.0]]))
        finally:
            torch.Tensor.relu = old
        self.assertEqual(f(x), torch.tensor([[0.0, 1.0]]))

    def test_functional_patched_under_a_module(self):
        m = torch.nn.ReLU()
        cnt = CompileCounter()
        f = torch.compile(lambda x: m(x), backend=cnt)
        x = torch.ones(3)
        self.assertEqual(f(x), x)
        old = torch.nn.functional.relu
        try:
            torch.nn.functional.relu = lambda t, inplace=False: t * 88
            self.assertEqual(f(x), x * 88)
        finally:
            torch.nn.functional.relu = old
        self.assertEqual(f(x), x)
        self.assertEqual(cnt.frame_count, 3)

    def test_settings_stores_do_not_recompile(self):
        # Only replacing a torch function or class moves GLOBAL_STATE: a
        # config flag, a new name on a torch module, or a class attribute of
        # a user class does not.
        def fn(x):
            return x + 1

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt)
        f(torch.ones(1))
        old = torch._dynamo.config.error_on_recompile
        torch._dynamo.config.error_on_recompile = True
        try:
            torch.nn.functional._misc_ports_12_flag = 1
            torch._dynamo.config.cache_size_limit = torch._dynamo.config.cache_size_limit
            f(torch.ones(1))
        finally:
            torch._dynamo.config.error_on_recompile = old
            del torch.nn.functional._misc_ports_12_flag
        self.assertEqual(cnt.frame_count, 1)

    def test_inlined_function_code_swapped(self):
        # (module-level functions: the frame reads them as globals)
        f = torch.compile(_swap_g, backend=CompileCounter())
        self.assertEqual(f(torch.ones(1)), torch.tensor([4.0]))
        _swap_a.__code__ = _swap_b.__code__
        self.assertEqual(f(torch.ones(1)), torch.tensor([12.0]))
        _SwapO.m.__code__ = (lambda self, x: x * 100).__code__
        self.assertEqual(f(torch.ones(1)), torch.tensor([110.0]))

    def test_write_through_globals_in_the_frame(self):
        def g(x):
            globals()["_K12"] = 5
            return x + _K12

        globals()["_K12"] = 1
        self.assertEqual(torch.compile(g, backend="eager")(torch.zeros(1)), torch.tensor([5.0]))
        self.assertEqual(globals()["_K12"], 5)

    def test_read_after_del_of_instance_attribute(self):
        class O:
            k = 100

        o = O()

        def g(x):
            o.k = 1
            v = o.k
            del o.k
            return x + v + o.k

        f = torch.compile(g, backend="eager")
        self.assertEqual(f(torch.zeros(1)), torch.tensor([101.0]))
        self.assertEqual(o.__dict__, {})
        o.k = 1

        def h(x):
            v = o.k
            del o.k
            return x + v + o.k

        self.assertEqual(torch.compile(h, backend="eager")(torch.zeros(1)), torch.tensor([101.0]))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
