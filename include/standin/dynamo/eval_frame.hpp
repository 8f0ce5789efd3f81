// The frame cache and the eval-frame hook. While a torch.compile'd callable
// runs (or under `standin run --compile-all`), every guest function frame
// entered passes through DynamoState::eval_frame: its cache entries (one per
// compilation, newest first) check their guards on the frame; a hit runs the
// entry's rewritten code, a miss translates the frame (compile_frame), up to
// the recompile limit. A frame that cannot be captured runs eagerly, and the
// frames it calls are still compiled on their own. The graph goes to the
// backend: "eager" (the fx interpreter), "inductor" (the default: DCE, CSE
// and elementwise fusion, then the interpreter), or a guest callable
// backend(gm, example_inputs), as Dynamo's custom backends.
// Counterpart: torch/_dynamo/eval_frame.py, convert_frame.py, cache_size.py,
// backends/registry.py, and the C cache in torch/csrc/dynamo/eval_frame.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/eval_frame.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/dynamo/codegen.hpp>
#include <standin/fx/interpreter.hpp>
#include <standin/fx/passes/cse.hpp>
#include <standin/fx/passes/dce.hpp>
#include <standin/fx/passes/fusion.hpp>
#include <standin/fx/print.hpp>
#include <standin/guards/manager.hpp>
#include <standin/lang/dis.hpp>
#include <standin/source/frame_view.hpp>
#include <standin/vm/stdlib_prelude.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <unordered_map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

STANDIN_NAMESPACE_BEGIN

// What torch.compile was asked for: the backend (a name or a guest callable)
// and whether a graph break is an error.
struct CompileContext {
    Value backend;
    bool fullgraph = false;
    // The backend's identity in cache keys (see backend_key_of).
    std::uint64_t backend_key = 0;
    // torch._dynamo.optimize(guard_fail_fn=): called with a GuardFail
    // (reason, orig_code) when a cached entry's guards fail (None: not set).
    Value guard_fail_fn = Value();
    // `standin run --compile-all`: every function frame is traced, with or
    // without tensors in it (Dynamo's has_tensor_in_frame is not asked).
    bool every_frame = false;
};

// A backend name by its interned string, a callable by its identity.
inline std::uint64_t backend_key_of(const Value& backend) {
    if (backend.is<Str>()) return reinterpret_cast<std::uintptr_t>(intern(backend.as<Str>()->view()));
    return backend.raw_bits();
}

// A captured graph made callable: the fx interpreter over the (optimized)
// graph, or what a guest backend returned for it.
class CompiledGraph final : public NativeObject {
public:
    std::string_view type_name() const noexcept override { return "CompiledGraph"; }
    std::unique_ptr<Graph> graph;
    std::unique_ptr<GraphInterpreter> interpreter;
    Value backend_callable;  // null: run `interpreter`
    bool single_output = false;  // return the graph's one output, not the tuple
    std::string name;        // __compiled_fn_N
};

class DynamoState;

// The callable torch.compile returns.
class CompiledFunction final : public NativeObject {
public:
    std::string_view type_name() const noexcept override { return "CompiledFunction"; }
    bool binds_as_method() const noexcept override { return true; }
    const Value* wrapped_callable() const noexcept override { return &fn; }
    Value fn;
    CompileContext context;
    DynamoState* state = nullptr;  // the interpreter's (it outlives its guest objects)
};

DynamoState& dynamo_state(Interpreter& vm);

class DynamoState final : public NativeObject, public EvalFrameHook {
public:
    explicit DynamoState(Interpreter& vm) : vm_(vm) { read_log_settings(); }
    std::string_view type_name() const noexcept override { return "DynamoState"; }

    struct Entry {
        std::unique_ptr<RootGuardManager> guards;
        ref<Code> code;  // null: the frame runs its own code (eagerly)
        Value graph;     // keeps the CompiledGraph alive
        // Set when the rewritten code only calls a built-in backend's graph
        // on frame slots and returns its one output: torch.compile's callable
        // then runs the graph without entering a frame.
        const CompiledGraph* direct = nullptr;
        std::vector<std::uint32_t> direct_slots;
        // Dynamo's compile id "frame/n": the frame's number (in order of
        // first compile) and this compile's among the frame's.
        std::string compile_id;
        // The user functions the trace inlined: past the recompile limit the
        // frame runs eagerly and they are not compiled alone from it either
        // (Dynamo's skip_code_recursive_on_recompile_limit_hit).
        std::set<std::uint64_t> inlined;
    };
    struct FrameCache {
        ref<Code> original;  // keeps the key's code alive
        std::vector<Entry> entries;
        std::vector<Entry> eager;
        bool warned = false;
        std::int64_t frame_id = -1;  // set at the first compile
        std::int64_t compiles = 0;
    };

    // --- settings -------------------------------------------------------------
    // torch.compiler.set_stance (see the guest set_stance in api.hpp).
    enum class Stance { normal, force_eager, eager_on_recompile, fail_on_recompile, eager_then_compile, invalid };
    Stance stance = Stance::normal;
    std::string stance_repr;  // DynamoStance(...), for the invalid stance's error
    Value force_backend;      // None: each torch.compile's own backend
    void set_stance(std::string_view name, std::string repr, Value backend) {
        stance = name == "default"              ? Stance::normal
                 : name == "force_eager"        ? Stance::force_eager
                 : name == "eager_on_recompile" ? Stance::eager_on_recompile
                 : name == "fail_on_recompile"  ? Stance::fail_on_recompile
                 : name == "eager_then_compile" ? Stance::eager_then_compile
                                                : Stance::invalid;
        stance_repr = std::move(repr);
        force_backend = std::move(backend);
    }
    // Inside a torch.compile'd call (not only `standin run --compile-all`).
    bool in_compiled_call() const {
        return std::any_of(contexts_.begin(), contexts_.end(), [](const CompileContext& c) { return !c.every_frame; });
    }

    struct Logs {
        bool guards = false, graph = false, graph_code = false, graph_breaks = false, recompiles = false, bytecode = false;
    } logs;
    void set_logs(std::string_view spec) {
        auto has = [&](std::string_view name) {
            std::size_t pos = 0;
            while (pos <= spec.size()) {
                std::size_t end = spec.find(',', pos);
                if (end == std::string_view::npos) end = spec.size();
                std::string_view item = spec.substr(pos, end - pos);
                while (!item.empty() && (item.front() == ' ' || item.front() == '+')) item.remove_prefix(1);
                if (item == name) return true;
                pos = end + 1;
            }
            return false;
        };
        logs.guards |= has("guards");
        logs.graph |= has("graph");
        logs.graph_code |= has("graph_code");
        logs.graph_breaks |= has("graph_breaks");
        logs.recompiles |= has("recompiles") || has("recompiles_verbose");
        logs.bytecode |= has("bytecode");
    }
    // Logs print on the interpreter's output (in program order with the
    // guest's own prints), or on the stream set here.
    void set_log_stream(std::ostream* out) noexcept { log_ = out; }
    std::ostream& log() noexcept { return log_ ? *log_ : vm_.output(); }

