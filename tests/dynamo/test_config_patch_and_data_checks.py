# torch._dynamo.config.patch is all or nothing (an unknown key changes no
# other); config.fail_on_recompile_limit_hit makes the limit a hard error; a
# check on the data inside a compiled torch function (F.one_hot's class
# range) is a graph node that raises when the graph runs, as eagerly.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter


class ConfigAndDataCheckTests(torch._dynamo.test_case.TestCase):
    def test_patch_with_unknown_key_changes_nothing(self):
        before = torch._dynamo.config.recompile_limit
        with self.assertRaises(AttributeError):
            with torch._dynamo.config.patch(recompile_limit=1, no_such_knob=True):
                pass
        self.assertEqual(torch._dynamo.config.recompile_limit, before)

    def test_patch_restores(self):
        before = torch._dynamo.config.recompile_limit
        with torch._dynamo.config.patch({"recompile_limit": 3}):
            self.assertEqual(torch._dynamo.config.recompile_limit, 3)
        self.assertEqual(torch._dynamo.config.recompile_limit, before)

    def test_fail_on_recompile_limit_hit(self):
        cnt = CompileCounter()

        def f(x, k):
            return x + k

        cf = torch.compile(f, backend=cnt)
        with torch._dynamo.config.patch(recompile_limit=2, fail_on_recompile_limit_hit=True):
            cf(torch.ones(1), 1)
            cf(torch.ones(1), 2)
            with self.assertRaisesRegex(torch._dynamo.exc.FailOnRecompileLimitHit, "HARD failure"):
                cf(torch.ones(1), 3)
        self.assertEqual(cnt.frame_count, 2)

    def test_recompile_limit_falls_back_without_the_flag(self):
        def f(x, k):
            return x + k

        cf = torch.compile(f, backend=CompileCounter())
        with torch._dynamo.config.patch(recompile_limit=2):
            for k in range(5):
                self.assertEqual(cf(torch.ones(1), k).item(), 1.0 + k)

    def test_one_hot_range_checked_when_compiled(self):
        for idx, n, msg in ((torch.tensor([0, 1, 2]), 2, "smaller than num_classes"),
                            (torch.tensor([-1, 0, 1]), 3, "non-negative")):
            for fullgraph in (True, False):
                torch._dynamo.reset()
                with self.assertRaisesRegex(RuntimeError, msg):
                    F.one_hot(idx, n)
                with self.assertRaisesRegex(RuntimeError, msg):
                    torch.compile(F.one_hot, fullgraph=fullgraph)(idx, n)

                def g(i):
                    return F.one_hot(i, n).float() * 2

                with self.assertRaisesRegex(RuntimeError, msg):
                    torch.compile(g, fullgraph=fullgraph)(idx)
        ok = torch.compile(F.one_hot, fullgraph=True)(torch.tensor([0, 2, 1]), 3)
        self.assertEqual(ok.tolist(), [[1, 0, 0], [0, 0, 1], [0, 1, 0]])


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
