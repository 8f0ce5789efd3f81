# Constructs Dynamo traces without a graph break that standin used to break
# on: x.stride(), min/max with key=, id() of an object from outside, del of a
# list slice, xs *= n, `is` between objects another module holds (dataclasses'
# MISSING, so a dataclass with default_factory is made in the frame), E(value)
# and iterating an Enum class.
import dataclasses
import enum

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Color(enum.Enum):
    RED = 1
    GREEN = 2


@dataclasses.dataclass
class Cfg:
    a: int = 1
    b: list = dataclasses.field(default_factory=list)


class Obj:
    pass


OBJ = Obj()


class FewerBreaksTests(torch._dynamo.test_case.TestCase):
    def one_graph(self, fn, *args):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)
        return cnt

    def test_stride_and_element_size(self):
        def fn(x):
            return x + x.stride()[0] + x.stride(1) + x.element_size() + x.nelement()

        self.one_graph(fn, torch.ones(2, 3))
        self.one_graph(fn, torch.ones(3, 2).t())

    def test_min_max_with_key(self):
        def fn(x, xs):
            a = min(xs, key=lambda v: -v)
            b = max(xs, key=abs)
            c = max([], key=abs, default=7)
            t = max([x, x[:1]], key=lambda t: t.shape[0])
            return t + a + b + c

        self.one_graph(fn, torch.ones(3), [3, -5, 2])

    def test_id_of_an_object_from_outside(self):
        def fn(x, o):
            return x + (1 if id(o) == id(OBJ) else 2)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(1)
        self.assertTrue(same(opt(x, OBJ), x + 1))
        self.assertTrue(same(opt(x, Obj()), x + 2))  # ID_MATCH fails: recompiled
        self.assertEqual(cnt.frame_count, 2)

    def test_del_slice_and_inplace_repeat(self):
        def fn(x, xs):
            l = [1, 2, 3, 4]
            del l[0]
            del l[-1:]
            del xs[::2]
            l *= 2
            xs *= 2
            return x + len(l) + l[0] + len(xs)

        xs1, xs2 = [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1), xs1)
        self.assertTrue(same(got, fn(torch.ones(1), xs2)))
        self.assertEqual(xs1, xs2)
        self.assertEqual(xs1, [2, 4, 2, 4])

    def test_dataclass_with_default_factory_made_in_frame(self):
        def fn(x):
            c = Cfg(a=3)
            c.b.append(1)
            return x + c.a + len(c.b)

        self.one_graph(fn, torch.ones(2))

    def test_enum_call_and_iteration(self):
        def fn(x):
            c = Color(2)
            names = [m.name for m in Color]
            return x + c.value + len(names) + (1 if Color(1) is Color.RED else 0)

        self.one_graph(fn, torch.ones(2))

    def test_distributions_in_one_graph(self):
        # With validation off (its checks branch on tensor values, as in Dynamo).
        from torch.distributions import Categorical, Distribution, Normal, kl_divergence

        lin = torch.nn.Linear(4, 3)

        def fn(obs, action):
            dist = Categorical(logits=lin(obs))
            n = Normal(obs, obs.abs() + 1)
            return dist.log_prob(action), dist.entropy(), kl_divergence(n, Normal(torch.zeros_like(obs), 1.0)).sum()

        Distribution.set_default_validate_args(False)
        try:
            self.one_graph(fn, torch.linspace(-1, 1, 8).reshape(2, 4), torch.tensor([0, 2]))
        finally:
            Distribution.set_default_validate_args(True)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