    // --- scope of compilation ---------------------------------------------------
    // Runs `fn(args)` with frames compiled under `context`.
    Value call_compiled(const Value& fn, const CompileContext& given, std::span<const Value> args,
                        std::span<const KwArg> kwargs) {
        if (stance == Stance::invalid) raise(exc::RuntimeError, "invalid torch.compile stance '" + stance_repr + "'");
        if (stance == Stance::force_eager) return vm_.call_value(fn, args, kwargs);
        const bool use_forced = !force_backend.is_none() && !force_backend.is_null();
        CompileContext forced;
        if (use_forced) {
            forced = given;
            forced.backend = force_backend;
            forced.backend_key = backend_key_of(force_backend);
        }
        const CompileContext& context = use_forced ? forced : given;
        contexts_.push_back(context);
        EvalFrameHook* previous = vm_.set_eval_frame_hook(this);
        // The frame of `fn` itself is compiled even when it is torch's own
        // guest code (torch.compile(nn.Linear(...)) compiles Linear.forward).
        force_next_ = true;
        struct Restore {
            DynamoState& s;
            EvalFrameHook* previous;
            ~Restore() {
                s.contexts_.pop_back();
                s.vm_.set_eval_frame_hook(previous);
                s.force_next_ = false;
            }
        } restore{*this, previous};
        if (kwargs.empty())
            if (const Entry* hit = direct_hit(fn, context, args)) {
                // The graph's own guest calls (torch._assert, F.gelu) are not
                // `fn`'s frame: they must not be the frame forced to compile.
                force_next_ = false;
                return run_direct(*hit, args);
            }
        return vm_.call_value(fn, args, kwargs);
    }
    // `standin run --compile-all`: every function frame, with `backend`.
    void compile_everything(Value backend) {
        const std::uint64_t key = backend_key_of(backend);
        contexts_.push_back(CompileContext{std::move(backend), false, key, Value(), true});
        vm_.set_eval_frame_hook(this);
    }
    // Runs `f` with the hook asleep (backends, the graph's guest callable).
    template <class F>
    auto suspended(F&& f) {
        ++suspended_;
        struct Wake {
            int& n;
            ~Wake() { --n; }
        } wake{suspended_};
        return f();
    }
    // disable(fn)'s wrapper: fn called with no frame compiled inside it
    // (recursive), or with only fn's own frame run as it is.
    Value call_disabled(const Value& fn, bool recursive, std::span<const Value> args, std::span<const KwArg> kwargs) {
        if (recursive) {
            EvalFrameHook* previous = vm_.set_eval_frame_hook(nullptr);
            struct Restore {
                Interpreter& vm;
                EvalFrameHook* previous;
                ~Restore() { vm.set_eval_frame_hook(previous); }
            } restore{vm_, previous};
            return vm_.call_value(fn, args, kwargs);
        }
        skip_next_ = true;
        struct Clear {
            bool& flag;
            ~Clear() { flag = false; }
        } clear{skip_next_};
        return vm_.call_value(fn, args, kwargs);
    }
    void disable(const Code* code) {
        disabled_.insert(code->unique_id);
        std::erase_if(caches_, [&](const auto& kv) { return kv.first.code == code->unique_id; });
    }
    void reset() {
        caches_.clear();
        resume_codes_.clear();
        resume_meta_.clear();
        break_reasons.clear();
        guard_texts.clear();
        compiled_count_ = 0;
        frame_counter_ = 0;
        eager_count_ = 0;
        skipped_count_ = 0;
        skipped_codes_.clear();
    }

    // STANDIN_DECL (inline in header-only mode) in the class too: otherwise it is the
    // key function and every TU emits the vtable and, through it, the tracer.
    STANDIN_DECL ref<Code> eval_frame(Interpreter& vm, Frame& frame) override;

    // Graph breaks seen, and the guard tree of each compiled entry (for
    // torch._dynamo.explain), since the last reset.
    // Each graph break: the reason and the user stack (outermost frame
    // first: file, line, function), as explain's break_reasons show them.
    struct BreakRecord {
        std::string reason;
        std::vector<std::tuple<std::string, std::uint32_t, std::string, std::string>> stack;
    };
    std::vector<BreakRecord> break_reasons;
    static BreakRecord break_record(const std::string& reason, const TraceState& st) {
        BreakRecord r{reason, {}};
        for (auto it = st.break_stack.rbegin(); it != st.break_stack.rend(); ++it) {
            std::string text = it->first->source_line(it->second);
            text.erase(0, text.find_first_not_of(" \t"));
            r.stack.emplace_back(it->first->filename, it->second, it->first->name->text(), std::move(text));
        }
        return r;
    }
    std::vector<std::string> guard_texts;
    std::size_t frames_compiled() const noexcept { return compiled_count_; }
    std::size_t frames_eager() const noexcept { return eager_count_; }
    std::size_t frames_skipped() const noexcept { return skipped_count_; }

private:
    void read_log_settings() {
        if (const char* s = std::getenv("STANDIN_LOGS")) set_logs(s);
        if (const char* s = std::getenv("TORCH_LOGS")) set_logs(s);
    }
    std::int64_t recompile_limit();
    // "\n    triggered by the following guard failure(s):" and a line per
    // entry (the newest `entries` of them), each "0/1: <the failed guard>":
    // newest first (the recompile log) or oldest first (fail_on_recompile).
    static std::string guard_failures(const FrameCache& cache, const FrameView& view, std::size_t entries,
                                      bool newest_first) {
        std::string text = "\n    triggered by the following guard failure(s):";
        const std::size_t first = cache.entries.size() - entries;
        for (std::size_t k = 0; k < entries; ++k) {
            const Entry& e = cache.entries[newest_first ? cache.entries.size() - 1 - k : first + k];
            text += "\n    - " + e.compile_id + ": " + strip_local_scope(e.guards->check_verbose(view).reason);
        }
        return text;
    }
    Entry compile_frame(Frame& frame, const CompileContext& context);
    std::optional<Entry> compile_attempt(Frame& frame, const CompileContext& context, std::size_t& break_at);
    Value compile_graph(TraceState& st, const std::vector<Node*>& outputs, const CompileContext& context);
    Value resolve_target(std::string_view dotted);
    // A cache per (code object, backend): the backend by its name's interned
    // string or by the callable's identity.
    struct CacheKey {
        std::uint64_t code;
        std::uint64_t backend;
        bool operator==(const CacheKey&) const = default;
    };
    struct CacheKeyHash {
        std::size_t operator()(const CacheKey& k) const noexcept {
            return std::hash<std::uint64_t>()(k.code * 1000003u ^ k.backend);
        }
    };
    static CacheKey key_of(const Code* code, const CompileContext& context) {
        return {code->unique_id, context.backend_key};
    }

