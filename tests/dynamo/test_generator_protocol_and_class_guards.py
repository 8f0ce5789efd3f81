# Generators in a trace as upstream test_generator.py uses them (send, throw,
# close, yield from delegating them, try/except in the body, PEP 479, `in`
# consuming only up to the match, a returned generator that must not run
# early), and guards on what an object's class provides: a dunder, property,
# descriptor or __getattr__ replaced on the class between calls recompiles
# (the compiled call returns what the eager call returns).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters


class GeneratorProtocolTests(torch._dynamo.test_case.TestCase):
    def test_try_except_inside_the_body(self):
        def gen(t):
            for i in range(3):
                try:
                    if i == 1:
                        raise ValueError("odd")
                    yield t + i
                except ValueError:
                    yield t * 10

        def fn(t):
            return [y for y in gen(t)]

        t = torch.ones(2)
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(t)
        self.assertEqual(res, fn(t))
        self.assertEqual(cnt.frame_count, 1)

    def test_send(self):
        def acc():
            total = 0
            while True:
                x = yield total
                if x is None:
                    return total
                total = total + x

        def fn(t):
            g = acc()
            next(g)
            a = g.send(t)
            b = g.send(t * 2)
            return a, b

        t = torch.ones(2)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))

    def test_send_errors(self):
        def gen():
            x = yield 1
            yield x

        def fn(t):
            g = gen()
            try:
                g.send(t)
            except TypeError as e:
                msg = str(e)
            next(g)
            last = g.send(5)
            try:
                g.send(None)
            except StopIteration:
                return t + last, msg
            return t, msg

        t = torch.ones(1)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))
        self.assertEqual(res[1], "can't send non-None value to a just-started generator")

    def test_throw_caught_in_the_body(self):
        def gen(t):
            while True:
                try:
                    yield t.sin()
                except ValueError:
                    yield t.cos()

        def fn(t):
            g = gen(t)
            a = next(g)
            b = g.throw(ValueError)
            c = next(g)
            return a + b + c

        t = torch.randn(3)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))

    def test_throw_uncaught_finishes_the_generator(self):
        def gen():
            yield 1
            yield 2

        def fn(t):
            g = gen()
            next(g)
            try:
                g.throw(KeyError("k"))
            except KeyError:
                pass
            return t + sum(g)  # finished: nothing left

        t = torch.zeros(1)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))

    def test_close_runs_finally(self):
        def fn(t):
            log = []

            def gen():
                try:
                    yield t.sin()
                    yield t.cos()
                finally:
                    log.append("closed")

            g = gen()
            y = next(g)
            g.close()
            g.close()  # a second close does nothing
            return y, log

        t = torch.randn(2)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))
        self.assertEqual(res[1], ["closed"])

    def test_close_ignored(self):
        def gen():
            while True:
                try:
                    yield 1
                except GeneratorExit:
                    pass

        def fn(t):
            g = gen()
            next(g)
            try:
                g.close()
            except RuntimeError as e:
                return t + 1, str(e)
            return t, ""

        t = torch.zeros(1)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))
        self.assertEqual(res[1], "generator ignored GeneratorExit")

    def test_yield_from_delegates_send_throw_close(self):
        def inner(log):
            try:
                x = yield "first"
                log.append(x)
                try:
                    yield "second"
                except ValueError:
                    log.append("inner caught")
                    yield "after throw"
            finally:
                log.append("inner closed")

        def outer(log):
            r = yield from inner(log)
            log.append("outer resumed")
            yield r

        def fn(t):
            log = []
            g = outer(log)
            items = [next(g), g.send(3), g.throw(ValueError)]
            g.close()
            return t + len(items), items, log

        t = torch.zeros(1)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))
        self.assertEqual(res[2], [3, "inner caught", "inner closed"])

    def test_pep479(self):
        def fn(t):
            def whoo():
                yield t + 1
                raise StopIteration("boom")

            g = whoo()
            next(g)
            try:
                next(g)
            except RuntimeError as e:
                return t + 1.0, str(e)
            except StopIteration:
                return t + 2.0, ""
            return t, ""

        t = torch.zeros(1)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res, fn(t))
        self.assertEqual(res[1], "generator raised StopIteration")

    def test_in_consumes_up_to_the_match(self):
        def fn(t):
            def whoo():
                yield 1
                yield 2

            g = whoo()
            return t + 1, (1 in g, 2 in g, 3 in whoo(), 1 in iter([2, 1]))

        t = torch.zeros(1)
        res = torch.compile(fn, backend="eager", fullgraph=True)(t)
        self.assertEqual(res[1], (True, True, False, True))

    def test_returned_generator_with_mutations_runs_lazily(self):
        state = {"i": 0}

        def whoo(t):
            for j in range(3):
                state["i"] += 1
                yield t + j

        def fn(t):
            return whoo(t), t.sin()

        counters.clear()
        g, _ = torch.compile(fn, backend="eager")(torch.ones(1))
        self.assertEqual(state["i"], 0)  # nothing ran before the caller pulls
        self.assertEqual(len(list(g)), 3)
        self.assertEqual(state["i"], 3)
        self.assertTrue(any("Cannot reconstruct a generator with variable mutations" in k
                            for k in counters["unimplemented"]))

    def test_returned_generator_computing_with_an_input_sees_its_changes(self):
        # Run to its end in the trace, its items would be computed before the
        # caller changes x in place: the frame runs as it is instead.
        def f(x):
            def g():
                for i in range(3):
                    yield x * i

            return g()

        x = torch.arange(3.0)
        gen = torch.compile(f, backend="eager")(x)
        x.add_(10)
        self.assertEqual([t.tolist() for t in gen], [[0.0, 0.0, 0.0], [10.0, 11.0, 12.0], [20.0, 22.0, 24.0]])

    def test_returned_generator_reading_a_global(self):
        global SCALE
        SCALE = 1

        def fn(x):
            return (x * SCALE for _ in range(2))

        g = torch.compile(fn, backend="eager")(torch.ones(1))
        SCALE = 5
        self.assertEqual(list(g), [torch.ones(1) * 5, torch.ones(1) * 5])


