# Sets of tensors and identity-hashed objects in a compiled frame (hash() of a
# tensor the graph made is a stand-in, of an input its real hash under an
# ID_MATCH guard; a set made in the frame is rebuilt from its items when it is
# returned, so membership still works after the call); collections.abc and
# typing in isinstance (one graph, folded); a user MutableMapping unpacked with
# dict() and {**m}; dict.fromkeys / OrderedDict.fromkeys(value=) in the frame;
# zip(strict=True); x.to(float); a backend's error as BackendCompilerFailed;
# same() on user objects (Dynamo's test_dunder_methods).
import collections
import typing
from collections.abc import Mapping, MutableMapping, Sequence

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same


class Table(MutableMapping):
    def __init__(self):
        self._d = {}

    def __getitem__(self, k):
        return self._d[k]

    def __setitem__(self, k, v):
        self._d[k] = v

    def __delitem__(self, k):
        del self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


class SetsAbcHashTests(torch._dynamo.test_case.TestCase):
    def compiled(self, fn, *args, frames=1):
        cnt = CompileCounter()
        got = torch.compile(fn, backend=cnt)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, frames)
        return got

    def test_set_of_tensors_made_in_frame(self):
        def fn(x):
            s = {x, x + 1}
            s.add(x)
            t = x * 2
            s.add(t)
            total = x.clone()
            for v in s:
                total = total + v
            return total, len(s), x in s, t in s

        x = torch.ones(3)
        self.compiled(fn, x)

    def test_returned_set_still_finds_its_tensors(self):
        def fn(x):
            y = x + 1
            return {x, y}, y

        x = torch.ones(2)
        s, y = torch.compile(fn, backend="eager")(x)
        self.assertEqual(type(s), set)
        self.assertEqual(len(s), 2)
        self.assertTrue(x in s)
        self.assertTrue(y in s)
        s2, y2 = torch.compile(fn, backend="eager")(torch.zeros(2))
        self.assertTrue(y2 in s2)

    def test_inplace_result_is_the_same_set_member(self):
        def fn(x):
            y = x.add_(1)
            s = set({x})
            s.add(y)
            return len(s), hash(x) == hash(y)

        self.assertEqual(torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2)), (1, True))

    def test_frozenset_of_tensor(self):
        def fn(x):
            s = frozenset({x})
            t = frozenset(s)
            return len(t), x + 1

        self.compiled(fn, torch.ones(2))

    def test_set_from_outside_with_tensors(self):
        a, b, c = torch.ones(2), torch.zeros(2), torch.full((2,), 3.0)
        params = {a, b}

        def fn(x, p):
            return x + 1 if p in params else x - 1

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        self.assertTrue(same(opt(c, a), c + 1))
        self.assertTrue(same(opt(c, c), c - 1))  # another tensor: its identity guard fails
        self.assertTrue(same(opt(c, a), c + 1))
        self.assertEqual(cnt.frame_count, 2)

    def test_abc_and_typing_isinstance_fold(self):
        def fn(x, m, s, t):
            out = x
            if isinstance(m, Mapping):
                out = out + 1
            if isinstance(s, Sequence) and not isinstance(s, Mapping):
                out = out * 2
            if isinstance(m, typing.Mapping) and isinstance(s, typing.List):
                out = out - 3
            if isinstance(t, MutableMapping):
                out = out + 10
            return out

        t = Table()
        self.compiled(fn, torch.ones(2), {"a": 1}, [1, 2], t)
        self.compiled(fn, torch.ones(2), [1], {"b": 2}, {})

    def test_abc_register_between_calls_recompiles(self):
        import abc

        class Marker(abc.ABC):
            pass

        class Plain:
            pass

        class Box:
            pass

        def fn(x, o):
            a = 10 if isinstance(o, Marker) else 1
            b = 100 if issubclass(type(o), collections.abc.Sized) else 0
            return x + a + b

        cnt = CompileCounter()
        opt = torch.compile(fn, backend=cnt)
        x = torch.zeros(1)
        self.assertEqual(opt(x, Plain()), fn(x, Plain()))
        self.assertEqual(opt(x, Plain()), torch.ones(1))
        self.assertEqual(cnt.frame_count, 1)
        Marker.register(Plain)
        self.assertEqual(opt(x, Plain()), torch.full((1,), 10.0))
        self.assertEqual(cnt.frame_count, 2)
        collections.abc.Sized.register(Plain)
        self.assertEqual(opt(x, Plain()), torch.full((1,), 110.0))
        self.assertEqual(opt(x, Box()), torch.full((1,), 1.0))
        self.assertEqual(opt(x, Plain()), fn(x, Plain()))

    def test_user_mapping_unpacked(self):
        t = Table()
        t["w"] = torch.ones(2)
        t["b"] = 2

        def fn(x, m):
            d = dict(m)
            e = {**m, "c": 3}
            return x * d["w"] + e["b"] + e["c"], len(e)

        self.compiled(fn, torch.ones(2), t)

    def test_fromkeys_in_frame(self):
        def fn(x, y):
            lst = ["a", "b"]
            d = dict.fromkeys(lst)
            d1 = dict.fromkeys(d, x + 1)
            d2 = collections.OrderedDict.fromkeys(tuple(lst), value=y)
            return d1["a"] * d2["b"] + d1["b"], type(d2) is collections.OrderedDict, d["a"] is None

        self.compiled(fn, torch.ones(2), torch.full((2,), 2.0))

    def test_zip_strict(self):
        def fn(x, ys, zs):
            for y, z in zip(ys, zs, strict=True):
                x = x + y * z
            return x

        self.compiled(fn, torch.ones(2), [1.0, 2.0], [3.0, 4.0])
        with self.assertRaisesRegex(ValueError, "zip()"):
            torch.compile(fn, backend="eager")(torch.ones(2), [1.0], [3.0, 4.0])

    def test_python_types_as_dtypes(self):
        def fn(x):
            return (x * 5).to(bool).to(float).to(int) + 8, torch.zeros(2, dtype=float)

        got = self.compiled(fn, torch.randn(4))
        self.assertEqual(got[0].dtype, torch.int64)
        self.assertEqual(got[1].dtype, torch.float64)

    def test_backend_error_is_backend_compiler_failed(self):
        def broken(gm, example_inputs):
            raise RuntimeError("duck!")

        fn = torch.compile(lambda a, b: a + b / (a - b), backend=broken)
        with self.assertRaisesRegex(torch._dynamo.exc.BackendCompilerFailed, "backend='broken' raised"):
            fn(torch.randn(3), torch.randn(3))

    def test_same_compares_user_objects(self):
        class Foo:
            def __init__(self, val):
                self.val = val

            def __add__(self, other):
                return Foo(self.val + other.val)

            def __mul__(self, other):
                return Foo(self.val * other.val)

        def fn(a, b):
            return Foo(a) + Foo(b) * Foo(a)

        torch._dynamo.testing.standard_test(self, fn=fn, nargs=2, expected_ops=2)
        self.assertFalse(same(Foo(torch.ones(1)), Foo(torch.zeros(1))))