    // The hot path of a compiled callable: a plain function (positional
    // parameters only, no cells) called with exactly its parameters has the
    // frame the guards read already in `args`. The newest entry whose guards
    // pass, when it is direct; otherwise the call enters the frame as usual.
    const Entry* direct_hit(const Value& fn, const CompileContext& context, std::span<const Value> args) {
        auto* f = fn.dyn<Function>();
        if (!f || suspended_ || caches_.empty()) return nullptr;
        const Code* code = f->code().dyn<Code>();
        if (!code || args.size() != code->argcount || code->kwonlyargcount || (code->flags & (CO_VARARGS | CO_VARKEYWORDS)) ||
            !code->cellvars.empty() || !code->freevars.empty())
            return nullptr;
        auto found = caches_.find(key_of(code, context));
        if (found == caches_.end()) return nullptr;
        const FrameView view{code, args, f->globals(), &vm_.global_state()};
        for (auto it = found->second.entries.rbegin(); it != found->second.entries.rend(); ++it)
            if (it->guards->check(view)) return it->direct ? &*it : nullptr;
        return nullptr;
    }
    Value run_direct(const Entry& entry, std::span<const Value> args) {
        constexpr std::size_t small = 8;
        const std::size_t n = entry.direct_slots.size();
        Value out;
        if (n <= small) {
            Value inputs[small];
            for (std::size_t i = 0; i < n; ++i) inputs[i] = args[entry.direct_slots[i]];
            entry.direct->interpreter->run_flat(std::span<const Value>(inputs, n), std::span<Value>(&out, 1));
        } else {
            std::vector<Value> inputs;
            for (std::uint32_t slot : entry.direct_slots) inputs.push_back(args[slot]);
            entry.direct->interpreter->run_flat(inputs, std::span<Value>(&out, 1));
        }
        return out;
    }
    // --- graph breaks ----------------------------------------------------------------
    // The instructions a frame can be split at (Dynamo's
    // break_graph_if_unsupported, STORE_ATTR's store_attr_graph_break, and
    // generic_jump on a tensor).
    // Not inside a try block, and no way on starts inside one (its handler
    // could not be rebuilt); inside with blocks only when the trace finds
    // them all grad-mode managers (FrameCodegen::finish_break re-enters
    // them, as Dynamo does).
    static bool breakable(const Code& code, std::size_t at) {
        const Instruction& ins = code.instructions[at];
        auto outside = [&](std::size_t s) {
            const ExceptionEntry* e = code.handler_for(static_cast<std::uint32_t>(s));
            if (e && s != at && e->start == s) return true;  // a block the resume function holds whole
            return detail::dynamo::enclosing_with_blocks(code, s) >= 0;
        };
        switch (ins.op) {
        case Opcode::CALL:
        case Opcode::CALL_FUNCTION_EX:
        case Opcode::STORE_ATTR: return outside(at) && outside(at + 1);
        case Opcode::POP_JUMP_IF_FALSE:
        case Opcode::POP_JUMP_IF_TRUE:
        case Opcode::JUMP_IF_FALSE_OR_POP:
        case Opcode::JUMP_IF_TRUE_OR_POP: return outside(at) && outside(at + 1) && outside(ins.arg);
        default: return false;
        }
    }
    // The with blocks open at a graph break (their __exit__ on the stack),
    // outermost first, each with the mode inside it. Each must be a
    // grad-mode manager's, entered from the mode the block outside it set
    // (the frame's own for the first); otherwise the frame runs eagerly.
    static std::vector<FrameCodegen::Reentry> grad_blocks_at_break(InstructionTranslator& tx, bool entry_mode) {
        std::vector<FrameCodegen::Reentry> out;
        const int open = detail::dynamo::enclosing_with_blocks(*tx.code(), tx.break_at);
        if (open <= 0) return out;
        bool mode = entry_mode;
        const auto& stack = tx.stack();
        for (std::size_t i = 0; i < stack.size(); ++i)
            for (const auto& b : tx.grad_blocks())
                if (b.exit == stack[i].get()) {
                    if (b.before != mode) break;
                    mode = b.inside;
                    out.push_back({i, b.inside});
                    break;
                }
        if (out.size() != static_cast<std::size_t>(open) || mode != tx.vm().global_state().grad_enabled)
            throw Unsupported("a graph break inside a with block of a context manager other than torch.no_grad, "
                              "enable_grad, set_grad_enabled or inference_mode");
        return out;
    }
    // torch._dynamo.utils.counters[category][key] += n (Dynamo's counters:
    // frames total/ok, stats unique_graphs/calls_captured, graph_break and
    // unimplemented by reason). Never fails a compile.
    void count(std::string_view category, const std::string& key, std::int64_t n = 1) {
        ref<Module> utils = vm_.find_module("torch._dynamo.utils");
        const Value* fn = utils ? utils->dict()->find(intern("_count")) : nullptr;
        if (!fn) return;
        try {
            const Value args[] = {str(std::string(category)), str(key), Value(n)};
            vm_.call_value(*fn, args);
        } catch (const std::exception&) {
        }
    }
    void log_graph_break(const Code& code, std::size_t at, const std::string& reason) {
        if (!logs.graph_breaks) return;
        const std::uint32_t line = at < code.positions.size() ? code.positions[at].line : code.firstlineno;
        std::string text = code.source_line(line);
        text.erase(0, text.find_first_not_of(" \t"));
        log() << "Graph break in user code at " << code.filename << ":" << line << "\nReason: Unsupported: " << reason
              << "\nUser code traceback:\n  File \"" << code.filename << "\", line " << line << ", in "
              << code.name->text() << "\n    " << text << "\n";
    }
    // A frame run eagerly as a whole: Dynamo's "skip" line.
    void log_frame_skip(const Code& code, const std::string& reason) {
        if (!logs.graph_breaks) return;
        log() << "Graph break: skip: from user code at " << code.filename << ":" << code.firstlineno << " ("
              << code.qualname->text() << ")\nReason: Unsupported: " << reason << "\n";
    }
    // The resume function at `start` of `code` for this stack shape and these
    // live locals: its code is made once and kept (so its cache entries
    // survive recompiles of the frame that calls it). A resume function that
    // breaks again resumes at the same place of the original code (Dynamo's
    // generate_based_on_original_code_object): the paths of a chain of
    // branches meet in one resume function instead of 2^n.
    // A step break's resume function (`step`) is its own code, run uncompiled.
    FrameCodegen::Resume resume_function(const Code& code, Dict* globals, std::size_t start, const std::vector<bool>& nulls,
                                         const std::vector<bool>& ctxs, const std::vector<std::uint32_t>& live,
                                         bool step = false) {
        const Code* base = &code;
        std::vector<std::uint32_t> base_live = live, order = live;
        if (auto meta = resume_meta_.find(code.unique_id); meta != resume_meta_.end()) {
            base = meta->second.original.get();
            start = meta->second.start + (start - meta->second.shift);
            std::vector<std::pair<std::uint32_t, std::uint32_t>> slots;  // (slot in base, slot here)
            for (std::uint32_t r : live) {
                auto it = std::find(base->varnames.begin(), base->varnames.end(), code.varnames[r]);
                if (it == base->varnames.end()) raise(exc::RuntimeError, "resume function: a local the original code lacks");
                slots.emplace_back(static_cast<std::uint32_t>(it - base->varnames.begin()), r);
            }
            std::sort(slots.begin(), slots.end());
            base_live.clear();
            order.clear();
            for (auto [b, r] : slots) {
                base_live.push_back(b);
                order.push_back(r);
            }
        }
        std::string key = std::to_string(base->unique_id) + ":" + std::to_string(start) + (step ? "s:" : ":");
        for (std::size_t i = 0; i < nulls.size(); ++i) key += nulls[i] ? 'n' : i < ctxs.size() && ctxs[i] ? 'w' : 'v';
        for (std::uint32_t slot : base_live) key += "," + std::to_string(slot);
        auto& found = resume_codes_[key];
        if (!found.code) {
            found.code = detail::dynamo::make_resume_code(*base, start, nulls, ctxs, base_live, ++resume_count_);
            // The prologue: an instruction per stack item, two more per block re-entered.
            const std::size_t prologue = nulls.size() + 2 * static_cast<std::size_t>(std::count(ctxs.begin(), ctxs.end(), true));
            resume_meta_[found.code->unique_id] = ResumeMeta{ref<Code>(const_cast<Code*>(base)), start, prologue};
        }
        if (found.function.is_null() || found.globals != globals) {
            found.globals = globals;
            found.function = make_value<Function>(Value(found.code), ref<Dict>(globals), found.code->name, found.code->qualname);
        }
        return {found.function, found.code, std::move(order)};
    }
    struct ResumeCode {
        ref<Code> code;
        Dict* globals = nullptr;
        Value function = Value::null();
    };
    // Where a resume function's code came from: the original code, the
    // original index of its first copied instruction, its prologue's length.
    struct ResumeMeta {
        ref<Code> original;
        std::size_t start = 0;
        std::size_t shift = 0;
    };
    std::unordered_map<std::string, ResumeCode> resume_codes_;
    std::unordered_map<std::uint64_t, ResumeMeta> resume_meta_;
    std::size_t resume_count_ = 0;

