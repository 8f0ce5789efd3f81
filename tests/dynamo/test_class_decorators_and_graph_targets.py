# torch.compile and torch._dynamo.disable used as class decorators keep the
# class a class and wrap its __call__ (test_decorators.py:
# test_disable_nn_module_with_class_decorator); a backend's graph holds the
# functions themselves as call_function targets (node.target is torch.sin);
# a hook of the compiled module may store to its module's globals under
# fullgraph (test_misc.py: test_do_not_skip_side_effects).
import operator

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, CompileCounterWithBackend

_variable = 0


class ClassDecoratorTests(torch._dynamo.test_case.TestCase):
    def test_disable_nn_module_with_class_decorator(self):
        cnts = CompileCounterWithBackend("eager")

        @torch._dynamo.disable
        class Inner(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.layer0 = torch.nn.Linear(4, 4)

            def forward(self, inp):
                return self.layer0(torch.sigmoid(inp))

        @torch.compile(backend=cnts)
        class Model(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.layer0 = Inner()
                self.layer1 = torch.nn.Linear(4, 4)

            def forward(self, inp):
                return self.layer1(self.layer0(torch.sin(inp)))

        self.assertIsInstance(Model, type)
        self.assertIsInstance(Inner, type)
        m = Model()
        self.assertIsInstance(m, Model)
        self.assertIsInstance(m.layer0, Inner)
        x = torch.arange(4.0)
        expected = m.layer1(m.layer0.layer0(torch.sigmoid(torch.sin(x))))
        self.assertTrue(torch.allclose(m(x), expected))
        # sin | (Inner runs eagerly) | layer1
        self.assertEqual(cnts.frame_count, 2)

    def test_compiled_plain_class_call(self):
        cnt = CompileCounter()

        @torch.compile(backend=cnt)
        class Scaler:
            def __init__(self, k):
                self.k = k

            def __call__(self, x):
                return x * self.k + 1

        s = Scaler(3)
        self.assertIsInstance(s, Scaler)
        self.assertEqual(s(torch.ones(2)).tolist(), [4.0, 4.0])
        self.assertEqual(cnt.frame_count, 1)
        self.assertEqual(cnt.op_count, 2)

    def test_class_without_call_is_returned_unchanged(self):
        @torch._dynamo.disable
        class Plain:
            x = 1

        self.assertIsInstance(Plain, type)
        self.assertEqual(Plain().x, 1)


class GraphTargetTests(torch._dynamo.test_case.TestCase):
    def test_call_function_targets_are_the_functions(self):
        graphs = []

        def backend(gm, example_inputs):
            graphs.append(gm)
            return gm.forward

        @torch.compile(backend=backend)
        def f(x, y):
            return torch.sin(x) + y

        self.assertEqual(f(torch.zeros(2), torch.ones(2)).tolist(), [1.0, 1.0])
        nodes = list(graphs[0].graph.nodes)
        calls = [n for n in nodes if n.op == "call_function"]
        self.assertTrue(any(n.target is torch.sin for n in calls))
        self.assertTrue(any(n.target is operator.add for n in calls))
        self.assertEqual([n.target for n in nodes if n.op == "placeholder"], ["l_x_", "l_y_"])
        self.assertEqual(nodes[-1].op, "output")


class HookGlobalStoreTests(torch._dynamo.test_case.TestCase):
    def test_do_not_skip_side_effects(self):
        global _variable
        _variable = 0

        def user_function():
            return torch.compiler.is_compiling()

        class MyModule(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.register_forward_pre_hook(self.pre_forward, with_kwargs=True)

            def pre_forward(self, module, args, kwargs):
                if user_function():
                    global _variable
                    _variable += 1
                return args, kwargs

            def forward(self, x):
                return x + 1

        model = torch.compile(MyModule(), backend="eager", fullgraph=True)
        model(torch.tensor([1]))
        model(torch.tensor([1]))
        self.assertEqual(_variable, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
