// Sources are types: the compiler knows a source's printed name, its guard
// source and the bytecode that reloads it, and checks them here with
// static_assert. At run time the same chain resolves against a frame and maps
// to the one runtime Source node of that path.
#include <standin/standin.hpp>

#include <iostream>

using namespace standin;

// Names, exactly as Dynamo prints them.
static_assert(L<"x">.name() == "L['x']");
static_assert(G<"cfg">.attr<"scale">().name() == "G['cfg'].scale");
static_assert(L<"d">.item<"k">().name() == "L['d']['k']");
static_assert(L<"t">.item<0>().name() == "L['t'][0]");
static_assert(L<"x">.type().name() == "type(L['x'])");
static_assert(L<"o">.attr<"not-an-identifier">().name() == "getattr(L['o'], 'not-an-identifier')");
static_assert(G<"model">.attr<"layers">().item<2>().attr<"weight">().name() == "G['model'].layers[2].weight");

// Where each root lives.
static_assert(L<"x">.guard_source() == GuardSource::LOCAL);
static_assert(G<"model">.nn_module().attr<"weight">().guard_source() == GuardSource::GLOBAL_NN_MODULE);

// The bytecode that loads G['cfg'].scale again: LOAD_GLOBAL cfg, LOAD_ATTR scale.
constexpr auto reload_scale = reconstruct(G<"cfg">.attr<"scale">());
static_assert(reload_scale.size() == 2);
static_assert(reload_scale[0] == SymbolicInstruction{Opcode::LOAD_GLOBAL, ArgKind::global, "cfg"});
static_assert(reload_scale[1] == SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr, "scale"});
// L['d']['k']: dict.__getitem__(d, 'k') (dict's lookup even for a subclass
// that overrides __getitem__): PUSH_NULL, LOAD_CONST dict, LOAD_ATTR
// __getitem__, LOAD_FAST d, LOAD_CONST 'k', CALL 2.
constexpr auto reload_key = reconstruct(L<"d">.item<"k">());
static_assert(reload_key.size() == 6 && reload_key[1].name == "dict" && reload_key[3].op == Opcode::LOAD_FAST &&
              reload_key[4].name == "k" && reload_key[5].op == Opcode::CALL);

int main() {
    Interpreter vm;
    vm.exec("class Config:\n    scale = 2\ncfg = Config()\n", "config.py");

    // The chain and a path built at run time are one node.
    const Source* runtime = Source::global("cfg")->attr("scale");
    if (to_runtime(G<"cfg">.attr<"scale">()) != runtime) {
        std::cerr << "to_runtime() did not give the hash-consed node\n";
        return 1;
    }

    FrameView frame{nullptr, {}, &vm.globals(), nullptr};
    Value scale = resolve(G<"cfg">.attr<"scale">(), frame);
    std::cout << runtime->name() << " = " << vm.repr(scale) << '\n';
    if (!scale.is_int() || scale.as_int() != 2) return 1;

    vm.exec("cfg.scale = 3\n", "mutate.py");
    scale = resolve(G<"cfg">.attr<"scale">(), frame);
    std::cout << "after cfg.scale = 3: " << vm.repr(scale) << '\n';
    return scale.is_int() && scale.as_int() == 3 ? 0 : 1;
}
