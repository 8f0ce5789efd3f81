// torch.compile from C++ (standin::compile): the compiled callable returns
// what eager returns, caches and recompiles, counts frames, raises
// Unsupported under fullgraph, takes a guest backend, and prints Dynamo's
// logs on the interpreter's output.
#include <standin/standin.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>

using namespace standin;

namespace {
constexpr const char* seed = R"(
import torch
class Config:
    def __init__(self):
        self.scale = 2
cfg = Config()
def f(x):
    return x * cfg.scale
def g(x):
    print("a graph break")
    return x + 1
x = torch.ones(3)
)";

std::string text(Interpreter& vm, const Value& v) { return vm.repr(v); }
}  // namespace

TEST_CASE("standin::compile returns eager's results and recompiles on a changed global") {
    Interpreter vm;
    vm.exec(seed, "seed.py");
    Value f = vm.global("f"), x = vm.global("x");
    Value compiled = compile(vm, f, CompileOptions{"eager", false});
    CHECK(text(vm, vm.call(compiled, x)) == text(vm, vm.call(f, x)));
    CHECK(text(vm, vm.call(compiled, x)) == "tensor([2., 2., 2.])");
    CHECK(dynamo_stats(vm).frames_compiled == 1);
    vm.exec("cfg.scale = 3\n", "mutate.py");
    CHECK(text(vm, vm.call(compiled, x)) == "tensor([3., 3., 3.])");
    CHECK(dynamo_stats(vm).frames_compiled == 2);
    // The default backend ("inductor": CSE, DCE, fusion) gives the same.
    Value inductor = compile(vm, f);
    CHECK(text(vm, vm.call(inductor, x)) == "tensor([3., 3., 3.])");
}

TEST_CASE("a compiled call that hits a direct entry runs the graph without a frame, and stays exact") {
    // x * cfg.scale with a built-in backend: the rewritten code only calls the
    // graph on the parameter, so torch.compile's callable runs the graph
    // itself. Guards still decide: a changed global recompiles, a different
    // shape or dtype recompiles, keyword calls take the frame path.
    Interpreter vm;
    vm.exec(seed, "seed.py");
    vm.exec("def h(a, b):\n    return a * b + 1\nxi = torch.ones(4, dtype=torch.int64)\n", "more.py");
    Value f = vm.global("f"), h = vm.global("h"), x = vm.global("x"), xi = vm.global("xi");
    Value cf = compile(vm, f), ch = compile(vm, h);
    for (int i = 0; i < 3; ++i) CHECK(text(vm, vm.call(cf, x)) == "tensor([2., 2., 2.])");
    CHECK(dynamo_stats(vm).frames_compiled == 1);
    vm.exec("cfg.scale = 5\n", "mutate.py");
    CHECK(text(vm, vm.call(cf, x)) == "tensor([5., 5., 5.])");
    CHECK(text(vm, vm.call(cf, xi)) == "tensor([5, 5, 5, 5])");
    CHECK(dynamo_stats(vm).frames_compiled == 3);
    CHECK(text(vm, vm.call(cf, x)) == "tensor([5., 5., 5.])");
    CHECK(dynamo_stats(vm).frames_compiled == 3);
    // Two inputs, and arguments swapped between calls (guards see the order).
    Value y = vm.eval("torch.arange(3.0)");
    CHECK(text(vm, vm.call(ch, x, y)) == "tensor([1., 2., 3.])");
    CHECK(text(vm, vm.call(ch, y, x)) == "tensor([1., 2., 3.])");
    CHECK(text(vm, vm.call(ch, y, y)) == "tensor([1., 2., 5.])");
    CHECK(text(vm, vm.eval("torch.compile(h)(b=torch.ones(2), a=torch.ones(2) * 3)")) == "tensor([4., 4.])");
}

TEST_CASE("a graph break splits the frame, and fullgraph raises Unsupported with the reason and line") {
    Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);
    vm.exec(seed, "seed.py");
    Value g = vm.global("g"), x = vm.global("x");
    CHECK(text(vm, vm.call(compile(vm, g), x)) == "tensor([2., 2., 2.])");
    CHECK(out.str() == "a graph break\n");
    // print() runs eagerly; x + 1 after it is compiled in the resume
    // function: two frames rewritten (g's, with no graph before the print).
    CHECK(dynamo_stats(vm).frames_compiled == 2);
    CHECK(dynamo_stats(vm).frames_eager == 0);
    Value strict = compile(vm, g, CompileOptions{"eager", true});
    try {
        vm.call(strict, x);
        FAIL("fullgraph=True did not raise");
    } catch (const GuestException& e) {
        CHECK(e.type_name() == "Unsupported");
        CHECK(std::string(e.what()).find("print()") != std::string::npos);
        CHECK(std::string(e.what()).find("seed.py:10") != std::string::npos);
    }
    // The interpreter keeps working.
    CHECK(text(vm, vm.call(compile(vm, vm.global("f")), x)) == "tensor([2., 2., 2.])");
}

TEST_CASE("a guest backend receives the graph module and the example inputs") {
    Interpreter vm;
    vm.exec(seed, "seed.py");
    vm.exec(R"(
seen = []
def backend(gm, example_inputs):
    seen.append(([n.op for n in gm.graph.nodes], len(example_inputs)))
    return gm.forward
)",
            "backend.py");
    Value compiled = compile_with_backend(vm, vm.global("f"), vm.global("backend"));
    vm.call(compiled, vm.global("x"));
    CHECK(vm.repr(vm.global("seen")) == "[(['placeholder', 'call_function', 'output'], 1)]");
}

