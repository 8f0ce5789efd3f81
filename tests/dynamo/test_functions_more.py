# More of what Dynamo's test_functions/test_misc trace in one graph: dict.update
# with keywords and with pairs, a defaultdict filled in the frame, sum(start=),
# n * [x], xs += (a, b), x.size(dim=)/x.stride(dim=), attributes stored on a
# function (fn.pred, itertools.chain.from_iterable), torch._dynamo.is_compiling(),
# torch._check; a nested function or lambda rebuilt on each call guarded on its
# code (no recompile per call); obj.__class__ = Other (a break, then seen),
# type(o).__mro__, a class's __getattr__ fallback, str()/repr() of user objects,
# hasattr on constants, dicts, sizes and functions (x.type(dtype)); CompileCounterWithBackend
# calling the backend it wraps; same() on infinities.
import collections
import itertools

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, CompileCounterWithBackend, EagerAndRecordGraphs, same


def flagged(x):
    return x + 1


flagged.pred = True


class FunctionsMoreTests(torch._dynamo.test_case.TestCase):
    def one_graph(self, fn, *args):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)
        return got

    def test_dict_update_kwargs_and_pairs(self):
        def fn(x):
            d = {"a": 2}
            d.update(b=4)
            d.update([("c", x + 1), ["e", 5]])
            d.update({"f": 1}, g=3)
            return x * d["a"] * d["b"] + d["c"] + d["e"] + d["f"] + d["g"]

        self.one_graph(fn, torch.ones(2))

    def test_defaultdict_in_frame(self):
        def fn(x):
            dd = collections.defaultdict(list)
            dd["a"].append(x)
            dd["b"] = [x + 1]
            dd["a"].append(x * 2)
            counts = collections.defaultdict(int)
            for k in ("u", "v", "u"):
                counts[k] += 1
            return sum(dd["a"]) + dd["b"][0] + counts["u"] * 10 + counts["v"]

        self.one_graph(fn, torch.ones(2))

    def test_sum_with_start(self):
        def fn(a, b, c):
            return sum([b, c], start=a) + sum((b, c), a)

        self.one_graph(fn, torch.ones(2), torch.ones(2) * 2, torch.ones(2) * 3)

    def test_list_repetition_and_iadd_tuple(self):
        def fn(x):
            xs = 3 * [x]
            ys = [x] * 2
            xs += (x + 1, x + 2)
            return torch.stack(xs + ys).sum(0)

        self.one_graph(fn, torch.ones(2))

    def test_size_and_stride_dim_keyword(self):
        def fn(x):
            return x * x.size(dim=1) + x.stride(dim=0)

        self.one_graph(fn, torch.ones(2, 3))

    def test_function_attributes(self):
        def fn(x):
            if flagged.pred:
                x = flagged(x)
            total = x
            for v in itertools.chain.from_iterable([[x, x], [1]]):
                total = total + v
            return total

        self.one_graph(fn, torch.ones(2))

    def test_is_compiling(self):
        def fn(x):
            if torch._dynamo.is_compiling() and torch.compiler.is_compiling():
                return x + 1
            return x - 1

        self.assertEqual(fn(torch.zeros(1)).tolist(), [-1.0])
        cnt = CompileCounter()
        self.assertEqual(torch.compile(fn, backend=cnt, fullgraph=True)(torch.zeros(1)).tolist(), [1.0])
        self.assertEqual(cnt.frame_count, 1)

    def test_torch_check(self):
        def fn(x):
            torch._check(x.shape[0] == 2)
            torch._check(x.dim() == 1, lambda: "need a vector")
            return x + 1

        self.one_graph(fn, torch.ones(2))
        with self.assertRaisesRegex(RuntimeError, "need a vector"):
            torch._check(False, lambda: "need a vector")
        with self.assertRaisesRegex(RuntimeError, "Expected cond to be True"):
            torch._check(False)
        with self.assertRaises(ValueError):
            torch._check_value(False)

    def test_nested_function_no_recompile(self):
        def forward(inp):
            def g(y):
                return inp + y

            h = lambda y: inp * y  # noqa: E731
            torch._dynamo.graph_break()
            return g(torch.ones(1)) + h(2)

        cnt = CompileCounter()
        f = torch.compile(forward, backend=cnt)
        for _ in range(3):
            self.assertTrue(same(f(torch.ones(2)), forward(torch.ones(2))))
        # One graph (after the break; nothing before it), compiled once.
        self.assertEqual(cnt.frame_count, 1)

    def test_closures_with_other_cells_still_right(self):
        def adder(n):
            def add(x):
                return x + n

            return add

        def fn(x, f):
            return f(x)

        cnt = CompileCounter()
        f = torch.compile(fn, backend=cnt)
        self.assertEqual(f(torch.zeros(1), adder(5)).tolist(), [5.0])
        self.assertEqual(f(torch.zeros(1), adder(5)).tolist(), [5.0])
        self.assertEqual(f(torch.zeros(1), adder(7)).tolist(), [7.0])
        self.assertEqual(cnt.frame_count, 2)

    def test_class_reassignment_is_seen(self):
        class Base:
            pass

        class Derived(Base):
            pass

        def fn(x, obj):
            x = x + 1
            obj.__class__ = Derived
            return x + (10 if isinstance(obj, Derived) else 20)

        obj = Base()
        got = torch.compile(fn, backend=CompileCounter())(torch.zeros(1), obj)
        self.assertEqual(got.tolist(), [11.0])
        self.assertIs(type(obj), Derived)

    def test_mro_and_bases(self):
        class A:
            pass

        class B(A):
            pass

        def fn(x, o):
            return x + len(type(o).__mro__) + len(B.__bases__) + (1 if type(o).__mro__[1] is A else 0)

        self.one_graph(fn, torch.zeros(1), B())

    def test_getattr_fallback(self):
        class Cfg:
            def __init__(self):
                self.known = 2

            def __getattr__(self, name):
                return 3 if name.startswith("auto_") else 0

        cfg = Cfg()

        def fn(x):
            return x * cfg.known + cfg.auto_scale + cfg.other

        self.one_graph(fn, torch.ones(1))

    def test_isinstance_with_keywords_raises(self):
        def fn(x):
            return isinstance(x, torch.Tensor, invalid=True)

        with self.assertRaises(TypeError):
            torch.compile(fn, backend=CompileCounter())(torch.ones(1))

    def test_str_and_repr_of_user_objects(self):
        class P:
            def __init__(self, v):
                self.v = v

            def __repr__(self):
                return f"P({self.v})"

        class Q(P):
            def __str__(self):
                return "Q!"

        p, q = P(3), Q(4)

        def fn(x):
            return x + len(repr(p) + str(p) + str(q) + repr(q))

        self.one_graph(fn, torch.zeros(1))

    def test_hasattr_on_constants_and_containers(self):
        def fn(x, d):
            n = 0
            n += 1 if hasattr(torch.float32, "is_floating_point") else 0
            n += 1 if hasattr(d, "items") else 0
            n += 1 if hasattr(x.shape, "_fields") else 0
            n += 1 if hasattr(flagged, "pred") else 0
            return x.type(torch.float64) + n

        self.one_graph(fn, torch.zeros(1), {"a": 1})

    def test_compile_counter_with_backend_records(self):
        backend = EagerAndRecordGraphs()
        cnt = CompileCounterWithBackend(backend)

        def fn(x):
            return x.sin() + 1

        torch.compile(fn, backend=cnt)(torch.ones(2))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(len(backend.graphs), 1)
        self.assertEqual(len(cnt.graphs), 1)

    def test_same_with_infinities(self):
        r = torch.tensor([float("-inf"), 1.0, float("inf")])
        self.assertTrue(same(r, r.clone()))
        self.assertFalse(same(r, -r))
        nan = torch.tensor([float("nan")])
        self.assertFalse(same(nan, nan))
        self.assertTrue(same(nan, nan, equal_nan=True))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests
    run_tests()