    // Recognises the rewritten code of a direct entry: PUSH_NULL, LOAD_CONST
    // graph, LOAD_FAST parameter (one per graph input), CALL n, RETURN_VALUE.
    static void plan_direct(Entry& entry, const Code& original);

    Interpreter& vm_;
    std::vector<CompileContext> contexts_;
    int suspended_ = 0;
    bool force_next_ = false;
    bool skip_next_ = false;  // call_disabled(recursive=False): the next frame runs as it is
    bool frame_failed_ = false;  // the frame being compiled runs eagerly for an error
    bool step_break_ = false;    // its break is at a checkpoint (step_graph_break), not an instruction
    std::unordered_map<CacheKey, FrameCache, CacheKeyHash> caches_;
    std::set<std::uint64_t> disabled_;
    // Frames called once under the eager_then_compile stance.
    std::set<std::uint64_t> called_once_;
    // Codes a backend refused with SkipFrame: run as they are from then on.
    std::set<std::uint64_t> skipped_codes_;
    std::ostream* log_ = nullptr;
    std::size_t compiled_count_ = 0;
    std::int64_t frame_counter_ = 0;  // frames given a compile id (convert_frame's FRAME_COUNTER)
    std::size_t eager_count_ = 0;
    std::size_t skipped_count_ = 0;
};

inline DynamoState& dynamo_state(Interpreter& vm) {
    ref<Module> m = vm.find_module("torch._dynamo");
    const Value* v = m ? m->dict()->find(intern("_state")) : nullptr;
    if (!v) raise(exc::RuntimeError, "torch._dynamo is not installed in this interpreter");
    return *static_cast<DynamoState*>(v->as<NativeObject>());
}

inline std::int64_t DynamoState::recompile_limit() {
    std::int64_t limit = 8;
    if (ref<Module> config = vm_.find_module("torch._dynamo.config")) {
        const Value* a = config->dict()->find(intern("recompile_limit"));
        const Value* b = config->dict()->find(intern("cache_size_limit"));
        if (a && a->is_int()) limit = a->as_int();
        if (b && b->is_int() && b->as_int() != 8) limit = std::min(limit, b->as_int());
    }
    return limit;
}

// Dynamo's skipfiles: frames of torch's own guest code, of the builtins
// written in guest code (set, frozenset) and of the standard-library modules
// (copy, collections, functools, ...) run as they are when entered directly;
// a traced function that calls them still inlines them.
inline bool in_skipfiles(std::string_view filename) noexcept {
    if (filename.starts_with("<torch") || filename == "<builtins>") return true;
    return filename.size() > 2 && filename.front() == '<' && filename.back() == '>' &&
           !detail::stdlib::source_of(filename.substr(1, filename.size() - 2)).empty();
}

namespace detail::dynamo {
// Dynamo's has_tensor_in_frame: a frame entered on its own (not the function
// handed to torch.compile) is traced only when its code names a torch module
// global, or a local or free variable holds a tensor or an nn.Module (a
// class of one, or a list, tuple, dict or namedtuple holding one). Other
// frames run as they are, their callees still seen by the hook.
inline bool holds_tensor(Interpreter& vm, const Value& v, std::vector<const void*>& seen) {
    switch (v.kind()) {
    case Kind::tensor: return true;
    case Kind::list:
    case Kind::tuple:
    case Kind::dict:
    case Kind::instance:
    case Kind::class_: break;
    default: return false;
    }
    const void* id = v.as<Object>();
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) return false;
    seen.push_back(id);
    auto any_of = [&](std::span<const Value> items) {
        for (const Value& x : items)
            if (holds_tensor(vm, x, seen)) return true;
        return false;
    };
    switch (v.kind()) {
    case Kind::list: return any_of(v.as<List>()->items());
    case Kind::tuple: return any_of(v.as<Tuple>()->items());
    case Kind::dict: {
        const Dict& d = *v.as<Dict>();
        if (d.is_ordered()) return false;  // an OrderedDict is not exactly a dict
        for (std::size_t i = 0; i < d.slot_count(); ++i)
            if (!d.slot(i).key.is_null() && holds_tensor(vm, d.slot(i).value, seen)) return true;
        return false;
    }
    case Kind::class_: return vm.nn_module_class() && v.as<Class>()->is_subclass_of(vm.nn_module_class());
    default: break;
    }
    if (vm.module_member_kind(v) == 2) return true;
    // A namedtuple's fields (its class remade on tuple holds them in _values).
    const Instance& inst = *v.as<Instance>();
    if (!inst.cls()->lookup(intern("_fields"))) return false;
    const Value* values = inst.find_attr(intern("_values"));
    return values && values->is<Tuple>() && any_of(values->as<Tuple>()->items());
}

inline bool has_tensor_in_frame(Interpreter& vm, const Frame& frame) {
    const Code& code = *frame.code;
    if (frame.globals)
        for (Str* name : code.names)
            if (const Value* g = frame.globals->find(name); g && g->is<Module>()) {
                const std::string_view m = g->as<Module>()->name()->view();
                if (m == "torch" || m.starts_with("torch.")) return true;
            }
    std::vector<const void*> seen;
    for (std::size_t i = 0; i < code.nlocalsplus(); ++i) {
        const Value& v = frame.local(i);
        if (v.is_null()) continue;
        if (auto* cell = v.dyn<Cell>()) {
            if (!cell->empty() && holds_tensor(vm, cell->get(), seen)) return true;
        } else if (holds_tensor(vm, v, seen)) {
            return true;
        }
    }
    return false;
}
}  // namespace detail::dynamo

