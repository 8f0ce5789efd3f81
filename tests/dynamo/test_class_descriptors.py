# A class attribute that is a descriptor with a Python __get__ (a
# classproperty, a registry's lazy attribute) read in a compiled frame runs
# __get__(None, cls), as the eager read does (the trace took the descriptor
# object itself: a silent wrong branch). Replacing the descriptor, or the
# state it reads, between calls recompiles.
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class classproperty:
    def __init__(self, fget):
        self.fget = fget

    def __get__(self, obj, owner):
        return self.fget(owner)


class Desc:
    def __get__(self, obj, owner):
        return "inst" if obj is not None else "cls"


class Cfg:
    _mode = "train"
    d = Desc()

    @classproperty
    def mode(cls):
        return cls._mode


class Sub(Cfg):
    _mode = "eval"


class ClassDescriptorTests(torch._dynamo.test_case.TestCase):
    def test_classproperty_branch(self):
        cnt = CompileCounter()

        def f(x):
            if Cfg.mode == "train":
                return x * 2
            return x * 100

        opt = torch.compile(f, backend=cnt)
        x = torch.ones(1)
        self.assertEqual(opt(x), f(x))
        self.assertEqual(opt(x).item(), 2.0)
        Cfg._mode = "eval"
        try:
            self.assertEqual(opt(x).item(), 100.0)
        finally:
            Cfg._mode = "train"
        self.assertEqual(cnt.frame_count, 2)

    def test_descriptor_through_class_argument_and_subclass(self):
        def f(x, c):
            return x + 1, Cfg.d, c.d, c.mode, Sub.mode

        opt = torch.compile(f, backend="eager", fullgraph=True)
        x = torch.ones(1)
        self.assertEqual(opt(x, Cfg)[1:], ("cls", "cls", "train", "eval"))
        self.assertEqual(opt(x, Sub)[1:], ("cls", "cls", "eval", "eval"))
        # on an instance, __get__ gets the instance
        self.assertEqual(torch.compile(lambda x, o: (x + 1, o.d), backend="eager")(x, Cfg())[1], "inst")

    def test_replaced_descriptor_recompiles(self):
        class Holder:
            d = Desc()

        def f(x):
            return x + len(Holder.d)

        opt = torch.compile(f, backend="eager")
        x = torch.zeros(1)
        self.assertEqual(opt(x).item(), 3.0)
        Holder.d = classproperty(lambda cls: "four")
        self.assertEqual(opt(x).item(), 4.0)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
