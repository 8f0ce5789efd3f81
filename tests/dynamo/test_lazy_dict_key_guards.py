# test_dicts.py: test_lazy_key_guarding, test_lazy_key_non_const_guarding. A
# dict from outside read only at present keys is guarded on those keys (its
# DictGetItem accessors), not on its key set: adding or removing another key
# does not recompile. Reading the key set (len, iteration, `in` of an absent
# key) guards it.
from collections import OrderedDict, defaultdict, namedtuple

import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class LazyDictKeyGuardTests(torch._dynamo.test_case.TestCase):
    def test_lazy_key_guarding(self):
        d = {"a": 2, "b": 3, "c": 5}

        def fn(x):
            return x * d["a"]

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt, fullgraph=True)
        x = torch.randn(4)
        self.assertEqual(fn(x), opt_fn(x))
        d.pop("c")
        d["d"] = 10
        self.assertEqual(fn(x), opt_fn(x))
        self.assertEqual(cnt.frame_count, 1)
        d.pop("a")
        d["a"] = 7  # the value read changed: recompile
        self.assertEqual(fn(x), opt_fn(x))
        self.assertEqual(cnt.frame_count, 2)

    def test_lazy_key_non_const_guarding(self):
        d = {list: 2, dict: 3, OrderedDict: 5, namedtuple: 7}

        def fn(x):
            return x * d[list]

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt, fullgraph=True)
        x = torch.randn(4)
        self.assertEqual(fn(x), opt_fn(x))
        d.pop(dict)
        d[defaultdict] = 10
        self.assertEqual(fn(x), opt_fn(x))

    def test_get_of_present_key_is_lazy(self):
        d = {"a": 2, "b": 3}

        def fn(x):
            return x * d.get("a", 1)

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        opt_fn(x)
        d["c"] = 4
        self.assertEqual(opt_fn(x), fn(x))
        self.assertEqual(cnt.frame_count, 1)
        del d["a"]
        self.assertEqual(opt_fn(x), fn(x))
        self.assertEqual(cnt.frame_count, 2)

    def test_key_set_reads_guard_the_keys(self):
        d = {"a": 2, "b": 3}

        def fn(x):
            return x * len(d) + ("z" in d)

        cnt = CompileCounter()
        opt_fn = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        opt_fn(x)
        d["z"] = 1
        self.assertEqual(opt_fn(x), fn(x))
        self.assertEqual(cnt.frame_count, 2)

    def test_removed_key_recompiles_even_if_unused(self):
        d = {"a": 2, "b": 3}

        def fn(x):
            d["a"]  # read and dropped: eager raises KeyError once 'a' is gone
            return x + 1

        opt_fn = torch.compile(fn, backend="eager")
        x = torch.ones(2)
        opt_fn(x)
        del d["a"]
        with self.assertRaises(KeyError):
            opt_fn(x)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
