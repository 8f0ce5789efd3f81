# Compiled-vs-eager cases a third probe found: property setters and namedtuples
# traced without a break, identity and equality against objects from outside
# guarded (a cached graph answered `y is E.A` with the first call's answer),
# staticmethods that recompiled on every call, and more.
import enum
from collections import namedtuple

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same

Pair = namedtuple("Pair", "a b")


class Scaled:
    def __init__(self):
        self._v = 0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, x):
        self._v = x * 10


class IdentityAndSetterTests(torch._dynamo.test_case.TestCase):
    def test_property_setter_is_inlined(self):
        def fn(x, q):
            q.v = 2
            r = Scaled()
            r.v = 3
            return x + q.v + r.v

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        q = Scaled()
        self.assertTrue(same(opt(torch.ones(1), q), torch.full((1,), 51.0)))
        self.assertEqual(q._v, 20)
        q._v = 5
        self.assertTrue(same(opt(torch.ones(1), q), torch.full((1,), 51.0)))
        self.assertEqual(q._v, 20)
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 2)

    def test_namedtuple_is_a_tuple_in_the_frame(self):
        def fn(x, p):
            n = Pair(x + 1, x * 2)
            return torch.cat(n) + torch.cat(p), isinstance(n, tuple), isinstance(p, tuple)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        p = Pair(torch.ones(2), torch.zeros(2))
        got = opt(torch.ones(2), p)
        self.assertTrue(same(got[0], fn(torch.ones(2), p)[0]))
        self.assertEqual(got[1:], (True, True))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 5)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
