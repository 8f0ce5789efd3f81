// The graph interpreter: results equal direct reference-tensor calls,
// buffers are planned once per input signature and reused, outputs are
// always fresh, errors leave the interpreter usable.
#include "fx_helpers.hpp"

using namespace standin;
using fx_test::bitwise_equal;
using fx_test::first_output;

namespace {

Value f32(std::initializer_list<double> values) { return tensor(values, dtype::float32); }

}  // namespace

TEST_CASE("the seed graph, x times 2, gives what the mul kernel gives") {
    Value x = f32({1.5, -2.0, 3.25, 0.0});
    auto g = trace([](Proxy x) { return x * 2; }, TraceInput{"x", x});
    GraphInterpreter run(*g);
    Value out = run({x});
    REQUIRE(out.is<Tuple>());
    CHECK(out.as<Tuple>()->size() == 1);
    CHECK(bitwise_equal(first_output(out), mul(x, Value(std::int64_t{2}))));
}

TEST_CASE("interpreted results equal direct calls across views, reductions, matmul, cat and getitem") {
    std::mt19937 rng(7);
    Value a = fx_test::random_tensor(rng, dtype::float32, {3, 4});
    Value b = fx_test::random_tensor(rng, dtype::float32, {4, 2});
    Value i = fx_test::random_tensor(rng, dtype::int64, {3, 4});
    auto g = trace(
        [](Proxy a, Proxy b, Proxy i) {
            Proxy s = (a + i).sum(1, kw("keepdim", true));
            Proxy m = matmul(a, b).relu();
            Proxy t = a.t().contiguous();
            Proxy mx = a.max(0);
            Proxy values(a.graph().call_function("operator.getitem", {mx.node(), 0}));
            Proxy c(a.graph().call_function("torch.cat", {list_arg({a, i.to(dtype_value(dtype::float32))}), 0}));
            Proxy sm = torch_call("softmax", a, kw("dim", -1));
            return std::make_tuple(s, m, t, values, c, sm, i / 2);
        },
        TraceInput{"a", a}, TraceInput{"b", b}, TraceInput{"i", i});
    GraphInterpreter run(*g);
    Value out = run({a, b, i});
    auto items = out.as<Tuple>()->items();
    REQUIRE(items.size() == 7);
    CHECK(bitwise_equal(items[0], sum(add(a, i), Value(std::int64_t{1}), true)));
    CHECK(bitwise_equal(items[1], relu(matmul(a, b))));
    CHECK(bitwise_equal(items[2], contiguous(transpose(a, 0, 1))));
    CHECK(bitwise_equal(items[3], max(a, 0).as<Tuple>()->items()[0]));
    CHECK(bitwise_equal(items[4], cat({a, to(i, dtype::float32)}, 0)));
    CHECK(bitwise_equal(items[5], softmax(a, -1)));
    CHECK(bitwise_equal(items[6], div(i, Value(std::int64_t{2}))));
    CHECK(items[2].as<Tensor>()->is_contiguous());
}

TEST_CASE("intermediates live in buffers reused across calls, outputs are fresh every call") {
    Value x = f32({1, 2, 3, 4});
    auto g = trace([](Proxy x) { return ((x * 2 + 1) * 3 - x).exp(); }, TraceInput{"x", x});
    GraphInterpreter run(*g);
    Value first = first_output(run({x}));
    CHECK(run.plan_count() == 1);
    CHECK(run.reused_buffer_count() == 2);  // mul, add, mul_1, sub rotate through two buffers
    Value kept = clone(first);
    Value second = first_output(run({f32({5, 6, 7, 8})}));
    CHECK(first.object() != second.object());
    CHECK(first.as<Tensor>()->storage() != second.as<Tensor>()->storage());
    CHECK(bitwise_equal(first, kept));  // the second call did not overwrite the first result
    CHECK(run.plan_count() == 1);
}

