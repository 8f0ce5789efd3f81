# Exceptions raised by builtins on constants in a trace (int('abc'),
# [].pop(), list.index/remove, 1 < 'a') are Python exceptions the frame's
# own except catches, as Dynamo's raise_observed_exception makes them;
# dict ==, !=, |, |=; the dotdict idiom (__getattr__ = dict.get); `in`,
# == over lists holding tensors or objects; x == None; views written in
# place; and the test runner itself (inherited tests, dicts of tensors).
import collections

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class dotdict(dict):
    __getattr__ = dict.get
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__


cfg = dotdict({'scale': 2, 'shift': 1})


class Obj:
    pass


def caught(fn, x):
    cnt = CompileCounter()
    out = torch.compile(fn, backend=cnt, fullgraph=True)(x)
    return out, cnt


class BuiltinErrorsInTraceTests(torch._dynamo.test_case.TestCase):
    def check(self, fn):
        x = torch.ones(2)
        out, cnt = caught(fn, x)
        self.assertTrue(same(out, fn(x)))
        self.assertEqual(cnt.frame_count, 1)

    def test_int_parse_value_error(self):
        def fn(x):
            try:
                int('abc')
            except ValueError as e:
                return x + len(str(e))
            return x - 1
        self.check(fn)

    def test_pop_empty_index_error(self):
        def fn(x):
            xs = []
            try:
                xs.pop()
            except IndexError as e:
                return x + (1 if str(e) == 'pop from empty list' else 100)
            return x - 1
        self.check(fn)

    def test_pop_index_out_of_range(self):
        def fn(x):
            try:
                [1, 2].pop(5)
            except IndexError as e:
                return x + (1 if 'out of range' in str(e) else 100)
            return x - 1
        self.check(fn)

    def test_list_index_and_remove(self):
        def fn(x):
            n = 0
            try:
                [1, 2].index(5)
            except ValueError as e:
                n += 1 if str(e) == '5 is not in list' else 100
            try:
                [1, 2].remove(3)
            except ValueError as e:
                n += 10 if str(e) == 'list.remove(x): x not in list' else 100
            return x + n
        self.check(fn)

    def test_comparison_type_error(self):
        def fn(x):
            try:
                return x + (1 < 'a')
            except TypeError as e:
                return x * ('<' in str(e))
        self.check(fn)

    def test_operator_type_error(self):
        def fn(x):
            try:
                'a' + 1
            except TypeError:
                return x + 3
            return x
        self.check(fn)

    def test_uncaught_error_still_raised(self):
        def fn(x):
            return x + int('nope')
        with self.assertRaises(ValueError):
            torch.compile(fn, backend='eager')(torch.ones(2))


class DictOpsInTraceTests(torch._dynamo.test_case.TestCase):
    def test_dict_eq_ne(self):
        def fn(x, a, b):
            return x + 1, a == b, a != b, a == {'k': 1}, a == [1], {'t': x} == {'t': x}
        x = torch.ones(2)
        for b in ({'k': 1}, {'k': 2}, {'j': 1}):
            cnt = CompileCounter()
            ref = fn(x, {'k': 1}, b)
            res = torch.compile(fn, backend=cnt, fullgraph=True)(x, {'k': 1}, b)
            self.assertTrue(same(ref[0], res[0]))
            self.assertEqual(ref[1:], res[1:])

    def test_dict_or_and_ior(self):
        def fn(x, a, b):
            c = a | b
            a |= {'z': 9}
            return x * len(c), c
        x = torch.ones(2)
        a1, a2 = {'one': 1}, {'one': 1}
        ref = fn(x, a1, {'two': 2, 'one': 5})
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(x, a2, {'two': 2, 'one': 5})
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(ref[1], res[1])
        self.assertEqual(a1, a2)
        self.assertEqual(list(a2.keys()), ['one', 'z'])

    def test_ordered_dict_or_stays_ordered(self):
        def fn(x, a):
            c = a | {'b': 2}
            return x + 1, type(c).__name__, list(c.items())
        a = collections.OrderedDict(a=1)
        ref = fn(torch.ones(1), a)
        res = torch.compile(fn, backend='eager', fullgraph=True)(torch.ones(1), a)
        self.assertEqual(ref[1:], res[1:])

    def test_dotdict_config(self):
        def fn(x):
            cfg.calls = (cfg.calls or 0) + 1
            return x * cfg.scale + cfg.get('shift', 0) + (cfg.missing is None)
        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt, fullgraph=True)
        x = torch.ones(2)
        self.assertTrue(same(opt(x), x * 2 + 2))
        self.assertEqual(cfg['calls'], 1)
        cfg.scale = 5
        self.assertTrue(same(opt(x), x * 5 + 2))
        self.assertEqual(cfg['calls'], 2)
        self.assertEqual(cnt.frame_count, 2)
        cfg.scale = 2
        del cfg['calls']


def decorated(fn):
    def wrapper(*args):
        return fn(*args)
    wrapper.__wrapped__ = fn
    return wrapper


def plain(a, b=2, *, c=3):
    return a + b + c


