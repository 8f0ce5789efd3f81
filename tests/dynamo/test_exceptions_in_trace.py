# raise / except inside the trace: an exception the traced code raises
# (`raise`, or the KeyError, IndexError, AttributeError or StopIteration the
# eager code raises at that point, in the frame or in a function it inlines)
# is caught by a matching handler of the frame or of an inlining frame, and
# the trace goes on there, in one graph (Dynamo's exception-table handling
# of Python 3.11). Without a handler the frame breaks and runs eagerly, so
# the exception reaches the caller as it would eagerly.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class MyErr(Exception):
    pass


class Obj:
    def __init__(self):
        self.a = 1


def lookup(cfg, name):
    return cfg[name]


def one_graph(test, fn, *args):
    cnt = CompileCounter()
    expected = fn(*args)
    got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
    test.assertTrue(same(expected, got))
    return cnt


class ExceptionTests(torch._dynamo.test_case.TestCase):
    def test_variable_access_in_exception(self):
        def fn():
            x = torch.ones(1)
            try:
                raise RuntimeError("bad")
            except RuntimeError:
                x += 1
            return x

        self.assertEqual(torch.compile(fn, backend="eager", fullgraph=True)(), torch.tensor([2.0]))

    def test_key_error_from_dict(self):
        def fn(x, d):
            try:
                v = d["missing"]
            except KeyError as e:
                v = len(e.args) + len(str(e))
            return x + v

        cnt = one_graph(self, fn, torch.ones(2), {"a": 1})
        self.assertEqual((cnt.frame_count, cnt.op_count), (1, 1))

    def test_raise_in_inlined_function_caught_by_caller(self):
        def fn(x, cfg):
            try:
                s = lookup(cfg, "scale")
            except (KeyError, IndexError):
                s = 2.0
            try:
                t = lookup(cfg, "shift")
            except KeyError:
                t = 100.0
            return x * s + t

        cnt = one_graph(self, fn, torch.ones(2), {"shift": 1.0})
        self.assertEqual(cnt.frame_count, 1)

    def test_attribute_error_and_message(self):
        def fn(x, o):
            try:
                b = o.b
            except AttributeError as e:
                b = 10
                msg = str(e)
            return x + o.a + b, msg

        one_graph(self, fn, torch.ones(2), Obj())

    def test_nested_handlers_and_user_exception_in_loop(self):
        def nested(x):
            try:
                try:
                    raise ValueError("inner")
                except KeyError:
                    return x - 100
            except ValueError as e:
                return x + len(str(e))

        def looped(x):
            out = x
            for i in range(3):
                try:
                    if i == 1:
                        raise MyErr("one")
                    out = out + i
                except MyErr:
                    out = out * 10
            return out

        one_graph(self, nested, torch.ones(2))
        cnt = one_graph(self, looped, torch.ones(2))
        self.assertEqual(cnt.op_count, 3)

    def test_stop_iteration_and_index_error(self):
        def drain(x):
            it = iter([1, 2])
            total = x
            while True:
                try:
                    total = total + next(it)
                except StopIteration:
                    break
            return total

        def index(x, lst):
            try:
                return x + lst[5]
            except IndexError as e:
                return x - 1, str(e)

        one_graph(self, drain, torch.ones(2))
        one_graph(self, index, torch.ones(2), [1, 2])

    def test_uncaught_raise_reaches_the_caller(self):
        def fn(x):
            try:
                x = x + 1
                raise ValueError("v")
            finally:
                x = x * 2
            return x

        cnt = CompileCounter()
        with self.assertRaisesRegex(ValueError, "v"):
            torch.compile(fn, backend=cnt)(torch.ones(1))

        def bare(x, d):
            return x + d["k"]

        with self.assertRaises(KeyError):
            torch.compile(bare, backend="eager")(torch.ones(1), {})

    def test_handler_then_graph_break_runs_frame_eagerly(self):
        def fn(x):
            try:
                raise KeyError("k")
            except KeyError:
                x = x + 1
                torch._dynamo.graph_break()
                x = x + 1
            return x

        cnt = CompileCounter()
        self.assertTrue(same(torch.compile(fn, backend=cnt)(torch.ones(1)), torch.tensor([3.0])))

    # test_exceptions.py: test_exception_with_ctx_manager (an exception
    # leaving a with block: __exit__ runs with it, the frame's except
    # catches it, one graph)
    def test_exception_leaving_a_with_block(self):
        def fn(x):
            x = torch.cos(x)
            try:
                with torch.no_grad():
                    x = torch.sin(x)
                    raise NotImplementedError("Not implemented")
            except NotImplementedError:
                x = torch.sigmoid(x)
            return x, torch.is_grad_enabled()

        x = torch.tensor([0.5, 1.0])
        cnt = CompileCounter()
        r = torch.compile(fn, backend=cnt, fullgraph=True)(x)
        self.assertTrue(same(r, fn(x)))
        self.assertEqual(r[1], True)
        self.assertEqual(cnt.frame_count, 1)

    def test_exception_suppressed_by_exit(self):
        class Suppress:
            def __init__(self):
                self.seen = []

            def __enter__(self):
                return self

            def __exit__(self, kind, exc, tb):
                self.seen.append(kind.__name__ if kind else None)
                return kind is not None and issubclass(kind, KeyError)

        def fn(x, d):
            s = Suppress()
            with s:
                x = x + 1
                x = x * d["missing"]
            with s:
                x = x - 1
            return x, s.seen

        x = torch.tensor([1.0, 2.0])
        cnt = CompileCounter()
        r = torch.compile(fn, backend=cnt, fullgraph=True)(x, {})
        self.assertTrue(same(r, fn(x, {})))
        self.assertEqual(r[1], ["KeyError", None])

        def not_suppressed(x):
            with Suppress():
                raise ValueError("out")

        with self.assertRaisesRegex(ValueError, "out"):
            torch.compile(not_suppressed, backend="eager")(x)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
