// Elementwise fusion: which nodes form a group, and that a fused graph gives
// results bitwise identical to the unfused graph for every elementwise op
// and dtype, with broadcasting, mixed dtypes, strided inputs and outputs.
#include "fx_helpers.hpp"

using namespace standin;
using fx_test::bitwise_equal;
using fx_test::first_output;

namespace {

std::size_t count_fused(const fx::Graph& g) {
    std::size_t n = 0;
    for (fx::Node* node : g.nodes()) n += node->fused() != nullptr;
    return n;
}

// Runs `g` unfused and fused (on a copy) and compares every output bitwise.
void check_fusion_identical(const fx::Graph& g, const std::vector<Value>& inputs, std::size_t expected_groups) {
    auto fused = g.copy();
    CHECK(fx::fuse_elementwise(*fused) == expected_groups);
    fused->lint();
    Value a = fx::GraphInterpreter(g)(inputs);
    Value b = fx::GraphInterpreter(*fused)(inputs);
    auto xs = a.as<Tuple>()->items();
    auto ys = b.as<Tuple>()->items();
    REQUIRE(xs.size() == ys.size());
    for (std::size_t k = 0; k < xs.size(); ++k) {
        CAPTURE(k);
        CHECK(bitwise_equal(xs[k], ys[k]));
        CHECK(std::ranges::equal(xs[k].as<Tensor>()->strides(), ys[k].as<Tensor>()->strides()));
    }
}

}  // namespace

TEST_CASE("a chain of elementwise ops becomes one fused node") {
    auto g = fx::trace([](fx::Proxy x, fx::Proxy y) { return ((x * 2 + y).relu() - 1).sigmoid(); },
                       fx::TraceInput{"x", zeros({4})}, fx::TraceInput{"y", zeros({4})});
    auto f = g->copy();
    CHECK(fx::fuse_elementwise(*f) == 1);
    CHECK(f->size() == 4);
    fx::Node* fused = f->find("fused_mul_add_relu_sub");
    REQUIRE(fused);
    CHECK(fused->target() == "standin.fused_mul_add_relu_sub");
    CHECK(fused->fused()->steps().size() == 5);
    CHECK(fused->fused()->input_count() == 2);
    CHECK(fused->tensor_meta()->dtype() == dtype::float32);
    CHECK(fx::python_code(*f) ==
          "\n\n\ndef forward(self, x, y):\n"
          "    fused_mul_add_relu_sub = standin.fused_mul_add_relu_sub(x, y);  x = y = None\n"
          "    return (fused_mul_add_relu_sub,)\n    ");
    std::mt19937 rng(2);
    check_fusion_identical(*g,
                           {fx_test::random_tensor(rng, dtype::float32, {4}), fx_test::random_tensor(rng, dtype::float32, {4})},
                           1);
}

TEST_CASE("fusion is bitwise identical to unfused for every elementwise op and dtype") {
    std::mt19937 rng(42);
    const dtype dtypes[] = {dtype::bool_, dtype::int64, dtype::float32, dtype::float64};
    std::size_t fused_graphs = 0;
    for (const OpDef& op : all_ops()) {
        if (!op.pointwise || op.mutates_self) continue;
        const std::string target = "torch." + std::string(op.name);
        for (dtype dt : dtypes) {
            CAPTURE(op.name);
            CAPTURE(dtype_name(dt));
            // Three rows of 300 (two chunks each); a broadcast row; a 0-dim tensor.
            Value x = fx_test::random_tensor(rng, dt, {3, 300});
            Value y = fx_test::random_tensor(rng, dt, {300}, true);
            Value z = fx_test::random_tensor(rng, dtype::float32, {}, true);
            Value cond = fx_test::random_tensor(rng, dtype::bool_, {3, 300});
            std::unique_ptr<fx::Graph> g;
            try {
                g = std::make_unique<fx::Graph>();
                fx::Node* px = g->placeholder("x", x);
                fx::Node* py = g->placeholder("y", y);
                fx::Node* pz = g->placeholder("z", z);
                fx::Node* pc = g->placeholder("cond", cond);
                fx::Node *a, *b;
                switch (op.pointwise->arity) {
                case 1:
                    a = g->call_function(target, {px});
                    b = g->call_function(target, {a});
                    break;
                case 2:
                    a = g->call_function(target, {px, py});
                    b = g->call_function(target, {a, 3});
                    break;
                default:
                    a = g->call_function(target, {pc, px, py});
                    b = g->call_function(target, {pc, a, pz});
                    break;
                }
                fx::Node* c = g->call_function("operator.add", {a, b});
                g->output(fx::tuple_arg({c}));
            } catch (const Error&) {
                continue;  // the op does not take this dtype: there is no graph to fuse
            }
            check_fusion_identical(*g, {x, y, z, cond}, 1);
            ++fused_graphs;
        }
    }
    CHECK(fused_graphs >= 70);
}

