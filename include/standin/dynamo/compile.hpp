// The C++ face of torch.compile: standin::compile(vm, fn, options) returns a
// guest callable that runs `fn` with its frames compiled, exactly as
// `torch.compile(fn, backend=..., fullgraph=...)` does in guest code. The
// definitions are in dynamo/api.hpp (compiled once in the compiled mode).
// Counterpart: torch.compile (torch/__init__.py) and torch._dynamo.optimize.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/vm/interpreter.hpp>

#include <string>

STANDIN_NAMESPACE_BEGIN

struct CompileOptions {
    // "inductor" (the default: DCE, CSE and elementwise fusion before the fx
    // interpreter), "eager" (the fx interpreter) or "aot_eager" (the same).
    std::string backend = "inductor";
    // A graph break raises torch._dynamo.exc.Unsupported instead of running eagerly.
    bool fullgraph = false;
};

// A callable that runs `fn` compiled (call it with vm.call(result, args...)).
STANDIN_DECL Value compile(Interpreter& vm, const Value& fn, const CompileOptions& options = {});
// Same, with a guest callable backend(gm, example_inputs).
STANDIN_DECL Value compile_with_backend(Interpreter& vm, const Value& fn, const Value& backend, bool fullgraph = false);
// `standin run --compile-all`: every guest function frame from now on is
// compiled with the "eager" backend (module bodies are not).
STANDIN_DECL void compile_all_frames(Interpreter& vm);
// Since the last reset: frames compiled into graphs, frames that fell back to
// eager for the whole frame after a graph break, and frames traced without
// finding anything to compile (no tensor op: Dynamo's SkipFrame).
struct DynamoStats {
    std::size_t frames_compiled = 0;
    std::size_t frames_eager = 0;
    std::size_t frames_skipped = 0;
};
STANDIN_DECL DynamoStats dynamo_stats(Interpreter& vm);
// Dynamo's log switches ("guards,graph_code,graph_breaks,recompiles,bytecode"),
// added to those from STANDIN_LOGS / TORCH_LOGS.
STANDIN_DECL void set_dynamo_logs(Interpreter& vm, const std::string& spec);

namespace detail {
// Adds torch.compile, torch._dynamo (config, testing, exc) and the compiler
// hooks to a new interpreter; run by the Interpreter's constructor.
STANDIN_DECL void install_dynamo(Interpreter& vm);
}  // namespace detail

STANDIN_NAMESPACE_END
