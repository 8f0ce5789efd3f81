# Compiled-vs-eager cases a generated probe found wrong: 0.0 and -0.0 shared a
# cache entry, an OrderedDict was traced (and guarded) as a plain dict,
# hasattr(obj, '__dict__') was False in a frame, a list made in the frame that
# contains itself crashed the rewritten code, obj.__class__ = C did not
# change the type, and the default backend's fusion moved a read past an
# in-place write.
from collections import OrderedDict

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

Z = 0.0


class A:
    pass


class B(A):
    pass


class ProbeFixTests(torch._dynamo.test_case.TestCase):
    def test_signed_zero_is_guarded(self):
        global Z

        def fn(x):
            return x / Z

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        Z = 0.0
        self.assertTrue(torch.equal(opt(x), fn(x)))
        Z = -0.0
        self.assertTrue(torch.equal(opt(x), fn(x)))
        self.assertTrue(opt(x)[0].item() == float("-inf"))
        self.assertEqual(cnt.frame_count, 2)
        Z = 0.0

    def test_ordered_dict_is_not_a_dict(self):
        def fn(x, d):
            d["new"] = 1
            return x + 1, (d.popitem(last=False)[0] if isinstance(d, OrderedDict) else d.popitem()[0])

        opt = torch.compile(fn, backend=CompileCounter())
        for make in (lambda: {"a": 0}, lambda: OrderedDict(a=0), lambda: {"b": 0}):
            d1, d2 = make(), make()
            got, want = opt(torch.ones(1), d1), fn(torch.ones(1), d2)
            self.assertEqual(got[1], want[1])
            self.assertEqual(list(d1.items()), list(d2.items()))
            self.assertEqual(type(d1), type(d2))

    def test_hasattr_dict_and_class(self):
        def fn(x, o):
            return x + 1, hasattr(o, "__dict__"), hasattr(o, "__class__")

        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt)(torch.ones(1), A())
        self.assertEqual(got[1:], (True, True))
        self.assertEqual(cnt.frame_count, 1)

    def test_list_that_contains_itself(self):
        def fn(x):
            l = [1]
            l.append(l)
            return x + 1, l

        got = torch.compile(fn, backend=CompileCounter())(torch.ones(1))
        self.assertTrue(same(got[0], torch.full((1,), 2.0)))
        self.assertTrue(got[1][1] is got[1])

    def test_class_assignment_recompiles(self):
        def fn(x, o):
            return x + 1, type(o).__name__

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        o = A()
        self.assertEqual(opt(torch.ones(1), o)[1], "A")
        o.__class__ = B
        self.assertEqual(opt(torch.ones(1), o)[1], "B")
        self.assertEqual(cnt.frame_count, 2)

    def test_inductor_fusion_keeps_reads_before_a_mutation(self):
        # The default backend fuses elementwise ops; a read before an in-place
        # write must not move past it.
        def fn(x):
            y = x + 2
            x.add_(1)
            return y * 3

        def gn(x, i):
            y = x * 2
            x[i] = 5.0
            return (y + 1).sum()

        self.assertTrue(torch.equal(torch.compile(fn)(torch.ones(2)), fn(torch.ones(2))))
        self.assertTrue(torch.equal(torch.compile(gn)(torch.ones(3), 1), gn(torch.ones(3), 1)))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
