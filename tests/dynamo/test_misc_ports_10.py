# Ports and repros of the tenth round: a graph break inside a function
# wrapped by torch.no_grad()(fn) resumes the caller compiled (the wrapper,
# a closure made by torch's code, is rebuilt with its module's globals);
# sets of tuples and dict-items views compared in the trace (hash() of a
# tuple, `is` between two tuples the trace built); a dict subclass compared
# with a dict; Tensor._grad as Tensor.grad; a class's __bases__ changed
# between calls recompiles.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class SimpleDict(dict):
    pass


class MiscPorts10(torch._dynamo.test_case.TestCase):
    def test_graph_break_in_no_grad_wrapped_function(self):
        log = []

        def fn(x):
            x = x + 1
            torch._dynamo.graph_break()
            log.append(("inner", torch.compiler.is_compiling(), torch.is_grad_enabled()))
            return x + 2

        def gn(x):
            x = torch.no_grad()(fn)(x)
            log.append(("outer", torch.compiler.is_compiling(), torch.is_grad_enabled()))
            return x * 2

        cnt = CompileCounter()
        got = torch.compile(gn, backend=cnt)(torch.zeros(3))
        self.assertEqual(got, torch.full((3,), 6.0))
        self.assertEqual(log, [("inner", True, False), ("outer", True, True)])
        # gn up to the call, fn's two halves, gn's rest
        self.assertEqual(cnt.frame_count, 3)

    def test_graph_break_in_decorated_no_grad_method(self):
        class M:
            @torch.no_grad()
            def step(self, x):
                y = x * 3
                torch._dynamo.graph_break()
                return y + 1

        m = M()

        def gn(x):
            y = m.step(x)
            return y - 1, torch.compiler.is_compiling()

        got = torch.compile(gn, backend="eager")(torch.ones(2))
        self.assertEqual(got, (torch.full((2,), 3.0), True))

    def test_set_of_tuples_and_items_views(self):
        def fn(x):
            a = {("a", 1), ("b", 2)} == {("b", 2), ("a", 1)}
            b = {"a": 1}.items() <= {"a": 1, "b": 2}.items()
            c = {"a": 1, "b": 3}.items() <= {"a": 1, "b": 2}.items()
            d = ("a", 1) in {("a", 1)}
            e = len({(1, 2), (1, 2), (2, 1)})
            return x + 1, a, b, c, d, e, hash((1, "a")) == hash((1, "a"))

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(1))
        self.assertEqual(got, fn(torch.zeros(1)))
        self.assertEqual(got[1:], (True, True, False, True, 2, True))

    def test_tuple_with_tensor_in_set(self):
        def fn(x):
            s = {(x, 1), (x, 1)}
            return x + len(s)

        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.zeros(1))
        self.assertEqual(got, torch.ones(1))

    def test_dict_subclass_equals_dict(self):
        def fn(x, d):
            return x + 1, SimpleDict({"a": 1}) == {"a": 1}, d == {"a": 1}, {"a": 2} != d

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        self.assertEqual(opt(torch.zeros(1), SimpleDict(a=1)), (torch.ones(1), True, True, True))
        self.assertEqual(opt(torch.zeros(1), SimpleDict(a=2)), (torch.ones(1), True, False, False))

    def test_underscore_grad_is_grad(self):
        def fn(x, y):
            x._grad = y + 1
            y.grad = x + 2
            return x.grad, y._grad

        for f in (fn, torch.compile(fn, backend="eager")):
            x = torch.ones(2, requires_grad=True)
            y = torch.ones(2, requires_grad=True)
            gx, gy = f(x, y)
            self.assertEqual(gx, torch.full((2,), 2.0))
            self.assertEqual(gy, torch.full((2,), 3.0))

    def test_bases_assignment_recompiles(self):
        class Scale:
            def apply(self, x):
                return x * 2

        class Shift:
            def apply(self, x):
                return x - 3

        class Layer(Scale):
            pass

        class Deep(Layer):
            pass

        obj = Deep()

        def fn(x):
            return obj.apply(x), isinstance(obj, Shift)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        self.assertEqual(opt(x), (x * 2, False))
        Layer.__bases__ = (Shift,)
        self.assertEqual(opt(x), (x - 3, True))
        Layer.__bases__ = (Scale, Shift)
        self.assertEqual(opt(x), (x * 2, True))
        self.assertEqual(cnt.frame_count, 3)
        self.assertEqual(opt(x), (x * 2, True))
        self.assertEqual(cnt.frame_count, 3)

    def test_failing_assert_in_the_trace(self):
        def fn(x, n):
            try:
                assert x.shape[0] <= n, f"length must be <= {n}, got {x.shape[0]}"
            except AssertionError as e:
                return x - 1, str(e)
            return x + 1, ""

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        self.assertEqual(opt(torch.ones(3), 4), (torch.full((3,), 2.0), ""))
        self.assertEqual(opt(torch.ones(3), 2), (torch.zeros(3), "length must be <= 2, got 3"))
        self.assertEqual(cnt.frame_count, 2)

        def bare(x):
            assert x.dim() == 2
            return x

        with self.assertRaises(AssertionError):
            torch.compile(bare, backend="eager")(torch.ones(3))

    def test_errors_raised_in_the_trace_are_caught(self):
        def f_name(x):
            try:
                undefined_name_xyz
            except NameError as e:
                return x + 1, str(e)

        def f_attr(x):
            try:
                (5).pop()
            except AttributeError as e:
                return x + 2, str(e)

        def f_raise_str(x):
            try:
                raise "a string"
            except TypeError as e:
                return x + 3, str(e)

        def f_except_nonclass(x):
            try:
                try:
                    raise ValueError
                except "not a class":
                    pass
            except TypeError as e:
                return x + 4, str(e)

        def f_ops(x, n):
            out = []
            for op in (lambda: +n, lambda: -n, lambda: 1 in n):
                try:
                    op()
                    out.append("no error")
                except TypeError:
                    out.append("TypeError")
            return x + 5, out

        x = torch.zeros(1)
        for f in (f_name, f_attr, f_raise_str, f_except_nonclass):
            self.assertEqual(torch.compile(f, backend="eager", fullgraph=True)(x), f(x))
        self.assertEqual(torch.compile(f_ops, backend="eager", fullgraph=True)(x, None), f_ops(x, None))

    def test_name_defined_later_recompiles(self):
        def fn(x):
            try:
                return x + later_global_xyz
            except NameError:
                return x - 1

        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([-1.0]))
        globals()["later_global_xyz"] = 10
        try:
            self.assertEqual(opt(torch.zeros(1)), torch.tensor([10.0]))
        finally:
            del globals()["later_global_xyz"]
        self.assertEqual(opt(torch.zeros(1)), torch.tensor([-1.0]))

    def test_compile_inside_compiled_frame_is_ignored(self):
        def gn(x):
            return 2 * x

        def outer(x):
            return torch.compile(gn, backend="eager")(x) + 1

        cnt = CompileCounter()
        got = torch.compile(outer, backend=cnt, fullgraph=True)(torch.ones(2))
        self.assertEqual(got, torch.full((2,), 3.0))
        self.assertEqual(cnt.frame_count, 1)

    def test_tensor_dict_key_lookup_is_guarded(self):
        p1 = torch.nn.Parameter(torch.ones(1))
        p2 = torch.nn.Parameter(torch.ones(1))
        state = {p1: torch.tensor([1.0]), p2: torch.tensor([7.0])}
        a = torch.ones(1)
        b = torch.ones(1) * 2
        keyed = {a: 10}

        def fn(p):
            return state[p] * 1

        def gn(x):
            return x + keyed.get(x, -1), x in keyed

        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(p1), torch.tensor([1.0]))
        self.assertEqual(opt(p2), torch.tensor([7.0]))
        self.assertEqual(opt(p1), torch.tensor([1.0]))
        opt_g = torch.compile(gn, backend="eager")
        self.assertEqual(opt_g(a), (torch.tensor([11.0]), True))
        self.assertEqual(opt_g(b), (torch.tensor([1.0]), False))

    def test_optimizer_state_per_parameter(self):
        w1 = torch.nn.Parameter(torch.ones(2))
        w2 = torch.nn.Parameter(torch.ones(2))
        opt = torch.optim.SGD([w1, w2], lr=0.1, momentum=0.9)
        opt.state[w1]["momentum_buffer"] = torch.full((2,), 1.0)
        opt.state[w2]["momentum_buffer"] = torch.full((2,), 5.0)

        def buf(p):
            return opt.state[p]["momentum_buffer"] + 0

        cbuf = torch.compile(buf, backend="eager")
        self.assertEqual(cbuf(w1), torch.full((2,), 1.0))
        self.assertEqual(cbuf(w2), torch.full((2,), 5.0))

    def test_caught_attribute_error_is_guarded(self):
        class M(torch.nn.Module):
            def forward(self, x):
                try:
                    n = self.calls
                except AttributeError:
                    n = 0
                self.calls = n + 1
                return x * self.calls

        class Plain:
            pass

        m = M()
        cm = torch.compile(m, backend="eager")
        x = torch.ones(1)
        self.assertEqual([cm(x), cm(x), cm(x)], [x, x * 2, x * 3])
        self.assertEqual(m.calls, 3)

        o = Plain()

        def fn(x):
            try:
                return x + o.value
            except AttributeError:
                return x - 1

        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(x), torch.zeros(1))
        o.value = 5
        self.assertEqual(opt(x), torch.full((1,), 6.0))
        del o.value
        self.assertEqual(opt(x), torch.zeros(1))

    def test_data_descriptor_without_class_branch(self):
        # A descriptor whose __get__ does not handle obj=None: the guards
        # read it from the class dict, never calling __get__(None, cls).
        class Log:
            def __init__(self):
                self.writes = []

            def __get__(self, obj, typ=None):
                return obj.__dict__.get("v", 0)

            def __set__(self, obj, v):
                self.writes.append(v)
                obj.__dict__["v"] = v

        class C:
            v = Log()

        c = C()

        def fn(x):
            c.v = 5
            return x * c.v

        opt = torch.compile(fn, backend="eager")
        self.assertEqual(opt(torch.ones(1)), torch.full((1,), 5.0))
        self.assertEqual(opt(torch.ones(1)), torch.full((1,), 5.0))
        self.assertEqual(C.__dict__["v"].writes, [5, 5])


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