SCALE = 1


class ExceptionChainingTests(torch._dynamo.test_case.TestCase):
    def test_context_of_a_raise_in_finally_and_except(self):
        def fn(x):
            try:
                try:
                    raise TypeError(1)
                finally:
                    raise ValueError(2)
            except Exception as e:
                first = type(e.__context__).__name__
            try:
                try:
                    1 / 0
                except ZeroDivisionError:
                    raise KeyError("k")
            except KeyError as e:
                second = type(e.__context__).__name__
            return x + 1, first, second

        res = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(1))
        self.assertEqual(res[1:], ("TypeError", "ZeroDivisionError"))

    def test_attributes_set_on_a_new_exception(self):
        def fn(x):
            v = ValueError(1)
            v.__context__ = TypeError()
            v.note = "extra"
            w = KeyError(2)
            w.__cause__ = None
            return x + 1, type(v.__context__).__name__, v.note, w.__suppress_context__

        res = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(1))
        self.assertEqual(res[1:], ("TypeError", "extra", True))


class ClassGuardTests(torch._dynamo.test_case.TestCase):
    def test_dunders_replaced_on_the_class(self):
        class V:
            def __len__(self):
                return 3

            def __call__(self, t):
                return t * 3

            def __neg__(self):
                return 1

            def __getitem__(self, i):
                return i

        v = V()

        def f(x):
            return v(x) + len(v) + (-v) + v[2]

        opt = torch.compile(f, backend="eager")
        x = torch.ones(1)
        self.assertEqual(opt(x), f(x))
        V.__len__ = lambda self: 10
        self.assertEqual(opt(x), f(x))
        V.__call__ = lambda self, t: t * 0
        self.assertEqual(opt(x), f(x))
        V.__neg__ = lambda self: 100
        V.__getitem__ = lambda self, i: -i
        self.assertEqual(opt(x), f(x))
        self.assertEqual(opt(x), torch.tensor([110.0 - 2]))

    def test_property_and_descriptor_replaced(self):
        class D:
            def __get__(self, obj, typ=None):
                return 5

        class P:
            d = D()

            @property
            def v(self):
                return 1.0

        p = P()

        def f(x):
            return x + p.v + p.d

        opt = torch.compile(f, backend="eager")
        x = torch.ones(1)
        self.assertEqual(opt(x), f(x))
        P.v = property(lambda self: -5.0)
        self.assertEqual(opt(x), f(x))
        D.__get__ = lambda self, obj, typ=None: 50
        self.assertEqual(opt(x), f(x))
        self.assertEqual(opt(x), torch.tensor([46.0]))

    def test_type_of_object_attribute(self):
        class C:
            k = 1

        o = C()

        def f(x):
            return x + type(o).k + o.__class__.k

        opt = torch.compile(f, backend="eager")
        x = torch.zeros(1)
        self.assertEqual(opt(x), f(x))
        C.k = 5
        self.assertEqual(opt(x), torch.tensor([10.0]))

    def test_getattr_hook_then_instance_attribute(self):
        class Cfg:
            def __getattr__(self, name):
                return 2

        c = Cfg()

        def f(x):
            return x * c.scale

        opt = torch.compile(f, backend="eager")
        x = torch.ones(1)
        self.assertEqual(opt(x), f(x))
        c.scale = 7
        self.assertEqual(opt(x), torch.tensor([7.0]))
        Cfg.__getattr__ = lambda self, name: 3
        del c.scale
        self.assertEqual(opt(x), torch.tensor([3.0]))

    def test_truth_and_bool_added_later(self):
        class Flag:
            pass

        flag = Flag()

        def f(x):
            return x + 1 if flag else x - 1

        opt = torch.compile(f, backend="eager")
        x = torch.zeros(1)
        self.assertEqual(opt(x), torch.tensor([1.0]))
        Flag.__bool__ = lambda self: False
        self.assertEqual(opt(x), torch.tensor([-1.0]))

    def test_kwdefaults_mutated(self):
        def g(t, *, k=2):
            return t * k

        def f(x):
            return g(x)

        opt = torch.compile(f, backend="eager")
        x = torch.ones(1)
        self.assertEqual(opt(x), torch.tensor([2.0]))
        g.__kwdefaults__["k"] = 5
        self.assertEqual(opt(x), torch.tensor([5.0]))

    def test_unchanged_class_does_not_recompile(self):
        class V:
            def __len__(self):
                return 3

        v = V()
        cnt = CompileCounter()

        def f(x):
            return x + len(v) + len(v)

        opt = torch.compile(f, backend=cnt)
        for _ in range(3):
            opt(torch.ones(1))
        self.assertEqual(cnt.frame_count, 1)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