TEST_CASE("a value read by a view is never given a reused buffer") {
    Value x = f32({1, 2, 3, 4, 5, 6});
    auto g = trace([](Proxy x) { return (x * 2).reshape(tuple({Value(std::int64_t{2}), Value(std::int64_t{3})})); },
                       TraceInput{"x", x});
    GraphInterpreter run(*g);
    Value first = first_output(run({x}));
    Value kept = clone(first);
    CHECK(run.reused_buffer_count() == 0);
    run({f32({9, 9, 9, 9, 9, 9})});
    CHECK(bitwise_equal(first, kept));
}

TEST_CASE("a new input shape gets its own plan and the right result") {
    auto g = trace([](Proxy x, Proxy y) { return (x + y).sum(0); },
                       TraceInput{"x", zeros({2, 3})}, TraceInput{"y", zeros({3})});
    GraphInterpreter run(*g);
    std::mt19937 rng(1);
    Value x1 = fx_test::random_tensor(rng, dtype::float32, {2, 3});
    Value y1 = fx_test::random_tensor(rng, dtype::float32, {3});
    Value x2 = fx_test::random_tensor(rng, dtype::float64, {5, 4});
    Value y2 = fx_test::random_tensor(rng, dtype::float32, {1});
    CHECK(bitwise_equal(first_output(run({x1, y1})), sum(add(x1, y1), Value(std::int64_t{0}))));
    CHECK(bitwise_equal(first_output(run({x2, y2})), sum(add(x2, y2), Value(std::int64_t{0}))));
    CHECK(run.plan_count() == 2);
    CHECK(bitwise_equal(first_output(run({x1, y1})), sum(add(x1, y1), Value(std::int64_t{0}))));
    CHECK(run.plan_count() == 2);
    // A transposed input has other strides: another plan, the same values.
    Value xt = transpose(fx_test::random_tensor(rng, dtype::float32, {3, 2}), 0, 1);
    CHECK(bitwise_equal(first_output(run({xt, y1})), sum(add(xt, y1), Value(std::int64_t{0}))));
    CHECK(run.plan_count() == 3);
}

TEST_CASE("non-tensor inputs take part in the plan key") {
    auto g = trace([](Proxy x, Proxy s) { return x * s; }, TraceInput{"x", zeros({2})},
                       TraceInput{"s", Value(std::int64_t{3})});
    GraphInterpreter run(*g);
    Value x = f32({1.5, 2.5});
    CHECK(bitwise_equal(first_output(run({x, Value(std::int64_t{3})})), mul(x, Value(std::int64_t{3}))));
    CHECK(bitwise_equal(first_output(run({x, Value(0.5)})), mul(x, Value(0.5))));
    CHECK(run.plan_count() == 2);
}

TEST_CASE("a run-time error carries the kernel's message and leaves the interpreter usable") {
    auto g = trace([](Proxy x, Proxy y) { return x + y; }, TraceInput{"x", zeros({3})},
                       TraceInput{"y", zeros({3})});
    GraphInterpreter run(*g);
    CHECK_THROWS_WITH_AS(run({zeros({3}), zeros({4})}),
                         "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
                         "dimension 0",
                         Error);
    CHECK_THROWS_WITH_AS(run({zeros({3})}), "TypeError: forward() takes 2 inputs (1 given)", Error);
    Value ok = first_output(run({ones({3}), ones({3})}));
    CHECK(bitwise_equal(ok, full({3}, Value(2.0))));

    // Integer division by zero raises inside the kernel, after other steps ran.
    auto h = trace([](Proxy a, Proxy b) { return floordiv(a * 1, b); },
                       TraceInput{"a", ones({2}, dtype::int64)}, TraceInput{"b", ones({2}, dtype::int64)});
    GraphInterpreter run_h(*h);
    CHECK_THROWS_WITH_AS(run_h({ones({2}, dtype::int64), zeros({2}, dtype::int64)}), "RuntimeError: ZeroDivisionError",
                         Error);
    CHECK(bitwise_equal(first_output(run_h({ones({2}, dtype::int64), ones({2}, dtype::int64)})), ones({2}, dtype::int64)));
}

