// The graph layer's per-call cost, each figure against a baseline measured in
// the same run:
//   BM_graph_seed vs BM_direct_seed      one mul on 16 floats through the interpreter
//                                        vs the same kernel called directly
//                                        (target: overhead <= 30 ns per node);
//                                        BM_graph_seed_tuple also builds the
//                                        output tuple
//   BM_chain40_interp vs BM_chain40_fused 40 elementwise ops on 16 floats
//                                        (target: fused <= 0.5 us)
//   BM_chain10_1M_unfused vs _fused      10 elementwise ops on 1M floats
//                                        (target: fused >= 3x faster)
// The summary after the table prints the ratios.
#include <standin/fx.hpp>

#include <benchmark/benchmark.h>

#include "summary_reporter.hpp"

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace {

using namespace standin;

constexpr std::int64_t million = 1 << 20;

Value filled(std::int64_t n, double value) { return full({n}, Value(value), dtype::float32); }

std::unique_ptr<Graph> seed_graph(const Value& x) {
    return trace([](Proxy x) { return x * 2; }, TraceInput{"x", x});
}

// `length` cheap elementwise ops in a row: mul, add, sub, relu, neg, abs, ...
std::unique_ptr<Graph> chain_graph(const Value& x, int length) {
    return trace(
        [length](Proxy x) {
            Proxy a = x;
            for (int k = 0; k < length; ++k) {
                switch (k % 6) {
                case 0: a = a * 1.0001; break;
                case 1: a = a + 0.5; break;
                case 2: a = a - 0.25; break;
                case 3: a = a.relu(); break;
                case 4: a = -a; break;
                default: a = a.abs(); break;
                }
            }
            return a;
        },
        TraceInput{"x", x});
}

// The interpreter's hot path as a compiled call uses it: outputs unpacked
// into slots (run_flat), no tuple built.
void run_graph(benchmark::State& state, Graph& graph, const Value& x) {
    GraphInterpreter run(graph);
    const Value inputs[] = {x};
    Value outputs[1];
    for (auto _ : state) {
        run.run_flat(inputs, outputs);
        benchmark::DoNotOptimize(outputs[0].object());
        outputs[0] = Value();
    }
}

void BM_direct_seed(benchmark::State& state) {
    Value x = filled(16, 1.5);
    const OpDef* mul = find_op("mul");
    const Value args[] = {x, Value(std::int64_t{2})};
    for (auto _ : state) {
        Value out = mul->kernel(std::span<const Value>(args));
        benchmark::DoNotOptimize(out.object());
    }
}
BENCHMARK(BM_direct_seed);

void BM_graph_seed(benchmark::State& state) {
    Value x = filled(16, 1.5);
    auto g = seed_graph(x);
    run_graph(state, *g, x);
}
BENCHMARK(BM_graph_seed);

// The same, returning the graph's output tuple (run()).
void BM_graph_seed_tuple(benchmark::State& state) {
    Value x = filled(16, 1.5);
    auto g = seed_graph(x);
    GraphInterpreter run(*g);
    const Value inputs[] = {x};
    for (auto _ : state) {
        Value out = run(inputs);
        benchmark::DoNotOptimize(out.object());
    }
}
BENCHMARK(BM_graph_seed_tuple);

void BM_chain40_interp(benchmark::State& state) {
    Value x = filled(16, 1.5);
    auto g = chain_graph(x, 40);
    run_graph(state, *g, x);
}
BENCHMARK(BM_chain40_interp);

void BM_chain40_fused(benchmark::State& state) {
    Value x = filled(16, 1.5);
    auto g = chain_graph(x, 40);
    fuse_elementwise(*g);
    run_graph(state, *g, x);
}
BENCHMARK(BM_chain40_fused);

void BM_chain10_1M_unfused(benchmark::State& state) {
    Value x = filled(million, 1.5);
    auto g = chain_graph(x, 10);
    run_graph(state, *g, x);
    state.SetItemsProcessed(state.iterations() * million);
}
BENCHMARK(BM_chain10_1M_unfused)->Unit(benchmark::kMicrosecond);

void BM_chain10_1M_fused(benchmark::State& state) {
    Value x = filled(million, 1.5);
    auto g = chain_graph(x, 10);
    fuse_elementwise(*g);
    run_graph(state, *g, x);
    state.SetItemsProcessed(state.iterations() * million);
}
BENCHMARK(BM_chain10_1M_fused)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
    return run_benchmarks(argc, argv, [](SummaryReporter& reporter) {
        auto& t = reporter.ns;
        auto have = [&](const char* a, const char* b) { return reporter.has(a, b); };
        if (have("BM_graph_seed", "BM_direct_seed"))
            std::fprintf(reporter.out, "  interpreter overhead, seed (1 node):  %7.1f ns  (graph %.1f ns, direct %.1f ns; target <= 30 ns)\n",
                        t["BM_graph_seed"] - t["BM_direct_seed"], t["BM_graph_seed"], t["BM_direct_seed"]);
        if (have("BM_graph_seed_tuple", "BM_direct_seed"))
            std::fprintf(reporter.out, "  ... returning the output tuple:         %7.1f ns  (graph %.1f ns)\n",
                        t["BM_graph_seed_tuple"] - t["BM_direct_seed"], t["BM_graph_seed_tuple"]);
        if (have("BM_chain40_interp", "BM_chain40_fused"))
            std::fprintf(reporter.out, "  chain40 on 16 floats: interp %.1f ns, fused %.1f ns (target <= 500 ns); interp/fused = %.2fx\n",
                        t["BM_chain40_interp"], t["BM_chain40_fused"], t["BM_chain40_interp"] / t["BM_chain40_fused"]);
        if (have("BM_chain10_1M_unfused", "BM_chain10_1M_fused"))
            std::fprintf(reporter.out, "  chain10 on 1M floats: unfused %.1f us, fused %.1f us; unfused/fused = %.2fx (target >= 3x)\n",
                        t["BM_chain10_1M_unfused"] / 1e3, t["BM_chain10_1M_fused"] / 1e3,
                        t["BM_chain10_1M_unfused"] / t["BM_chain10_1M_fused"]);
    });
}
