# Ports of PyTorch's test/dynamo/test_modules.py (NNModuleTests): modules
# called from a compiled frame are inlined (their forward, submodules,
# ModuleList / Sequential loops, training flags, constants), parameters
# become graph inputs, and each test compiles one frame.
import torch
import torch._dynamo.test_case
import torch._dynamo.testing
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same, standard_test


class BasicModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        return F.relu(self.linear1(x)) * self.scale


class FnMember(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.activation = F.relu

    def forward(self, x):
        x = self.linear1(x)
        if self.activation:
            x = self.activation(x)
        return x


class FnMemberCmp(torch.nn.Module):
    def __init__(self, activation):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.activation = activation

    def forward(self, x):
        x = self.linear1(x)
        if self.activation is not None:
            x = self.activation(x)
        if self.activation is None:
            x = torch.sigmoid(x)
        return x


class SubmoduleExample(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.layer2 = BasicModule()
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.layer1(x)
        x = self.layer2(x)
        return x * self.scale


class IsTrainingCheck(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.linear2 = torch.nn.Linear(10, 10)
        self.train(True)

    def forward(self, x):
        if self.training:
            mod = self.linear1
        else:
            mod = self.linear2
        return F.relu(mod(x))


class IsEvalCheck(IsTrainingCheck):
    def __init__(self):
        super().__init__()
        self.train(False)


class ModuleMethodCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.layer2 = BasicModule()
        self.scale = torch.randn(1, 10)

    def call_and_scale(self, mod, x):
        x = mod(x)
        return x * self.scale

    def forward(self, x):
        x1 = self.call_and_scale(self.layer1, x)
        x2 = self.call_and_scale(self.layer2, x)
        return x1 + x2


class ConstLoop(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.count = 3

    def forward(self, x):
        for i in range(self.count):
            x = torch.sigmoid(self.linear1(x))
        return x


class ViaModuleCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)

    def forward(self, x):
        return self.linear1(x).relu()


class ModuleList(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(
            [
                torch.nn.Linear(10, 10),
                torch.nn.ReLU(),
                torch.nn.Linear(10, 10),
                torch.nn.ReLU(),
            ]
        )

    def forward(self, x):
        for i in range(len(self.layers)):
            x = self.layers[i](x)
        for layer in self.layers:
            x = layer(x)
        for layer, val in zip(self.layers, (x, x, x, x)):
            x = layer(x) + val
        for layer, val in zip(self.layers, (1, 2, 3, 4)):
            x = layer(x) + val
        return x


class CustomGetItemModuleList(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(
            [
                torch.nn.Linear(10, 10),
                torch.nn.ReLU(),
                torch.nn.Linear(10, 10),
                torch.nn.ReLU(),
            ]
        )

    def __getitem__(self, idx):
        return self.layers[idx]

    def __len__(self):
        return len(self.layers)

    def forward(self, x):
        for i in range(len(self)):
            x = self[i](x)
        return x


class Seq(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.Sequential(
            torch.nn.Linear(10, 10),
            torch.nn.ReLU(),
            torch.nn.Linear(10, 10),
            torch.nn.ReLU(),
        )

    def forward(self, x):
        return self.layers(x)


class Children(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(10, 10)
        self.l2 = torch.nn.ReLU()
        self.l3 = torch.nn.Linear(10, 10)
        self.l4 = torch.nn.ReLU()

    def forward(self, x):
        for block in [self.l1, self.l2, self.l3, self.l4]:
            x = block(x)
        return x


class ModuleAttributePrecedenceBase(torch.nn.Module):
    def linear(self, x, flag=None):
        if flag:
            return x * 2.0
        return x * 3.0


class ModuleAttributePrecedence(ModuleAttributePrecedenceBase):
    def __init__(self):
        super().__init__()
        self.activation = torch.nn.ReLU()
        self.linear = torch.nn.Linear(10, 10)
        self.initializer = torch.ones([10, 10])
        self.scale = 0.5

    def activation(self, x):
        return x * 1.2

    def initializer(self):
        return torch.zeros([10, 10])

    def scale(self):
        return 2.0

    def forward(self, x):
        # object attribute takes precedence unless it's a nn.Module
        return self.activation(self.linear(self.initializer + x)) * self.scale


def make_test(fn, expected_ops=None):
    def test_fn(self):
        return standard_test(self, fn=fn, nargs=1, expected_ops=expected_ops)
    return test_fn


class NNModuleTests(torch._dynamo.test_case.TestCase):
    # test_modules.py: test_basicmodule1 / test_basicmodule2
    test_basicmodule1 = make_test(BasicModule())
    test_basicmodule2 = make_test(BasicModule())
    # test_submodules1
    test_submodules1 = make_test(SubmoduleExample())
    # test_fnmember / test_fnmembercmp1 / test_fnmembercmp2
    test_fnmember = make_test(FnMember())
    test_fnmembercmp1 = make_test(FnMemberCmp(F.relu))
    test_fnmembercmp2 = make_test(FnMemberCmp(None))
    # test_istraining1 / test_istraining2
    test_istraining1 = make_test(IsTrainingCheck())
    test_istraining2 = make_test(IsEvalCheck())
    # test_modulemethod1
    test_modulemethod1 = make_test(ModuleMethodCall())
    # test_constloop
    test_constloop = make_test(ConstLoop())
    # test_viamodulecall
    test_viamodulecall = make_test(ViaModuleCall())
    # test_modulelist
    test_modulelist = make_test(ModuleList())
    # test_custom_getitem_modulelist
    test_custom_getitem_modulelist = make_test(CustomGetItemModuleList())
    # test_seq
    test_seq = make_test(Seq())
    # test_children
    test_children = make_test(Children())
    # test_module_attribute_precedence
    test_module_attribute_precedence = make_test(ModuleAttributePrecedence())

    # test_module_name_string / test_compiled_module (torch.compile on a module)
    def test_compile_module_object(self):
        m = Seq()
        cnt = CompileCounter()
        opt_m = torch.compile(m, backend=cnt)
        x = torch.randn(10, 10)
        self.assertTrue(same(opt_m(x), m(x)))
        self.assertTrue(same(opt_m(x), m(x)))
        self.assertEqual(cnt.frame_count, 1)
        # Dynamo records one node per Linear and ReLU (call_module).
        self.assertEqual(cnt.op_count, 4)
        self.assertIs(opt_m._orig_mod, m)
        self.assertTrue(isinstance(opt_m, torch.nn.Module))

    # test_training_flag_recompiles (eval() after train() changes the guarded flag)
    def test_train_eval_recompile(self):
        m = IsTrainingCheck()
        cnt = CompileCounter()
        opt_m = torch.compile(m, backend=cnt)
        x = torch.randn(10, 10)
        self.assertTrue(same(opt_m(x), m(x)))
        m.eval()
        self.assertTrue(same(opt_m(x), m(x)))
        m.train()
        self.assertTrue(same(opt_m(x), m(x)))
        self.assertEqual(cnt.frame_count, 2)

    # test_parameter_mutation_seen: a parameter changed in place between calls
    def test_parameter_update_seen(self):
        m = ViaModuleCall()
        opt_m = torch.compile(m, backend="eager")
        x = torch.randn(10, 10)
        self.assertTrue(same(opt_m(x), m(x)))
        with torch.no_grad():  # a parameter is a leaf that requires grad
            m.linear1.weight.mul_(2)
        self.assertTrue(same(opt_m(x), m(x)))
        m.linear1.bias = torch.nn.Parameter(torch.ones(10))
        self.assertTrue(same(opt_m(x), m(x)))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
