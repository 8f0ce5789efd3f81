// The printers: golden files for str(graph), print_tabular, the code form,
// DOT and JSON; the DOT of a 20-node graph renders with Graphviz.
#include "fx_helpers.hpp"

#include <cstdio>
#include <fstream>

using namespace standin;
using fx_test::check_golden;

namespace {

// The seed function's graph: `x * 2`.
std::unique_ptr<Graph> seed_graph() {
    return trace([](Proxy x) { return x * 2; }, TraceInput{"x", zeros({4})});
}

// Every kind of node and argument the printers meet.
std::unique_ptr<Graph> assorted_graph() {
    auto g = std::make_unique<Graph>();
    Node* x = g->placeholder("x", zeros({2, 3}));
    Node* y = g->placeholder("y", zeros({3}, dtype::int64));
    Node* scale = g->get_attr("cfg.scale", Value(1.5));
    Node* mul = g->call_function("operator.mul", {x, scale});
    Node* add = g->call_function("operator.add", {mul, y});
    Node* neg = g->call_function("operator.neg", {add});
    Node* relu = g->call_function("torch.relu", {neg});
    Node* sum = g->call_method("sum", {relu, 1}, {kw("keepdim", true)});
    Node* to = g->call_method("to", {sum, dtype_value(dtype::float64)});
    Node* cat = g->call_function("torch.cat", {list_arg({x, relu}), 0});
    Node* mx = g->call_method("max", {cat, 0});
    Node* first = g->call_function("operator.getitem", {mx, 0});
    g->call_function("torch.exp", {first});  // unused: freed right after it runs
    Node* lt = g->call_function("operator.lt", {to, 0.25});
    Node* where = g->call_function("torch.where", {lt, to, Value(-1.0)});
    g->output(tuple_arg({where, first, list_arg({y, Value()})}));
    return g;
}

bool have_program(const char* name) {
    std::string command = "command -v " + std::string(name) + " > /dev/null 2>&1";
    return std::system(command.c_str()) == 0;
}

}  // namespace

TEST_CASE("the seed graph prints as FX prints it") {
    auto g = seed_graph();
    check_golden("seed_str.txt", to_string(*g) + "\n");
    check_golden("seed_tabular.txt", print_tabular(*g));
    check_golden("seed_code.py", python_code(*g));
    check_golden("seed.dot", to_dot(*g));
    check_golden("seed.json", to_json(*g));
}

TEST_CASE("the code form is FX's forward(), with values freed after their last use") {
    CHECK(python_code(*seed_graph()) ==
          "\n\n\ndef forward(self, x):\n    mul = x * 2;  x = None\n    return (mul,)\n    ");
}

TEST_CASE("a graph with every kind of node and argument prints as FX prints it") {
    auto g = assorted_graph();
    g->lint();
    check_golden("assorted_str.txt", to_string(*g) + "\n");
    check_golden("assorted_tabular.txt", print_tabular(*g));
    check_golden("assorted_code.py", python_code(*g));
    check_golden("assorted.dot", to_dot(*g));
    check_golden("assorted.json", to_json(*g));
}

TEST_CASE("a placeholder renamed by the namespace is bound from its argument name") {
    Graph g;
    Node* a = g.placeholder("x", zeros({1}));
    Node* b = g.placeholder("x", zeros({1}));
    g.output(tuple_arg({g.call_function("operator.sub", {a, b})}));
    CHECK(b->name() == "x_1");
    CHECK(python_code(g) ==
          "\n\n\ndef forward(self, x, x):\n    x_1 = x\n    sub = x - x_1;  x = x_1 = None\n    return (sub,)\n    ");
}

TEST_CASE("an output-only graph has a pass-free body and a graph without nodes says pass") {
    Graph g;
    Node* x = g.placeholder("x", zeros({1}));
    g.output(x);
    CHECK(python_code(g) == "\n\n\ndef forward(self, x):\n    return x\n    ");
    Graph empty;
    CHECK(python_code(empty) == "\n\n\ndef forward(self):\n    pass\n    ");
}

TEST_CASE("DOT labels escape quotes and backslashes") {
    Graph g;
    Node* x = g.placeholder("x", zeros({1}));
    Node* s = g.get_attr("a\"b\\c", Value(1));
    g.output(tuple_arg({x, s}));
    std::string dot = to_dot(g);
    CHECK(dot.find("get_attr a\\\"b\\\\c") != std::string::npos);
}

TEST_CASE("the DOT of a 20-node graph renders with Graphviz") {
    if (!have_program("dot")) {
        MESSAGE("Graphviz's dot is not installed: skipped");
        return;
    }
    auto g = trace(
        [](Proxy x, Proxy y) {
            Proxy a = x;
            for (int k = 0; k < 8; ++k) a = (k % 2 ? a * y : a + k).relu();
            return std::make_tuple(a.sum(0), a);
        },
        TraceInput{"x", zeros({4, 4})}, TraceInput{"y", zeros({4})});
    fuse_elementwise(*g);  // a fused node, too
    auto h = trace(
        [](Proxy x, Proxy y) {
            Proxy a = x;
            for (int k = 0; k < 8; ++k) a = (k % 2 ? a * y : a + k).relu();
            return std::make_tuple(a.sum(0), a);
        },
        TraceInput{"x", zeros({4, 4})}, TraceInput{"y", zeros({4})});
    REQUIRE(h->size() == 20);
    for (const Graph* graph : {h.get(), g.get()}) {
        const std::string dir = std::filesystem::temp_directory_path().string();
        const std::string dot_path = dir + "/standin_fx_graph.dot";
        const std::string svg_path = dir + "/standin_fx_graph.svg";
        const std::string err_path = dir + "/standin_fx_graph.err";
        std::ofstream(dot_path) << to_dot(*graph);
        const std::string command = "dot -Tsvg " + dot_path + " -o " + svg_path + " 2> " + err_path;
        CHECK(std::system(command.c_str()) == 0);
        std::ifstream err(err_path);
        std::string warnings((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
        CHECK(warnings.empty());
        std::ifstream svg(svg_path);
        std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
        CHECK(text.find("<svg") != std::string::npos);
        CHECK(text.find("sum_1") != std::string::npos);
    }
}

TEST_CASE("the JSON form parses as JSON") {
    if (!have_program("python3")) {
        MESSAGE("python3 is not installed: skipped");
        return;
    }
    auto g = assorted_graph();
    const std::string path = std::filesystem::temp_directory_path().string() + "/standin_fx_graph.json";
    std::ofstream(path) << to_json(*g);
    const std::string command = "python3 -c \"import json,sys; d=json.load(open(sys.argv[1])); "
                                "assert [n['name'] for n in d['nodes']][:3] == ['x', 'y', 'cfg_scale']\" " + path;
    CHECK(std::system(command.c_str()) == 0);
}
