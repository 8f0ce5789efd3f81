# __new__ in a compiled frame (a Python __new__ inlined, __init__ run on what
# it returns when that is an instance of the class, object.__new__ and
# super().__new__ making a bare object), Python attributes stored on tensors
# (an input's replayed after the graph, a graph output's too; reads later in
# the frame see them), id() of an input tensor (ID_MATCH-guarded), x.data,
# torch._utils.is_compiling, torch.overrides.is_tensor_like,
# F._Reduction.get_enum, Tensor.share_memory_(), factories' layout=,
# torch._dynamo.run.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


class Plain:
    def __init__(self):
        self.a = 5

    def run(self, x):
        return torch.sin(x) * self.a


class WithNew:
    def __new__(cls):
        inst = object.__new__(cls)
        inst.a = 3
        return inst

    def __init__(self):
        self.b = 4

    def run(self, x):
        return x * self.a + self.b


class ViaSuper:
    def __new__(cls, scale):
        inst = super().__new__(cls)
        inst.made = True
        return inst

    def __init__(self, scale):
        self.scale = scale


class Other:
    def __new__(cls):
        return Plain()  # not an instance of Other: Other.__init__ does not run

    def __init__(self):
        raise AssertionError("not called")


class Prefixed:
    def __setattr__(self, key, value):
        super().__setattr__("pfx_" + key, value)


class Frozen:
    def __init__(self, v):
        object.__setattr__(self, "v", v)

    def __setattr__(self, key, value):
        raise AttributeError("frozen")


class NewAndAttrsTests(torch._dynamo.test_case.TestCase):
    def test_python_setattr_inlined(self):
        def fn(obj, x):
            obj.y = x + 1
            made = Prefixed()
            made.z = x * 2
            f = Frozen(x - 1)
            return made.pfx_z + obj.pfx_y + f.v, made

        obj = Prefixed()
        cnt = CompileCounter()
        out, made = torch.compile(fn, backend=cnt, fullgraph=True)(obj, torch.ones(2))
        self.assertTrue(same(out, torch.full((2,), 4.0)))
        self.assertEqual(sorted(vars(obj)), ["pfx_y"])  # written back past the hook, once
        self.assertEqual(sorted(vars(made)), ["pfx_z"])
        self.assertEqual(cnt.frame_count, 1)

    def one_frame(self, fn, *args):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)
        return got

    def test_python_new_inlined(self):
        def fn(x):
            w = WithNew()
            v = ViaSuper(2.0)
            return w.run(x) * v.scale, v.made, type(w).__name__

        self.one_frame(fn, torch.ones(3))

    def test_new_returning_another_class(self):
        def fn(x):
            o = Other()
            return o.run(x), type(o).__name__

        self.one_frame(fn, torch.ones(3))

    def test_object_new_escapes(self):
        def fn(x):
            w = WithNew()
            return x + w.a, w

        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2))
        self.assertEqual((got[1].a, got[1].b, type(got[1]).__name__), (3, 4, "WithNew"))

    def test_attribute_stored_on_input_tensor(self):
        def fn(x, flag):
            x.offloading = flag
            return x + 1, x.offloading

        x = torch.ones(2)
        got = torch.compile(fn, backend="eager", fullgraph=True)(x, True)
        self.assertTrue(same(got[0], torch.ones(2) + 1))
        self.assertEqual(got[1], True)
        self.assertEqual(x.offloading, True)

    def test_attribute_stored_on_graph_output(self):
        def fn(x):
            y = x + 10
            y.foo = 42
            return y, y.foo + 1

        y, n = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2))
        self.assertEqual((y.foo, n), (42, 43))
        self.assertTrue(same(y, torch.full((2,), 11.0)))

    def test_id_of_input_tensor(self):
        class M(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.y1 = torch.ones(2)
                self.y2 = torch.zeros(2)

            def forward(self, x, ref_id):
                if ref_id == id(self.y1):
                    return x * self.y1
                return x * self.y2

        m = M()
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt, fullgraph=True)
        self.assertTrue(same(opt(torch.ones(2), id(m.y1)), torch.ones(2)))
        self.assertTrue(same(opt(torch.ones(2), id(m.y2)), torch.zeros(2)))
        self.assertEqual(cnt.frame_count, 2)

    def test_data_is_detached_values(self):
        def fn(x, y):
            return x[y.data], x.data * 2

        self.one_frame(fn, torch.arange(8.0), torch.ones(8).to(torch.long))

    def test_small_torch_queries(self):
        def fn(x, reduction):
            out = x
            if torch._utils.is_compiling():
                out = out + 1
            if torch.overrides.is_tensor_like(x) and not torch.overrides.is_tensor_like(4):
                out = out * 2
            if F._Reduction.get_enum(reduction) == 1:
                out = out.mean()
            h = torch.zeros(2, 3, layout=x.layout).share_memory_()
            return out + h.sum()

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(3), "mean")
        self.assertTrue(same(got, torch.tensor(4.0)))  # eagerly is_compiling() is False: 2.0
        self.assertTrue(same(fn(torch.ones(3), "mean"), torch.tensor(2.0)))
        self.assertEqual(cnt.frame_count, 1)
        with self.assertRaisesRegex(ValueError, "not a valid value for reduction"):
            F._Reduction.get_enum("avg")

    def test_dynamo_run_compiles_nothing_new(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt, fullgraph=True)
        def fn(x):
            return torch.relu(torch.cos(x) + torch.sin(x))

        fn(torch.randn(4))
        fn(torch.randn(4, 4))
        self.assertEqual(cnt.frame_count, 2)
        plain = torch._dynamo.run(fn)
        plain(torch.randn(4, 4, 4))
        self.assertEqual(cnt.frame_count, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