class ViewsAndMiscTests(torch._dynamo.test_case.TestCase):
    def test_keys_views_compare_and_combine(self):
        def fn(inputs_a, inputs_b):
            total = torch.zeros(1)
            for k in sorted(inputs_a.keys() | inputs_b.keys()):
                if k in inputs_a:
                    total += inputs_a[k]
                if k in inputs_b:
                    total += inputs_b[k]
            both = inputs_a.keys() & inputs_b.keys()
            extra = sorted(inputs_a.keys() | ["z", "a"]), sorted(("b", "y") - inputs_a.keys())
            return total, len(both), inputs_a.keys() == {"a", "b"}, inputs_a.keys() != inputs_b.keys(), extra

        cnt = CompileCounter()
        args = ({"a": torch.ones(1), "b": torch.full((1,), 2.0)}, {"b": torch.ones(1), "c": torch.full((1,), 3.0)})
        got = torch.compile(fn, backend=cnt, fullgraph=True)(*args)
        self.assertTrue(same(got, fn(*args)))
        self.assertEqual(cnt.frame_count, 1)

    def test_default_repr_of_user_object(self):
        class DefaultStr:
            pass

        def fn(x):
            return x + 1, str(DefaultStr())

        got = torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(2))
        self.assertEqual(got[1].split(" object at")[0], str(DefaultStr()).split(" object at")[0])

    def test_tensor_of_range_and_contiguity_query(self):
        def fn(x):
            y = torch.tensor(range(x.size(0)))
            return y + 1, x.is_contiguous(memory_format=torch.contiguous_format)

        self.assertTrue(same(torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(3)), fn(torch.ones(3))))

    def test_comprehension_frames_under_nopython(self):
        import operator

        def fn():
            a = [tuple(range(-10, i)) for i in range(5)]
            return tuple(map(operator.length_hint, a))

        self.assertEqual(torch._dynamo.optimize(nopython=True)(fn)(), fn())


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
