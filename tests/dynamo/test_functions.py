# Ports of PyTorch's test/dynamo/test_functions.py (FunctionTests): each test
# compiles a small function with CompileCounter through standard_test (four
# calls on two input sets, compared with eager) and checks Dynamo's
# frame_count (and op_count where the original does).
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same, standard_test
import torch.nn.functional as F

d = torch.ones(10, 10)
e = torch.nn.Linear(10, 10)
flag = True


def constant3(a, b):
    return a - b + (1.0 + 2)


def func_with_default(a, b, some_default_arg=True):
    if some_default_arg:
        return a - b


def sub(a, b):
    return a - b


def make_test(fn=None, expected_frame_count=1):
    if fn is None:
        return lambda fn: make_test(fn, expected_frame_count=expected_frame_count)
    nargs = fn.__code__.co_argcount

    def test_fn(self):
        return standard_test(self, fn=fn, nargs=nargs, expected_frame_count=expected_frame_count)

    return test_fn


class FunctionTests(torch._dynamo.test_case.TestCase):
    # test_functions.py: test_add
    test_add = make_test(lambda a, b: a + b)

    # test_is_not_null
    def test_is_not_null(self):
        def fn(a, b):
            if a is not None and b is not None:
                return a + b
        standard_test(self, fn, 2)

    # test_constant1
    test_constant1 = make_test(lambda a, b, c: a - b * c + 1.0)
    # test_constant2
    test_constant2 = make_test(lambda a, b, c: a - b * c + 1)

    # test_constant3
    def test_constant3(self):
        def fn(a):
            b = 1
            c = 2
            d = 3
            return b + c - d + a
        standard_test(self, fn, 1)

    # test_constant4
    def test_constant4(self):
        def fn(a, b):
            c = 2
            d = 3
            if c > d:
                return a - b
            return b - a
        standard_test(self, fn, 2)

    # test_globalfn
    test_globalfn = make_test(lambda a, b: sub(a, b))
    # test_viatorch
    test_viatorch = make_test(lambda a, b: torch.sub(a, b))
    # test_viamethod
    test_viamethod = make_test(lambda a, b: a.sub(b))

    # test_indirect1
    def test_indirect1(self):
        def fn(a, b):
            t = a.sub
            return t(b)
        standard_test(self, fn, 2)

    # test_indirect2
    def test_indirect2(self):
        def fn(a, b):
            t = a.sub
            args = (b,)
            return t(*args)
        standard_test(self, fn, 2)

    # test_indirect3
    def test_indirect3(self):
        def fn(a, b):
            t = a.sub
            args = (b,)
            kwargs = {}
            return t(*args, **kwargs)
        standard_test(self, fn, 2)

    # test_methodcall1
    test_methodcall1 = make_test(lambda a, b, c: constant3(a, b) * c)
    # test_methodcall2
    test_methodcall2 = make_test(lambda a, b: constant3(a=b, b=a) + 1)
    # test_methodcall3
    test_methodcall3 = make_test(lambda a, b: constant3(a, b=1.0) + b)

    # test_tuple1
    def test_tuple1(self):
        def fn(a, b):
            args = (a, b)
            return sub(*args)
        standard_test(self, fn, 2)

    # test_tuple2
    def test_tuple2(self):
        def fn(a, b):
            args = [a, b]
            return sub(*args)
        standard_test(self, fn, 2)

    # test_listarg1
    test_listarg1 = make_test(lambda a, b: torch.cat([a, b]))
    # test_listarg2
    test_listarg2 = make_test(lambda a, b: torch.cat((a, b), dim=0))

    # test_slice1 .. test_slice6
    test_slice1 = make_test(lambda a: a[5])
    test_slice2 = make_test(lambda a: a[:5])
    test_slice3 = make_test(lambda a: a[5:])
    test_slice4 = make_test(lambda a: a[2:5])
    test_slice5 = make_test(lambda a: a[::2])
    test_slice6 = make_test(lambda a: torch.unsqueeze(a, 0)[:, 2:])

    # test_range2
    def test_range2(self):
        def fn(x, y):
            r = x + y
            for i in range(x.size(0) + 2):
                r = r / y
            return r
        standard_test(self, fn, 2)

    # test_unpack1
    def test_unpack1(self):
        def fn(a):
            a, b = a[:5], a[5:]
            return a - b
        standard_test(self, fn, 1)

    # test_unpack2
    def test_unpack2(self):
        def fn(a):
            packed = [a[:5], a[5:]]
            a, b = packed
            return a - b
        standard_test(self, fn, 1)

    # test_unpack3
    def test_unpack3(self):
        def fn(a):
            packed = (a[:5], a[5:])
            a, b = packed
            return a - b
        standard_test(self, fn, 1)

    # test_return_tuple1
    test_return_tuple1 = make_test(lambda a, b: (a - b, b - a, a, b))

    # test_globalvar
    test_globalvar = make_test(lambda a, b: a - b + d)
    # test_globalmodule
    test_globalmodule = make_test(lambda x: e(x))

    # test_inline_with_default
    test_inline_with_default = make_test(lambda a, b, c: func_with_default(a, b) * c)

    # test_inner_function
    def test_inner_function(self):
        def fn(x):
            def inner(x):
                return torch.add(x, x)
            return inner(x)
        standard_test(self, fn, 1)

    # test_transpose_for_scores
    def test_transpose_for_scores(self):
        def fn(x):
            new_x_shape = x.size()[:-1] + (2, 5)
            x = x.view(*new_x_shape)
            return x.permute(0, 2, 1)
        standard_test(self, fn, 1)

    # test_return_tuple2
    test_return_tuple2 = make_test(lambda x: (torch.add(x, x), x))

    # test_load_global_bool
    def test_load_global_bool(self):
        def fn(x):
            if flag:
                return torch.add(x, x)
            else:
                return x
        standard_test(self, fn, 1)

    # test_len_tensor
    def test_len_tensor(self):
        def fn(x):
            z = len(x)
            return torch.add(x, z)
        standard_test(self, fn, 1)

    # test_len_constant_list
    def test_len_constant_list(self):
        def fn(x):
            z = len([1, 2, 3])
            return torch.add(x, z)
        standard_test(self, fn, 1)

    # test_len_constant_dict
    def test_len_constant_dict(self):
        def fn(x):
            z = len({"foo": "bar"})
            return torch.add(x, z)
        standard_test(self, fn, 1)

    # test_dict_copy
    def test_dict_copy(self):
        def fn(x):
            z = dict({"foo": x + 1})
            return z
        standard_test(self, fn, 1)

    # test_float
    def test_float(self):
        def fn(x):
            y = float(1.2)
            y += float("1.2")
            return torch.add(x, y)
        standard_test(self, fn, 1)

    # test_dtype
    def test_dtype(self):
        def fn(x):
            if x.dtype == torch.float32:
                return x + 1
        standard_test(self, fn, 1)

    # test_get_default_dtype
    def test_get_default_dtype(self):
        def fn(x):
            if x.dtype == torch.get_default_dtype():
                return x + 1
            else:
                return x - 1
        standard_test(self, fn, 1)

    # test_ndim
    def test_ndim(self):
        def fn(x):
            if x.ndim == 2 and x.ndimension() == 2 and x.dim() == 2:
                return x + 1
        standard_test(self, fn, 1)

    # test_T
    test_T = make_test(lambda x: torch.ones_like(x.T))

    # test_shape1
    def test_shape1(self):
        def fn(x):
            if x.shape[0] == 10:
                return x + 1
        standard_test(self, fn, 1)

    # test_shape2
    def test_shape2(self):
        def fn(x):
            if x.size(1) == 10:
                return x + 1
        standard_test(self, fn, 1)

    # test_del
    def test_del(self):
        def fn(a, b):
            c = a + 1
            d = c + 2
            del c, a
            return b + d
        standard_test(self, fn, 2)

    # test_chunks1
    def test_chunks1(self):
        def fn(x):
            chunk_size = 5
            assert x.shape[0] % chunk_size == 0
            assert x.shape[0] // chunk_size == 2
            return x[:chunk_size] - x[chunk_size:]
        standard_test(self, fn, 1)

    # test_return_dict
    def test_return_dict(self):
        def fn(x, y):
            z = [x + y, y, False]
            return {"x": x, "z": z, "a": x, "b": z, "c": x}
        standard_test(self, fn, 2)

    # test_return_dict2
    def test_return_dict2(self):
        def fn(x, y):
            tmp = {"x": x}
            tmp["z"] = [x + y, y]
            tmp["y"] = y
            tmp["z"].append(False)
            return tmp
        standard_test(self, fn, 2)

    # test_funcdef_closure
    def test_funcdef_closure(self):
        def fn(x, y):
            x = x + y + 1.0

            def inner(z):
                nonlocal x, y
                y = x + z + 20.0
                x = y + z + 10.0

            inner(2.0)
            inner(3.0)
            return x, y
        standard_test(self, fn, 2)

    # test_list_comprehension (a listcomp inlined into the graph)
    def test_list_comprehension(self):
        def fn(x, y):
            return sum([x * i for i in range(3)]) + y
        standard_test(self, fn, 2)

    # test_zip / test_enumerate over tensors in a list
    def test_enumerate_zip(self):
        def fn(x, y):
            out = x
            for i, (a, b) in enumerate(zip([x, y], [y, x])):
                out = out + a * b * i
            return out
        standard_test(self, fn, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
