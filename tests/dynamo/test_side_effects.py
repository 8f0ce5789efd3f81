# Side effects of a compiled frame, replayed once, in order, after the graph
# ran, as Dynamo's SideEffects / codegen_update_mutated do (test_misc.py's
# test_list_*, test_dict_*, test_side_effects_*, test_closure_* and
# test_global.py tests in spirit): every kind of store and container
# mutation, aliases that see them, exceptions that reach the caller as in
# eager, graph breaks that run the frame eagerly, fullgraph errors, and the
# recompile limit.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

counter = 0
log = []


class Box:
    def __init__(self):
        self.value = 1
        self.items = []


def compiled(fn):
    cnt = CompileCounter()
    return torch.compile(fn, backend=cnt), cnt


class SideEffectTests(torch._dynamo.test_case.TestCase):
    def test_global_store_replayed_once(self):
        def fn(x):
            global counter
            counter = counter + 1
            return x + counter

        global counter
        counter = 0
        opt, cnt = compiled(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt(x), x + 1))
        self.assertEqual(counter, 1)
        self.assertTrue(same(opt(x), x + 2))
        self.assertEqual(counter, 2)
        self.assertEqual(cnt.frame_count, 2)

    def test_attribute_store_on_existing_object(self):
        box = Box()

        def fn(b, x):
            b.value = b.value * 10
            b.tensor = x * 2
            return x + b.value

        opt, cnt = compiled(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt(box, x), x + 10))
        self.assertEqual(box.value, 10)
        self.assertTrue(same(box.tensor, x * 2))
        self.assertEqual(cnt.frame_count, 1)

    def test_list_mutations_in_order(self):
        def fn(xs, x):
            xs.append(x + 1)
            xs.extend([x + 2, 3])
            xs.insert(0, "first")
            xs[1] = "replaced"
            last = xs.pop()
            return last

        ref = ["a", "b"]
        got = ["a", "b"]
        x = torch.ones(2)
        opt, cnt = compiled(fn)
        self.assertEqual(fn(ref, x), opt(got, x))
        self.assertEqual(len(ref), len(got))
        self.assertEqual(got[0], "first")
        self.assertEqual(got[1], "replaced")
        self.assertTrue(same(got[3], x + 1))
        self.assertEqual(cnt.frame_count, 1)

    def test_dict_mutations(self):
        def fn(d, x):
            d["new"] = x * 3
            del d["gone"]
            d.update({"k": 1})
            return d["keep"] + x

        ref = {"keep": 1, "gone": 2}
        got = {"keep": 1, "gone": 2}
        x = torch.ones(2)
        opt, cnt = compiled(fn)
        self.assertTrue(same(fn(ref, x), opt(got, x)))
        self.assertEqual(list(ref.keys()), list(got.keys()))
        self.assertTrue(same(got["new"], x * 3))
        self.assertEqual(got["k"], 1)
        self.assertEqual(cnt.frame_count, 1)

    def test_aliases_see_mutation(self):
        shared = []
        holder = Box()
        holder.items = shared

        def fn(b, xs, x):
            xs.append(1)
            b.items.append(2)
            return x + len(xs)

        opt, cnt = compiled(fn)
        x = torch.ones(2)
        self.assertTrue(same(opt(holder, shared, x), x + 2))
        self.assertEqual(shared, [1, 2])
        self.assertIs(holder.items, shared)

    def test_cell_store(self):
        def make():
            total = 0

            def add(x):
                nonlocal total
                total = total + 1
                return x * total

            def get():
                return total

            return add, get

        add, get = make()
        opt, cnt = compiled(add)
        x = torch.ones(2)
        self.assertTrue(same(opt(x), x))
        self.assertEqual(get(), 1)
        self.assertTrue(same(opt(x), x * 2))
        self.assertEqual(get(), 2)

    def test_side_effects_in_inlined_call(self):
        def record(v):
            log.append(v)
            return v

        def fn(x):
            record("a")
            y = x + 1
            record("b")
            return y

        log.clear()
        opt, cnt = compiled(fn)
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) + 1))
        self.assertEqual(log, ["a", "b"])
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) + 1))
        self.assertEqual(log, ["a", "b", "a", "b"])

    def test_exception_same_as_eager_and_next_call_works(self):
        def fn(x, d):
            return x + d["missing"]

        opt, cnt = compiled(fn)
        with self.assertRaisesRegex(KeyError, "missing"):
            opt(torch.ones(2), {"present": 1})
        self.assertTrue(same(opt(torch.ones(2), {"missing": 1}), torch.ones(2) + 1))

    def test_graph_break_splits_the_frame(self):
        # test_misc.py: a print in the middle breaks the graph; the part
        # before and the resume function after are compiled.
        def fn(x):
            y = x * 2
            print("in the middle")
            return y + 1

        opt, cnt = compiled(fn)
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) * 2 + 1))
        self.assertEqual(cnt.frame_count, 2)
        self.assertEqual(cnt.op_count, 2)

    def test_callee_of_broken_frame_still_compiled(self):
        def inner(x):
            return x.relu() + 1

        def outer(x):
            print("break")
            return inner(x)

        opt, cnt = compiled(outer)
        self.assertTrue(same(opt(torch.ones(2)), torch.ones(2) + 1))
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 2)

    def test_fullgraph_names_reason_and_line(self):
        def fn(x):
            return x.item() + 1

        opt = torch.compile(fn, backend="eager", fullgraph=True)
        with self.assertRaisesRegex(torch._dynamo.exc.Unsupported, "item"):
            opt(torch.ones(1))
        with self.assertRaisesRegex(torch._dynamo.exc.Unsupported, "test_side_effects.py:"):
            opt(torch.ones(1))

    def test_after_recompile_limit_results_stay_eager_correct(self):
        def fn(x, k):
            return x * k

        saved = torch._dynamo.config.recompile_limit
        torch._dynamo.config.recompile_limit = 1
        try:
            opt, cnt = compiled(fn)
            for k in range(4):
                self.assertTrue(same(opt(torch.ones(2), k), torch.ones(2) * k))
            self.assertEqual(cnt.frame_count, 1)
        finally:
            torch._dynamo.config.recompile_limit = saved


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