TEST_CASE("the logs print the graph, the guards and the recompile reason") {
    Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);
    set_dynamo_logs(vm, "graph_code,guards,recompiles");
    vm.exec(seed, "seed.py");
    Value compiled = compile(vm, vm.global("f"), CompileOptions{"eager", false});
    vm.call(compiled, vm.global("x"));
    vm.exec("cfg.scale = 3\n", "mutate.py");
    vm.call(compiled, vm.global("x"));
    const std::string log = out.str();
    CHECK(log.find("mul = l_x_ * 2") != std::string::npos);
    CHECK(log.find("| | | +- EQUALS_MATCH: G['cfg'].scale == 2") != std::string::npos);
    CHECK(log.find("TENSOR_MATCH: check_tensor(L['x'], Tensor, torch.float32") != std::string::npos);
    CHECK(log.find("Recompiling function f in seed.py:7\n    triggered by the following guard failure(s):\n"
                   "    - 0/0: G['cfg'].scale == 2") != std::string::npos);
    CHECK(log.find("mul = l_x_ * 3") != std::string::npos);
}

TEST_CASE("compile_all_frames compiles every function frame and keeps the output") {
    Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);
    compile_all_frames(vm);
    vm.exec(R"(
import torch
def double(t):
    return t * 2
def total(xs):
    s = 0
    for v in xs:
        s += v
    return s
print(double(torch.ones(2)), total([1, 2, 3]))
)",
            "all.py");
    CHECK(out.str() == "tensor([2., 2.]) 6\n");
    CHECK(dynamo_stats(vm).frames_compiled == 1);
}

TEST_CASE("a graph's guest-call node runs the guest function through the interpreter of its thread") {
    Value x = tensor({1.0, -2.0, 3.0}, dtype::float32);
    Graph g;
    Node* in = g.placeholder("x", x);
    {
        Interpreter vm;
        vm.exec("import torch\ndef affine(x, k=1, *, scale=2):\n    return x * scale + k\n"
                "def grad_on(x):\n    return torch.tensor(float(torch.is_grad_enabled()))\n",
                "guest.py");
        Node* call = g.call_guest(NodeOpcode::call_function, "guest.affine", vm.global("affine"),
                                  Args{Argument(in), Argument(Value(std::int64_t{3}))},
                                  Kwargs{{intern("scale"), Argument(Value(std::int64_t{10}))}}, in->val());
        Node* grad = g.call_guest(NodeOpcode::call_function, "guest.grad_on", vm.global("grad_on"), Args{Argument(in)},
                                  {}, Value(fake_like(*tensor({0.0}, dtype::float32).as<Tensor>())));
        g.set_grad_enabled(false);  // the trace ran with grad off: so does the call
        g.output(tuple_arg({Argument(call), Argument(grad)}));
        CHECK(to_string(g).find("guest.affine") != std::string::npos);
        GraphInterpreter run(g);
        Value out = run({x});
        Value tolist = vm.eval("lambda t: t.tolist()");
        CHECK(repr(vm.call(tolist, (*out.as<Tuple>())[0])) == "[13.0, -17.0, 33.0]");
        CHECK(repr(vm.call(tolist, (*out.as<Tuple>())[1])) == "0.0");
        CHECK(vm.eval("torch.is_grad_enabled()").as_bool());
    }
    // Without an interpreter on the thread, the node says what it needs.
    GraphInterpreter run(g);
    CHECK_THROWS_WITH_AS(run({x}), doctest::Contains("standin interpreter"), Error);
}

TEST_CASE("guard failures reach users with L['name'] read as name, as Dynamo's strip_local_scope gives") {
    CHECK(strip_local_scope("tensor 'L['x']' size mismatch at index 0. expected 3, actual 4") ==
          "tensor 'x' size mismatch at index 0. expected 3, actual 4");
    CHECK(strip_local_scope("L[\"cfg\"].scale == 2 and L[ 'y' ] == None") == "cfg.scale == 2 and y == None");
    CHECK(strip_local_scope("___check_obj_id(G['helper'], 12)") == "___check_obj_id(G['helper'], 12)");
    CHECK(strip_local_scope("len(L['self'].layers) == 2") == "len(self.layers) == 2");
    CHECK(strip_local_scope("L[x] and L['open") == "L[x] and L['open");
    CHECK(strip_local_scope("") == "");
}

TEST_CASE("recompile logs name each failing entry by its compile id frame/n, locals without L[...]") {
    Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);
    set_dynamo_logs(vm, "recompiles");
    vm.exec(R"(
import torch
def first(x):
    return x + 1
def second(x):
    return x * 2
)",
            "ids.py");
    Value a = compile(vm, vm.global("first"), CompileOptions{"eager", false});
    Value b = compile(vm, vm.global("second"), CompileOptions{"eager", false});
    vm.exec("import torch\nx2 = torch.ones(2)\nx3 = torch.ones(3)\nx4 = torch.ones(4)\n", "inputs.py");
    vm.call(a, vm.global("x2"));
    vm.call(b, vm.global("x2"));  // frame 1
    vm.call(b, vm.global("x3"));  // 1/1
    vm.call(b, vm.global("x4"));  // 1/2
    const std::string log = out.str();
    CHECK(log.find("Recompiling function second in ids.py:5\n    triggered by the following guard failure(s):\n"
                   "    - 1/1: tensor 'x' size mismatch at index 0. expected 3, actual 4\n"
                   "    - 1/0: tensor 'x' size mismatch at index 0. expected 2, actual 4\n") != std::string::npos);
    CHECK(log.find("L['x']") == std::string::npos);
}