TEST_CASE("in-place ops write the caller's tensor, as eager code does") {
    auto g = trace([](Proxy x) { return x.method("add_", 1) * 2; }, TraceInput{"x", zeros({2})});
    GraphInterpreter run(*g);
    Value x = f32({1, 2});
    auto version = x.as<Tensor>()->version();
    Value out = first_output(run({x}));
    CHECK(bitwise_equal(x, f32({2, 3})));
    CHECK(bitwise_equal(out, f32({4, 6})));
    CHECK(x.as<Tensor>()->version() != version);
}

TEST_CASE("values without metadata, such as item(), are computed when the graph runs") {
    auto g = trace([](Proxy x) { return x * x.sum().method("item"); }, TraceInput{"x", zeros({3})});
    CHECK(g->find("item")->val().is_none());
    CHECK(g->find("mul")->val().is_none());
    GraphInterpreter run(*g);
    Value x = f32({1, 2, 3});
    CHECK(bitwise_equal(first_output(run({x})), mul(x, Value(6.0))));
}

TEST_CASE("get_attr constants and constant outputs come back from the interpreter") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2}));
    Node* w = g.get_attr("weight", f32({10, 20}));
    Node* s = g.get_attr("cfg.scale", Value(0.5));
    Node* y = g.call_function("operator.mul", {g.call_function("operator.add", {x, w}), s});
    g.output(tuple_arg({y, 7, list_arg({s})}));
    GraphInterpreter run(g);
    Value out = run({f32({1, 2})});
    auto items = out.as<Tuple>()->items();
    CHECK(bitwise_equal(items[0], f32({5.5, 11})));
    CHECK(items[1].as_int() == 7);
    REQUIRE(items[2].is<List>());
    CHECK(items[2].as<List>()->items()[0].as_float() == 0.5);
}

TEST_CASE("an interpreter does not need its graph once made") {
    std::unique_ptr<GraphInterpreter> run;
    {
        auto g = trace([](Proxy x) { return (x - 1).abs(); }, TraceInput{"x", zeros({3})});
        run = std::make_unique<GraphInterpreter>(*g);
    }
    CHECK(bitwise_equal(first_output((*run)({f32({0, 1, 2})})), f32({1, 0, 1})));
}

TEST_CASE("the interpreter refuses a graph that does not lint") {
    Graph g;
    g.placeholder("x", zeros({2}));
    CHECK_THROWS_AS(GraphInterpreter{g}, Error);
}

TEST_CASE("the interpreter refuses fake tensors as inputs") {
    auto g = trace([](Proxy x) { return x + 1; }, TraceInput{"x", zeros({2})});
    GraphInterpreter run(*g);
    Value fake = Value(fake_like(*zeros({2}).as<Tensor>()));
    CHECK_THROWS_WITH_AS(run({fake}),
                         "ValueError: the graph interpreter runs on real tensors, but input 0 ('x') is a fake tensor",
                         Error);
    run({zeros({2})});
    CHECK_THROWS_AS(run({fake}), Error);  // also once a plan for its shape exists
}

TEST_CASE("run_flat writes the output tuple's items without building the tuple") {
    auto g = trace([](Proxy x) { return std::make_tuple(x * 2, x.sum()); }, TraceInput{"x", zeros({3})});
    GraphInterpreter run(*g);
    CHECK(run.output_count() == 2);
    Value x = f32({1, 2, 3});
    Value outs[2];
    run.run_flat(std::span<const Value>(&x, 1), outs);
    CHECK(bitwise_equal(outs[0], f32({2, 4, 6})));
    CHECK(bitwise_equal(outs[1], sum(x)));
    Value one[1];
    CHECK_THROWS_WITH_AS(run.run_flat(std::span<const Value>(&x, 1), one),
                         "ValueError: run_flat: the graph has 2 outputs, not 1", Error);

    Graph single;
    single.output(single.call_function("operator.neg", {single.placeholder("x", zeros({3}))}));
    GraphInterpreter run_single(single);
    CHECK(run_single.output_count() == 1);
    run_single.run_flat(std::span<const Value>(&x, 1), one);
    CHECK(bitwise_equal(one[0], f32({-1, -2, -3})));
}
