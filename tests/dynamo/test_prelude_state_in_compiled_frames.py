# State kept by standin's own guest code, seen from compiled frames: hook
# handles made in a compiled frame each get their own id (a temporary
# register/remove there leaves the user's hooks alone), and hasattr() of a
# torch op that lives in a lazily compiled part answers as eagerly.
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class PreludeStateTests(torch._dynamo.test_case.TestCase):
    def test_hook_handles_made_in_compiled_frame(self):
        log = []

        def hook(mod, inp, out):
            log.append("h")

        m = torch.nn.Identity()
        f = torch.compile(lambda x: (m.register_forward_hook(hook), x + 1), backend="eager")
        handles = [f(torch.zeros(1))[0] for _ in range(3)]
        self.assertEqual(len({h.id for h in handles}), 3)
        self.assertEqual(len(m._forward_hooks), 3)
        m(torch.zeros(1))
        self.assertEqual(log, ["h", "h", "h"])
        m2 = torch.nn.Identity()
        m2.register_forward_hook(lambda *a: log.append("user"))

        def g(x):
            h = m2.register_forward_hook(lambda *a: None)
            y = m2(x)
            h.remove()
            return y + 1

        torch.compile(g, backend="eager")(torch.zeros(1))
        del log[:]
        m2(torch.zeros(1))
        self.assertEqual(log, ["user"])

    def test_hasattr_of_lazily_compiled_torch_ops(self):
        F = torch.nn.functional

        def f(x):
            return x + 1, [hasattr(torch, "cummax"), hasattr(torch, "gcd"), hasattr(F, "pdist"),
                           hasattr(torch.nn, "EmbeddingBag"), hasattr(torch, "no_such_op")]

        cnt = CompileCounter()
        got = torch.compile(f, backend=cnt)(torch.zeros(1))[1]
        self.assertEqual(got, [True, True, True, True, False])
        self.assertEqual(got, f(torch.zeros(1))[1])


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
