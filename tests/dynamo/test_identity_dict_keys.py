# Dict keys that are not constants, traced: a tensor, a Parameter, a module
# or a user object is a key by identity (Dynamo's HashableTracker). In a dict
# the frame builds, the trace holds a stand-in per object and hands the
# object's tracker back from keys()/items(); a dict read from outside is
# guarded on its exact key objects (identity for these, equality for
# constants, tuples and torch.Size), each such key read through
# list(d.keys())[i] and its value through d[list(d.keys())[i]].
import collections

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Obj:
    def __init__(self, v):
        self.v = v


class Valued:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return self.v == other.v


lin = torch.nn.Linear(2, 2)
param = torch.nn.Parameter(torch.ones([2, 2]))


class IdentityKeyTests(torch._dynamo.test_case.TestCase):
    def test_param_key_in_literal(self):
        def fn(a):
            tmp = {"a": a, param: 3}
            return tmp["a"] + tmp[param]

        cnt = CompileCounter()
        x = torch.ones(2, 2)
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(x), fn(x)))
        self.assertEqual(cnt.frame_count, 1)

    def test_tensor_keys_built_in_frame(self):
        def fn(x, y):
            d = {x: 1, y: 2}
            d[x] = d[x] + 10
            total = x * 0
            for k, v in d.items():
                total = total + k * v
            return total, len(d), x in d, (x + 1) in d, list(d)[1] is y

        x, y = torch.ones(2), torch.zeros(2)
        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(x, y), fn(x, y)))
        self.assertEqual(cnt.frame_count, 1)

    def test_same_tensor_twice_is_one_key(self):
        def fn(x):
            d = {x: 1}
            d[x] = 2
            y = x.add_(1)  # still x
            return len(d), d[y], d.pop(x), len(d)

        self.assertEqual(torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(1)), (1, 2, 2, 0))

    def test_optimizer_state_by_parameter(self):
        def fn(x):
            state = {p: torch.zeros_like(p) for p in lin.parameters()}
            for p in lin.parameters():
                state[p] = state[p] + p * 2
            groups = collections.defaultdict(list)
            for p in lin.parameters():
                groups[p.dim()].append(p)
            return x + sum(s.sum() for s in state.values()), len(groups[1]), len(groups[2])

        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2)), fn(torch.ones(2))))
        self.assertEqual(cnt.frame_count, 1)

    def test_object_keys_and_returned_dict(self):
        def fn(objs, x):
            d = {}
            for o in objs:
                d[o] = x * o.v
            fresh = Obj(5)
            d[fresh] = x
            return d, fresh

        objs = [Obj(1), Obj(2)]
        d, fresh = torch.compile(fn, backend="eager", fullgraph=True)(objs, torch.ones(2))
        self.assertEqual(list(d.keys())[:2], objs)
        self.assertTrue(list(d.keys())[2] is fresh)
        self.assertTrue(same(d[objs[1]], torch.full((2,), 2.0)))

    def test_value_keyed_class_breaks_not_wrong(self):
        def fn(x):
            d = {Valued(1): x}
            return d[Valued(1)] + 1

        self.assertTrue(same(torch.compile(fn, backend="eager")(torch.ones(1)), torch.tensor([2.0])))


class OutsideDictKeyTests(torch._dynamo.test_case.TestCase):
    def test_default_dict_with_param_key(self):
        for factory in (dict, list, tuple, set, lambda: dict()):
            dd = collections.defaultdict(factory)

            def fn(x):
                dd["a"] = x + 1
                dd[param] = 123
                dd["c"] = x * 2
                return dd["b"], dd

            x = torch.randn(10, 10)
            ref = fn(x)
            res = torch._dynamo.optimize_assert("eager")(fn)(x)
            self.assertTrue(same(ref[0], res[0]))
            self.assertTrue(same(ref[1]["a"], res[1]["a"]))
            self.assertEqual(res[1][param], 123)
            self.assertTrue(list(dd)[1] is param)

    def test_state_keyed_by_parameters_guarded_by_identity(self):
        def step(x, state):
            total = x * 0
            for p, s in state.items():
                if isinstance(p, torch.Tensor):
                    state[p] = s + 1
                    total = total + state[p].sum()
            return total + state[(2, 3)] + state[None], list(state)[0] is lin.weight

        def make():
            s = {p: torch.zeros_like(p).detach() for p in lin.parameters()}
            s[(2, 3)] = 5
            s[None] = 1.5
            return s

        cnt = CompileCounter()
        opt = torch.compile(step, backend=cnt)
        eager_state, state = make(), make()
        for _ in range(3):
            self.assertTrue(same(step(torch.ones(1), eager_state), opt(torch.ones(1), state)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertTrue(same(state[lin.bias], eager_state[lin.bias]))
        # Other key objects (a new Linear's parameters): the key guard fails.
        other = torch.nn.Linear(2, 2)
        s2 = {p: torch.zeros_like(p).detach() for p in other.parameters()}
        s2[(2, 3)] = 5
        s2[None] = 1.5
        res, first_is_weight = opt(torch.ones(1), s2)
        self.assertFalse(first_is_weight)
        self.assertEqual(cnt.frame_count, 2)

    def test_torch_size_key(self):
        def fn(x, cached):
            if x.shape not in cached:
                cached[x.shape] = x
            return x + cached[x.shape]

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        x1, x2 = torch.randn(2, 3), torch.randn(2, 3)
        eager, compiled = {}, {}
        self.assertTrue(same(fn(x1, eager), opt(x1, compiled)))
        self.assertTrue(same(fn(x2, eager), opt(x2, compiled)))
        self.assertEqual(list(compiled.keys()), [torch.Size([2, 3])])

    def test_module_and_typevar_keys(self):
        from typing import TypeVar

        T = TypeVar("T")
        d = {T: torch.ones(3), lin: 2.0}

        def fn(d, x):
            return d[T] * d[lin] + x

        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt, fullgraph=True)(d, torch.ones(3)), torch.full((3,), 3.0)))
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
