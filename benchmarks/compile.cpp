// torch.compile against eager, called from C++ on one interpreter: the seed
// (x * cfg.scale on 16 floats; target compiled/eager <= 1.1), a chain of 40
// elementwise ops (target eager/compiled >= 10), the same 40 ops with a graph
// break after op 20 (a call to a torch._dynamo.disable'd function; target
// eager/compiled >= 4), and the cost of compiling
// from an empty cache: the seed (target <= 20 us), a 100-layer Linear+ReLU
// nn.Sequential (target <= 10 ms), and a global list of 10 vs 10,000 ints of
// which the function reads one (lazy wrapping: target within 1.5x).
// The summary after the table prints the ratios.
#include <standin/standin.hpp>

#include <benchmark/benchmark.h>

#include "summary_reporter.hpp"

#include <cstdio>
#include <map>
#include <string>

namespace {

using namespace standin;

constexpr const char* program = R"(
import torch

class Config:
    def __init__(self):
        self.scale = 2

cfg = Config()

def seed(x):
    return x * cfg.scale

def chain40(x):
    for i in range(10):
        x = x * 1.01
        x = x + 0.5
        x = x - 0.25
        x = x / 1.5
    return x

@torch._dynamo.disable
def skipped(x):
    return x

def break40(x):
    for i in range(5):
        x = x * 1.01
        x = x + 0.5
        x = x - 0.25
        x = x / 1.5
    x = skipped(x)
    for i in range(5):
        x = x * 1.01
        x = x + 0.5
        x = x - 0.25
        x = x / 1.5
    return x

mlp = torch.nn.Sequential(*[m for i in range(100) for m in (torch.nn.Linear(4, 4), torch.nn.ReLU())])

def run_mlp(x):
    return mlp(x)

xs10 = list(range(10))
xs10000 = list(range(10000))

def read10(x):
    return x + xs10[0]

def read10000(x):
    return x + xs10000[0]

x16 = torch.ones(16)
x4 = torch.ones(1, 4)
)";

struct Fixture {
    Interpreter vm;
    Fixture() { vm.exec(program, "bench.py"); }
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

void eager(benchmark::State& state, const char* fn, const char* input) {
    Interpreter& vm = fixture().vm;
    Value f = vm.global(fn), x = vm.global(input);
    for (auto _ : state) benchmark::DoNotOptimize(vm.call(f, x));
}

void compiled(benchmark::State& state, const char* fn, const char* input) {
    Interpreter& vm = fixture().vm;
    Value f = compile(vm, vm.global(fn)), x = vm.global(input);
    vm.call(f, x);  // compile once
    for (auto _ : state) benchmark::DoNotOptimize(vm.call(f, x));
}

// Translate, guards and codegen from an empty cache, each iteration.
void compile_from_empty(benchmark::State& state, const char* fn, const char* input) {
    Interpreter& vm = fixture().vm;
    Value f = compile(vm, vm.global(fn), CompileOptions{"eager", true}), x = vm.global(input);
    Value reset = vm.eval("torch._dynamo.reset");
    for (auto _ : state) {
        vm.call(reset);
        benchmark::DoNotOptimize(vm.call(f, x));
    }
}

void BM_seed_eager(benchmark::State& s) { eager(s, "seed", "x16"); }
void BM_seed_compiled(benchmark::State& s) { compiled(s, "seed", "x16"); }
void BM_chain40_eager(benchmark::State& s) { eager(s, "chain40", "x16"); }
void BM_chain40_compiled(benchmark::State& s) { compiled(s, "chain40", "x16"); }
void BM_break40_eager(benchmark::State& s) { eager(s, "break40", "x16"); }
void BM_break40_compiled(benchmark::State& s) { compiled(s, "break40", "x16"); }
void BM_compile_seed(benchmark::State& s) { compile_from_empty(s, "seed", "x16"); }
void BM_compile_mlp100(benchmark::State& s) { compile_from_empty(s, "run_mlp", "x4"); }
void BM_compile_lazy_list_10(benchmark::State& s) { compile_from_empty(s, "read10", "x16"); }
void BM_compile_lazy_list_10000(benchmark::State& s) { compile_from_empty(s, "read10000", "x16"); }
BENCHMARK(BM_seed_eager);
BENCHMARK(BM_seed_compiled);
BENCHMARK(BM_chain40_eager)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_chain40_compiled)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_break40_eager)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_break40_compiled)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_compile_seed)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_compile_mlp100)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_compile_lazy_list_10)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_compile_lazy_list_10000)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
    return run_benchmarks(argc, argv, [](SummaryReporter& reporter) {
        auto& t = reporter.ns;
        auto have = [&](const char* a, const char* b) { return reporter.has(a, b); };
        if (have("BM_seed_compiled", "BM_seed_eager"))
            std::fprintf(reporter.out, "  seed: compiled %.0f ns, eager %.0f ns; compiled/eager = %.2fx (target <= 1.1x)\n",
                        t["BM_seed_compiled"], t["BM_seed_eager"], t["BM_seed_compiled"] / t["BM_seed_eager"]);
        if (have("BM_chain40_compiled", "BM_chain40_eager"))
            std::fprintf(reporter.out, "  chain40: compiled %.1f us, eager %.1f us; eager/compiled = %.2fx (target >= 10x)\n",
                        t["BM_chain40_compiled"] / 1e3, t["BM_chain40_eager"] / 1e3,
                        t["BM_chain40_eager"] / t["BM_chain40_compiled"]);
        if (have("BM_break40_compiled", "BM_break40_eager"))
            std::fprintf(reporter.out, "  break40 (a graph break after op 20): compiled %.1f us, eager %.1f us; eager/compiled = %.2fx (target >= 4x)\n",
                         t["BM_break40_compiled"] / 1e3, t["BM_break40_eager"] / 1e3,
                         t["BM_break40_eager"] / t["BM_break40_compiled"]);
        if (t.contains("BM_compile_seed"))
            std::fprintf(reporter.out, "  compiling the seed: %.1f us (target <= 20 us)\n", t["BM_compile_seed"] / 1e3);
        if (t.contains("BM_compile_mlp100"))
            std::fprintf(reporter.out, "  compiling a 100-layer Linear+ReLU Sequential: %.2f ms (target <= 10 ms)\n",
                        t["BM_compile_mlp100"] / 1e6);
        if (have("BM_compile_lazy_list_10000", "BM_compile_lazy_list_10"))
            std::fprintf(reporter.out, "  lazy wrapping: reading xs[0] of 10,000 vs 10 elements = %.2fx (target <= 1.5x)\n",
                        t["BM_compile_lazy_list_10000"] / t["BM_compile_lazy_list_10"]);
    });
}