STANDIN_DECL ref<Code> DynamoState::eval_frame(Interpreter& vm, Frame& frame) {
    if (std::exchange(skip_next_, false) || suspended_ || contexts_.empty() || stance == Stance::force_eager) return nullptr;
    const bool forced = std::exchange(force_next_, false);
    const Code* code = frame.code;
    // Module and class bodies, __init__ of new objects, torch's own guest code
    // and disabled functions run as they are.
    if (frame.locals || frame.is_init || frame.function.is_none() || frame.function.is_null()) return nullptr;
    // Generator functions run as they are, as in Dynamo (convert_frame skips
    // them); calls to them inside a trace are inlined, their yields collected.
    if (code->flags & CO_GENERATOR) return nullptr;
    const CompileContext& context = contexts_.back();
    const CacheKey key = key_of(code, context);
    // The hot path: a frame with a cache (only frames that may compile get one).
    auto found = caches_.find(key);
    const FrameView view = frame_view(frame, &vm.global_state());
    if (found != caches_.end()) {
        FrameCache& cache = found->second;
        for (auto it = cache.entries.rbegin(); it != cache.entries.rend(); ++it)
            if (it->guards->check(view)) return it->code;
        for (auto it = cache.eager.rbegin(); it != cache.eager.rend(); ++it)
            if (it->guards->check(view)) return nullptr;
    } else if ((!forced && in_skipfiles(code->filename) && !detail::dynamo::traced_harness(vm, code->filename)) ||
               disabled_.count(code->unique_id)) {
        return nullptr;
    }
    if (!skipped_codes_.empty() && skipped_codes_.count(code->unique_id)) return nullptr;
    if (!forced && !context.every_frame && !detail::dynamo::has_tensor_in_frame(vm, frame)) return nullptr;
    if (stance != Stance::normal && !context.every_frame) {
        // A cache miss: no compile under these stances (eager_on_recompile is
        // Dynamo's run mode), or not yet (eager_then_compile's first call).
        if (stance == Stance::force_eager || stance == Stance::eager_on_recompile || stance == Stance::invalid) return nullptr;
        if (stance == Stance::eager_then_compile && called_once_.insert(code->unique_id).second) return nullptr;
        if (stance == Stance::fail_on_recompile) {
            std::string message = "Detected recompile when torch.compile stance is 'fail_on_recompile'. filename: '" +
                                  code->filename + "', function name: '" + code->name->text() +
                                  "', line number: " + std::to_string(code->firstlineno);
            if (found != caches_.end() && !found->second.entries.empty())
                message += guard_failures(found->second, view, found->second.entries.size(), false);
            raise(exc::RuntimeError, message);
        }
    }
    FrameCache& cache = caches_[key];
    // Frames that keep failing to compile (or have nothing to compile) stop
    // being traced at the limit too, silently: tracing is not free.
    if (static_cast<std::int64_t>(cache.entries.size() + cache.eager.size()) >= recompile_limit() &&
        static_cast<std::int64_t>(cache.entries.size()) < recompile_limit())
        return nullptr;
    if (static_cast<std::int64_t>(cache.entries.size()) >= recompile_limit()) {
        // config.fail_on_recompile_limit_hit: a hard error instead of running eagerly.
        ref<Module> config = vm.find_module("torch._dynamo.config");
        const Value* hard = config ? config->dict()->find(intern("fail_on_recompile_limit_hit")) : nullptr;
        ref<Module> exc_module = vm.find_module("torch._dynamo.exc");
        const Value* fail = exc_module ? exc_module->dict()->find(intern("FailOnRecompileLimitHit")) : nullptr;
        if (hard && vm.truthy(*hard) && fail) {
            Value message = str("recompile_limit reached, because fail_on_recompile_limit_hit = True this is a HARD failure");
            vm.raise_exception(vm.call_value(*fail, std::span<const Value>(&message, 1)));
        }
        if (!cache.warned) {
            cache.warned = true;
            for (const Entry& e : cache.entries) skipped_codes_.insert(e.inlined.begin(), e.inlined.end());
            const std::string reason = strip_local_scope(cache.entries.back().guards->check_verbose(view).reason);
            std::cerr << "torch._dynamo hit config.recompile_limit (" << recompile_limit() << ")\n   function: '"
                  << code->qualname->text() << "' (" << code->filename << ":" << code->firstlineno << ")\n"
                  << "   last reason: " << cache.entries.back().compile_id << ": " << reason
                  << "\nTo log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n";
        }
        return nullptr;
    }
    if (!context.guard_fail_fn.is_none() && !cache.entries.empty()) {
        // Dynamo reports the newest entry's failure.
        const std::string reason = strip_local_scope(cache.entries.back().guards->check_verbose(view).reason);
        const Value fail_fn = context.guard_fail_fn;
        const Value orig = Value::borrow(const_cast<Code*>(code));
        suspended([&] {
            Value make;
            if (ref<Module> dyn = vm.find_module("torch._dynamo"); dyn && vm.try_getattr(Value(dyn), intern("GuardFail"), make)) {
                const Value fields[] = {str(reason), orig};
                const Value failure = vm.call_value(make, fields);
                vm.call_value(fail_fn, std::span<const Value>(&failure, 1));
            }
            return 0;
        });
    }
    // Dynamo's recompile report: the header, then the failure of each cached
    // entry, newest first (`entries` of them).
    auto recompile_report = [&](std::size_t entries) {
        return "Recompiling function " + code->qualname->text() + " in " + code->filename + ":" +
               std::to_string(code->firstlineno) + guard_failures(cache, view, entries, true);
    };
    if (logs.recompiles && !cache.entries.empty()) log() << recompile_report(cache.entries.size()) << "\n";
    // config.error_on_recompile: a recompile is torch._dynamo.exc.RecompileError
    // naming the newest entry's failure.
    if (!cache.entries.empty()) {
        ref<Module> config = vm.find_module("torch._dynamo.config");
        const Value* on = config ? config->dict()->find(intern("error_on_recompile")) : nullptr;
        ref<Module> exc_module = vm.find_module("torch._dynamo.exc");
        const Value* cls = exc_module ? exc_module->dict()->find(intern("RecompileError")) : nullptr;
        if (on && vm.truthy(*on) && cls) {
            Value message = str(recompile_report(1));
            vm.raise_exception(vm.call_value(*cls, std::span<const Value>(&message, 1)));
        }
    }
    if (cache.frame_id < 0) cache.frame_id = frame_counter_++;
    std::string compile_id = std::to_string(cache.frame_id) + "/" + std::to_string(cache.compiles++);
    const CompileContext ctx = context;  // compiling may push contexts (nested torch.compile)
    Entry entry = suspended([&] { return compile_frame(frame, ctx); });
    entry.compile_id = std::move(compile_id);
    ref<Code> out = entry.code;
    // Looked up again: a guest backend may have called torch._dynamo.reset().
    FrameCache& target = caches_[key];
    if (!target.original) target.original = ref<Code>(const_cast<Code*>(code));
    if (out) target.entries.push_back(std::move(entry));
    else target.eager.push_back(std::move(entry));
    return out;
}

