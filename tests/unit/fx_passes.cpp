// Dead code elimination, common subexpression elimination and constant
// folding: what each removes or replaces, what each must leave alone, and
// that the graph computes the same values afterwards.
#include "fx_helpers.hpp"

using namespace standin;
using fx_test::bitwise_equal;
using fx_test::first_output;

namespace {

std::vector<std::string> names(const Graph& g) {
    std::vector<std::string> out;
    for (Node* n : g.nodes()) out.push_back(n->name());
    return out;
}

Value f32(std::initializer_list<double> values) { return tensor(values, dtype::float32); }

}  // namespace

// ---- dead code elimination ------------------------------------------------

TEST_CASE("dead code elimination removes unused chains and keeps placeholders and the output") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2}));
    g.placeholder("unused", zeros({2}));
    Node* dead = g.call_function("operator.mul", {x, 2});
    g.call_method("relu", {dead});
    Node* live = g.call_function("operator.add", {x, 1});
    g.output(tuple_arg({live}));
    CHECK(eliminate_dead_code(g));
    CHECK(names(g) == std::vector<std::string>{"x", "unused", "add", "output"});
    CHECK_FALSE(eliminate_dead_code(g));
    g.lint();
}

TEST_CASE("dead code elimination keeps in-place ops whose results are unused") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2}));
    g.call_method("add_", {x, 1});
    g.output(tuple_arg({x}));
    CHECK_FALSE(eliminate_dead_code(g));
    CHECK(g.find("add_") != nullptr);
}

// ---- common subexpression elimination ------------------------------------

TEST_CASE("cse merges repeated calls and the graph still computes the same") {
    auto g = trace(
        [](Proxy x) {
            Proxy a = x * 2;
            Proxy b = x * 2;
            Proxy c = a.sum(1);
            Proxy d(x.graph().call_method("sum", {b.node()}, {kw("dim", 1)}));
            return c + d;
        },
        TraceInput{"x", zeros({2, 3})});
    std::mt19937 rng(3);
    Value x = fx_test::random_tensor(rng, dtype::float32, {2, 3});
    Value before = first_output(GraphInterpreter(*g)({x}));
    CHECK(eliminate_common_subexpressions(*g));
    CHECK(names(*g) == std::vector<std::string>{"x", "mul", "sum_1", "add", "output"});
    CHECK(g->find("add")->args()[0].node() == g->find("sum_1"));
    CHECK(g->find("add")->args()[1].node() == g->find("sum_1"));
    CHECK(bitwise_equal(first_output(GraphInterpreter(*g)({x})), before));
    CHECK_FALSE(eliminate_common_subexpressions(*g));
}

TEST_CASE("cse tells 1, 1.0 and True apart") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2}));
    Node* a = g.call_function("operator.add", {x, 1});
    Node* b = g.call_function("operator.add", {x, 1.0});
    Node* c = g.call_function("operator.add", {x, Value(true)});
    g.output(tuple_arg({a, b, c}));
    CHECK_FALSE(eliminate_common_subexpressions(g));
    CHECK(g.size() == 5);
}

TEST_CASE("cse does not reuse a value computed before an in-place write") {
    auto g = trace(
        [](Proxy x) {
            Proxy a = x + 1;
            x.method("add_", 1);
            Proxy b = x + 1;
            return a * b;
        },
        TraceInput{"x", zeros({2})});
    CHECK_FALSE(eliminate_common_subexpressions(*g));
    Value x = f32({1, 2});
    CHECK(bitwise_equal(first_output(GraphInterpreter(*g)({x})), f32({6, 12})));
}

TEST_CASE("cse does not merge two tensors when one of them is written later") {
    auto g = trace(
        [](Proxy x) {
            Proxy a = x.clone();
            Proxy b = x.clone();
            a.method("add_", 1);
            return std::make_tuple(a, b);
        },
        TraceInput{"x", zeros({2})});
    CHECK_FALSE(eliminate_common_subexpressions(*g));
    Value out = GraphInterpreter(*g)({f32({1, 2})});
    CHECK(bitwise_equal(out.as<Tuple>()->items()[0], f32({2, 3})));
    CHECK(bitwise_equal(out.as<Tuple>()->items()[1], f32({1, 2})));
}

// ---- constant folding ------------------------------------------------------

TEST_CASE("constant folding computes subgraphs without placeholders once") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2}));
    Node* w = g.get_attr("weight", f32({1, 2}));
    Node* w2 = g.call_function("operator.mul", {w, 2});
    Node* w3 = g.call_function("operator.add", {w2, 1});
    Node* y = g.call_function("operator.mul", {x, w3});
    g.output(tuple_arg({y}));
    Value x_value = f32({10, 100});
    Value before = first_output(GraphInterpreter(g)({x_value}));
    CHECK(fold_constants(g));
    CHECK(names(g) == std::vector<std::string>{"x", "_folded_add", "mul_1", "output"});
    Node* folded = g.find("_folded_add");
    CHECK(folded->op() == NodeOpcode::get_attr);
    CHECK(bitwise_equal(folded->attr_value(), f32({3, 5})));
    CHECK(folded->tensor_meta()->is_fake());
    CHECK(bitwise_equal(first_output(GraphInterpreter(g)({x_value})), before));
    CHECK_FALSE(fold_constants(g));
}

