# map, filter, zip, enumerate, generators and dict views are lazy in a
# compiled frame, as they are eagerly: a list or dict changed after the
# iterator or view is made is seen, a
# generator's body interleaves its stores with the consumer's and any()/all()
# stop it, and an iterator live across a graph break resumes over the list
# itself, not a snapshot of it.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same

log = []


def logged(xs):
    for v in xs:
        log.append(v)
        yield v


def both(fn, *make):
    """Runs fn eagerly and compiled on fresh arguments; returns both results and arguments."""
    eager_args = [m() for m in make]
    compiled_args = [m() for m in make]
    del log[:]
    want = fn(*eager_args)
    want_log = list(log)
    del log[:]
    cnt = CompileCounter()
    got = torch.compile(fn, backend=cnt)(*compiled_args)
    return want, got, want_log, list(log), eager_args, compiled_args, cnt


class LazyIteratorTests(torch._dynamo.test_case.TestCase):
    def check(self, fn, *make, frames=1):
        want, got, want_log, got_log, ea, ca, cnt = both(fn, *make)
        self.assertEqual(repr(got), repr(want))
        self.assertEqual(got_log, want_log)
        self.assertEqual(repr(ca), repr(ea))
        self.assertEqual(cnt.frame_count, frames)

    def test_map_sees_a_later_append(self):
        def fn(x, xs):
            m = map(lambda v: v * 2, xs)
            xs.append(3)
            return x + 1, list(m)

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2])

    def test_zip_enumerate_filter_are_lazy(self):
        def fn(x, xs):
            z = zip(xs, xs)
            e = enumerate(xs, 1)
            f = filter(lambda v: v % 2, xs)
            xs.append(5)
            return x + 1, list(z), [i * v for i, v in e], list(f)

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2])

    def test_partly_consumed_map_with_tensors(self):
        def fn(x, xs):
            m = map(lambda v: v + x, xs)
            first = next(m)
            xs.append(4)
            return first, [t.sum() for t in m]

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2])

    def test_zip_stops_at_the_shortest_and_resumes(self):
        def fn(x, xs):
            z = zip(xs, range(10))
            for a, b in z:
                if a > 1:
                    break
            return x + 1, list(z)

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2, 3, 4])

    def test_folded_over_a_lazy_map(self):
        def fn(x, xs):
            return x + 1, ",".join(map(str, xs)), dict(zip(["a", "b"], xs)), max(map(abs, [-3, 2]))

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2])

    def test_generator_expression_sees_a_later_append(self):
        def fn(x, xs):
            g = (v * 2 for v in xs)
            xs.append(3)
            return x + 1, list(g)

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2])

    def test_generator_interleaves_with_its_consumer(self):
        def fn(x, xs):
            seen = []
            for v in logged(xs):
                seen.append(len(log))
            return x + len(seen), seen

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2, 3])

    def test_any_stops_a_generator(self):
        def fn(x, xs):
            return x + 1, any(v > 1 for v in logged(xs)), all(v < 2 for v in logged(xs))

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2, 3, 4])

    def test_generator_reads_state_as_it_goes(self):
        def fn(x, xs):
            g = logged(xs)
            first = next(g)
            xs.append(99)
            return x + first, list(g)

        self.check(fn, lambda: torch.ones(2), lambda: [1, 2])

    def test_yield_from_returns_the_inner_value(self):
        def fn(x):
            def inner():
                n = 0
                while n < 3:
                    n += 1
                    yield x * n
                return "done"

            def outer():
                r = yield from inner()
                yield r

            return list(outer())

        self.check(fn, lambda: torch.ones(2))

    def test_list_iterator_across_a_break_sees_the_list(self):
        def fn(x, xs):
            it = iter(xs)
            next(it)
            torch._dynamo.graph_break()
            xs.append(55)
            return x + 1, list(it)

        # The resumed frame takes the list iterator, which it cannot trace: it runs eagerly.
        self.check(fn, lambda: torch.ones(2), lambda: [1, 2], frames=1)

    def test_map_across_a_break_stays_lazy(self):
        def fn(x, xs):
            m = map(lambda v: v * 10, xs)
            next(m)
            torch._dynamo.graph_break()
            xs.append(8)
            return x + 1, list(m)

        want, got, *_ = both(fn, lambda: torch.ones(2), lambda: [1, 2])
        self.assertEqual(repr(got), repr(want))

    def test_generator_across_a_break(self):
        def fn(x):
            g = (t + 1 for t in [x, x * 2])
            a = next(g)
            torch._dynamo.graph_break()
            return a, list(g)

        want, got, *_ = both(fn, lambda: torch.ones(2))
        self.assertTrue(same(got, want))

    def test_dict_views_see_later_changes(self):
        def fn(x, d):
            k, vals, it = d.keys(), d.values(), d.items()
            d["c"] = 3
            d["a"] = 10
            return x + sum(vals), list(k), len(k), "c" in k, list(it), dict(it), bool(k)

        self.check(fn, lambda: torch.ones(2), lambda: {"a": 1, "b": 2})

    def test_returned_views_are_views(self):
        def fn(x, d):
            return x + 1, d.keys(), d.values(), d.items()

        want, got, *_ = both(fn, lambda: torch.ones(2), lambda: {"a": 1})
        self.assertEqual([type(v).__name__ for v in got[1:]], ["dict_keys", "dict_values", "dict_items"])
        self.assertEqual(repr(got), repr(want))

    def test_view_iteration_raises_when_the_dict_grows(self):
        def fn(x, d):
            for k in d.keys():
                d[k + "x"] = 1
            return x + 1

        d = {"a": 1}
        with self.assertRaises(RuntimeError):
            torch.compile(fn, backend=CompileCounter())(torch.ones(1), d)

    def test_views_through_builtins(self):
        def fn(x, d):
            z = dict(zip(d.keys(), d.values()))
            e = list(enumerate(d.items()))
            return x + len(z), z, e, max(d.values()), sorted(d.keys(), reverse=True), set(d.keys()) == {"a", "b"}

        self.check(fn, lambda: torch.ones(2), lambda: {"a": 1, "b": 2})


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
