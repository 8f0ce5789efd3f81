// reconstruct(): the emitted bytecode, run by the interpreter, loads the
// value the source names — the same value resolve() fetches.
#include <standin/source.hpp>
#include <standin/vm.hpp>

#include <doctest/doctest.h>

using namespace standin;

namespace {

constexpr const char* world = R"(
class Config:
    def __init__(self):
        self.scale = 2
cfg = Config()
setattr(cfg, 'not-an-identifier', 7)
d = {'k': 'v', 'n': [10, 20]}
t = (1, (2, 3))
def make():
    y = 'captured'
    def inner(a=1.5, b='two'):
        return y
    return inner
fn = make()
def probe(x, d, t, fn):
    return None
)";

// Replaces probe's code by `reconstruct(source); RETURN_VALUE` and calls it
// with (x, d, t, fn) = (41, G['d'], G['t'], G['fn']).
Value run_reconstruct(Interpreter& vm, const std::vector<SymbolicInstruction>& instructions) {
    Value probe = vm.global("probe");
    auto* fn = probe.as<Function>();
    const Code* original = fn->code().as<Code>();
    auto code = make_ref<Code>();
    code->varnames = original->varnames;
    code->argcount = original->argcount;
    code->flags = original->flags;
    code->name = original->name;
    code->qualname = original->qualname;
    code->filename = "<reconstruct>";
    Codegen gen(*code, &vm.builtins());
    gen.emit_all(instructions, 1);
    code->instructions.push_back({Opcode::RETURN_VALUE, 0});
    code->positions.push_back({1, 0, 0});
    code->stacksize = static_cast<std::uint32_t>(instructions.size() + 2);
    Value saved = fn->code();
    fn->set_code(Value(code));
    Value result = vm.call(probe, 41, vm.global("d"), vm.global("t"), vm.global("fn"));
    fn->set_code(saved);
    return result;
}

// The frame probe would have: for resolve() to compare against.
struct ProbeFrame {
    std::vector<Value> locals;
    FrameView view;
    ProbeFrame(Interpreter& vm)
        : locals{Value(41), vm.global("d"), vm.global("t"), vm.global("fn")},
          view{vm.global("probe").as<Function>()->code().as<Code>(), locals, &vm.globals(), nullptr} {}
};

template <class Chain>
void check_chain(Interpreter& vm, Chain chain, const char* expected_repr) {
    CAPTURE(std::string(chain.name().view()));
    constexpr auto symbolic = reconstruct(Chain{});
    std::vector<SymbolicInstruction> list(symbolic.begin(), symbolic.end());
    CHECK(list == reconstruct(to_runtime(chain)));  // both faces emit the same list
    Value loaded = run_reconstruct(vm, list);
    CHECK(vm.repr(loaded) == expected_repr);
    ProbeFrame frame(vm);
    CHECK(resolve(chain, frame.view).identical(loaded));
}

}  // namespace

// The compile-time lists are checked by the compiler.
static_assert(reconstruct(G<"cfg">.attr<"scale">()).size() == 2);
static_assert(reconstruct(G<"cfg">.attr<"scale">())[0] ==
              SymbolicInstruction{Opcode::LOAD_GLOBAL, ArgKind::global, "cfg"});
static_assert(reconstruct(G<"cfg">.attr<"scale">())[1] ==
              SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr, "scale"});
// d['k'] is dict.__getitem__(d, 'k'): a dict subclass's __getitem__ is not run.
static_assert(reconstruct(L<"d">.item<"k">()).size() == 6);
static_assert(reconstruct(L<"d">.item<"k">())[1] == SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::builtin, "dict"});
static_assert(reconstruct(L<"d">.item<"k">())[4] == SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::str_const, "k"});
static_assert(reconstruct(L<"x">.type()).size() == 4);

TEST_CASE("reconstructed bytecode loads the value of every source kind") {
    Interpreter vm;
    vm.exec(world, "world.py");
    check_chain(vm, L<"x">, "41");
    check_chain(vm, G<"cfg">.attr<"scale">(), "2");
    check_chain(vm, G<"cfg">.attr<"not-an-identifier">(), "7");
    check_chain(vm, L<"d">.item<"k">(), "'v'");
    check_chain(vm, L<"d">.item<"n">().item<1>(), "20");
    check_chain(vm, L<"t">.item<1>().item<0>(), "2");
    check_chain(vm, G<"t">.item<-1>(), "(2, 3)");
    check_chain(vm, G<"cfg">.type(), "<class '__main__.Config'>");
    check_chain(vm, G<"cfg">.nn_module().attr<"scale">(), "2");
    check_chain(vm, L<"fn">.defaults<1>(), "'two'");
    check_chain(vm, L<"fn">.closure<0>(), "'captured'");
}

TEST_CASE("reconstruct follows a mutation made after the code was built") {
    Interpreter vm;
    vm.exec(world, "world.py");
    auto list = reconstruct(Source::global("cfg")->attr("scale"));
    CHECK(vm.repr(run_reconstruct(vm, list)) == "2");
    vm.exec("cfg.scale = 3", "mutate.py");
    CHECK(vm.repr(run_reconstruct(vm, list)) == "3");
}

TEST_CASE("a global shadowing the builtin type does not change type(...)") {
    Interpreter vm;
    vm.exec(world, "world.py");
    vm.exec("type = 'shadowed'", "shadow.py");
    CHECK(vm.repr(run_reconstruct(vm, reconstruct(Source::global("cfg")->type()))) == "<class '__main__.Config'>");
}

TEST_CASE("reconstructing a local the code does not have is an error") {
    Interpreter vm;
    vm.exec(world, "world.py");
    CHECK_THROWS_AS(run_reconstruct(vm, reconstruct(Source::local("nope"))), Error);
}

TEST_CASE("a dict's key and value by insertion index: list(d.keys())[i] and d[list(d.keys())[i]]") {
    Interpreter vm;
    vm.exec(world, "world.py");
    const Source* key = Source::local("d")->dict_key(1);
    const Source* value = Source::local("d")->dict_value(1);
    CHECK(key->name() == "list(L['d'].keys())[1]");
    CHECK(value->name() == "L['d'][list(L['d'].keys())[1]]");
    ProbeFrame frame(vm);
    Value k = run_reconstruct(vm, reconstruct(key));
    Value v = run_reconstruct(vm, reconstruct(value));
    CHECK(vm.repr(k) == "'n'");
    CHECK(vm.repr(v) == "[10, 20]");
    CHECK(resolve(key, frame.view).identical(k));
    CHECK(resolve(value, frame.view).identical(v));
    // A deleted entry leaves a hole in the table: the index counts live keys.
    vm.exec("del d['k']", "mutate.py");
    CHECK(vm.repr(run_reconstruct(vm, reconstruct(Source::local("d")->dict_key(0)))) == "'n'");
    CHECK(resolve(Source::local("d")->dict_value(0), frame.view).identical(v));
}
