// The display reporter of benchmarks that print a summary of ratios after
// the table. It delegates to the reporter Google Benchmark's own
// --benchmark_format flag asks for (console, json or csv) and remembers each
// benchmark's real time per iteration, in nanoseconds, by name. The summary
// goes to stdout after a console table, to stderr when stdout carries json or
// csv. Construct it before benchmark::Initialize, which consumes the flags
// (run_benchmarks does both).
#pragma once

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

class SummaryReporter : public benchmark::BenchmarkReporter {
public:
    SummaryReporter(int argc, char** argv) {
        std::string_view format = "console";
        for (int i = 1; i < argc; ++i) {
            std::string_view a = argv[i];
            if (a.starts_with("--benchmark_format=")) format = a.substr(a.find('=') + 1);
        }
        if (format == "json") {
            inner_ = std::make_unique<benchmark::JSONReporter>();
            out = stderr;
        } else if (format == "csv") {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            inner_ = std::make_unique<benchmark::CSVReporter>();  // deprecated, still offered by the flag
#pragma GCC diagnostic pop
            out = stderr;
        } else {
            inner_ = std::make_unique<benchmark::ConsoleReporter>(
                isatty(STDOUT_FILENO) ? benchmark::ConsoleReporter::OO_Defaults : benchmark::ConsoleReporter::OO_Tabular);
        }
    }
    bool ReportContext(const Context& context) override { return inner_->ReportContext(context); }
    void ReportRuns(const std::vector<Run>& runs) override {
        inner_->ReportRuns(runs);
        for (const Run& r : runs)
            if (r.run_type == Run::RT_Iteration && r.iterations > 0)
                ns[r.benchmark_name()] = r.GetAdjustedRealTime() * unit_to_ns(r.time_unit);
    }
    void Finalize() override {
        inner_->Finalize();
        std::fflush(stdout);
    }

    bool has(const char* a, const char* b) const { return ns.contains(a) && ns.contains(b); }

    std::map<std::string, double> ns;
    std::FILE* out = stdout;

private:
    static double unit_to_ns(benchmark::TimeUnit unit) {
        switch (unit) {
        case benchmark::kNanosecond: return 1;
        case benchmark::kMicrosecond: return 1e3;
        case benchmark::kMillisecond: return 1e6;
        case benchmark::kSecond: return 1e9;
        }
        return 1;
    }
    std::unique_ptr<benchmark::BenchmarkReporter> inner_;
};

// A benchmark binary's main: runs the benchmarks Google Benchmark's flags
// select, then `summary(reporter)` prints the ratios under a header.
template <class F>
int run_benchmarks(int argc, char** argv, F&& summary) {
    SummaryReporter reporter(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    std::fprintf(reporter.out, "\nsummary (real time per call)\n");
    summary(reporter);
    return 0;
}
