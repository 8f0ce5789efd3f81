# Graph breaks and resumption, ported from PyTorch's test/dynamo/ (mostly
# test_subgraphs.py's SubGraphTests, test_repros.py's loop and inlining
# repros, test_misc.py, test_modules.py and test_backends.py): an
# unsupported call (print, .item(), .tolist(), graph_break(), a
# torch._dynamo.disable'd function, a call that breaks when inlined) or a
# branch on a tensor splits the frame into a graph for the part before, the
# instruction run eagerly, and a resume function compiled on its own frame.
# Every test asserts the counts Dynamo reports (CompileCounter's frame_count /
# op_count, explain's graph_count / graph_break_count / op_count) and compares
# the compiled result with eager.
#
# Adaptations: Dynamo's C test helper `unsupported(a, b)` (returns b, cannot
# be traced) is a torch._dynamo.disable'd function here; helpers that Dynamo's
# tests nest inside the test method (so the compiled function reads them
# through a closure cell) are module-level functions, except in the tests
# that are about closures; torch.tan (not in standin's op table) is torch.exp,
# torch.int32 is torch.int64, and torch.Tensor([True]) is torch.tensor([1.0]).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same
import torch.nn.functional as F


@torch._dynamo.disable
def unsupported(a, b):
    # torch._dynamo.testing.unsupported: a C function Dynamo cannot trace.
    return b


def indirectly_unsupported(a, b):
    c = a + b
    return unsupported(a, c)


globalmod = torch.nn.ReLU()
g_counter = 0


class BasicModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        return F.relu(self.linear1(x)) * self.scale


class UnsupportedMethodCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.scale = torch.randn(1, 10)

    def call_and_scale(self, mod, x):
        x = mod(x)
        x = x * self.scale
        return unsupported(x, x)

    def forward(self, x):
        x1 = self.call_and_scale(self.layer1, x)
        return x + x1


class UnsupportedModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.layer1(x) * self.scale
        return unsupported(x, x)


class UnsupportedModuleCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mod = UnsupportedModule()

    def forward(self, x):
        return 1 + self.mod(x * 1.5)


class PrintingModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.layer1(x) * self.scale
        print("in PrintingModule.forward")
        return x + 1


class PrintingModuleCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mod = PrintingModule()

    def forward(self, x):
        return 1 + self.mod(x * 1.5)


