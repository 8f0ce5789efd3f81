// Elementwise fusion: which nodes form a group, and that a fused graph gives
// results bitwise identical to the unfused graph for every elementwise op
// and dtype, with broadcasting, mixed dtypes, strided inputs and outputs, on
// both ways a fused kernel runs (register tiles and block kernels).
#include "fx_helpers.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <vector>

using namespace standin;
using fx_test::bitwise_equal;
using fx_test::first_output;

namespace {

std::size_t count_fused(const Graph& g) {
    std::size_t n = 0;
    for (Node* node : g.nodes()) n += node->fused() != nullptr;
    return n;
}

// Same dtype and sizes, and element by element the same bits or both NaN.
bool equal_or_both_nan(const Value& a, const Value& b) {
    Value x = contiguous(a), y = contiguous(b);
    const Tensor &s = *x.as<Tensor>(), &t = *y.as<Tensor>();
    if (s.dtype() != t.dtype() || !std::ranges::equal(s.sizes(), t.sizes())) return false;
    const auto size = static_cast<std::int64_t>(element_size(s.dtype()));
    for (std::int64_t i = 0; i < s.numel(); ++i) {
        double u = s.dtype() == dtype::float32 ? s.data_as<float>()[i] : s.data_as<double>()[i];
        double v = t.dtype() == dtype::float32 ? t.data_as<float>()[i] : t.data_as<double>()[i];
        const bool same_bits =
            std::memcmp(s.data() + i * size, t.data() + i * size, static_cast<std::size_t>(size)) == 0;
        if (!same_bits && !(u != u && v != v)) return false;
    }
    return true;
}

// Runs `g` unfused and fused (on a copy) and compares every output bitwise.
void check_fusion_identical(const Graph& g, const std::vector<Value>& inputs, std::size_t expected_groups) {
    auto fused = g.copy();
    CHECK(fuse_elementwise(*fused) == expected_groups);
    fused->lint();
    Value a = GraphInterpreter(g)(inputs);
    Value b = GraphInterpreter(*fused)(inputs);
    auto xs = a.as<Tuple>()->items();
    auto ys = b.as<Tuple>()->items();
    REQUIRE(xs.size() == ys.size());
    for (std::size_t k = 0; k < xs.size(); ++k) {
        CAPTURE(k);
        // Bit for bit, except which NaN comes out of a NaN + NaN or NaN * NaN
        // (see the test on add and mul below): the compiler orders those
        // operands as it likes, in the unfused kernels too, and g++ and clang
        // order them differently.
        const dtype dt = xs[k].as<Tensor>()->dtype();
        const bool floating = dt == dtype::float32 || dt == dtype::float64;
        CHECK((bitwise_equal(xs[k], ys[k]) || (floating && equal_or_both_nan(xs[k], ys[k]))));
        CHECK(std::ranges::equal(xs[k].as<Tensor>()->strides(), ys[k].as<Tensor>()->strides()));
    }
}

// Whether every fused node of `g` (fused) runs on the register-tile machine
// for these inputs of the unfused graph's placeholders.
bool uses_register_tiles(const Graph& g, const std::vector<Value>& inputs) {
    auto fused = g.copy();
    fuse_elementwise(*fused);
    const auto placeholders = fused->placeholders();
    std::size_t groups = 0, tiled = 0;
    for (Node* n : fused->nodes()) {
        if (!n->fused()) continue;
        std::vector<Value> args;
        for (const Argument& a : n->args()) {
            auto it = std::find(placeholders.begin(), placeholders.end(), a.node());
            REQUIRE(it != placeholders.end());
            args.push_back(inputs[static_cast<std::size_t>(it - placeholders.begin())]);
        }
        ++groups;
        tiled += n->fused()->plan(args)->register_tiles();
    }
    return groups > 0 && tiled == groups;
}

// A float tensor of `dt` whose elements are, one in three, a value that
// tests the edges of IEEE arithmetic: NaNs of both signs and another
// payload, zeros of both signs, infinities, subnormals, the largest finite.
Value special_tensor(std::mt19937& rng, dtype dt, std::initializer_list<std::int64_t> sizes) {
    Value v = fx_test::random_tensor(rng, dt, sizes);
    Tensor& t = *v.as<Tensor>();
    auto fill = [&]<class T>(T* data) {
        using limits = std::numeric_limits<T>;
        const T nan = limits::quiet_NaN();
        T payload_nan;
        std::memcpy(&payload_nan, &nan, sizeof nan);
        if constexpr (sizeof(T) == 4) {
            std::uint32_t bits;
            std::memcpy(&bits, &payload_nan, 4);
            bits |= 0x1234u;
            std::memcpy(&payload_nan, &bits, 4);
        } else {
            std::uint64_t bits;
            std::memcpy(&bits, &payload_nan, 8);
            bits |= 0x1234u;
            std::memcpy(&payload_nan, &bits, 8);
        }
        const T specials[] = {nan, -nan, payload_nan, T(0), -T(0), limits::infinity(), -limits::infinity(),
                              limits::denorm_min(), -limits::denorm_min(), limits::max(), -limits::max()};
        for (std::int64_t i = 0; i < t.numel(); ++i)
            if (rng() % 3 == 0) data[i] = specials[rng() % std::size(specials)];
    };
    if (dt == dtype::float32) fill(t.data_as<float>());
    else fill(t.data_as<double>());
    return v;
}

// Every op the register-tile machine runs, in every operand form: the
// running value on either side of a binary op, constants on either side,
// a value read again much later, a value read twice by one op; every op of
// the sink's shape, so the graph is one group. Adds and muls have at most
// one operand that can be NaN (see the next test for why).
std::unique_ptr<Graph> tile_ops_graph(const Value& x, const Value& y, const Value& z) {
    return trace(
        [](Proxy x, Proxy y, Proxy z) {
            Proxy a = x.relu();
            Proxy b = (y - a).abs();
            Proxy c = torch_call("maximum", a, y);
            Proxy d = torch_call("minimum", x, b);
            Proxy e = c - d;
            Proxy f = -e;
            Proxy g = f * f;
            Proxy h = g / y;
            Proxy i = h - a;
            Proxy j = 2.5 - i;
            Proxy k = torch_call("maximum", j, 0.5);
            Proxy l = torch_call("minimum", x, k);
            Proxy m = l / z;
            Proxy n = (m * 1.0001 + 0.5 - 0.25).relu();
            Proxy o = torch_call("minimum", n, 0.75) / 3;
            Proxy p = torch_call("maximum", 1.5 / o, x);
            return p - (-x).abs() * -0.0;
        },
        TraceInput{"x", x}, TraceInput{"y", y}, TraceInput{"z", z});
}


}  // namespace