inline DynamoState::Entry DynamoState::compile_frame(Frame& frame, const CompileContext& context) {
    // A graph break: the first trace fails at instruction `break_at` of this
    // frame (or inside a call it inlines); the trace is then run again from
    // the start and stops there (Dynamo's speculation log and restart).
    std::size_t break_at = InstructionTranslator::no_break;
    count("frames", "total");
    frame_failed_ = false;
    step_break_ = false;
    for (;;)
        if (std::optional<Entry> entry = compile_attempt(frame, context, break_at)) {
            if (!frame_failed_) count("frames", "ok");
            return std::move(*entry);
        }
}

// One trace of the frame, stopping at `break_at` when set. Returns nothing
// when the trace should run again with the `break_at` it set.
inline std::optional<DynamoState::Entry> DynamoState::compile_attempt(Frame& frame, const CompileContext& context,
                                                                        std::size_t& break_at) {
    const Code* code = frame.code;
    // The trace may switch grad mode (torch.no_grad() in the frame); the
    // interpreter gets back the mode the frame was entered with, which is
    // what the guards compare.
    const GlobalState entry_state = vm_.global_state();
    struct RestoreState {
        Interpreter& vm;
        const GlobalState& state;
        ~RestoreState() {
            vm.global_state() = state;
            detail::default_dtype_slot() = state.default_dtype;
        }
    } restore_state{vm_, entry_state};
    TraceState st(vm_, code, frame.globals);
    st.fullgraph = context.fullgraph;
    st.graph->set_grad_enabled(entry_state.grad_enabled);
    st.disabled = &disabled_;
    InstructionTranslator tx(st, code, frame.globals, nullptr);
    tx.break_at = break_at;
    auto guards_of = [&] {
        detail::dynamo::check_leafness_where_read(st);
        detail::dynamo::guard_dict_keys_where_read(st);
        auto g = std::make_unique<RootGuardManager>(code);
        for (auto& [source, leaf] : st.guards) g->add(source, leaf);
        for (auto& [a, b] : st.duplicates) g->add_duplicate_input(a, b);
        for (Str* name : st.absent_globals) g->add_absent_global(name);
        std::vector<const Source*> tensors;
        for (const auto& in : st.inputs) tensors.push_back(in.source);
        if (tensors.size() > 1) g->add_no_tensor_aliasing(tensors);
        // A list, dict or object from outside that the frame mutates must not
        // be another such object of its type the frame reads: an entry traced
        // with them distinct would be wrong for f(x, l, l) (that call's trace
        // sees one object by two paths and runs the frame eagerly).
        std::vector<std::pair<const Object*, const VariableTracker*>> sourced;
        for (const auto& [obj, v] : st.objects)
            if (v && v->source && (obj->kind() == Kind::list || obj->kind() == Kind::dict || obj->kind() == Kind::instance))
                sourced.emplace_back(obj, v.get());
        auto same_type = [](const Object* a, const Object* b) {
            if (a->kind() != b->kind()) return false;
            return a->kind() != Kind::instance ||
                   static_cast<const Instance*>(a)->cls() == static_cast<const Instance*>(b)->cls();
        };
        auto written = [&](const VariableTracker* v) {
            if (v->mutated) return true;
            for (const auto& store : st.attr_stores)
                if (store.object.get() == v) return true;
            return false;
        };
        std::vector<std::vector<const Source*>> groups;
        for (const auto& [obj, v] : sourced) {
            if (!written(v)) continue;
            std::vector<const Source*> group{v->source};
            for (const auto& [other, other_v] : sourced)
                if (other != obj && same_type(obj, other)) group.push_back(other_v->source);
            if (group.size() < 2) continue;
            // One group per set of objects (two mutated lists share one), in name order.
            std::sort(group.begin(), group.end(), [](const Source* a, const Source* b) { return a->name() < b->name(); });
            if (std::find(groups.begin(), groups.end(), group) == groups.end()) groups.push_back(std::move(group));
        }
        std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a[0]->name() < b[0]->name(); });
        for (const auto& group : groups) g->add_no_aliasing(group);
        g->add_global_state(entry_state);
        return g;
    };
    // An entry that runs the frame's own code, under the guards installed so far.
    auto eager_entry = [&](std::size_t& counter) {
        Entry entry;
        entry.guards = guards_of();
        ++counter;
        return entry;
    };
    std::unique_ptr<FrameCodegen> gen;
    bool has_graph = false;
    std::string reason;
    try {
        tx.bind_frame({frame.localsplus, code->nlocalsplus()});
        VariablePtr result = tx.run();
        std::vector<FrameCodegen::Reentry> reenter;
        if (tx.stopped) {
            reenter = grad_blocks_at_break(tx, entry_state.grad_enabled);
            // The graph leaves the blocks (Dynamo exits the block stack at
            // compile_subgraph); the rewritten code enters them again.
            if (!reenter.empty() && vm_.global_state().grad_enabled != entry_state.grad_enabled) {
                st.graph->call_function("torch._C._set_grad_enabled", Args{Argument(Value(entry_state.grad_enabled))});
                st.graph->set_grad_enabled(entry_state.grad_enabled);
                vm_.global_state().grad_enabled = entry_state.grad_enabled;
            }
        }
        // A mode still switched where the trace ends or breaks
        // (torch.set_grad_enabled(False) called, not as a with block): the
        // rewritten code sets it with the side effects, as the graph's
        // switches change nothing at run time.
        const bool grad_after = vm_.global_state().grad_enabled;
        const bool switched = grad_after != entry_state.grad_enabled;
        remove_grad_mode_toggles(*st.graph, entry_state.grad_enabled);
        has_graph = st.count_calls() > 0;
        if (tx.stopped) {
            // Temporaries are added as needed, except in a frame with cells
            // (a new local would move the cell slots): there, enough up front.
            const bool cells = !code->cellvars.empty() || !code->freevars.empty();
            const std::size_t extra = cells ? 2 * tx.stack().size() + code->nlocalsplus() + 64 : 0;
            const bool tensors_out = FrameCodegen::break_outputs_are_tensors(st, tx, break_at);
            has_graph = has_graph || tensors_out;
            gen = std::make_unique<FrameCodegen>(st, *code, has_graph, extra);
            if (switched) gen->set_grad_mode_after(grad_after);
            gen->finish_break(
                tx, break_at,
                [&](std::size_t start, const std::vector<bool>& nulls, const std::vector<bool>& ctxs,
                    const std::vector<std::uint32_t>& live) {
                    FrameCodegen::Resume fn = resume_function(*code, frame.globals, start, nulls, ctxs, live, step_break_);
                    if (step_break_) skipped_codes_.insert(fn.code->unique_id);
                    return fn;
                },
                reenter, tensors_out, step_break_);
        } else {
            if (!has_graph && !st.has_side_effects() && !switched) {
                // Under fullgraph, the functions this whole trace inlined
                // (an exception they raised caught here among them) run
                // eagerly with the frame too, not compiled alone on the way.
                if (context.fullgraph) skipped_codes_.insert(st.inlined_codes.begin(), st.inlined_codes.end());
                throw SkipFrame("because no content in function call");
            }
            // Containers made in the trace are built once and shared by their
            // aliases (a slot each; enough up front in a frame with cells).
            const bool cells = !code->cellvars.empty() || !code->freevars.empty();
            gen = std::make_unique<FrameCodegen>(st, *code, has_graph, cells ? 64 : 0);
            if (switched) gen->set_grad_mode_after(grad_after);
            gen->finish(result, tx);
        }
    } catch (const SkipFrame&) {
        return eager_entry(skipped_count_);
    } catch (const Unsupported& e) {
        gen.reset();  // half-written code
        reason = e.message();
        // An exception no handler of the frame catches: Dynamo's "Observed
        // exception" break (the eager run raises it).
        if (dynamic_cast<const TracedRaise*>(&e)) reason = "Observed exception: " + reason;
        const std::size_t at = tx.failed_ip;
        if (break_at == InstructionTranslator::no_break && !context.fullgraph && at != InstructionTranslator::no_break &&
            breakable(*code, at)) {
            break_reasons.push_back(break_record(reason, st));
            count("graph_break", reason);
            log_graph_break(*code, at, reason);
            if (detail::dynamo::has_backedge(*code, at)) {
                // Dynamo does not split a frame inside a loop: it runs eagerly.
                if (logs.graph_breaks)
                    log() << "Skipping frame because there is a graph break in a for/while loop\n";
                return eager_entry(eager_count_);
            }
            break_at = at;
            return std::nullopt;
        }
        // Any other instruction (a store, a subscript, ...): the graph ends at
        // the last checkpoint before it, and the frame's own code runs on from
        // there, uncompiled (Dynamo's step_graph_break). Not in a loop: the
        // code from the checkpoint on runs as a resume function.
        if (break_at == InstructionTranslator::no_break && !context.fullgraph && at != InstructionTranslator::no_break &&
            !dynamic_cast<const TracedRaise*>(&e) && !breakable(*code, at)) {
            for (auto c = tx.checkpoints.rbegin(); c != tx.checkpoints.rend(); ++c) {
                if (*c > at || detail::dynamo::has_backedge(*code, *c)) continue;
                break_reasons.push_back(break_record(reason, st));
                count("graph_break", reason);
                log_graph_break(*code, at, reason);
                break_at = *c;
                step_break_ = true;
                return std::nullopt;
            }
        }
    } catch (const Error& e) {
        // An error the eager run will raise itself.
        gen.reset();
        reason = e.message();
    }
    if (!gen) {
        if (break_at == InstructionTranslator::no_break) {
            break_reasons.push_back(break_record(reason, st));
            count("unimplemented", reason);
            log_frame_skip(*code, reason);
        } else if (break_reasons.empty() || reason != break_reasons.back().reason) {
            // The frame split at a break could not be rebuilt there (a live
            // generator with mutations): it runs eagerly as a whole.
            count("unimplemented", reason);
            log_frame_skip(*code, reason);
        }
        frame_failed_ = true;
        // A comprehension's own frame (<listcomp>, <genexpr>: called with an
        // iterator) is only compiled alone when the frame around it ran
        // eagerly; it then runs eagerly too, without fullgraph's error.
        const std::string_view cname = code->name->view();
        const bool comprehension = cname.starts_with("<") && (cname.ends_with("comp>") || cname == "<genexpr>");
        if (context.fullgraph && !comprehension) {
            ref<Module> exc_module = vm_.find_module("torch._dynamo.exc");
            const Value* cls = exc_module ? exc_module->dict()->find(intern("Unsupported")) : nullptr;
            if (cls) {
                Value message = str(reason);
                vm_.raise_exception(vm_.call_value(*cls, std::span<const Value>(&message, 1)));
            }
            throw Error(exc::RuntimeError, reason);
        }
        return eager_entry(eager_count_);
    }
    Entry entry;
    entry.guards = guards_of();
    if (has_graph) {
        try {
            entry.graph = compile_graph(st, gen->outputs(), context);
        } catch (const SkipFrame&) {
            skipped_codes_.insert(code->unique_id);
            return eager_entry(skipped_count_);
        }
        // A built-in backend can hand back the one output itself (no tuple, no indexing).
        auto* b = entry.graph.as<Builtin>();
        auto& cg = *static_cast<CompiledGraph*>(b->self().as<NativeObject>());
        if (context.backend.is<Str>() && gen->return_single_output()) cg.single_output = true;
        gen->set_graph_callable(entry.graph);
    }
    entry.code = gen->code();
    entry.inlined = std::move(st.inlined_codes);
    plan_direct(entry, *code);
    ++compiled_count_;
    guard_texts.push_back(entry.guards->print());
    if (logs.guards) log() << "GUARDS:\n" << entry.guards->print();
    if (logs.bytecode)
        log() << "ORIGINAL BYTECODE " << code->qualname->text() << " " << code->filename << " line "
              << code->firstlineno << " \n" << disassemble(*code) << "\nMODIFIED BYTECODE " << code->qualname->text()
              << " " << code->filename << " line " << code->firstlineno << " \n" << disassemble(*entry.code) << "\n";
    return entry;
}