class ModuleForwardHasGraphBreak(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.layer2 = BasicModule()
        self.layer3 = torch.nn.Sequential(BasicModule(), BasicModule())
        self.layer4 = torch.nn.ModuleList(
            [
                torch.nn.Linear(10, 10),
                torch.nn.ReLU(),
                torch.nn.Linear(10, 10),
                torch.nn.ReLU(),
            ]
        )
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        # The results of named_parameters() & co. are rebuilt after the break.
        x = self.layer1(x)
        params1 = dict(self.named_parameters())
        params2 = list(self.parameters())
        modules1 = dict(self.named_modules())
        modules2 = list(self.modules())
        torch._dynamo.graph_break()
        y = modules2
        y = modules1
        y = params2
        y = params1
        x = self.layer2(x) + y["layer3.1.linear1.weight"] + y["layer4.2.weight"]
        return x * self.scale


class MyObj:
    def __init__(self, a, b):
        self.a = a
        self.b = b


# Module-level helpers of the repro tests (see the header).
def loop_inner(x):
    return torch.sin(x)


def while_loop_fn(x):
    i = 20
    while i > 10:
        x = loop_inner(x)
        i -= 1
        torch._dynamo.graph_break()
    return x


def nested_inner_loop(x):
    i = 3
    while i > 0:
        i -= 1
        x += 1
        torch._dynamo.graph_break()
    return x


def nested_inner(x):
    nested_inner_loop(x)
    return torch.sin(x)


def nested_while_fn(x):
    i = 20
    while i > 10:
        x = nested_inner(x)
        i -= 1
        torch._dynamo.graph_break()
    return x


def for_loop_inner(x):
    for i in range(3):
        x += 1
        torch._dynamo.graph_break()
    return x


def call_loop_fn(x):
    x += 2
    for_loop_inner(x)
    x += 3
    return x


def for_loop_fn(x):
    for _ in range(100):
        loop_inner(x)
        torch._dynamo.graph_break()
    return x


def for_loop_before_fn(x):
    torch._dynamo.graph_break()
    for _ in range(100):
        loop_inner(x)
    return x


def reformer_g(x, y):
    r = torch.cat((y, y)) + x
    print("foo")
    return r


def reformer_f(x, y):
    x = x * 3
    return reformer_g(x, y)


def jump_f1(input):
    if input == 0:
        return input + 1
    else:
        return input + 2


def jump_f2(input):
    return jump_f1(input)


def explain_fn3(x):
    x = torch.sin(x)
    torch._dynamo.graph_break()
    x = torch.sin(x)
    return x


def explain_fn2(x):
    x = torch.cos(x)
    x = explain_fn3(x)
    x = torch.cos(x)
    return x


def explain_fn1(x):
    x = torch.exp(x)
    x = explain_fn2(x)
    x = torch.exp(x)
    return x


def explain_fn(x):
    x = torch.sigmoid(x)
    x = explain_fn1(x)
    x = torch.sigmoid(x)
    return x


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b


lin = torch.nn.Linear(10, 10)


def combine(a, lst, d, t, w, _):
    return a + lst[0] * lst[1] + d["k"] + t[0] - t[1] + w


class SubGraphTests(torch._dynamo.test_case.TestCase):
    def _common(self, fn, frame_count, op_count):
        torch._dynamo.reset()
        v1 = torch.ones(10)
        v2 = torch.ones(10) * -2.0
        correct1 = fn(v1, v2)
        correct2 = fn(v2, v1)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        r1 = opt_fn(v1, v2)
        r2 = opt_fn(v2, v1)
        self.assertTrue(torch._dynamo.testing.same(r1, correct1))
        self.assertTrue(torch._dynamo.testing.same(r2, correct2))
        self.assertEqual(
            cnt.frame_count,
            frame_count,
            "actual frame_count " + str(cnt.frame_count) + " != expected " + str(frame_count),
        )
        self.assertEqual(
            cnt.op_count,
            op_count,
            "actual op_count " + str(cnt.op_count) + " != expected " + str(op_count),
        )

    # test_subgraphs.py: test_control_flow1 (branch on a tensor; the resume
    # functions only return a local: no graph)
    def test_control_flow1(self):
        def fn(a, b):
            c1 = a - b
            c2 = b - a
            if c1.sum() > c2.sum():
                return c1
            else:
                return c2

        self._common(fn, 1, 5)

    # test_subgraphs.py: test_control_flow2
    def test_control_flow2(self):
        def fn(a, b):
            if a.sum() > b.sum():
                return 1
            else:
                return 2

        self._common(fn, 1, 3)

    # test_subgraphs.py: test_control_flow3 (both branches taken: counts
    # checked after each call)
    def test_control_flow3(self):
        def fn(a, b):
            c1 = a - b
            c2 = b - a
            m = globalmod
            if c1.sum() > c2.sum():
                return m(c1)
            else:
                return m(c2)

        v1 = torch.ones(10)
        v2 = torch.ones(10) * -2.0
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        self.assertTrue(same(opt_fn(v1, v2), fn(v1, v2)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 6)
        self.assertTrue(same(opt_fn(v2, v1), fn(v2, v1)))
        self.assertEqual(cnt.frame_count, 3)
        self.assertEqual(cnt.op_count, 7)
        # Both ways again: everything cached.
        self.assertTrue(same(opt_fn(v1, v2), fn(v1, v2)))
        self.assertTrue(same(opt_fn(v2, v1), fn(v2, v1)))
        self.assertEqual(cnt.frame_count, 3)

    # test_subgraphs.py: test_control_flow4 (`and` on tensors: Dynamo also
    # compiles a graph with no ops at the jump of the short-circuited path,
    # whose stack holds only a tensor)
    def test_control_flow4(self):
        def fn(a, b):
            tmp1 = a.sum() > b.sum() and a.sum() > 0
            if tmp1:
                return 1
            else:
                return 2

        self._common(fn, 3, 5)

    # test_subgraphs.py: test_control_flow5
    def test_control_flow5(self):
        def fn(a, b):
            tmp1 = a.sum() > b.sum() and a.sum() > 0
            tmp2 = a.sum() < b.sum() or b.sum() > 0
            if tmp1 and tmp2:
                return 1, tmp1, tmp2
            else:
                return 2, tmp1, tmp2

        self._common(fn, 6, 13)

    # test_subgraphs.py: test_capi_call1
    def test_capi_call1(self):
        def fn(a, b):
            c1 = a - b
            c2 = b - a
            return unsupported(c1, c2)

        self._common(fn, 1, 2)

    # test_subgraphs.py: test_capi_call2 (tensors and the callee on the stack
    # across the break)
    def test_capi_call2(self):
        def fn(a, b):
            c1 = a - b
            c2 = b - a
            return a - (b - unsupported(c1, c2))

        self._common(fn, 2, 4)

    # test_subgraphs.py: test_indirect_unsupported1 (a call that breaks when
    # inlined: the callee runs on its own frame)
    def test_indirect_unsupported1(self):
        def fn(a, b):
            c1 = a - b
            c2 = b - a
            return indirectly_unsupported(c1, c2)

        self._common(fn, 2, 3)

    # test_subgraphs.py: test_indirect_unsupported2
    def test_indirect_unsupported2(self):
        def fn(a, b):
            local_const1 = 7
            local_const2 = 22
            c1 = a - b
            c2 = b - a
            return local_const1 / (local_const2 - indirectly_unsupported(c1, c2))

        self._common(fn, 3, 5)

    # test_subgraphs.py: test_indirect_unsupported3 (CALL_FUNCTION_EX)
    def test_indirect_unsupported3(self):
        def fn(a, b):
            args = [a - b, b - a]
            return indirectly_unsupported(*args)

        self._common(fn, 2, 3)

    # test_subgraphs.py: test_stack_state1
    def test_stack_state1(self):
        def fn(a, b):
            t1 = 1.23 * a
            t2 = 4.56 * a
            c1 = a - b
            c2 = b - a
            return t1 / (t2 - unsupported(c1, c2))

        self._common(fn, 2, 6)

    # test_subgraphs.py: test_stack_state2
    def test_stack_state2(self):
        def fn(a, b):
            t1 = 1.23 * a
            t2 = 4.56 * a
            c1 = a - b
            c2 = b - a
            return t1 / (t2 - indirectly_unsupported(c1, c2))

        self._common(fn, 3, 7)

    # test_subgraphs.py: test_multigraph
    def test_multigraph(self):
        def fn(a, b):
            x = a + b
            x = x / 2.0
            if x.sum() < 0:
                return x * -1.0
            return x

        self._common(fn, 2, 5)

    # test_subgraphs.py: test_resume1
    def test_resume1(self):
        def fn(a, b):
            x = a + b
            x = x / 2.0
            x = x + 2.0
            x = unsupported(x, a)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 2, 6)

    # test_subgraphs.py: test_resume2
    def test_resume2(self):
        def fn(a, b):
            x = a + b
            x = x / 2.0
            x = x + 2.0
            x = indirectly_unsupported(x, a)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 3, 7)

    # test_subgraphs.py: test_resume3 (keyword argument)
    def test_resume3(self):
        def fn(a, b):
            x = a + b
            x = x / 2.0
            x = x + 2.0
            x = indirectly_unsupported(x, b=a)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 3, 7)

    # test_subgraphs.py: test_resume4 (keyword arguments only)
    def test_resume4(self):
        def fn(a, b):
            x = a + b
            x = x / 2.0
            x = x + 2.0
            x = indirectly_unsupported(a=x, b=a)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 3, 7)

    # test_subgraphs.py: test_resume5 (print in the middle)
    def test_resume5(self):
        def fn(a, b):
            x = a + b
            x = x / 2.0
            x = x + 2.0
            print(x)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 2, 6)

    # test_subgraphs.py: test_start1 (a break before any op: no graph)
    def test_start1(self):
        def fn(a, b):
            print(a)
            x = a + b
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 1, 3)

    # test_subgraphs.py: test_start2
    def test_start2(self):
        def fn(a, b):
            x = indirectly_unsupported(a, b)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 2, 4)

    # test_subgraphs.py: test_start3
    def test_start3(self):
        def fn(a, b):
            x = unsupported(a, b)
            x = x + 2.0
            x = x + 2.0
            x = x + 2.0
            return x

        self._common(fn, 1, 3)

    # test_subgraphs.py: test_start4 (a branch on an input tensor first: Dynamo
    # compiles a graph with no ops for the jump, then one per branch; counts
    # checked after each call)
    def test_start4(self):
        def fn(a, b, check):
            if check:
                return a + b + 10
            else:
                return a + b - 10

        v1 = torch.randn(10)
        v2 = torch.randn(10)
        f = torch.zeros(1, dtype=torch.int64)
        t = torch.ones(1, dtype=torch.int64)
        correct1 = fn(v1, v2, t)
        correct2 = fn(v1, v2, f)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        r1 = opt_fn(v1, v2, t)
        self.assertTrue(torch._dynamo.testing.same(r1, correct1))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 2)
        r2 = opt_fn(v1, v2, f)
        self.assertTrue(torch._dynamo.testing.same(r2, correct2))
        self.assertEqual(cnt.frame_count, 3)
        self.assertEqual(cnt.op_count, 4)

    # test_subgraphs.py: test_resume_freevars (a nested function reading free
    # variables; standin may run such a frame eagerly: a "falls back" finding)
    def test_resume_freevars(self):
        c1 = torch.randn(10)
        c2 = torch.randn(10)

        def fn(a, b):
            x = a + b + (c1 - c2)
            x = unsupported(x, x)
            return x + (c1 - c2)

        self._common(fn, 2, 5)

    # test_subgraphs.py: test_restore_state (a builtin in a local)
    def test_restore_state(self):
        def fn(a, b):
            len_ = len
            x = a + b
            x = torch.add(unsupported(x, x), 1)
            return a * x + len_(b)

        self._common(fn, 2, 4)

    # test_subgraphs.py: test_restore_range (a range live across the break)
    def test_restore_range(self):
        def fn(a, b):
            x = a + b
            rng = range(3, 8, 2)
            x = unsupported(x, x)
            for i in rng:
                x = x + i
            return x

        self._common(fn, 2, 4)

    # test_subgraphs.py: test_restore_range_iter (a started iterator)
    def test_restore_range_iter(self):
        def fn(a, b):
            x = a + b
            rng = iter(range(3, 8, 2))
            x = unsupported(x, x)
            x += next(rng)
            return x, list(rng)

        self._common(fn, 2, 2)

    # test_subgraphs.py: test_pop_after_resume (a list of tensors in a local)
    def test_pop_after_resume(self):
        def fn(a, b):
            tmp = [a + 1, b + 2, a + b]
            x = a
            x = unsupported(x, x)
            for i in range(3):
                x += tmp.pop(-1)
            return x

        self._common(fn, 2, 6)

    # test_subgraphs.py: test_graph_break_on_item (capture_scalar_outputs off)
    def test_graph_break_on_item(self):
        def fn(a, b):
            x = a + b - 1.5
            x = x.sum()
            x.item()
            x = x / (a + b)
            return x

        self._common(fn, 2, 5)

    # test_subgraphs.py: test_resume_with_no_grad2, without the no_grad block
    # (two .tolist() breaks in one frame)
    def test_two_tolist_breaks(self):
        def fn(a, b):
            x = a + b
            x = x + 1
            x.sum().tolist()  # graph break
            x = x + 2
            x.sum().tolist()  # graph break
            x = x + 3
            x = x + 4
            return x

        self._common(fn, 3, 7)

    # test_subgraphs.py: test_resume_paths_join (paths through the branches
    # join in the same resume functions: 7 graphs, not 2^n)
    def test_resume_paths_join(self):
        def fn(x, c1, c2, c3):
            x = x + 1
            if c1:
                x = x + 2
            x = x + 3
            if c2:
                x = x + 4
            x = x + 5
            if c3:
                x = x + 6
            return x + 7

        v1 = torch.randn(10)
        t = torch.tensor([1.0])
        f = torch.tensor([0.0])
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        for a in (t, f):
            for b in (t, f):
                for c in (t, f):
                    self.assertTrue(same(opt_fn(v1, a, b, c), fn(v1, a, b, c)))

        # checking here we don't create 2^n graphs
        self.assertEqual(cnt.frame_count, 7)
        self.assertEqual(cnt.op_count, 10)

    # test_subgraphs.py: test_pop_after_resume, with a dict and a tuple of
    # tensors (and a list) live in locals across the break
    def test_dict_tuple_locals_across_break(self):
        def fn(a, b):
            d = {"x": a + 1, "y": b + 2}
            t = (a * 2, b * 3)
            lst = [a - 1]
            x = unsupported(a, b)
            return d["x"] + d["y"] + t[0] + t[1] + lst[0] + x

        self._common(fn, 2, 10)

    # test_subgraphs.py: test_stack_state1, with a list, a dict, a tuple and
    # a module's parameter on the stack under the breaking call
    # (`foo(a, [x, y], ..., print(...))`)
    def test_live_containers_on_stack(self):
        def fn(a, b):
            x = a + 1
            y = b * 2
            return combine(x, [x, y], {"k": y}, (x, y), lin.bias, print("break"))

        self._common(fn, 2, 8)