TEST_CASE("fusion is bitwise identical with mixed dtypes, broadcasting and strided inputs") {
    std::mt19937 rng(9);
    Value i = fx_test::random_tensor(rng, dtype::int64, {5, 1}, true);
    Value f = fx_test::random_tensor(rng, dtype::float32, {1, 700});
    Value d0 = fx_test::random_tensor(rng, dtype::float64, {});
    Value t = transpose(fx_test::random_tensor(rng, dtype::float32, {700, 5}), 0, 1);
    auto g = fx::trace(
        [](fx::Proxy i, fx::Proxy f, fx::Proxy d0, fx::Proxy t) {
            fx::Proxy a = fx::floordiv(i * 7, 2) + f;    // int64 -> float32 by promotion
            fx::Proxy m = (a > t) == (i < 1);            // bool from mixed compares
            fx::Proxy w = fx::torch_call("where", m, a, t * d0);
            fx::Proxy e = (w / 3).exp().sqrt() - i % 3;
            return fx::pow(e.abs(), 0.5);
        },
        fx::TraceInput{"i", i}, fx::TraceInput{"f", f}, fx::TraceInput{"d0", d0}, fx::TraceInput{"t", t});
    // The [5, 1]-shaped `floordiv(i * 7, 2)` is a group of its own: a group
    // computes values of one shape (its inputs may broadcast into it).
    check_fusion_identical(*g, {i, f, d0, t}, 2);
}

TEST_CASE("a fused group keeps the unfused output layout") {
    std::mt19937 rng(4);
    Value x = transpose(fx_test::random_tensor(rng, dtype::float32, {300, 3}), 0, 1);
    auto g = fx::trace([](fx::Proxy x) { return (x + 1) * x; }, fx::TraceInput{"x", x});
    check_fusion_identical(*g, {x}, 1);
    Value out = first_output(fx::GraphInterpreter(*g)({x}));
    CHECK(std::ranges::equal(out.as<Tensor>()->strides(), std::vector<std::int64_t>{1, 3}));
}

TEST_CASE("a value read outside its group is not fused into a later group") {
    auto g = fx::trace(
        [](fx::Proxy x) {
            fx::Proxy a = (x * 2).exp();    // group 1: read by sum and by c
            fx::Proxy s = a.sum();
            fx::Proxy c = (a + s) * 3;      // group 2: starts after the reduction
            return std::make_tuple(c, a);
        },
        fx::TraceInput{"x", zeros({8})});
    auto f = g->copy();
    CHECK(fx::fuse_elementwise(*f) == 2);
    std::vector<std::string> names;
    for (fx::Node* n : f->nodes()) names.push_back(n->name());
    CHECK(names == std::vector<std::string>{"x", "fused_mul_exp", "sum_1", "fused_add_mul", "output"});
    std::mt19937 rng(6);
    check_fusion_identical(*g, {fx_test::random_tensor(rng, dtype::float32, {8})}, 2);
}

TEST_CASE("ops of another shape than the group's sink stay out of the group") {
    auto g = fx::trace(
        [](fx::Proxy small, fx::Proxy big) {
            fx::Proxy a = small * 2;
            fx::Proxy b = big * 3;
            return a + b;
        },
                       fx::TraceInput{"small", zeros({4})}, fx::TraceInput{"big", zeros({3, 4})});
    auto f = g->copy();
    CHECK(fx::fuse_elementwise(*f) == 1);
    CHECK(f->find("mul") != nullptr);  // small * 2 has shape [4], the sink [3, 4]
    CHECK(f->find("fused_mul_add") != nullptr);  // mul_1 and add
    std::mt19937 rng(8);
    check_fusion_identical(*g,
                           {fx_test::random_tensor(rng, dtype::float32, {4}), fx_test::random_tensor(rng, dtype::float32, {3, 4})},
                           1);
}

TEST_CASE("a group never reads more inputs than a fused kernel takes") {
    std::vector<fx::TraceInput> unused;
    fx::Graph g;
    std::vector<fx::Node*> inputs;
    std::vector<Value> values;
    std::mt19937 rng(12);
    for (int k = 0; k < 20; ++k) {
        values.push_back(fx_test::random_tensor(rng, dtype::float32, {6}));
        inputs.push_back(g.placeholder("x" + std::to_string(k), values.back()));
    }
    fx::Node* acc = inputs[0];
    for (int k = 1; k < 20; ++k) acc = g.call_function("operator.add", {acc, inputs[static_cast<std::size_t>(k)]});
    g.output(fx::tuple_arg({acc}));
    auto f = g.copy();
    CHECK(fx::fuse_elementwise(*f) == 2);
    for (fx::Node* n : f->nodes())
        if (n->fused()) CHECK(n->fused()->input_count() <= fx::FusedKernel::max_inputs);
    check_fusion_identical(g, values, 2);
}

TEST_CASE("a fused graph given new shapes raises the unfused op's error") {
    auto g = fx::trace([](fx::Proxy x, fx::Proxy y) { return (x + y) * 2; }, fx::TraceInput{"x", zeros({3})},
                       fx::TraceInput{"y", zeros({3})});
    fx::fuse_elementwise(*g);
    fx::GraphInterpreter run(*g);
    CHECK_THROWS_WITH_AS(run({zeros({3}), zeros({2})}),
                         "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
                         "dimension 0",
                         Error);
    // ...and runs other shapes correctly.
    Value x = tensor({1.0, 2.0}, dtype::float64), y = tensor({0.5}, dtype::float64);
    CHECK(bitwise_equal(first_output(run({x, y})), mul(add(x, y), Value(std::int64_t{2}))));
}

TEST_CASE("fusion leaves in-place ops and non-elementwise ops alone") {
    auto g = fx::trace(
        [](fx::Proxy x) {
            fx::Proxy a = x * 2;
            a.method("add_", 1);
            return fx::matmul(a, a) + 1;
        },
        fx::TraceInput{"x", zeros({3})});
    CHECK(fx::fuse_elementwise(*g) == 0);
    CHECK(count_fused(*g) == 0);
}