class ContainerDundersInTraceTests(torch._dynamo.test_case.TestCase):
    def test_list_tuple_dict_dunders(self):
        def fn(x):
            xs, t, d = [1, 2], (1, 2), {'a': 1}
            r = (xs.__getitem__(0), xs.__add__([3]), xs.__mul__(2), t.__add__((3,)), t.__getitem__(1),
                 xs.__eq__([1, 2]), xs.__lt__([1, 3]), t.__ne__((1, 2)), xs.__eq__((1, 2)), xs.__contains__(2),
                 t.__len__(), d.__or__({'b': 2}), d.__eq__({'a': 1}), d.__eq__(1), xs.__lt__(1))
            try:
                xs.__mul__('a')  # a sequence's repeat count must be an int, as CPython's sq_repeat
            except TypeError as e:
                r = r + (str(e),)
            xs.__iadd__((3, 4))
            xs.__setitem__(0, 9)
            d.__ior__({'z': 0})
            return x + len(xs), r, xs, d
        cnt = CompileCounter()
        ref = fn(torch.ones(1))
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(cnt.frame_count, 1)

    def test_wrong_argument_count_is_a_type_error(self):
        def fn(x):
            xs = [1]
            msgs = []
            for call in (lambda: xs.append(), lambda: xs.pop(1, 2), lambda: xs.insert(1), lambda: xs.clear(1)):
                try:
                    call()
                except TypeError as e:
                    msgs.append(str(e))
            return x + len(msgs), msgs
        ref = fn(torch.ones(1))
        res = torch.compile(fn, backend='eager', fullgraph=True)(torch.ones(1))
        self.assertEqual(ref[1], res[1])
        self.assertEqual(len(res[1]), 4)

    def test_function_attributes(self):
        deco = decorated(plain)

        def fn(x):
            inner = getattr(deco, '__wrapped__', None)
            return (x + 1, plain.__defaults__, plain.__kwdefaults__, plain.__code__.co_argcount,
                    getattr(plain, '__wrapped__', None), hasattr(plain, '__signature__'), inner is plain,
                    inner.__name__)
        cnt = CompileCounter()
        ref = fn(torch.ones(1))
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(ref[1:], res[1:])
        # The defaults are read through the function and guarded: a change recompiles.
        plain.__defaults__ = (5,)
        try:
            res2 = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(1))
            self.assertEqual(res2[1], (5,))
        finally:
            plain.__defaults__ = (2,)


class ContainmentTests(torch._dynamo.test_case.TestCase):
    def test_in_list_of_tensors_and_objects(self):
        a, b = Obj(), Obj()

        def fn(x, y, objs):
            return x + 1, x in [x, y], 'a' in [x, 'a'], None in [x], b in objs, a in objs, [x, 1] == [x, 1]
        x, y = torch.ones(2), torch.zeros(2)
        cnt = CompileCounter()
        ref = fn(x, y, [a])
        res = torch.compile(fn, backend=cnt, fullgraph=True)(x, y, [a])
        self.assertTrue(same(ref[0], res[0]))
        self.assertEqual(ref[1:], res[1:])
        self.assertEqual(res[1:], (True, True, False, False, True, True))

    def test_tensor_eq_none_and_str(self):
        def fn(x, reduction):
            if x == None or reduction == None:  # noqa: E711
                return x
            return x * 2 if x != 'mean' else x
        cnt = CompileCounter()
        res = torch.compile(fn, backend=cnt, fullgraph=True)(torch.ones(2), 'sum')
        self.assertTrue(same(res, torch.ones(2) * 2))
        self.assertEqual(cnt.frame_count, 1)


class ViewWritesTests(torch._dynamo.test_case.TestCase):
    def test_diagonal_fill_in_graph(self):
        def fn(logits):
            logits = logits.clone()
            logits.diagonal().fill_(-1e9)
            w = logits.unfold(1, 2, 1)
            return logits.softmax(-1), w.sum(-1), logits.as_strided((2,), (4,), 1)
        x = torch.arange(9.).reshape(3, 3)
        cnt = CompileCounter()
        ref = fn(x)
        res = torch.compile(fn, backend=cnt, fullgraph=True)(x)
        for r, e in zip(res, ref):
            self.assertTrue(same(r, e))
        self.assertEqual(cnt.frame_count, 1)

    def test_diagonal_of_input_mutates_input(self):
        def fn(k, noise):
            k.diagonal().add_(noise)
            return k.sum()
        a, b = torch.ones(3, 3), torch.ones(3, 3)
        ref = fn(a, 0.5)
        res = torch.compile(fn, backend='eager', fullgraph=True)(b, 0.5)
        self.assertTrue(same(ref, res))
        self.assertTrue(same(a, b))
        self.assertEqual(b[1, 1].item(), 1.5)


class RunnerBase(torch._dynamo.test_case.TestCase):
    seen = []

    def test_shared(self):
        RunnerBase.seen.append(type(self).__name__)


class RunnerMixin:
    # not a TestCase: its tests run in each TestCase that mixes it in (the
    # runner walks the MRO, as unittest's loader finds them)
    def test_from_mixin(self):
        RunnerBase.seen.append('mixin:' + type(self).__name__)


class RunnerDerived(RunnerMixin, RunnerBase):
    def test_z_inherited_ran(self):
        # (run after test_shared and test_from_mixin: the runner sorts names.)
        self.assertIn('RunnerDerived', RunnerBase.seen)
        self.assertIn('mixin:RunnerDerived', RunnerBase.seen)

    def test_assert_equal_dicts_of_tensors(self):
        self.assertEqual({'a': torch.ones(3)}, {'a': torch.ones(3)})
        self.assertEqual(collections.OrderedDict(w=torch.zeros(2, 2)), collections.OrderedDict(w=torch.zeros(2, 2)))
        self.assertNotEqual({'a': torch.ones(3)}, {'a': torch.zeros(3)})
        self.assertNotEqual({'a': torch.ones(3)}, {'b': torch.ones(3)})


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
