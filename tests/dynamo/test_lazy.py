# Lazy wrapping (Dynamo's LazyVariableTracker, variables/lazy.py; the
# behaviour test_misc.py's guard-count tests rely on): a value read from
# outside the frame installs guards only on what the trace touches. The
# guard trees are read back through torch._dynamo.explain's out_guards.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

xs = list(range(10000))


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.ones(2)


class Deep(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([Block() for _ in range(100)])


deep = Deep()


def guard_lines(fn, *args):
    out = torch._dynamo.explain(fn)(*args)
    assert out.graph_count == 1, "expected one graph"
    return [line for line in out.out_guards[0].split("\n") if "+-" in line and "GuardManager" not in line]


class LazyTests(torch._dynamo.test_case.TestCase):
    def test_list_element_only(self):
        def fn(x):
            return x + xs[0]

        lines = guard_lines(fn, torch.ones(2))
        text = "\n".join(lines)
        self.assertIn("len(G['xs']) == 10000", text)
        self.assertIn("G['xs'][0] == 0", text)
        self.assertNotIn("G['xs'][1]", text)
        # GLOBAL_STATE, TENSOR_MATCH on x, TYPE_MATCH + length on xs, xs[0]
        self.assertEqual(len(lines), 5)

    def test_module_path_only(self):
        def fn(x):
            return x * deep.layers[3].weight

        lines = guard_lines(fn, torch.ones(2))
        text = "\n".join(lines)
        self.assertIn("getattr(G['deep'].layers, '3').weight", text)
        self.assertNotIn("'4'", text)
        self.assertNotIn("'2'", text)
        self.assertLess(len(lines), 12)

    def test_untouched_argument_not_guarded(self):
        def fn(x, unused):
            return x + 1

        lines = guard_lines(fn, torch.ones(2), [1, 2, 3])
        self.assertNotIn("L['unused']", "\n".join(lines))

    def test_lazy_element_mutation_recompiles(self):
        def fn(x):
            return x + xs[0]

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        self.assertTrue(same(opt(x), x))
        xs[1] = 100  # not read by fn: still a cache hit
        self.assertTrue(same(opt(x), x))
        self.assertEqual(cnt.frame_count, 1)
        xs[0] = 5  # read by fn: recompiles
        self.assertTrue(same(opt(x), x + 5))
        self.assertEqual(cnt.frame_count, 2)
        xs[0] = 0
        xs[1] = 1


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
