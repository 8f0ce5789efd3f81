# The TestCase harness offers what ported tests use from unittest: skip,
# skipIf, skipUnless and expectedFailure (on methods and classes),
# SkipTest and skipTest(), subTest(), setUpClass/tearDownClass, and the
# container and negative assertions. A skipped test that would fail, and
# an expected failure that fails, must not fail the run.
import unittest

import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class HarnessTests(torch._dynamo.test_case.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.shared = [1, 2, 3]

    @unittest.skip("never runs")
    def test_skipped(self):
        raise AssertionError("a skipped test ran")

    @unittest.skipIf(True, "condition holds")
    def test_skip_if(self):
        raise AssertionError("skipIf(True) ran")

    @unittest.skipUnless(False, "condition fails")
    def test_skip_unless(self):
        raise AssertionError("skipUnless(False) ran")

    @unittest.skipIf(False, "condition fails")
    def test_not_skipped(self):
        self.assertEqual(self.shared, [1, 2, 3])

    @unittest.expectedFailure
    def test_expected_failure(self):
        self.assertEqual(1, 2)

    def test_skip_test_call(self):
        self.skipTest("skipped from inside")
        raise AssertionError("ran past skipTest")

    def test_raise_skip_test(self):
        raise unittest.SkipTest("raised")

    def test_sub_test_and_asserts(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        def fn(x, k):
            return x * k

        for k in (1, 2, 3):
            with self.subTest(k=k):
                self.assertEqual(fn(torch.ones(1), k), torch.full((1,), float(k)))
        self.assertNotIsInstance(1, str)
        self.assertSequenceEqual([1, 2], (1, 2))
        self.assertListEqual([1, 2], [1, 2])
        self.assertTupleEqual((1,), (1,))
        self.assertDictEqual({"a": 1}, {"a": 1})
        self.assertSetEqual({1, 2}, [2, 1])
        self.assertMultiLineEqual("a\nb", "a\nb")
        self.assertNotAlmostEqual(1.0, 1.1)
        with self.assertRaises(AssertionError):
            self.assertListEqual([1], (1,))
        with self.assertRaises(AssertionError):
            self.assertNotAlmostEqual(1.0, 1.0 + 1e-9)


@unittest.skip("whole class skipped")
class SkippedClassTests(torch._dynamo.test_case.TestCase):
    def test_never(self):
        raise AssertionError("a test of a skipped class ran")


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
