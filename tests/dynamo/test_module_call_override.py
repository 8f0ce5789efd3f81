# torch.compile(module) runs the module's own __call__ when its class defines
# one (Dynamo's OptimizedModule calls _orig_mod.__call__): a counter, an input
# cast or a wrapper in it acts on compiled calls as on eager ones.
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class Doubling(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0
        self.lin = torch.nn.Linear(2, 2)

    def __call__(self, x):
        self.calls += 1
        return super().__call__(x * 2)

    def forward(self, x):
        return self.lin(x) * 2


class ModuleCallOverrideTests(torch._dynamo.test_case.TestCase):
    def test_call_override_runs(self):
        m = Doubling()
        x = torch.ones(3, 2)
        eager = m(x)
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        self.assertEqual(opt(x), eager)
        self.assertEqual(opt(x), eager)
        self.assertEqual(m.calls, 3)
        # (self.calls is a guarded constant here: each new count recompiles)
        self.assertEqual(cnt.frame_count, 2)

    def test_compile_of_compiled_module(self):
        mod = torch.nn.Linear(4, 4)
        opt = torch.compile(torch.compile(torch.compile(mod, backend="eager"), backend="eager"), backend="eager")
        x = torch.ones(2, 4)
        self.assertEqual(opt(x), mod(x))

    def test_plain_module_unchanged(self):
        m = torch.nn.Linear(2, 2)
        cnt = CompileCounter()
        opt = torch.compile(m, backend=cnt)
        x = torch.ones(1, 2)
        self.assertEqual(opt(x), m(x))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
