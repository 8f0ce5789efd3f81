// The reference tensor's elementwise add against a plain loop: the op's
// dispatch, promotion and allocation overhead (BM_add_16) and its contiguous
// float32 kernel (BM_add_1M_tensor vs BM_add_1M_loop; targets: ratio <= 1.5,
// BM_add_16 <= 100 ns), and a tensor times a Python scalar (BM_mul_scalar_16:
// target within 1.3x of BM_add_16).
#include <standin/runtime/tensor.hpp>

#include <benchmark/benchmark.h>

#include "summary_reporter.hpp"

#include <cstdio>

#include <cstdint>
#include <memory>

namespace {

using namespace standin;

constexpr std::int64_t million = 1 << 20;

// The baseline loop, vectorized as the library's kernels are: GCC 12's -O2
// cost model would otherwise leave it scalar and flatter the tensor op.
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("tree-loop-vectorize", "vect-cost-model=dynamic")))
#endif
__attribute__((noinline)) void add_loop(const float* a, const float* b, float* c, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

Value filled(std::int64_t n, double value) { return full({n}, Value(value), dtype::float32); }

void BM_add_1M_tensor(benchmark::State& state) {
    Value a = filled(million, 1.5), b = filled(million, 2.25);
    for (auto _ : state) {
        Value c = add(a, b);
        benchmark::DoNotOptimize(c.as<Tensor>()->data());
    }
    state.SetItemsProcessed(state.iterations() * million);
}
BENCHMARK(BM_add_1M_tensor);

void BM_add_1M_loop(benchmark::State& state) {
    auto a = std::make_unique<float[]>(million), b = std::make_unique<float[]>(million),
         c = std::make_unique<float[]>(million);
    for (std::int64_t i = 0; i < million; ++i) {
        a[i] = 1.5f;
        b[i] = 2.25f;
    }
    for (auto _ : state) {
        add_loop(a.get(), b.get(), c.get(), million);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * million);
}
BENCHMARK(BM_add_1M_loop);

void BM_add_16(benchmark::State& state) {
    Value a = filled(16, 1.5), b = filled(16, 2.25);
    for (auto _ : state) {
        Value c = add(a, b);
        benchmark::DoNotOptimize(c.as<Tensor>()->data());
    }
}
BENCHMARK(BM_add_16);

void BM_mul_scalar_16(benchmark::State& state) {
    Value a = filled(16, 1.5), two(std::int64_t{2});
    for (auto _ : state) {
        Value c = mul(a, two);
        benchmark::DoNotOptimize(c.as<Tensor>()->data());
    }
}
BENCHMARK(BM_mul_scalar_16);

}  // namespace

int main(int argc, char** argv) {
    return run_benchmarks(argc, argv, [](SummaryReporter& reporter) {
        auto& t = reporter.ns;
        auto have = [&](const char* a, const char* b) { return reporter.has(a, b); };
        if (have("BM_add_1M_tensor", "BM_add_1M_loop"))
            std::fprintf(reporter.out, "  add 1M floats: tensor/loop = %.2fx (target <= 1.5x)\n",
                        t["BM_add_1M_tensor"] / t["BM_add_1M_loop"]);
        if (t.contains("BM_add_16")) std::fprintf(reporter.out, "  add 16 floats: %.0f ns (target <= 100 ns)\n", t["BM_add_16"]);
        if (have("BM_mul_scalar_16", "BM_add_16"))
            std::fprintf(reporter.out, "  x * 2 on 16 floats: %.0f ns; /add_16 = %.2fx (target <= 1.3x)\n", t["BM_mul_scalar_16"],
                        t["BM_mul_scalar_16"] / t["BM_add_16"]);
    });
}
