# Multiple inheritance under torch.compile: attributes found on a second base,
# cooperative super() through a mixin (the instance's MRO, not the mixin's
# own base), modules whose class mixes nn.Sequential with a marker base, and
# guards on a second base's class attribute.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn as nn
from torch._dynamo.testing import CompileCounter, same


class ScaleMixin:
    scale = 2.0

    def scaled(self, x):
        return x * self.scale


class Base:
    def apply(self, x):
        return x + 1


class Loud:
    def apply(self, x):
        return super().apply(x) * 10


class Obj(Loud, Base, ScaleMixin):
    pass


class Marker(nn.Module):
    pass


class EmbedSeq(nn.Sequential, Marker):
    def forward(self, x, t):
        for layer in self:
            x = layer(x, t) if isinstance(layer, Marker) else layer(x)
        return x


class AddT(Marker):
    def forward(self, x, t):
        return x + t


class MultipleInheritanceTests(torch._dynamo.test_case.TestCase):
    def test_mixin_method_and_cooperative_super(self):
        def fn(x, o):
            return o.apply(x) + o.scaled(x)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.arange(3.0)
        o = Obj()
        self.assertTrue(same(opt(x, o), fn(x, o)))
        self.assertTrue(same(opt(x, o), (x + 1) * 10 + x * 2))
        self.assertEqual(cnt.frame_count, 1)

    def test_second_base_class_attribute_is_guarded(self):
        def fn(x, o):
            return o.scaled(x)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        o = Obj()
        self.assertTrue(same(opt(x, o), x * 2))
        ScaleMixin.scale = 3.0
        try:
            self.assertTrue(same(opt(x, o), x * 3))
            Obj.scale = 5.0  # now found on the class itself, before the mixin
            self.assertTrue(same(opt(x, o), x * 5))
        finally:
            ScaleMixin.scale = 2.0
            del Obj.scale
        self.assertTrue(same(opt(x, o), x * 2))
        self.assertEqual(cnt.frame_count, 3)

    def test_sequential_with_marker_base(self):
        m = EmbedSeq(nn.Linear(3, 3), AddT(), nn.ReLU())
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt, fullgraph=True)
        x = torch.arange(6.0).reshape(2, 3)
        t = torch.full((2, 3), -4.0)
        self.assertTrue(same(opt(x, t), m(x, t)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 3)

    def test_mro_in_frame(self):
        def fn(x, o):
            names = [c.__name__ for c in type(o).__mro__]
            return x + len(names), isinstance(o, ScaleMixin), isinstance(o, nn.Module)

        opt = torch.compile(fn, backend=CompileCounter())
        x = torch.zeros(1)
        self.assertEqual(opt(x, Obj())[1:], (True, False))
        self.assertTrue(same(opt(x, Obj())[0], x + 5))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
