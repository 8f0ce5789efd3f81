// Guest exceptions: making them from C++ errors, raising them across the
// host boundary (GuestException), their tracebacks, and the CPython-format
// report (`Traceback (most recent call last): ...`).
// Counterpart: CPython's Objects/exceptions.c and Python/traceback.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/exceptions.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/call.hpp>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL Value Interpreter::new_exception(exc kind, std::string message) {
    auto inst = make_ref<Instance>(ref<Class>(exception_class(kind)));
    std::vector<Value> args;
    if (!message.empty() || kind == exc::KeyError) args.push_back(standin::str(std::move(message)));
    inst->set_attr(names_.args, tuple(std::move(args)));
    return Value(std::move(inst));
}

STANDIN_DECL Value Interpreter::exception_from_error(const Error& e) {
    if (auto* g = dynamic_cast<const GuestException*>(&e)) return g->exception();
    Value exc_value = new_exception(e.kind(), e.message());
    if (e.type_name() != exc_name(e.kind())) {
        // IndentationError, TabError: subclasses named in builtins.
        if (const Value* cls = builtins_->find(intern(e.type_name())); cls && cls->is<Class>())
            exc_value = Value(make_ref<Instance>(ref<Class>(cls->as<Class>())));
        if (exc_value.is<Instance>()) exc_value.as<Instance>()->set_attr(names_.args, tuple({standin::str(e.message())}));
    }
    if (auto* se = dynamic_cast<const SyntaxError*>(&e)) {
        auto* inst = exc_value.as<Instance>();
        inst->set_attr(intern("filename"), standin::str(se->filename()));
        inst->set_attr(intern("lineno"), Value(static_cast<std::int64_t>(se->line())));
        inst->set_attr(intern("offset"), Value(static_cast<std::int64_t>(se->column())));
        inst->set_attr(intern("msg"), standin::str(se->message()));
        inst->set_attr(intern("__syntax_traceback__"), standin::str(se->traceback()));
    }
    return exc_value;
}

// The report CPython prints for an uncaught exception: its chain first (the
// __cause__, else the __context__ unless __suppress_context__), each once.
STANDIN_DECL std::string Interpreter::format_exception(const Value& exception) {
    std::vector<Value> seen;
    std::string out;
    auto chain = [&](auto& self, const Value& e, std::size_t depth) -> void {
        seen.push_back(e);
        if (auto* inst = e.dyn<Instance>(); inst && depth < 100) {
            auto linked = [&](const char* name) -> const Value* {
                const Value* v = inst->find_attr(intern(name));
                if (!v || v->kind() != Kind::instance) return nullptr;
                for (const Value& s : seen)
                    if (s.identical(*v)) return nullptr;
                return v;
            };
            const Value* suppress = inst->find_attr(intern("__suppress_context__"));
            if (const Value* cause = linked("__cause__")) {
                self(self, *cause, depth + 1);
                out += "\nThe above exception was the direct cause of the following exception:\n\n";
            } else if (const Value* context = (suppress && truthy(*suppress)) ? nullptr : linked("__context__")) {
                self(self, *context, depth + 1);
                out += "\nDuring handling of the above exception, another exception occurred:\n\n";
            }
        }
        out += format_exception_only(e);
    };
    chain(chain, exception, 0);
    return out;
}

