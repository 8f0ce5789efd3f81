# TENSOR_MATCH checks whether an input is a leaf only where the trace depends
# on it: x.is_leaf read, or an in-place op on the input or a view of it (the
# eager op refuses a leaf that requires grad). Otherwise a leaf and a non-leaf
# of the same metadata share the cache entry, as in Dynamo.
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class LeafGuardTests(torch._dynamo.test_case.TestCase):
    def test_no_recompile_when_leafness_unused(self):
        cnt = CompileCounter()
        lin = torch.nn.Linear(3, 3)

        @torch.compile(backend=cnt)
        def f(x):
            return lin(torch.sin(x))

        x = torch.randn(2, 3, requires_grad=True)
        y = f(x)
        f(y)
        self.assertEqual(cnt.frame_count, 1)

    def test_recompile_when_is_leaf_read(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def f(x):
            return x * 2, x.is_leaf

        leaf = torch.ones(2, requires_grad=True)
        self.assertEqual(f(leaf)[1], True)
        self.assertEqual(f(leaf * 1)[1], False)
        self.assertEqual(f(leaf)[1], True)
        self.assertEqual(cnt.frame_count, 2)

    def test_recompile_for_in_place_through_view(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def f(x):
            v = x[1:]
            v.mul_(2)
            return v

        self.assertEqual(f(torch.ones(3, requires_grad=True) * 1), torch.full((2,), 2.0))
        leaf = torch.ones(3, requires_grad=True)
        with self.assertRaisesRegex(RuntimeError, "a view of a leaf Variable"):
            f(leaf)
        self.assertTrue(leaf.is_leaf)
        self.assertEqual(leaf, torch.ones(3))

    def test_view_of_leaf_and_view_of_non_leaf_are_told_apart(self):
        # Both inputs are non-leaf views; only one views a leaf that requires
        # grad, and eager refuses the in-place op on that one.
        def f(x):
            x.mul_(2)
            return x

        cf = torch.compile(f, backend="eager")
        w = torch.arange(3.0, requires_grad=True)
        self.assertEqual(cf((w * 1)[1:]).tolist(), [2.0, 4.0])
        with self.assertRaises(RuntimeError):
            cf(w[1:])
        self.assertEqual(w.detach().tolist(), [0.0, 1.0, 2.0])
        self.assertEqual(cf((w * 1)[1:]).tolist(), [2.0, 4.0])


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