namespace detail::dynamo {
inline Value call_compiled_graph(Interpreter& vm, const Value& self, std::span<const Value> args, std::span<const KwArg>);
}

inline void DynamoState::plan_direct(Entry& entry, const Code& original) {
    const Code* code = entry.code.get();
    if (!code || !entry.graph.is<Builtin>()) return;
    const auto& ins = code->instructions;
    if (ins.size() < 4 || ins[0].op != Opcode::PUSH_NULL || ins[1].op != Opcode::LOAD_CONST) return;
    const std::size_t n = ins.size() - 4;
    if (ins[2 + n].op != Opcode::CALL || ins[2 + n].arg != n || ins[3 + n].op != Opcode::RETURN_VALUE) return;
    const Value& callee = code->consts[ins[1].arg];
    auto* b = callee.dyn<Builtin>();
    if (!b || b->fn() != &detail::dynamo::call_compiled_graph) return;
    auto* cg = static_cast<const CompiledGraph*>(b->self().as<NativeObject>());
    if (!cg->single_output || !cg->interpreter || !(cg->backend_callable.is_null() || cg->backend_callable.is_none()))
        return;
    std::vector<std::uint32_t> slots;
    for (std::size_t i = 0; i < n; ++i) {
        const Instruction& in = ins[2 + i];
        // A parameter of the original frame, at the same slot in both codes.
        if (in.op != Opcode::LOAD_FAST || in.arg >= original.argcount || in.arg >= code->varnames.size() ||
            code->varnames[in.arg] != original.varnames[in.arg])
            return;
        slots.push_back(in.arg);
    }
    entry.direct = cg;
    entry.direct_slots = std::move(slots);
}

