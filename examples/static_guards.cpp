// The seed program's premise as a static guard: an expression template over
// compile-time sources, evaluated inline on a frame. It holds for the frame
// of `f(x)` with cfg.scale == 2 and x a float32 tensor of 3 elements, and
// stops holding once the guest mutates cfg.scale.
#include <standin/standin.hpp>

#include <iostream>

using namespace standin;

int main() {
    Interpreter vm;
    vm.exec(R"(
import torch
class Config:
    def __init__(self):
        self.scale = 2
cfg = Config()
def f(x):
    return x * cfg.scale
x = torch.ones(3)
)",
            "seed.py");

    auto premise = (G<"cfg">.attr<"scale">() == 2) && tensor_match(L<"x">(), dtype::float32, {3});
    std::cout << "premise: " << print(premise) << '\n';

    // The frame f(x) runs in: f's code, its one local, the module's globals.
    const Code* code = vm.global("f").as<Function>()->code().as<Code>();
    Value locals[] = {vm.global("x")};
    FrameView frame{code, locals, &vm.globals(), nullptr};

    bool before = evaluate(premise, frame);
    std::cout << "before mutation: " << (before ? "holds" : "broken") << '\n';

    vm.exec("cfg.scale = 3\n", "mutate.py");
    bool after = evaluate(premise, frame);
    std::cout << "after cfg.scale = 3: " << (after ? "holds" : "broken") << '\n';

    // The runtime tree built from the same premise agrees.
    RootGuardManager tree(code);
    add_to(tree, premise);
    auto verdict = tree.check_verbose(frame);
    std::cout << "tree says: " << verdict.reason << '\n';

    return before && !after && !verdict.passed && verdict.reason == "G['cfg'].scale == 2" ? 0 : 1;
}
