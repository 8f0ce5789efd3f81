# torch._dynamo.utils.counters (Dynamo's: frames total/ok, stats
# unique_graphs/calls_captured, graph_break and unimplemented by reason),
# cleared by the test case's setUp as Dynamo's test_case does; and
# collections.defaultdict / Counter, dict subclasses as CPython's, in
# compiled frames: a missing key calls __missing__ (default_factory, or 0),
# Counter's operators and == are inlined, and mutations of a defaultdict
# from outside are replayed after the graph.
import collections
from collections import Counter, defaultdict

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same
from torch._dynamo.utils import counters


class CountersTests(torch._dynamo.test_case.TestCase):
    def test_counters_cleared_by_set_up(self):
        self.assertEqual(len(counters["graph_break"]), 0)
        self.assertEqual(counters["stats"]["unique_graphs"], 0)

    def test_graph_break_and_stats(self):
        def fn(x):
            x = x + 1
            print("break")
            x = x * 2
            return x.sin()

        opt = torch.compile(fn, backend="eager")
        opt(torch.ones(2))
        self.assertEqual(len(counters["graph_break"]), 1)
        self.assertEqual(sum(counters["graph_break"].values()), 1)
        self.assertEqual(counters["stats"]["unique_graphs"], 2)
        self.assertEqual(counters["stats"]["calls_captured"], 3)
        self.assertEqual(counters["frames"]["total"], 2)
        self.assertEqual(counters["frames"]["ok"], 2)
        # a cache hit counts nothing
        opt(torch.ones(2))
        self.assertEqual(counters["stats"]["unique_graphs"], 2)
        self.assertEqual(counters["frames"]["total"], 2)

    def test_recompile_counts_a_frame(self):
        def fn(x, n):
            return x * n

        opt = torch.compile(fn, backend="eager")
        opt(torch.ones(2), 2)
        opt(torch.ones(2), 3)
        self.assertEqual(counters["frames"]["total"], 2)
        self.assertEqual(counters["stats"]["unique_graphs"], 2)
        self.assertEqual(len(counters["graph_break"]), 0)

    def test_fullgraph_error_is_not_ok(self):
        def fn(x):
            print("no")
            return x + 1

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        with self.assertRaises(torch._dynamo.exc.Unsupported):
            opt(torch.ones(2))
        self.assertEqual(counters["frames"]["total"], 1)
        self.assertEqual(counters["frames"]["ok"], 0)
        self.assertEqual(len(counters["unimplemented"]), 1)

    def test_counters_is_a_defaultdict_of_counters(self):
        self.assertTrue(isinstance(counters, collections.defaultdict))
        self.assertTrue(isinstance(counters["anything"], collections.Counter))
        self.assertTrue(torch._dynamo.utils.counters is counters)


class CollectionsInFrameTests(torch._dynamo.test_case.TestCase):
    def test_defaultdict_made_in_frame(self):
        def fn(x, keys):
            groups = defaultdict(list)
            for i, k in enumerate(keys):
                groups[k].append(x[i])
            total = 0
            for k in sorted(groups):
                total = total + torch.stack(groups[k]).sum(0) * len(k)
            return total, groups, isinstance(groups, dict), len(groups)

        x = torch.arange(8.0).reshape(4, 2)
        keys = ["a", "bb", "a", "ccc"]
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        r, e = opt(x, keys), fn(x, keys)
        self.assertTrue(same(r[0], e[0]))
        self.assertEqual(type(r[1]).__name__, "defaultdict")
        self.assertEqual(sorted(r[1]), ["a", "bb", "ccc"])
        self.assertTrue(r[1].default_factory is list)
        self.assertEqual(r[2:], (True, 3))
        self.assertEqual(cnt.frame_count, 1)

    def test_defaultdict_from_outside_mutated(self):
        def fn(x, d, k):
            d[k] += 1
            d["calls"] += 1
            return x * d[k]

        d = defaultdict(int)
        e = defaultdict(int)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        for k in ["a", "b", "a", "a"]:
            r = opt(x, d, k)
            self.assertTrue(same(r, fn(x, e, k)))
            self.assertEqual(dict(d), dict(e))
        self.assertEqual(d["calls"], 4)
        self.assertEqual(type(d).__name__, "defaultdict")

    def test_counter_in_frame(self):
        def fn(x, tokens):
            c = Counter(tokens)
            c.update(["z", "z"])
            top, n = c.most_common(1)[0]
            both = c + Counter(tokens)
            return x * n + both[top], c["missing"], c == Counter(tokens) + Counter(z=2), -c

        x = torch.ones(3)
        tokens = ["a", "b", "a", "c", "a"]
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        r, e = opt(x, tokens), fn(x, tokens)
        self.assertTrue(same(r[0], e[0]))
        self.assertEqual(r[1:], e[1:])
        self.assertEqual(r[1:], (0, True, Counter()))
        self.assertEqual(cnt.frame_count, 1)

    def test_dict_base_methods_called_explicitly(self):
        class Registry(dict):
            def __init__(self, *args):
                dict.__init__(self, *args)
                self.hits = 0

            def __missing__(self, key):
                self.hits += 1
                dict.__setitem__(self, key, len(key))
                return dict.get(self, key)

        def fn(x, names):
            r = Registry({"w": 2})
            total = x
            for n in names:
                total = total * r[n]
            return total, r.hits, dict(r)

        x = torch.ones(2)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        names = ["w", "abc", "abc", "hello"]
        r, e = opt(x, names), fn(x, names)
        self.assertTrue(same(r[0], e[0]))
        self.assertEqual(r[1:], e[1:])
        self.assertEqual(cnt.frame_count, 1)

    def test_missing_from_outside_dict_subclass(self):
        class Zeros(dict):
            def __missing__(self, key):
                return 0

        def fn(x, d):
            return x + d["a"] + d["b"]

        d = Zeros(a=2)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.ones(2)
        self.assertTrue(same(opt(x, d), x + 2))
        d["b"] = 5  # the key's absence was guarded: recompiles
        self.assertTrue(same(opt(x, d), x + 7))
        self.assertEqual(cnt.frame_count, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