TEST_CASE("a chain of elementwise ops becomes one fused node") {
    auto g = trace([](Proxy x, Proxy y) { return ((x * 2 + y).relu() - 1).sigmoid(); },
                       TraceInput{"x", zeros({4})}, TraceInput{"y", zeros({4})});
    auto f = g->copy();
    CHECK(fuse_elementwise(*f) == 1);
    CHECK(f->size() == 4);
    Node* fused = f->find("fused_mul_add_relu_sub");
    REQUIRE(fused);
    CHECK(fused->target() == "standin.fused_mul_add_relu_sub");
    CHECK(fused->fused()->steps().size() == 5);
    CHECK(fused->fused()->input_count() == 2);
    CHECK(fused->tensor_meta()->dtype() == dtype::float32);
    CHECK(python_code(*f) ==
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
            std::unique_ptr<Graph> g;
            try {
                g = std::make_unique<Graph>();
                Node* px = g->placeholder("x", x);
                Node* py = g->placeholder("y", y);
                Node* pz = g->placeholder("z", z);
                Node* pc = g->placeholder("cond", cond);
                Node *a, *b;
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
                Node* c = g->call_function("operator.add", {a, b});
                g->output(tuple_arg({c}));
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
    auto g = trace(
        [](Proxy i, Proxy f, Proxy d0, Proxy t) {
            Proxy a = floordiv(i * 7, 2) + f;    // int64 -> float32 by promotion
            Proxy m = (a > t) == (i < 1);            // bool from mixed compares
            Proxy w = torch_call("where", m, a, t * d0);
            Proxy e = (w / 3).exp().sqrt() - i % 3;
            return pow(e.abs(), 0.5);
        },
        TraceInput{"i", i}, TraceInput{"f", f}, TraceInput{"d0", d0}, TraceInput{"t", t});
    // The [5, 1]-shaped `floordiv(i * 7, 2)` is a group of its own: a group
    // computes values of one shape (its inputs may broadcast into it).
    check_fusion_identical(*g, {i, f, d0, t}, 2);
}

TEST_CASE("nodes of a narrow dtype are not fused: each op wraps or rounds, as eager does") {
    // int8: 100 * 3 wraps to 44 before the add; fused in int64 it would not.
    Value a = call_op("tensor", std::vector<Value>{list({Value(std::int64_t{100}), Value(std::int64_t{-90})}),
                                                   dtype_value(dtype::int8)});
    Value b = call_op("tensor", std::vector<Value>{list({Value(std::int64_t{7}), Value(std::int64_t{1})}),
                                                   dtype_value(dtype::int8)});
    auto g = trace([](Proxy a, Proxy b) { return floordiv(a * 3 + b, 5); }, TraceInput{"a", a}, TraceInput{"b", b});
    check_fusion_identical(*g, {a, b}, 0);
    Value r = GraphInterpreter(*g)(std::vector<Value>{a, b}).as<Tuple>()->items()[0];
    CHECK(r.as<Tensor>()->dtype() == dtype::int8);
    // (100 * 3 = 300 -> 44) + 7 = 51, // 5 = 10; (-270 -> -14) + 1 = -13, // 5 = -3
    const Value list_value = call_op("tolist", std::vector<Value>{r});
    auto values = list_value.as<List>()->items();
    CHECK(values[0].as_int() == 10);
    CHECK(values[1].as_int() == -3);
    // float16 rounds after every op; a float32 input keeps its chain fusible.
    std::mt19937 rng(5);
    Value h = fx_test::random_tensor(rng, dtype::float16, {300});
    Value f = fx_test::random_tensor(rng, dtype::float32, {300});
    auto gh = trace([](Proxy h, Proxy f) { return (h * 0.1 + 1) * (f - 2) * 3; }, TraceInput{"h", h}, TraceInput{"f", f});
    check_fusion_identical(*gh, {h, f}, 0);  // f - 2 and * 3 alone are no group
}

TEST_CASE("a fused group keeps the unfused output layout") {
    std::mt19937 rng(4);
    Value x = transpose(fx_test::random_tensor(rng, dtype::float32, {300, 3}), 0, 1);
    auto g = trace([](Proxy x) { return (x + 1) * x; }, TraceInput{"x", x});
    check_fusion_identical(*g, {x}, 1);
    Value out = first_output(GraphInterpreter(*g)({x}));
    CHECK(std::ranges::equal(out.as<Tensor>()->strides(), std::vector<std::int64_t>{1, 3}));
}

TEST_CASE("a value read outside its group is not fused into a later group") {
    auto g = trace(
        [](Proxy x) {
            Proxy a = (x * 2).exp();    // group 1: read by sum and by c
            Proxy s = a.sum();
            Proxy c = (a + s) * 3;      // group 2: starts after the reduction
            return std::make_tuple(c, a);
        },
        TraceInput{"x", zeros({8})});
    auto f = g->copy();
    CHECK(fuse_elementwise(*f) == 2);
    std::vector<std::string> names;
    for (Node* n : f->nodes()) names.push_back(n->name());
    CHECK(names == std::vector<std::string>{"x", "fused_mul_exp", "sum_1", "fused_add_mul", "output"});
    std::mt19937 rng(6);
    check_fusion_identical(*g, {fx_test::random_tensor(rng, dtype::float32, {8})}, 2);
}

TEST_CASE("ops of another shape than the group's sink stay out of the group") {
    auto g = trace(
        [](Proxy small, Proxy big) {
            Proxy a = small * 2;
            Proxy b = big * 3;
            return a + b;
        },
                       TraceInput{"small", zeros({4})}, TraceInput{"big", zeros({3, 4})});
    auto f = g->copy();
    CHECK(fuse_elementwise(*f) == 1);
    CHECK(f->find("mul") != nullptr);  // small * 2 has shape [4], the sink [3, 4]
    CHECK(f->find("fused_mul_add") != nullptr);  // mul_1 and add
    std::mt19937 rng(8);
    check_fusion_identical(*g,
                           {fx_test::random_tensor(rng, dtype::float32, {4}), fx_test::random_tensor(rng, dtype::float32, {3, 4})},
                           1);
}

TEST_CASE("a group never reads more inputs than a fused kernel takes") {
    std::vector<TraceInput> unused;
    Graph g;
    std::vector<Node*> inputs;
    std::vector<Value> values;
    std::mt19937 rng(12);
    for (int k = 0; k < 20; ++k) {
        values.push_back(fx_test::random_tensor(rng, dtype::float32, {6}));
        inputs.push_back(g.placeholder("x" + std::to_string(k), values.back()));
    }
    Node* acc = inputs[0];
    for (int k = 1; k < 20; ++k) acc = g.call_function("operator.add", {acc, inputs[static_cast<std::size_t>(k)]});
    g.output(tuple_arg({acc}));
    auto f = g.copy();
    CHECK(fuse_elementwise(*f) == 2);
    for (Node* n : f->nodes())
        if (n->fused()) CHECK(n->fused()->input_count() <= FusedKernel::max_inputs);
    check_fusion_identical(g, values, 2);
}

TEST_CASE("a fused graph given new shapes raises the unfused op's error") {
    auto g = trace([](Proxy x, Proxy y) { return (x + y) * 2; }, TraceInput{"x", zeros({3})},
                       TraceInput{"y", zeros({3})});
    fuse_elementwise(*g);
    GraphInterpreter run(*g);
    CHECK_THROWS_WITH_AS(run({zeros({3}), zeros({2})}),
                         "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
                         "dimension 0",
                         Error);
    // ...and runs other shapes correctly.
    Value x = tensor({1.0, 2.0}, dtype::float64), y = tensor({0.5}, dtype::float64);
    CHECK(bitwise_equal(first_output(run({x, y})), mul(add(x, y), Value(std::int64_t{2}))));
}

TEST_CASE("fusion leaves in-place ops and non-elementwise ops alone") {
    auto g = trace(
        [](Proxy x) {
            Proxy a = x * 2;
            a.method("add_", 1);
            return matmul(a, a) + 1;
        },
        TraceInput{"x", zeros({3})});
    CHECK(fuse_elementwise(*g) == 0);
    CHECK(count_fused(*g) == 0);
}

TEST_CASE("the register-tile path is bitwise identical to unfused, NaNs, signed zeros and infinities included") {
    std::mt19937 rng(31);
    for (dtype dt : {dtype::float32, dtype::float64}) {
        CAPTURE(dtype_name(dt));
        auto check = [&](const Value& x, const Value& y, const Value& z) {
            auto g = tile_ops_graph(x, y, z);
            const std::vector<Value> inputs{x, y, z};
            CHECK(uses_register_tiles(*g, inputs));
            check_fusion_identical(*g, inputs, 1);
        };
        SUBCASE("contiguous, not a whole number of tiles or chunks") {
            check(special_tensor(rng, dt, {1000}), special_tensor(rng, dt, {1000}), special_tensor(rng, dt, {}));
        }
        SUBCASE("fewer elements than a tile") {
            check(special_tensor(rng, dt, {3, 7}), special_tensor(rng, dt, {3, 7}), special_tensor(rng, dt, {}));
        }
        SUBCASE("an input broadcast along rows") {
            check(special_tensor(rng, dt, {5, 130}), special_tensor(rng, dt, {130}), special_tensor(rng, dt, {}));
        }
        SUBCASE("an input broadcast along columns (read through a buffer)") {
            check(special_tensor(rng, dt, {5, 130}), special_tensor(rng, dt, {5, 1}), special_tensor(rng, dt, {1}));
        }
        SUBCASE("a non-contiguous input, rows longer than a chunk") {
            Value x = transpose(special_tensor(rng, dt, {1000, 3}), 0, 1);
            check(x, special_tensor(rng, dt, {3, 1000}), special_tensor(rng, dt, {}));
        }
        SUBCASE("non-contiguous inputs and a strided output") {
            Value x = transpose(special_tensor(rng, dt, {500, 3}), 0, 1);
            Value y = transpose(special_tensor(rng, dt, {500, 3}), 0, 1);
            check(x, y, special_tensor(rng, dt, {}));
        }
        SUBCASE("an input of another dtype, converted") {
            check(special_tensor(rng, dt, {700}), fx_test::random_tensor(rng, dtype::int64, {700}, true),
                  special_tensor(rng, dt, {}));
        }
    }
}

// IEEE 754 leaves open which NaN `a + b` or `a * b` returns when both are
// NaN, and x86 returns the first source operand's: for these commutative ops
// the compiler picks the order in every kernel, the unfused ones included.
// Everything else about the result is the same.
TEST_CASE("the register-tile path gives the same bits for add and mul of two values, up to which NaN") {
    std::mt19937 rng(17);
    for (dtype dt : {dtype::float32, dtype::float64}) {
        CAPTURE(dtype_name(dt));
        Value x = special_tensor(rng, dt, {1000}), y = special_tensor(rng, dt, {1000});
        auto g = trace(
            [](Proxy x, Proxy y) {
                Proxy a = x.relu() + y.abs();
                Proxy b = (-y) * a;
                return (b * x + a) * (x + y);
            },
            TraceInput{"x", x}, TraceInput{"y", y});
        CHECK(uses_register_tiles(*g, {x, y}));
        auto fused = g->copy();
        CHECK(fuse_elementwise(*fused) == 1);
        CHECK(equal_or_both_nan(first_output(GraphInterpreter(*g)({x, y})),
                                first_output(GraphInterpreter(*fused)({x, y}))));
        // Without NaNs, the same bits.
        Value u = fx_test::random_tensor(rng, dt, {1000}), v = fx_test::random_tensor(rng, dt, {1000});
        check_fusion_identical(*g, {u, v}, 1);
    }
}

TEST_CASE("the register-tile path runs the benchmark chain, block kernels the rest") {
    std::mt19937 rng(5);
    Value x = special_tensor(rng, dtype::float32, {2000});
    auto chain = trace(
        [](Proxy x) { return ((-((x * 1.0001 + 0.5 - 0.25).relu())).abs() * 1.0001 + 0.5 - 0.25).relu(); },
        TraceInput{"x", x});
    CHECK(uses_register_tiles(*chain, {x}));
    check_fusion_identical(*chain, {x}, 1);
    // exp is not a tile op; int64 arithmetic is not a float program.
    auto with_exp = trace([](Proxy x) { return (x * 2).exp() + 1; }, TraceInput{"x", x});
    CHECK_FALSE(uses_register_tiles(*with_exp, {x}));
    check_fusion_identical(*with_exp, {x}, 1);
    Value i = fx_test::random_tensor(rng, dtype::int64, {500});
    auto integer = trace([](Proxy i) { return (i * 3 + 1).abs(); }, TraceInput{"i", i});
    CHECK_FALSE(uses_register_tiles(*integer, {i}));
    check_fusion_identical(*integer, {i}, 1);
}