TEST_CASE("constant folding folds factories and numbers read by elementwise ops") {
    auto g = trace(
        [](Proxy x) {
            Graph& g = x.graph();
            Proxy ones(g.call_function("torch.ones", {tuple_arg({2})}));
            Proxy n(g.call_method("item", {g.call_method("sum", {ones.node()})}));
            Proxy scaled = x * n;
            return scaled + ones;
        },
        TraceInput{"x", zeros({2})});
    CHECK(fold_constants(*g));
    std::vector<std::string> expected{"x", "_folded_ones", "_folded_item", "mul", "add", "output"};
    CHECK(names(*g) == expected);
    REQUIRE(g->find("_folded_item"));
    CHECK(g->find("_folded_item")->attr_value().as_float() == 2.0);
    CHECK(bitwise_equal(first_output(GraphInterpreter(*g)({f32({1, 2})})), f32({3, 5})));
}

TEST_CASE("constant folding leaves a constant tensor that would escape or be written") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2}));
    Node* c = g.call_function("torch.zeros", {tuple_arg({2})});
    Node* d = g.call_function("torch.ones", {tuple_arg({2})});
    g.call_method("add_", {d, x});
    Node* e = g.call_function("torch.arange", {3});
    Node* v = g.call_method("view", {e, tuple_arg({3, 1})});
    g.output(tuple_arg({c, d, v}));
    CHECK_FALSE(fold_constants(g));
    GraphInterpreter run(g);
    Value first = run({f32({1, 2})});
    Value second = run({f32({1, 2})});
    // Each call returns tensors of its own.
    CHECK(first.as<Tuple>()->items()[0].object() != second.as<Tuple>()->items()[0].object());
    CHECK(bitwise_equal(second.as<Tuple>()->items()[1], f32({2, 3})));
}

// ---- grad mode ----------------------------------------------------------------

TEST_CASE("dce and cse keep the grad-mode switches a traced no_grad block records") {
    Graph g;
    Node* x = g.placeholder("x", f32({1.0, 2.0}));
    g.call_function("torch._C._set_grad_enabled", {Value(false)});
    Node* y = g.call_function("operator.add", {x, 1});
    g.call_function("torch._C._set_grad_enabled", {Value(true)});
    g.call_function("torch._C._set_grad_enabled", {Value(false)});
    Node* z = g.call_function("operator.mul", {y, 2});
    g.call_function("torch._C._set_grad_enabled", {Value(true)});
    g.output(tuple_arg({z}));
    eliminate_common_subexpressions(g);
    eliminate_dead_code(g);
    CHECK(names(g) == std::vector<std::string>{"x", "_set_grad_enabled", "add", "_set_grad_enabled_1",
                                               "_set_grad_enabled_2", "mul", "_set_grad_enabled_3", "output"});
    GraphInterpreter run(g);
    CHECK(bitwise_equal(first_output(run.run({f32({1.0, 2.0})})), f32({4.0, 6.0})));
}

TEST_CASE("a node's value records the grad_fn of inputs that require grad, under the graph's grad mode") {
    Value w = f32({1.0, -2.0});
    w.as<Tensor>()->set_requires_grad(true);
    Graph g;
    Node* x = g.placeholder("w", w);
    Node* a = g.call_function("operator.mul", {x, 2});
    CHECK(std::string(a->tensor_meta()->grad_fn()) == "MulBackward0");
    g.set_grad_enabled(false);
    Node* b = g.call_method("relu", {x});
    CHECK(b->tensor_meta()->grad_fn() == nullptr);
    CHECK_FALSE(b->tensor_meta()->requires_grad());
    g.set_grad_enabled(true);
    Node* c = g.call_function("operator.matmul", {x, x});
    CHECK(std::string(c->tensor_meta()->grad_fn()) == "DotBackward0");
    g.output(tuple_arg({a, b, c}));
    // The interpreter's outputs carry the recorded grad_fn, as the eager ops' would.
    GraphInterpreter run(g);
    Value out = run.run({w});
    CHECK(std::string(out.as<Tuple>()->items()[0].as<Tensor>()->grad_fn()) == "MulBackward0");
    CHECK(out.as<Tuple>()->items()[1].as<Tensor>()->grad_fn() == nullptr);
    // ... and the autograd node a backward pass walks, for the nodes that record.
    CHECK(out.as<Tuple>()->items()[0].as<Tensor>()->grad_node() != nullptr);
    CHECK(out.as<Tuple>()->items()[1].as<Tensor>()->grad_node() == nullptr);
    CHECK(out.as<Tuple>()->items()[2].as<Tensor>()->grad_node() != nullptr);
}
