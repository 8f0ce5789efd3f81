# Compiled-vs-eager cases a second probe of user code found wrong or broken,
# each with Dynamo's frame / op counts where it has them: hooks on the compiled
# module itself, parameters()/children()/buffers() walks that must see members
# added later, a list grown while it is iterated, getattr/hasattr of class
# attributes (they recompiled on every call), sorted(key=, reverse=),
# @staticmethod/@classmethod called through self or the class, and user
# objects' -obj, bool(obj) and `in`, and mutated arguments passed twice.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same


class Double(nn.Module):
    def forward(self, x):
        return x * 2


class UserCodeProbeTests(torch._dynamo.test_case.TestCase):
    def test_pre_hook_on_compiled_module(self):
        m = Double()
        m.register_forward_pre_hook(lambda mod, inp: (inp[0] + 1,))
        opt = torch.compile(m, backend="eager")
        x = torch.zeros(2)
        self.assertTrue(same(opt(x), m(x)))
        self.assertTrue(same(opt(x), torch.full((2,), 2.0)))

    def test_forward_hook_added_after_compiling(self):
        m = Double()
        opt = torch.compile(m, backend="eager")
        x = torch.ones(2)
        self.assertTrue(same(opt(x), x * 2))
        handle = m.register_forward_hook(lambda mod, inp, out: out + 100)
        self.assertTrue(same(opt(x), m(x)))
        self.assertTrue(same(opt(x), torch.full((2,), 102.0)))
        handle.remove()
        self.assertTrue(same(opt(x), x * 2))

    def test_hook_on_the_wrapper(self):
        opt = torch.compile(Double(), backend="eager")
        opt.register_forward_hook(lambda mod, inp, out: out + 100)
        self.assertTrue(same(opt(torch.zeros(2)), torch.full((2,), 100.0)))

    def test_members_added_after_compiling(self):
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = nn.Parameter(torch.ones(2))

            def forward(self, x):
                for p in self.parameters():
                    x = x + p
                for c in self.children():
                    x = c(x) * 2
                for b in self.buffers():
                    x = x + b
                return x

        m = M()
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        x = torch.zeros(2)
        with torch.no_grad():
            self.assertTrue(same(opt(x), m(x)))
            self.assertTrue(same(opt(x), m(x)))
            self.assertEqual(cnt.frame_count, 1)
            m.register_parameter("extra", nn.Parameter(torch.ones(2) * 5))
            self.assertTrue(same(opt(x), m(x)))
            m.sub = nn.Identity()
            self.assertTrue(same(opt(x), m(x)))
            m.register_buffer("b", torch.ones(2) * 10)
            self.assertTrue(same(opt(x), m(x)))
            self.assertTrue(same(opt(x), torch.full((2,), 22.0)))
            self.assertEqual(cnt.frame_count, 4)

    def test_none_member_filled_later(self):
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(2, 2)
                self.extra = None

            def forward(self, x):
                return sum(p.sum() for p in self.parameters()) + x

        m = M()
        opt = torch.compile(m, backend="eager")
        x = torch.zeros(1)
        with torch.no_grad():
            self.assertTrue(same(opt(x), m(x)))
            m.extra = nn.Linear(2, 1)
            self.assertTrue(same(opt(x), m(x)))

    def test_list_grown_while_iterated(self):
        def fn(x):
            items = [1]
            for v in items:
                if len(items) < 3:
                    items.append(v + 1)
                x = x + v
            return x, items

        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt)(torch.zeros(1))
        ref = fn(torch.zeros(1))
        self.assertTrue(same(res[0], ref[0]))
        self.assertEqual(res[1], [1, 2, 3])
        self.assertEqual(cnt.frame_count, 1)

    def test_dict_resized_while_iterated_raises(self):
        def fn(x, d):
            for k in d:
                d[k + "x"] = 1
            return x

        with self.assertRaises(RuntimeError):
            torch.compile(fn, backend="eager")(torch.zeros(1), {"a": 1})

    def test_getattr_default_of_class_attribute(self):
        class C:
            bias = 100

        o = C()

        def fn(x):
            return x + getattr(o, "bias", 0) + (1 if hasattr(o, "scale") else 0)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        for _ in range(5):
            self.assertTrue(same(opt(torch.ones(1)), fn(torch.ones(1))))
        self.assertEqual(cnt.frame_count, 1)
        o.bias = 5
        self.assertTrue(same(opt(torch.ones(1)), torch.full((1,), 6.0)))
        del o.bias
        self.assertTrue(same(opt(torch.ones(1)), torch.full((1,), 101.0)))
        C.scale = 2
        self.assertTrue(same(opt(torch.ones(1)), torch.full((1,), 102.0)))

    def test_sorted_with_key_and_reverse(self):
        def fn(x, d):
            a = sorted([3, 1, 2], reverse=True)[0] + sorted([3, 1, 2], key=lambda v: -v)[0]
            names = sorted(d, key=lambda k: d[k].shape[0], reverse=True)
            smallest = sorted([x, x * 2, x[:1]], key=lambda t: t.numel())[0]
            pairs = [(1, "b"), (0, "a"), (1, "a")]
            pairs.sort(key=lambda p: p[0], reverse=True)
            return x + a, names, smallest, pairs

        d = {"a": torch.ones(1), "b": torch.ones(3), "c": torch.ones(2)}
        x = torch.ones(2)
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(x, d)
        ref = fn(x, d)
        self.assertTrue(same(res[0], ref[0]))
        self.assertEqual(res[1], ["b", "c", "a"])
        self.assertTrue(same(res[2], ref[2]))
        self.assertEqual(res[3], [(1, "b"), (1, "a"), (0, "a")])
        self.assertEqual(cnt.frame_count, 1)

    def test_staticmethod_and_classmethod(self):
        class M(nn.Module):
            k = 3

            @staticmethod
            def act(x):
                return x.relu()

            @classmethod
            def scale(cls):
                return cls.k

            @classmethod
            def make(cls, x):
                return x * cls.k

            def forward(self, x):
                return self.act(x) * self.scale() + M.act(x) + M.make(x) + type(self).make(x)

        m = M()
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        x = torch.ones(2)
        self.assertTrue(same(opt(x), m(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 8)
        M.k = 5
        self.assertTrue(same(opt(x), m(x)))
        self.assertEqual(cnt.frame_count, 2)

    def test_user_object_dunders(self):
        class V:
            def __init__(self, t):
                self.t = t

            def __neg__(self):
                return V(-self.t)

            def __bool__(self):
                return False

            def __contains__(self, v):
                return v == 7

        def fn(x):
            y = (-V(x)).t
            if bool(V(x)):
                y = y + 100
            if 7 in V(x):
                y = y + 1
            if 8 not in V(x):
                y = y + 10
            return y

        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2))
        self.assertTrue(same(res, fn(torch.ones(2))))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 3)

    def test_mutated_argument_passed_twice(self):
        # Compiled for two distinct lists, the entry must not serve f(x, l, l).
        def fn(x, l1, l2):
            l1.append(x)
            return x * len(l2)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt(torch.ones(2), [], []), torch.zeros(2)))
        shared = []
        self.assertTrue(same(opt(torch.ones(2), shared, shared), torch.ones(2)))
        self.assertEqual(len(shared), 1)
        self.assertTrue(same(opt(torch.ones(2), [], []), torch.zeros(2)))

    def test_mutated_objects_passed_twice(self):
        class Box:
            def __init__(self):
                self.items = []

        def fn(x, a, b):
            a.items.append(1)
            b.items.append(2)
            return x + len(a.items)

        opt = torch.compile(fn, backend="eager")
        a, b = Box(), Box()
        self.assertTrue(same(opt(torch.zeros(1), a, b), torch.ones(1)))
        a = Box()
        self.assertTrue(same(opt(torch.zeros(1), a, a), torch.full((1,), 2.0)))
        self.assertEqual(a.items, [1, 2])


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
