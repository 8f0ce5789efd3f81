// Builds the seed function's graph, `x * 2`, by writing C++ against a Proxy
// (as FX's symbolic tracer records Python), prints it in every form the graph
// layer has, runs it, and checks the result against the mul kernel called
// directly. Exits non-zero on a wrong result.
#include <standin/fx.hpp>

#include <cstring>
#include <iostream>

int main() {
    using namespace standin;
    int failures = 0;
    auto expect = [&](bool ok, const char* what) {
        if (!ok) {
            std::cerr << "FAILED: " << what << "\n";
            ++failures;
        }
    };

    // An example input gives the placeholder its metadata (a fake tensor).
    Value x = tensor({1.0, 2.5, -3.0, 0.5}, dtype::float32);
    auto graph = trace([](Proxy x) { return x * 2; }, TraceInput{"x", x});
    graph->lint();

    std::cout << "--- str(graph)\n" << to_string(*graph) << "\n";
    std::cout << "--- print_tabular\n" << print_tabular(*graph);
    std::cout << "--- python code" << python_code(*graph) << "\n";
    std::cout << "--- DOT\n" << to_dot(*graph);
    std::cout << "--- JSON\n" << to_json(*graph);

    expect(python_code(*graph) == "\n\n\ndef forward(self, x):\n    mul = x * 2;  x = None\n    return (mul,)\n    ",
           "the code form is FX's");
    Node* mul = graph->find("mul");
    expect(mul && mul->tensor_meta() && mul->tensor_meta()->is_fake(), "mul carries fake metadata");
    expect(mul && mul->tensor_meta()->dtype() == dtype::float32, "x * 2 stays float32");

    // Run it: arguments were bound once, when the interpreter was made.
    GraphInterpreter forward(*graph);
    Value result = forward({x});
    Value expected = standin::mul(x, Value(std::int64_t{2}));
    const Tensor& out = *result.as<Tuple>()->items()[0].as<Tensor>();
    const Tensor& want = *expected.as<Tensor>();
    expect(out.dtype() == want.dtype() && out.numel() == want.numel() &&
               std::memcmp(out.data(), want.data(), static_cast<std::size_t>(out.numel()) * sizeof(float)) == 0,
           "the graph computes what the mul kernel computes");
    std::cout << "--- result\n" << repr(tolist(result.as<Tuple>()->items()[0])) << "\n";

    if (failures) return 1;
    std::cout << "build_graph: all checks passed\n";
    return 0;
}
