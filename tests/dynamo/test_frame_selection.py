# Which frames Dynamo traces on its own (convert_frame's has_tensor_in_frame):
# the function handed to torch.compile always; any other frame entered while
# compiled code runs eagerly (a callee after a graph break, a resume function,
# a callee of a frame with nothing to compile) only when its code names a
# torch module global, or a local or free variable holds a tensor or an
# nn.Module (also inside a list, tuple, dict or namedtuple). Other frames run
# as they are.
import collections

import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter

Pair = collections.namedtuple("Pair", ["a", "b"])


def plain_helper(n):
    return [i * n for i in range(3)]


def torch_helper(n):
    return torch.ones(n) * 2


def tensor_helper(x):
    return x + 1


def container_helper(items):
    return items[0] * 3


def unwrap_helper(p):
    return p.a - p.b


class Holder:
    def __init__(self, t):
        self.t = t


def holder_helper(h):
    return h.t * 5


class FrameSelectionTests(torch._dynamo.test_case.TestCase):
    def test_exception_caught_by_eager_caller(self):
        # The frame has nothing to compile and runs as it is; its callee has no
        # tensor and no torch global, so its raise is a plain TypeError.
        def body():
            def inner():
                raise TypeError(2)

            try:
                inner()
            except Exception as e:
                return type(e).__name__

        self.assertEqual(torch.compile(body, backend="eager", fullgraph=True)(), "TypeError")
        torch._dynamo.reset()
        self.assertEqual(torch.compile(body, backend="eager")(), "TypeError")

    def test_plain_callee_after_break_runs_eagerly(self):
        cnt = CompileCounter()

        def fn(x):
            y = x * 2
            print("break")
            return y, plain_helper(4)

        x = torch.ones(2)
        y, got = torch.compile(fn, backend=cnt)(x)
        self.assertEqual(got, [0, 4, 8])
        self.assertTrue(torch.equal(y, x * 2))
        # fn's graph; the resume function (it holds y) has nothing to compile;
        # plain_helper is not traced.
        self.assertEqual(cnt.frame_count, 1)

    def test_callees_with_torch_or_tensors_are_traced(self):
        for helper, arg in [
            (torch_helper, 3),
            (tensor_helper, torch.ones(3)),
            (container_helper, [torch.ones(3)]),
            (container_helper, (torch.ones(3),)),
            (unwrap_helper, Pair(torch.ones(3), torch.ones(3))),
        ]:
            torch._dynamo.reset()
            cnt = CompileCounter()

            def fn(n):
                print("break")
                return helper(arg)

            out = torch.compile(fn, backend=cnt)(0)
            self.assertTrue(torch.equal(out, helper(arg)))
            self.assertEqual(cnt.frame_count, 1, helper.__name__)

    def test_dict_of_tensors_and_modules_are_traced(self):
        def dict_helper(d):
            return d["w"] + 1

        def module_helper(m):
            return m(m.weight.new_ones(1, 2))

        lin = torch.nn.Linear(2, 2)
        for helper, arg in [(dict_helper, {"w": torch.ones(2)}), (module_helper, lin)]:
            torch._dynamo.reset()
            cnt = CompileCounter()

            def fn(n):
                print("break")
                return helper(arg)

            self.assertTrue(torch.equal(torch.compile(fn, backend=cnt)(0), helper(arg)))
            self.assertEqual(cnt.frame_count, 1, helper.__name__)

    def test_tensor_inside_a_plain_object_is_not_looked_for(self):
        cnt = CompileCounter()
        h = Holder(torch.ones(2))

        def fn(n):
            print("break")
            return holder_helper(h)

        self.assertTrue(torch.equal(torch.compile(fn, backend=cnt)(0), torch.ones(2) * 5))
        self.assertEqual(cnt.frame_count, 0)

    def test_compiled_function_itself_is_always_traced(self):
        def no_torch(n):
            return plain_helper(n)

        cnt = CompileCounter()
        self.assertEqual(torch.compile(no_torch, backend=cnt)(2), [0, 2, 4])
        # Traced (and inlined plain_helper), with no graph to count.
        self.assertEqual(cnt.frame_count, 0)

        def breaks(n):
            torch._dynamo.graph_break()
            return n

        with self.assertRaises(torch._dynamo.exc.Unsupported):
            torch.compile(breaks, backend="eager", fullgraph=True)(1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
