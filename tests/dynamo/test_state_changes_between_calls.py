# State a compiled call depends on, changed between calls: the next call
# recompiles (or reads the value at run time) and returns what eager returns.
# The default dtype (GLOBAL_STATE), a base-class method reached through
# super() and replaced on the base, a view's storage offset.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter


class StateChangeTests(torch._dynamo.test_case.TestCase):
    def tearDown(self):
        torch.set_default_dtype(torch.float32)
        super().tearDown()

    def test_default_dtype_change_recompiles(self):
        def fn(x):
            return x / 3 + 0.5, torch.ones(1).dtype

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.tensor([1, 2])
        a, d = opt(x)
        self.assertEqual(d, torch.float32)
        self.assertEqual(a.dtype, torch.float32)
        torch.set_default_dtype(torch.float64)
        b, d = opt(x)
        self.assertEqual(d, torch.float64)
        self.assertEqual(b.dtype, torch.float64)
        self.assertEqual(cnt.frame_count, 2)
        torch.set_default_dtype(torch.float32)
        opt(x)
        self.assertEqual(cnt.frame_count, 2)

    def test_set_default_dtype_in_frame_runs_eagerly(self):
        def fn(x):
            torch.set_default_dtype(torch.float64)
            y = x / 2
            torch.set_default_dtype(torch.float32)
            return y, x / 2

        cnt = CompileCounter()
        y, z = torch.compile(fn, backend=cnt)(torch.tensor([3]))
        self.assertEqual(y.dtype, torch.float64)
        self.assertEqual(z.dtype, torch.float32)
        self.assertEqual(torch.get_default_dtype(), torch.float32)

    def test_super_method_replaced_on_base(self):
        class Base:
            def scale(self, x):
                return x * 10

        class Child(Base):
            def scale(self, x):
                return super().scale(x) + 1

        c = Child()

        def fn(x):
            return c.scale(x)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        self.assertEqual(opt(x), fn(x))
        Base.scale = lambda self, x: x * -5
        self.assertEqual(opt(x), torch.full((2,), -4.0))
        self.assertEqual(cnt.frame_count, 2)
        opt(x)
        self.assertEqual(cnt.frame_count, 2)

    def test_super_attribute_and_init_in_module(self):
        class Base(torch.nn.Module):
            factor = 2.0

            def forward(self, x):
                return x * self.factor

        class Child(Base):
            def forward(self, x):
                return super().forward(x) + super().factor

        m = Child()
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        x = torch.ones(2)
        self.assertEqual(opt(x), torch.full((2,), 4.0))
        Base.factor = 3.0
        self.assertEqual(opt(x), torch.full((2,), 6.0))
        Base.forward = lambda self, x: x - 1
        self.assertEqual(opt(x), torch.full((2,), 3.0))

    def test_inference_mode_read_at_run_time(self):
        def fn(x):
            return x + (10 if torch.is_inference_mode_enabled() else 0)

        opt = torch.compile(fn, backend="eager")
        x = torch.tensor([1.0])
        with torch.no_grad():
            self.assertEqual(opt(x), torch.tensor([1.0]))
        with torch.inference_mode():
            self.assertEqual(opt(x), torch.tensor([11.0]))
        self.assertEqual(opt(x), torch.tensor([1.0]))

    def test_outputs_computed_alike_stay_distinct(self):
        # The default backend's CSE must not hand back one tensor for two
        # results: the caller mutates one, the other must not change.
        class Cell(torch.nn.Module):
            def forward(self, x):
                h = torch.zeros(1, 3)
                c = torch.zeros(1, 3)
                self.last = x + 1
                return h, c, x + 1, x.clone(), x.clone().view(-1)

        m = Cell()
        opt = torch.compile(m)
        x = torch.ones(3)
        for _ in range(2):
            h, c, y, a, b = opt(x)
            self.assertFalse(h is c)
            h += 1
            y.mul_(3)
            a.add_(5)
            self.assertEqual(c, torch.zeros(1, 3))
            self.assertEqual(m.last, torch.full((3,), 2.0))
            self.assertEqual(b, torch.ones(3))

    def test_raise_from_keeps_cause(self):
        def fn(x):
            try:
                raise KeyError("outer") from ValueError("c")
            except KeyError as e:
                return x + (1 if e.__cause__ is None else 2), e.__suppress_context__, type(e.__cause__).__name__

        x = torch.zeros(1)
        self.assertEqual(torch.compile(fn, backend="eager", fullgraph=True)(x), (torch.full((1,), 2.0), True, "ValueError"))

    def test_names_changed(self):
        def helper(t):
            return t

        class Tag:
            pass

        def fn(x):
            return x * 2 + len(helper.__name__) + len(Tag.__name__)

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(1)
        self.assertEqual(opt(x), fn(x))
        helper.__name__ = "renamed_helper"
        self.assertEqual(opt(x), fn(x))
        Tag.__name__ = "LongerTag"
        self.assertEqual(opt(x), fn(x))
        self.assertEqual(cnt.frame_count, 3)
        opt(x)  # the name guards pass again: no recompile
        self.assertEqual(cnt.frame_count, 3)

    def test_storage_offset_of_views(self):
        def fn(x):
            return x + x.storage_offset()

        opt = torch.compile(fn, backend="eager")
        b = torch.arange(6.0)
        self.assertEqual(opt(b[:2]), torch.tensor([0.0, 1.0]))
        self.assertEqual(opt(b[2:4]), torch.tensor([4.0, 5.0]))
        self.assertEqual(opt(b[4:]), torch.tensor([8.0, 9.0]))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
