// Guards checked on the interpreter's real frames, from the eval-frame hook
// (where torch.compile will check them): guest mutations flip the verdict.
#include <standin/guards.hpp>
#include <standin/source.hpp>
#include <standin/vm.hpp>

#include <doctest/doctest.h>

#include <vector>

using namespace standin;

namespace {

// Checks the seed premise on every frame of `f` before it runs.
struct GuardingHook final : EvalFrameHook {
    RootGuardManager* tree = nullptr;
    std::vector<bool> verdicts;
    std::vector<std::string> reasons;

    ref<Code> eval_frame(Interpreter& vm, Frame& frame) override {
        if (frame.code->name == intern("f")) {
            FrameView view = frame_view(frame, &vm.global_state());
            verdicts.push_back(tree->check(view));
            reasons.push_back(tree->check_verbose(view).reason);
        }
        return nullptr;
    }
};

constexpr const char* seed = R"(
import torch
class Config:
    def __init__(self):
        self.scale = 2
cfg = Config()
def f(x):
    return x * cfg.scale
)";

}  // namespace

TEST_CASE("the seed premise checked on real frames follows guest mutations") {
    Interpreter vm;
    vm.exec(seed, "seed.py");
    const Code* code = vm.global("f").as<Function>()->code().as<Code>();
    RootGuardManager tree(code);
    tree.add(Source::local("x"), TensorMatch{dtype::float32, false, {3}, {1}});
    tree.add(Source::global("cfg"), TypeMatch{type_id(vm.global("cfg")), "Config"});
    tree.add(Source::global("cfg")->attr("scale"), EqualsMatch{Value(2)});
    tree.add_global_state(vm.global_state());

    GuardingHook hook;
    hook.tree = &tree;
    vm.set_eval_frame_hook(&hook);
    vm.exec("f(torch.ones(3))\nf(torch.ones(3))\n", "calls.py");
    vm.exec("cfg.scale = 3\nf(torch.ones(3))\n", "mutate.py");
    vm.exec("cfg.scale = 2\nf(torch.ones(4))\n", "shape.py");
    vm.exec("f(torch.ones(3, dtype=torch.float64))\n", "dtype.py");
    vm.exec("cfg = Config()\nf(torch.ones(3))\n", "rebind.py");  // an equal twin passes
    vm.global_state().grad_enabled = false;
    vm.exec("f(torch.ones(3))\n", "grad.py");
    vm.set_eval_frame_hook(nullptr);

    REQUIRE(hook.verdicts.size() == 7);
    CHECK(hook.verdicts == std::vector<bool>{true, true, false, false, false, true, false});
    CHECK(hook.reasons[2] == "G['cfg'].scale == 2");
    CHECK(hook.reasons[3] == "tensor 'L['x']' size mismatch at index 0. expected 3, actual 4");
    CHECK(hook.reasons[4] == "tensor 'L['x']' dtype mismatch. expected Float, actual Double");
    CHECK(hook.reasons[6] == "GLOBAL_STATE changed: grad_mode False");
}