namespace detail::dynamo {
inline Value call_compiled_graph(Interpreter& vm, const Value& self, std::span<const Value> args, std::span<const KwArg>) {
    auto& cg = *static_cast<CompiledGraph*>(self.as<NativeObject>());
    if (cg.backend_callable.is_null() || cg.backend_callable.is_none()) {
        if (!cg.single_output) return cg.interpreter->run(args);
        Value out;
        cg.interpreter->run_flat(args, std::span<Value>(&out, 1));
        return out;
    }
    return dynamo_state(vm).suspended([&] { return vm.call_value(cg.backend_callable, args); });
}
inline Value run_graph_module(Interpreter&, const Value& self, std::span<const Value> args, std::span<const KwArg>) {
    auto& cg = *static_cast<CompiledGraph*>(self.as<NativeObject>());
    return cg.interpreter->run(args);
}
}  // namespace detail::dynamo

// The object a dotted call_function target names (torch.sin,
// torch.nn.functional.linear, operator.add): its longest module prefix,
// then attributes. Null when some part is missing.
inline Value DynamoState::resolve_target(std::string_view dotted) {
    for (std::size_t end = dotted.size(); end != std::string_view::npos && end > 0;
         end = dotted.rfind('.', end - 1)) {
        ref<Module> m = vm_.find_module(std::string(dotted.substr(0, end)));
        if (!m) continue;
        Value v(m);
        std::size_t at = end;
        while (at < dotted.size()) {
            const std::size_t next = std::min(dotted.find('.', at + 1), dotted.size());
            Value part;
            if (!vm_.try_getattr(v, intern(dotted.substr(at + 1, next - at - 1)), part)) return Value::null();
            v = std::move(part);
            at = next;
        }
        return v;
    }
    return Value::null();
}

inline Value DynamoState::compile_graph(TraceState& st, const std::vector<Node*>& outputs, const CompileContext& context) {
    std::vector<Argument> outs;
    for (Node* n : outputs) outs.push_back(Argument(n));
    st.graph->output(tuple_arg(std::move(outs)));
    count("stats", "calls_captured", static_cast<std::int64_t>(st.count_calls()));
    count("stats", "unique_graphs");
    auto cg = make_ref<CompiledGraph>();
    cg->name = "__compiled_fn_" + std::to_string(compiled_count_ + 1);
    cg->graph = std::move(st.graph);
    Graph& graph = *cg->graph;
    if (logs.graph) log() << "TRACED GRAPH\n " << cg->name << "\n" << print_tabular(graph) << "\n";
    if (logs.graph_code) {
        std::string code = python_code(graph);
        code.erase(0, code.find_first_not_of('\n'));
        while (!code.empty() && (code.back() == ' ' || code.back() == '\n')) code.pop_back();
        log() << "TRACED GRAPH\n ===== " << cg->name << " =====\n" << code << "\n\n";
    }
    Value self(cg);
    if (context.backend.is<Str>()) {
        std::string_view name = context.backend.as<Str>()->view();
        if (name == "inductor") {
            eliminate_common_subexpressions(graph);
            eliminate_dead_code(graph);
            // A graph that records autograd history keeps one node per op:
            // each records its own backward node (fx/interpreter.hpp).
            if (!graph_records_grad(graph)) fuse_elementwise(graph);
        } else if (name != "eager" && name != "aot_eager") {
            raise(exc::RuntimeError, "backend '" + std::string(name) + "' is not registered");
        }
        cg->interpreter = std::make_unique<GraphInterpreter>(graph);
        return make_value<Builtin>(intern(cg->name), &detail::dynamo::call_compiled_graph, self);
    }
    // A guest backend: backend(gm, example_inputs) returns the callable to run.
    cg->interpreter = std::make_unique<GraphInterpreter>(graph);
    ref<Module> dyn = vm_.find_module("torch._dynamo");
    const Value* make_gm = dyn->dict()->find(intern("_make_graph_module"));
    std::vector<Value> nodes;
    for (Node* n : graph.nodes()) {
        // A call_function node's target is the function itself (torch.sin,
        // operator.add), so a backend can test `node.target is torch.sin`;
        // the other kinds name theirs.
        Value target = n->op() == NodeOpcode::call_function ? resolve_target(n->target()) : Value::null();
        if (target.is_null())
            target = str(n->op() == NodeOpcode::placeholder || n->op() == NodeOpcode::output ? std::string(n->name())
                                                                                               : target_string(*n));
        Value val = n->op() == NodeOpcode::output || n->val().is_null() ? Value() : n->val();
        nodes.push_back(tuple(std::vector<Value>{str(std::string(node_opcode_name(n->op()))), str(std::string(n->name())),
                                                 std::move(target), std::move(val)}));
    }
    Value run = make_value<Builtin>(intern("forward"), &detail::dynamo::run_graph_module, self);
    const Value gm_args[] = {run, list(std::move(nodes)), str(python_code(graph)), str(print_tabular(graph))};
    std::vector<Value> examples;
    for (const auto& in : st.inputs) examples.push_back(in.value);
    Value gm = vm_.call_value(*make_gm, gm_args);
    const Value backend_args[] = {gm, list(std::move(examples))};
    Value compiled;
    try {
        compiled = vm_.call_value(context.backend, backend_args);
    } catch (const Error& e) {
        // As Dynamo: the backend's error comes out as BackendCompilerFailed,
        // "backend='name' raised:\nRuntimeError: duck!", caused by the original.
        auto* guest = dynamic_cast<const GuestException*>(&e);
        Value original = guest ? guest->exception() : vm_.new_exception(e.kind(), e.message());
        ref<Module> exc_module = vm_.find_module("torch._dynamo.exc");
        // A backend raising SkipFrame: the frame runs eagerly, and its code
        // is not compiled again (Dynamo's skip_code).
        if (const Value* skip = exc_module ? exc_module->dict()->find(intern("SkipFrame")) : nullptr;
            guest && skip && skip->is<Class>() && vm_.type_of(original)->is_subclass_of(skip->as<Class>()))
            throw SkipFrame("the backend raised SkipFrame: " + vm_.str(original));
        const Value* cls = exc_module ? exc_module->dict()->find(intern("BackendCompilerFailed")) : nullptr;
        if (!cls) throw;
        Value name_v;
        std::string name = vm_.try_getattr(context.backend, intern("__name__"), name_v) && name_v.is<Str>()
                               ? name_v.as<Str>()->text() : std::string("?");
        Value message = str("backend='" + name + "' raised:\n" + vm_.type_of(original)->name()->text() + ": " +
                            vm_.str(original));
        Value wrapped = vm_.call_value(*cls, std::span<const Value>(&message, 1));
        if (auto* inst = wrapped.dyn<Instance>()) inst->set_attr(intern("__cause__"), original);
        vm_.raise_exception(wrapped);
    }
    if (compiled.is_none()) raise(exc::RuntimeError, "the compiler backend returned None instead of a callable");
    cg->backend_callable = compiled;
    return make_value<Builtin>(intern(cg->name), &detail::dynamo::call_compiled_graph, self);
}

STANDIN_NAMESPACE_END