class GraphBreakTests(torch._dynamo.test_case.TestCase):
    # test_repros.py: test_while_loop_graph_break (a break in a loop: the
    # frame runs eagerly, the callee is compiled once)
    def test_while_loop_graph_break(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(while_loop_fn)
        x = torch.randn(4)
        self.assertTrue(same(opt_fn(x), while_loop_fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 1)

    # test_repros.py: test_nested_while_loop_graph_break
    def test_nested_while_loop_graph_break(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(nested_while_fn)
        x = torch.randn(4)
        ref = nested_while_fn(x.clone())
        res = opt_fn(x.clone())
        self.assertTrue(same(res, ref))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 1)

    # test_repros.py: test_while_loop_graph_break_inside_call_function (only
    # the inner frame with the loop is skipped)
    def test_while_loop_graph_break_inside_call_function(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(call_loop_fn)
        x = torch.randn(4)
        ref = call_loop_fn(x.clone())
        res = opt_fn(x.clone())
        self.assertTrue(same(res, ref))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 2)

    # test_repros.py: test_for_loop_graph_break
    def test_for_loop_graph_break(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(for_loop_fn)
        x = torch.randn(4)
        self.assertTrue(same(opt_fn(x), for_loop_fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 1)

    # test_repros.py: test_for_loop_graph_break_before (the loop after the
    # break is no backedge: the resume function unrolls it)
    def test_for_loop_graph_break_before(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(for_loop_before_fn)
        x = torch.randn(4)
        self.assertTrue(same(opt_fn(x), for_loop_before_fn(x)))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 100)

    # test_repros.py: test_reformer_remove_unused_args (a print in an inlined
    # call; Dynamo's test checks the result, the counts follow from the split:
    # x * 3 | cat + x in g's own frame | nothing after the print)
    def test_reformer_remove_unused_args(self):
        cnt = CompileCounter()
        opt_f = torch._dynamo.optimize(cnt)(reformer_f)
        x = torch.randn(4)
        y = torch.randn(2)
        self.assertEqual(reformer_f(x, y), opt_f(x, y))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 3)

    # test_repros.py: test_issue1466_size_aot_autograd (a torch.Size live
    # across a print)
    def test_issue1466_size_aot_autograd(self):
        def fn(x):
            # do a tensor op and a size compute
            y = x * 2
            x_size = x.size()
            # trigger a graph break
            print("arf")
            # use the tensor op and size compute
            z = y.view(x_size) + 1
            return z

        x = torch.randn(2, 3)
        ref = fn(x)
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        res = opt_fn(x)
        self.assertTrue(same(ref, res))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 3)

    # test_repros.py: test_not_rewrite_assert_for_other_errors (a branch on a
    # tensor, then a raise in the resume function)
    def test_not_rewrite_assert_for_other_errors(self):
        def f(x):
            b = x.sin()
            if not x.sum() <= 3:
                raise ValueError("input sum needs to be 3")
            return x.cos() + b

        args = (torch.tensor([3.0, 4.0, 5.0]),)
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(f)
        with self.assertRaisesRegex(ValueError, "input sum needs to be 3"):
            opt_fn(*args)
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 3)
        small = torch.tensor([1.0, 0.5, 0.25])
        self.assertTrue(same(opt_fn(small), f(small)))

    # test_misc.py: test_inline_func_jump_on_tensor_condition (a branch on a
    # tensor inside an inlined call, taken both ways; counts checked after
    # each call)
    def test_inline_func_jump_on_tensor_condition(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt_f2 = torch._dynamo.optimize(cnt)(jump_f2)
        res1 = opt_f2(torch.tensor([1.0]))
        self.assertEqual(res1, 3)
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 2)
        res2 = opt_f2(torch.tensor([0.0]))
        self.assertEqual(res2, 1)
        self.assertEqual(cnt.frame_count, 3)
        self.assertEqual(cnt.op_count, 3)

    # test_misc.py: test_side_effects_codegen_update_mutated (a list and a
    # dict built in the frame, mutated between .item() breaks)
    def test_side_effects_codegen_update_mutated(self):
        def f1(x):
            alist = [x]
            alist.append(x + 1)
            alist[0].sum().item()  # graph break
            res = alist.pop()
            res.sum().item()  # graph break
            return res

        def f2(a, b):
            d = {"a": a + 1, "b": b + 2}
            x = d.pop("b")
            x.sum().item()  # graph break
            y = d["a"] + x
            y.sum().item()  # graph break
            d["c"] = y
            return d

        x = torch.rand([2, 3])
        a = torch.rand([5, 6])
        b = torch.rand([5, 6])
        res11 = f1(x)
        res21 = f2(a, b)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_f1 = torch._dynamo.optimize(cnt)(f1)
        opt_f2 = torch._dynamo.optimize(cnt)(f2)
        res12 = opt_f1(x)
        res22 = opt_f2(a, b)
        self.assertTrue(same(res11, res12))
        self.assertTrue(same(res21, res22))
        # f1: [x + 1, sum] | [sum]; f2: [a + 1, b + 2, sum] | [add, sum]
        self.assertEqual(cnt.frame_count, 4)
        self.assertEqual(cnt.op_count, 8)

    # test_misc.py: test_closure_with_mutation_and_graph_break (a frame with
    # cells: standin may run it eagerly, a "falls back" finding)
    def test_closure_with_mutation_and_graph_break(self):
        def fn():
            x = torch.zeros(1)

            def subfunc():
                x[0] = backup

            if x[0] >= -1e5:
                pass

            backup = 1
            subfunc()
            return x

        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        expected = fn()
        actual = opt_fn()
        self.assertTrue(same(expected, actual))
        self.assertEqual(cnt.frame_count, 2)

    # test_misc.py: test_cell_output2 (a nonlocal store after a break; a frame
    # with a free variable: may fall back in standin)
    def test_cell_output2(self):
        out = None

        def fn(a, b):
            nonlocal out
            c = unsupported(a, b)
            out = a + b * 10 + c

        v = torch.tensor([100.0])
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        self.assertIsNone(opt_fn(v, v))
        self.assertEqual(out[0], 1200)
        self.assertEqual(cnt.op_count, 3)

    # test_modules.py: test_unsupportedmethod (a module method that breaks
    # when inlined)
    def test_unsupportedmethod(self):
        m = UnsupportedMethodCall()
        i = torch.randn(10)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_m = torch._dynamo.optimize(cnt)(m)
        r = opt_m(i)
        self.assertTrue(torch._dynamo.testing.same(r, m(i)))
        self.assertEqual(cnt.op_count, 5)

    # test_modules.py: test_unsupportedmodule (a submodule whose forward
    # breaks when inlined)
    def test_unsupportedmodule(self):
        m = UnsupportedModuleCall()
        i = torch.randn(10)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_m = torch._dynamo.optimize(cnt)(m)
        r = opt_m(i)
        self.assertTrue(torch._dynamo.testing.same(r, m(i)))
        self.assertEqual(cnt.op_count, 6)

    # test_modules.py: test_unsupportedmodule, with a print in the
    # submodule's forward between two ops (outer: x * 1.5 | inner: linear,
    # relu, 2 muls | inner resume: + 1 | outer resume: 1 + ...)
    def test_module_forward_with_print(self):
        m = PrintingModuleCall()
        i = torch.randn(10)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_m = torch.compile(m, backend=cnt)
        r = opt_m(i)
        self.assertTrue(torch._dynamo.testing.same(r, m(i)))
        self.assertEqual(cnt.frame_count, 4)
        self.assertEqual(cnt.op_count, 7)
        r = opt_m(i)
        self.assertTrue(torch._dynamo.testing.same(r, m(i)))
        self.assertEqual(cnt.frame_count, 4)

    # test_modules.py: test_module_forward_has_graph_break (without the
    # buffers and ModuleDict standin's nn lacks)
    def test_module_forward_has_graph_break(self):
        m = ModuleForwardHasGraphBreak()
        x = torch.rand([10, 10])
        ref = m(x)
        opt_m = torch._dynamo.optimize("eager")(m)
        res = opt_m(x)
        self.assertTrue(same(ref, res))

    # test_global.py: test_store_global_1, with a graph break between two
    # stores (each part's store replayed once, in order)
    def test_global_store_around_break(self):
        def fn(x):
            global g_counter
            g_counter += 1
            y = x + g_counter
            print("break")
            g_counter += 1
            return y + g_counter

        global g_counter
        x = torch.randn(10)
        g_counter = 0
        ref = fn(x)
        self.assertEqual(g_counter, 2)
        g_counter = 0
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        res = opt_fn(x)
        self.assertTrue(same(ref, res))
        self.assertEqual(g_counter, 2)
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 2)

    # test_misc.py: test_setattr_mutation1, with a print between the stores
    def test_setattr_mutation_around_break(self):
        def fn(obj):
            obj.c = obj.a * obj.b + 1
            obj.b = obj.a * obj.c + 2
            print("break")
            obj.a = obj.b * obj.c + 3
            obj.c = obj.a * obj.b + 4
            return obj

        x1 = torch.randn(10)
        x2 = torch.randn(10)
        obj1 = MyObj(x1, x2)
        obj2 = MyObj(x1, x2)
        fn(obj2)
        cnt = torch._dynamo.testing.CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        self.assertIs(opt_fn(obj1), obj1)
        self.assertTrue(same(obj1.a, obj2.a))
        self.assertTrue(same(obj1.b, obj2.b))
        self.assertTrue(same(obj1.c, obj2.c))
        # The resume function after the print holds only `obj` (a plain object:
        # Dynamo's has_tensor_in_frame does not look into it) and names no
        # torch global, so it runs as it is: one graph, of the first 4 ops.
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 4)

    # test_global.py: test_store_global_list / test_misc.py:
    # test_dict_mutation_side_effect, with a print between the mutations of
    # an existing list and dict
    def test_container_mutation_around_break(self):
        def fn(xs, d, x):
            xs.append(x + 1)
            d["a"] = x * 2
            print("break")
            xs.append(x + 3)
            d.update({"b": x - 1})
            return len(xs) + x

        x = torch.randn(10)
        ref_xs, ref_d = [], {"keep": 0}
        got_xs, got_d = [], {"keep": 0}
        ref = fn(ref_xs, ref_d, x)
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        res = opt_fn(got_xs, got_d, x)
        self.assertTrue(same(ref, res))
        self.assertTrue(same(ref_xs, got_xs))
        self.assertEqual(list(ref_d.keys()), list(got_d.keys()))
        self.assertTrue(same(ref_d, got_d))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 5)

    # test_recompiles.py (guard failures recompile only the failing frame),
    # on test_subgraphs.py test_resume5's shape: an int read only after the
    # break is guarded by the resume function alone
    def test_resume_function_recompiles_alone(self):
        def fn(x, k):
            y = x * 2
            print("break")
            return y + k

        x = torch.randn(10)
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        self.assertTrue(same(opt_fn(x, 1), fn(x, 1)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertTrue(same(opt_fn(x, 2), fn(x, 2)))
        self.assertEqual(cnt.frame_count, 3)
        self.assertTrue(same(opt_fn(x, 1), fn(x, 1)))
        self.assertEqual(cnt.frame_count, 3)

    # test_recompiles.py: the same, with the guarded int read before the
    # break: only the first graph recompiles, the resume function is reused
    def test_prefix_recompiles_alone(self):
        def fn(x, k):
            y = x * k
            print("break")
            return y + 1

        x = torch.randn(10)
        cnt = CompileCounter()
        opt_fn = torch._dynamo.optimize(cnt)(fn)
        self.assertTrue(same(opt_fn(x, 1), fn(x, 1)))
        self.assertEqual(cnt.frame_count, 2)
        self.assertTrue(same(opt_fn(x, 2), fn(x, 2)))
        self.assertEqual(cnt.frame_count, 3)
        self.assertTrue(same(opt_fn(x, 1), fn(x, 1)))
        self.assertEqual(cnt.frame_count, 3)

    # test_backends.py: test_explain_with_backend (through
    # torch._dynamo.explain: 8 graphs, graph_break_count = graph_count - 1,
    # one break reason per graph compiled at a break)
    def test_explain_with_backend(self):
        input_tensor = torch.randn(5)
        explain_output = torch._dynamo.explain(explain_fn)(input_tensor)
        explain_str = str(explain_output)
        self.assertIn("Graph Count", explain_str)
        self.assertIn("Graph Break Count", explain_str)
        self.assertIn("Op Count", explain_str)
        self.assertIn("Break Reasons", explain_str)
        self.assertEqual(8, explain_output.graph_count)
        self.assertEqual(7, explain_output.graph_break_count)
        self.assertEqual(8, explain_output.op_count)
        self.assertEqual(4, len(explain_output.break_reasons))
        self.assertEqual([len(ops) for ops in explain_output.ops_per_graph], [1, 1, 1, 1, 1, 1, 1, 1])
        torch._dynamo.reset()
        cnt = CompileCounter()
        opt_fn = torch.compile(explain_fn, backend=cnt)
        self.assertTrue(same(opt_fn(input_tensor), explain_fn(input_tensor)))
        self.assertEqual(cnt.frame_count, 8)
        self.assertEqual(cnt.op_count, 8)

    # torch.compiler_faq / troubleshooting docs' explain example (print and a
    # branch on a tensor): Graph Count 3, Graph Break Count 2, Op Count 5
    # (explain counts call_function nodes only: b.sum() is a call_method)
    def test_explain_toy_example(self):
        a = torch.randn(10)
        b = torch.ones(10)
        explanation = torch._dynamo.explain(toy_example)(a, b)
        self.assertEqual(explanation.graph_count, 3)
        self.assertEqual(explanation.graph_break_count, 2)
        self.assertEqual(explanation.op_count, 5)
        self.assertEqual(len(explanation.break_reasons), 2)
        self.assertEqual([len(ops) for ops in explanation.ops_per_graph], [3, 1, 1])
        torch._dynamo.reset()
        cnt = CompileCounter()
        opt_fn = torch.compile(toy_example, backend=cnt)
        self.assertTrue(same(opt_fn(a, b), toy_example(a, b)))
        self.assertEqual(cnt.frame_count, 3)
        self.assertEqual(cnt.op_count, 6)
        # b the other way: one more graph (b * -1, x * b)
        self.assertTrue(same(opt_fn(a, -b), toy_example(a, -b)))
        self.assertEqual(cnt.frame_count, 4)
        self.assertEqual(cnt.op_count, 8)

    # test_misc.py: test_explain_user_stack style (a break inside an inlined
    # call: the reason's user stack runs from the compiled frame down to the
    # callee's line)
    def test_break_reason_user_stack_through_inlined_call(self):
        out = torch._dynamo.explain(outer_with_noisy_helper)(torch.ones(3))
        # x + 1; then noisy_helper on its own frame: x * 2 after its print;
        # then z - 1 in outer's resume function.
        self.assertEqual(out.graph_count, 3)
        self.assertEqual(out.op_count, 3)
        self.assertTrue(len(out.break_reasons) >= 1)
        stack = out.break_reasons[0].user_stack
        self.assertEqual([f.name for f in stack], ["outer_with_noisy_helper", "noisy_helper"])
        self.assertIn("noisy_helper(y)", stack[0].line)
        self.assertIn("print", stack[1].line)
        self.assertIn("User Stack:", str(out))


def noisy_helper(x):
    print("noisy", x.shape)
    return x * 2


def outer_with_noisy_helper(x):
    y = x + 1
    z = noisy_helper(y)
    return z - 1


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