STANDIN_DECL std::string Interpreter::format_exception_only(const Value& exception) {
    std::string out;
    if (auto* inst = exception.dyn<Instance>()) {
        if (const Value* st = inst->find_attr(intern("__syntax_traceback__")); st && st->is<Str>()) {
            out += st->as<Str>()->text();
        } else if (const Value* tb = inst->find_attr(names_.traceback)) {
            if (tb->kind() == Kind::native)
                if (auto* t = dynamic_cast<Traceback*>(tb->as<NativeObject>()); t && !t->entries.empty()) {
                    out += "Traceback (most recent call last):\n";
                    // As CPython: after 3 identical entries in a row, one line counts the rest.
                    const TracebackEntry* last = nullptr;
                    std::size_t repeats = 0;
                    auto flush_repeats = [&] {
                        if (repeats > 3)
                            out += "  [Previous line repeated " + std::to_string(repeats - 3) + " more time" +
                                   (repeats - 3 == 1 ? "" : "s") + "]\n";
                    };
                    for (auto it = t->entries.rbegin(); it != t->entries.rend(); ++it) {
                        if (last && last->code.get() == it->code.get() && last->line == it->line) {
                            if (++repeats > 3) continue;
                        } else {
                            flush_repeats();
                            repeats = 1;
                        }
                        last = &*it;
                        out += "  File \"" + it->code->filename + "\", line " + std::to_string(it->line) + ", in " +
                               std::string(it->code->name->view()) + "\n";
                        std::string src = it->code->source_line(it->line);
                        if (!src.empty()) out += "    " + src + "\n";
                    }
                    flush_repeats();
                }
        }
    }
    Class* cls = type_of(exception);
    std::string last(cls->name()->view());
    std::string msg;
    try {
        msg = str(exception);
    } catch (const Error&) {
        msg = "<exception str() failed>";
    }
    if (!msg.empty()) last += ": " + msg;
    return out + last + "\n";
}

STANDIN_DECL GuestException Interpreter::make_guest_exception(const Value& exception) {
    Class* cls = type_of(exception);
    exc kind = exc::Exception;
    for (Class* c : cls->mro()) {
        bool found = false;
        for (std::size_t k = 0; k < exc_classes_.size(); ++k)
            if (exc_classes_[k].get() == c) {
                kind = static_cast<exc>(k);
                found = true;
                break;
            }
        if (found) break;
    }
    std::string msg;
    try {
        msg = str(exception);
    } catch (const Error&) {
        msg = "<exception str() failed>";
    }
    GuestException g(exception, kind, std::string(cls->name()->view()), std::move(msg));
    std::string full = format_exception(exception);
    // traceback() is everything before what() (which may span lines).
    const std::string last = std::string(g.what()) + "\n";
    if (full.size() >= last.size() && full.ends_with(last)) {
        g.set_traceback(full.substr(0, full.size() - last.size()));
    } else {
        std::size_t cut = full.size() >= 1 ? full.rfind('\n', full.size() - 2) : std::string::npos;
        g.set_traceback(cut == std::string::npos ? std::string() : full.substr(0, cut + 1));
    }
    return g;
}

STANDIN_DECL void Interpreter::raise_exception(const Value& exception) { throw make_guest_exception(exception); }

namespace detail {
inline void add_traceback_entry(Interpreter& vm, const Value& exception, const Code* code, std::uint32_t line) {
    auto* inst = exception.dyn<Instance>();
    if (!inst) return;
    Traceback* tb = nullptr;
    if (const Value* v = inst->find_attr(vm.names().traceback); v && v->kind() == Kind::native)
        tb = dynamic_cast<Traceback*>(v->as<NativeObject>());
    if (!tb) {
        auto t = make_ref<Traceback>();
        tb = t.get();
        inst->set_attr(vm.names().traceback, Value(std::move(t)));
    }
    if (tb->entries.size() < 10000) tb->entries.push_back({ref<Code>(const_cast<Code*>(code)), line});
}
[[noreturn]] inline void unbound_local(const Code* code, std::uint32_t slot) {
    raise(exc::UnboundLocalError, "cannot access local variable '" + std::string(code->localsplus_name(slot)->view()) +
                                      "' where it is not associated with a value");
}
[[noreturn]] inline void unbound_free(const Code* code, std::uint32_t slot) {
    if (slot < code->nlocals() + code->cellvars.size() + code->own_cells) unbound_local(code, slot);
    raise(exc::NameError, "cannot access free variable '" + std::string(code->localsplus_name(slot)->view()) +
                              "' where it is not associated with a value in enclosing scope");
}
[[noreturn]] inline void name_error(const Str* name) {
    raise(exc::NameError, "name '" + std::string(name->view()) + "' is not defined");
}
}  // namespace detail

STANDIN_NAMESPACE_END
