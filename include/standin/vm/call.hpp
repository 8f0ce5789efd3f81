// The call protocol: binding positional, keyword and default arguments to a
// frame's slots (with CPython's messages for every mismatch), calling
// builtins, bound methods and classes (__new__/__init__), building classes,
// and importing the built-in modules.
// Counterpart: CPython's ceval.c (initialize_locals), call.c, typeobject.c
// (type_call), bltinmodule.c (__build_class__), import.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/call.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/tensor/op_def.hpp>
#include <standin/vm/iterators.hpp>
#include <standin/vm/operators.hpp>
#include <standin/vm/protocol.hpp>
#include <standin/vm/repr.hpp>
#include <standin/vm/stdlib_prelude.hpp>

#include <cerrno>
#include <chrono>
#include <iostream>
// os's file-system queries (POSIX, lighter to include than <filesystem>)
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <pthread.h>
#endif

STANDIN_NAMESPACE_BEGIN

namespace detail {
inline std::string join_names(const std::vector<std::string>& names) {
    // 'a', 'a' and 'b', 'a', 'b', and 'c'
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        out += "'" + names[i] + "'";
    }
    return out;
}
// A keyword that names no parameter of `code`: torch's functions written in
// guest code take NumPy's spellings as its argument parser does
// (numpy_keyword_alias). The slot of the parameter the alias stands for, or
// `end`.
inline std::size_t numpy_alias_slot(const Code* code, std::string_view name, std::size_t first, std::size_t end) {
    if (!code->filename.starts_with("<torch")) return end;
    std::string_view alias = numpy_keyword_alias(name);
    if (alias == name) return end;
    if (alias == "self") alias = "input";  // (the op table's name for torch's `input`)
    for (std::size_t j = first; j < end; ++j)
        if (code->varnames[j]->view() == alias) return j;
    return end;
}

// CPython's messages for a call that does not fit a function's parameters
// (the VM's binding and the tracer's inlining both raise them).
inline std::string too_many_positional(const std::string& qual, std::size_t argcount, std::size_t ndefaults, std::size_t nargs,
                                       std::size_t kwonly_given) {
    // (signed: a __code__ swapped under more __defaults__ than it has
    // parameters gives CPython's "from -1 to 0")
    std::string takes = ndefaults ? "from " + std::to_string(static_cast<std::int64_t>(argcount) - static_cast<std::int64_t>(ndefaults)) +
                                        " to " + std::to_string(argcount)
                                  : std::to_string(argcount);
    std::string msg = qual + "() takes " + takes + " positional argument" + (argcount == 1 && !ndefaults ? "" : "s") +
                      " but " + std::to_string(nargs);
    if (kwonly_given)
        msg += " positional argument" + std::string(nargs == 1 ? "" : "s") + " (and " + std::to_string(kwonly_given) +
               " keyword-only argument" + (kwonly_given == 1 ? "" : "s") + ") were given";
    else
        msg += nargs == 1 ? " was given" : " were given";
    return msg;
}
inline std::string missing_arguments(const std::string& qual, const std::vector<std::string>& missing, bool keyword_only) {
    return qual + "() missing " + std::to_string(missing.size()) + " required " +
           (keyword_only ? "keyword-only" : "positional") + " argument" + (missing.size() == 1 ? "" : "s") + ": " +
           join_names(missing);
}
}  // namespace detail

namespace detail {
// The lowest stack address the calling thread may use before guest recursion is
// stopped: a quarter of the thread's stack (at least 256 KiB) is kept in reserve.
// Computed once per thread, so an interpreter may move between threads.
inline const char* native_stack_limit() noexcept {
    thread_local const char* limit = [] {
        const char* result = nullptr;
#if defined(__linux__)
        pthread_attr_t attr;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            void* addr = nullptr;
            std::size_t size = 0;
            if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr && size) {
                std::size_t margin = std::max<std::size_t>(256 * 1024, size / 4);
                if (margin < size) result = static_cast<const char*>(addr) + margin;
            }
            pthread_attr_destroy(&attr);
        }
#endif
        return result;
    }();
    return limit;
}
}  // namespace detail

STANDIN_DECL void Interpreter::check_native_stack() {
    char here;
    const char* limit = detail::native_stack_limit();
    if (limit && &here < limit) raise(exc::RecursionError, "maximum recursion depth exceeded");
}

STANDIN_DECL void Interpreter::bind_arguments(Frame* f, Function* fn, Value* args, std::size_t nargs, const Value* kwnames,
                                        std::size_t nkw, bool move_args) {
    const Code* code = f->code;
    Value* locals = f->localsplus;
    const std::size_t argcount = code->argcount;
    const std::size_t total_named = argcount + code->kwonlyargcount;
    auto qual = [&] { return std::string(fn ? fn->qualname()->view() : code->qualname->view()); };
    auto take = [&](std::size_t i) -> Value { return move_args ? std::move(args[i]) : args[i]; };

    const std::size_t npos = std::min(nargs, argcount);
    for (std::size_t i = 0; i < npos; ++i) locals[i] = take(i);
    if (code->flags & CO_VARARGS) {
        std::vector<Value> extra;
        for (std::size_t i = npos; i < nargs; ++i) extra.push_back(take(i));
        locals[total_named] = tuple(std::move(extra));
    } else if (nargs > argcount) {
        std::size_t ndefaults = fn && fn->defaults().is<Tuple>() ? fn->defaults().as<Tuple>()->size() : 0;
        std::size_t kwonly_given = 0;
        for (std::size_t k = 0; k < nkw; ++k)
            for (std::size_t j = argcount; j < total_named; ++j)
                if (code->varnames[j] == kwnames[k].as<Str>()) ++kwonly_given;
        raise(exc::TypeError, detail::too_many_positional(qual(), argcount, ndefaults, nargs, kwonly_given));
    }
    ref<Dict> kwdict;
    if (code->flags & CO_VARKEYWORDS) kwdict = make_ref<Dict>();
    for (std::size_t k = 0; k < nkw; ++k) {
        Str* name = kwnames[k].as<Str>();
        std::size_t slot = total_named;
        for (std::size_t j = code->posonlyargcount; j < total_named; ++j)
            if (code->varnames[j] == name || code->varnames[j]->view() == name->view()) {
                slot = j;
                break;
            }
        Value value = take(nargs + k);
        if (slot == total_named) slot = detail::numpy_alias_slot(code, name->view(), code->posonlyargcount, total_named);
        if (slot == total_named) {
            if (kwdict) {
                kwdict->set(kwnames[k], std::move(value));
                continue;
            }
            for (std::size_t j = 0; j < code->posonlyargcount; ++j)
                if (code->varnames[j]->view() == name->view())
                    raise(exc::TypeError, qual() + "() got some positional-only arguments passed as keyword arguments: '" +
                                              std::string(name->view()) + "'");
            raise(exc::TypeError, qual() + "() got an unexpected keyword argument '" + std::string(name->view()) + "'");
        }
        if (!locals[slot].is_null())
            raise(exc::TypeError, qual() + "() got multiple values for argument '" + std::string(name->view()) + "'");
        locals[slot] = std::move(value);
    }
    if (kwdict) locals[total_named + ((code->flags & CO_VARARGS) ? 1 : 0)] = Value(std::move(kwdict));
    // Defaults for the missing positional parameters.
    if (npos < argcount) {
        const Tuple* defaults = fn && fn->defaults().is<Tuple>() ? fn->defaults().as<Tuple>() : nullptr;
        const std::size_t ndefaults = defaults ? defaults->size() : 0;
        const std::size_t first_default = argcount - ndefaults;
        std::vector<std::string> missing;
        for (std::size_t i = npos; i < argcount; ++i) {
            if (!locals[i].is_null()) continue;
            if (i >= first_default) locals[i] = (*defaults)[i - first_default];
            else missing.push_back(std::string(code->varnames[i]->view()));
        }
        if (!missing.empty()) raise(exc::TypeError, detail::missing_arguments(qual(), missing, false));
    }
    if (code->kwonlyargcount) {
        const Value* kwdefaults = fn ? fn->dict()->find(names_.kwdefaults) : nullptr;
        std::vector<std::string> missing;
        for (std::size_t j = argcount; j < total_named; ++j) {
            if (!locals[j].is_null()) continue;
            const Value* d = kwdefaults && kwdefaults->is<Dict>() ? kwdefaults->as<Dict>()->find(code->varnames[j]) : nullptr;
            if (d) locals[j] = *d;
            else missing.push_back(std::string(code->varnames[j]->view()));
        }
        if (!missing.empty()) raise(exc::TypeError, detail::missing_arguments(qual(), missing, true));
    }
    // Cells and free variables.
    const std::size_t nlocals = code->nlocals();
    for (std::size_t i = 0; i < code->cellvars.size(); ++i) {
        int p = code->cell_params[i];
        locals[nlocals + i] = p >= 0 ? make_value<Cell>(locals[static_cast<std::size_t>(p)]) : make_value<Cell>();
        track(locals[nlocals + i]);
    }
    if (!code->freevars.empty()) {
        const Value& closure = fn ? fn->closure() : Value();
        const std::size_t base = nlocals + code->cellvars.size();
        if (auto* t = closure.dyn<Tuple>())
            for (std::size_t i = 0; i < code->freevars.size() && i < t->size(); ++i) locals[base + i] = (*t)[i];
    }
}

STANDIN_DECL Frame* Interpreter::push_code_frame(const Code* code, Value function, Dict* globals, ref<Dict> locals) {
    if (depth_ >= recursion_limit_) raise(exc::RecursionError, "maximum recursion depth exceeded");
    Frame* f = stack_.push(code);
    f->function = std::move(function);
    f->globals = globals;
    f->builtins = builtins_.get();
    f->locals = std::move(locals);
    f->previous = frame_;
    ++depth_;
    return f;
}

STANDIN_DECL bool Interpreter::OutVariants::redirects(const Function& fn) const {
    if (fn.globals() != ns.get() || call_with_out.is_null()) return false;
    const std::string_view q = fn.qualname()->view();
    const Code* code = fn.code().dyn<Code>();
    if (!code || q.starts_with('_') || q.find('.') != std::string_view::npos || (code->flags & CO_VARKEYWORDS)) return false;
    for (std::size_t j = 0; j < code->argcount + code->kwonlyargcount; ++j)
        if (code->varnames[j]->view() == "out") return false;
    return true;
}

STANDIN_DECL Frame* Interpreter::push_function_frame(Function* fn, Value* args, std::size_t nargs, const Value* kwnames,
                                               std::size_t nkw, bool move_args) {
    const Code* code = fn->code().dyn<Code>();
    if (!code) raise(exc::TypeError, "function has no code object");
    if (nkw && out_variants_.redirects(*fn)) {
        // torch.sort(x, out=(v, i)): torch's functions take out=; one written in
        // guest code without the parameter runs through call_with_out.
        bool has_out = false;
        for (std::size_t k = 0; k < nkw; ++k) has_out = has_out || kwnames[k].as<Str>()->view() == "out";
        if (has_out) {
            std::vector<Value> all;
            all.reserve(nargs + nkw + 1);
            all.push_back(Value::borrow(fn));
            for (std::size_t i = 0; i < nargs + nkw; ++i) all.push_back(move_args ? std::move(args[i]) : args[i]);
            return push_function_frame(out_variants_.call_with_out.as<Function>(), all.data(), nargs + 1, kwnames, nkw,
                                       true);
        }
    }
    Frame* f = push_code_frame(code, Value::borrow(fn), fn->globals(), nullptr);
    try {
        // The common case: exact positional arguments, no cells.
        if (nkw == 0 && nargs == code->argcount && (code->flags & (CO_VARARGS | CO_VARKEYWORDS)) == 0 &&
            code->kwonlyargcount == 0 && code->cellvars.empty() && code->freevars.empty()) {
            for (std::size_t i = 0; i < nargs; ++i) {
                if (move_args) f->localsplus[i].assign(std::move(args[i]));
                else f->localsplus[i].assign(args[i]);
            }
        } else {
            bind_arguments(f, fn, args, nargs, kwnames, nkw, move_args);
        }
    } catch (...) {
        pop_frame(f);
        throw;
    }
    return f;
}

STANDIN_DECL void Interpreter::pop_frame(Frame* f) noexcept {
    --depth_;
    if (f->generator) f->generator->release_frame();  // it returned or raised: the generator is done
    else stack_.pop(f);
}

// Runs `g` on from where it stopped: with `sent` as its yield's value, or
// raising `thrown` there (when not null).
STANDIN_DECL bool Interpreter::step_generator(Generator& g, const Value& sent, const Value& thrown, Value& out) {
    check_native_stack();
    if (depth_ >= recursion_limit_) raise(exc::RecursionError, "maximum recursion depth exceeded");
    Frame* f = g.frame();
    if (thrown.is_null()) *f->sp++ = sent;
    else pending_throw_ = thrown;
    ++depth_;
    g.state = Generator::State::running;
    try {
        out = run(f, true);
    } catch (const GuestException& e) {
        // PEP 479: a StopIteration escaping the body would end the caller's loop silently.
        if (isinstance(e.exception(), exception_class(exc::StopIteration))) {
            throw make_guest_exception(detail::pep479_error(*this, e.exception()));
        }
        throw;
    }
    return g.state == Generator::State::suspended;
}

// Runs a generator's frame from where it stopped, with `sent` as the value of
// the yield it stopped at. True when it yielded (`out` is the value), false
// when it returned (`out` is the return value) or was already finished.
STANDIN_DECL bool Interpreter::resume_generator(Generator& g, const Value& sent, Value& out) {
    switch (g.state) {
    case Generator::State::running: raise(exc::ValueError, "generator already executing");
    case Generator::State::finished: out = Value(); return false;
    case Generator::State::created:
        if (!sent.is_none()) raise(exc::TypeError, "can't send non-None value to a just-started generator");
        break;
    case Generator::State::suspended: break;
    }
    return step_generator(g, sent, Value::null(), out);
}

STANDIN_DECL bool Interpreter::throw_into_generator(Generator& g, const Value& exception, Value& out) {
    switch (g.state) {
    case Generator::State::running: raise(exc::ValueError, "generator already executing");
    case Generator::State::created:  // it never ran: it ends, and the exception comes out
    case Generator::State::finished: g.release_frame(); raise_exception(exception);
    case Generator::State::suspended: break;
    }
    // Paused in a yield from (SEND, YIELD_VALUE before ip, the subiterator on
    // top of the stack): as CPython, close() closes the subgenerator first,
    // then raises here; throw() raises in it first: what it yields comes out
    // of this generator, what it returns is the yield from's value, what
    // leaves it is raised here.
    Frame* f = g.frame();
    const std::vector<Instruction>& code = f->code->instructions;
    Value raised = exception;
    if (f->ip >= 2 && code[f->ip - 1].op == Opcode::YIELD_VALUE && code[f->ip - 2].op == Opcode::SEND) {
        const Value inner = f->sp[-1];
        auto* sub = inner.kind() == Kind::native ? dynamic_cast<Generator*>(inner.as<NativeObject>()) : nullptr;
        if (sub && isinstance(exception, generator_exit_.get())) {
            try {
                close_generator(*sub);
            } catch (const GuestException& e) {
                raised = e.exception();
            }
        } else if (sub) {
            try {
                if (throw_into_generator(*sub, exception, out)) return true;
                const Value result = std::move(out);
                *--f->sp = Value();                  // the subiterator, done
                f->ip = code[f->ip - 2].arg;          // on after the yield from
                return step_generator(g, result, Value::null(), out);
            } catch (const GuestException& e) {
                raised = e.exception();
            }
        } else if (!sub) {
            // An iterator object (PEP 380): its close() if it has one, then
            // GeneratorExit here; its throw(e) if it has one, whose result is
            // yielded from here, whose StopIteration ends the yield from.
            const bool closing = isinstance(exception, generator_exit_.get());
            Value target = inner;  // (an object with __next__ runs wrapped in a GuestIterator)
            if (auto* guest = inner.kind() == Kind::native ? dynamic_cast<GuestIterator*>(inner.as<NativeObject>()) : nullptr)
                target = guest->obj;
            Value method;
            try {
                if (try_getattr(target, intern(closing ? "close" : "throw"), method)) {
                    if (closing) {
                        call_value(method, {});
                    } else {
                        out = call_value(method, std::span<const Value>(&exception, 1));
                        return true;
                    }
                }
            } catch (const GuestException& e) {
                if (closing || !isinstance(e.exception(), exception_class(exc::StopIteration))) {
                    raised = e.exception();
                } else {
                    Value result;
                    if (!try_getattr(e.exception(), intern("value"), result)) result = Value();
                    *--f->sp = Value();          // the subiterator, done
                    f->ip = code[f->ip - 2].arg;  // on after the yield from
                    return step_generator(g, result, Value::null(), out);
                }
            }
        }
    }
    return step_generator(g, Value(), raised, out);
}

STANDIN_DECL void Interpreter::close_generator(Generator& g) {
    if (g.state == Generator::State::running) raise(exc::ValueError, "generator already executing");
    if (g.state != Generator::State::suspended) {
        g.release_frame();
        return;
    }
    Value out;
    bool yielded;
    try {
        yielded = throw_into_generator(g, call_value(Value::borrow(generator_exit_.get()), {}), out);
    } catch (const GuestException& e) {
        if (isinstance(e.exception(), generator_exit_.get()) ||
            isinstance(e.exception(), exception_class(exc::StopIteration)))
            return;
        throw;
    }
    if (yielded) {
        g.release_frame();
        raise(exc::RuntimeError, "generator ignored GeneratorExit");
    }
}

// Calls from C++ code (builtins, the embedding API).
STANDIN_DECL Value Interpreter::call_value(const Value& callable, std::span<const Value> args, std::span<const KwArg> kwargs) {
    switch (callable.kind()) {
    case Kind::function: {
        check_native_stack();
        auto* fn = callable.as<Function>();
        std::vector<Value> kwnames;
        std::vector<Value> all;
        Value* argv;
        std::size_t n = args.size();
        if (kwargs.empty()) {
            argv = const_cast<Value*>(args.data());
        } else {
            all.assign(args.begin(), args.end());
            for (const auto& kw : kwargs) {
                all.push_back(kw.value);
                kwnames.push_back(Value::borrow(kw.name));
            }
            argv = all.data();
        }
        Frame* f = push_function_frame(fn, argv, n, kwnames.data(), kwnames.size(), false);
        return run(f);
    }
    case Kind::bound_method: {
        auto* m = callable.as<BoundMethod>();
        std::vector<Value> all;
        all.reserve(args.size() + 1);
        all.push_back(m->self());
        all.insert(all.end(), args.begin(), args.end());
        return call_value(m->function(), all, kwargs);
    }
    case Kind::builtin: {
        auto* b = callable.as<Builtin>();
        calling_builtin_ = b;
        if (b->self().is_null()) {
            // An unbound method of a built-in type: the first argument is self.
            if (args.empty())
                raise(exc::TypeError, "unbound method " + std::string(b->name()->view()) + "() needs an argument");
            if (Class* owner = b->owner()) {
                Class* of = type_of(args[0]);
                if (of != owner && !of->is_subclass_of(owner)) {
                    const std::string_view n = b->name()->view();
                    if (n.size() > 4 && n.starts_with("__") && n.ends_with("__"))  // a slot wrapper's wording
                        raise(exc::TypeError, "descriptor '" + std::string(n) + "' requires a '" + owner->name()->text() +
                                                  "' object but received a '" + of->name()->text() + "'");
                    raise(exc::TypeError, "descriptor '" + std::string(n) + "' for '" + owner->name()->text() +
                                              "' objects doesn't apply to a '" + of->name()->text() + "' object");
                }
                // tuple.count(t, x) of a tuple subclass's object: its items.
                if (owner == types_.tuple.get() && args[0].kind() == Kind::instance)
                    if (const Value* items = args[0].as<Instance>()->find_attr(intern("_values")); items && items->is<Tuple>())
                        return b->fn()(*this, *items, args.subspan(1), kwargs);
            }
            return b->fn()(*this, args[0], args.subspan(1), kwargs);
        }
        return b->fn()(*this, b->self(), args, kwargs);
    }
    case Kind::class_: return call_class(callable.as<Class>(), args, kwargs);
    case Kind::instance: {
        Class* cls = callable.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.call)) return call_value(bind_class_attr(*m, callable, cls), args, kwargs);
        break;
    }
    case Kind::list:
    case Kind::dict:
        if (const Value* m = subclass_override(callable, names_.call))
            return call_value(bind_class_attr(*m, callable, type_of(callable)), args, kwargs);
        break;
    case Kind::native:
        if (auto* s = dynamic_cast<StaticMethod*>(callable.as<NativeObject>())) return call_value(s->fn, args, kwargs);
        break;
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(callable) + "' object is not callable");
}

STANDIN_DECL Value Interpreter::call_method(const Value& obj, Str* name, std::span<const Value> args) {
    return call_value(getattr(obj, name), args);
}

STANDIN_DECL Value Interpreter::call_class(Class* cls, std::span<const Value> args, std::span<const KwArg> kwargs) {
    Value cls_value = Value::borrow(cls);
    const Value* new_ = cls->lookup(names_.new_);
    Value obj;
    if (new_ && new_->is<Builtin>()) {
        auto* b = new_->as<Builtin>();
        obj = b->fn()(*this, cls_value, args, kwargs);
    } else if (new_) {
        std::vector<Value> all{cls_value};
        all.insert(all.end(), args.begin(), args.end());
        Value fn = *new_;
        if (auto* sm = fn.kind() == Kind::native ? dynamic_cast<StaticMethod*>(fn.as<NativeObject>()) : nullptr) fn = sm->fn;
        obj = call_value(fn, all, kwargs);
    } else {
        obj = make_value<Instance>(ref<Class>(cls));
    }
    if (obj.kind() == Kind::instance) track(obj);
    if (Instance* made = guest_instance(obj); made && made->cls()->is_subclass_of(cls)) {
        if (const Value* init = cls->lookup(names_.init)) {
            if (init->is<Function>()) {
                std::vector<Value> all;
                all.reserve(args.size() + 1);
                all.push_back(obj);
                all.insert(all.end(), args.begin(), args.end());
                Value r = call_value(*init, all, kwargs);
                if (!r.is_none())
                    raise(exc::TypeError, "__init__() should return None, not '" + detail::tname(r) + "'");
            } else if (init->is<Builtin>() && !(new_ && !new_->is<Builtin>() && init->identical(*types_.object->lookup(names_.init)))) {
                // (object.__init__ ignores the arguments a Python __new__ took, as CPython's object_init.)
                init->as<Builtin>()->fn()(*this, obj, args, kwargs);
            }
        } else if (!new_ && (!args.empty() || !kwargs.empty())) {
            raise(exc::TypeError, std::string(cls->name()->view()) + "() takes no arguments");
        }
    }
    return obj;
}

STANDIN_DECL Value Interpreter::tuple_subclass_base() {
    import_module(intern("collections"), Value(true));
    return *find_module("collections")->dict()->find(intern("_TupleBase"));
}

// The classes a class statement or type(name, bases, ns) derives from,
// checked as CPython's type_new checks them (an empty list is object).
STANDIN_DECL std::vector<ref<Class>> Interpreter::class_bases(const std::vector<Value>& bases) {
    std::vector<ref<Class>> out;
    // `class Color(str, Enum)`: a base that maps built-ins to mixins
    // (Enum._builtin_mixins_) puts the mixin in the built-in's place.
    const Value* mixins = nullptr;
    for (const Value& b : bases)
        if (auto* c = b.dyn<Class>())
            if (const Value* m = c->lookup(intern("_builtin_mixins_")); m && m->is<Dict>()) mixins = m;
    for (const Value& base : bases) {
        const Value* mixin = mixins && base.is<Class>() ? mixins->as<Dict>()->find(base) : nullptr;
        const Value& b = mixin && mixin->is<Class>() ? *mixin : base;
        if (!b.is<Class>())
            raise(exc::TypeError, "bases must be types; got a base of type '" + detail::tname(b) + "'");
        Class* c = b.as<Class>();
        if (c == types_.tuple.get()) {  // class Pair(tuple): collections._TupleBase holds the items
            Class* holder = tuple_subclass_base().as<Class>();
            for (const auto& seen : out)
                if (seen.get() == holder) raise(exc::TypeError, "duplicate base class tuple");
            out.push_back(ref<Class>(holder));
            continue;
        }
        for (Class* builtin : {types_.int_.get(), types_.float_.get(), types_.str.get(),
                               types_.bool_.get(), types_.type.get()})
            if (c == builtin)
                raise(exc::TypeError, "subclassing the built-in type '" + std::string(builtin->name()->view()) +
                                          "' is not supported by standin");
        for (const auto& seen : out)
            if (seen.get() == c) raise(exc::TypeError, "duplicate base class " + c->name()->text());
        out.push_back(ref<Class>(c));
    }
    if (out.empty()) out.push_back(types_.object);
    // An instance is one layout: a plain object, a list, a dict or a tensor.
    if (out.size() > 1) {
        const Class* layout = nullptr;
        for (const auto& b : out)
            for (Class* solid : {types_.list.get(), types_.dict.get(), types_.tensor.get()})
                if (b->is_subclass_of(solid)) {
                    if (layout && layout != solid) raise(exc::TypeError, "multiple bases have instance lay-out conflict");
                    layout = solid;
                }
    }
    return out;
}

STANDIN_DECL ref<Class> Interpreter::make_class(Str* name, std::vector<ref<Class>> bases) {
    if (bases.size() == 1) return make_ref<Class>(name, std::move(bases.front()));
    std::vector<Class*> mro;
    if (!Class::linearize(bases, mro)) {
        std::string names;
        for (const auto& b : bases) names += (names.empty() ? "" : ", ") + b->name()->text();
        raise(exc::TypeError, "Cannot create a consistent method resolution\norder (MRO) for bases " + names);
    }
    auto cls = make_ref<Class>(name, std::move(bases), std::vector<Class*>{});
    mro.insert(mro.begin(), cls.get());
    cls->set_mro(std::move(mro));
    return cls;
}

// __build_class__(body_function, name, *bases, metaclass=..., **kwds): the
// keywords other than metaclass go to the bases' __init_subclass__ (PEP 487).
// The metaclass may be type (abc.ABCMeta is type here); another metaclass
// raises TypeError when the class statement runs.
STANDIN_DECL Value Interpreter::build_class(std::span<const Value> args, std::span<const KwArg> kwargs) {
    if (args.size() < 2 || !args[0].is<Function>() || !args[1].is<Str>())
        raise(exc::TypeError, "__build_class__: expected a function and a name");
    std::vector<KwArg> class_kwargs;
    for (const KwArg& kw : kwargs) {
        if (kw.name->view() != "metaclass") {
            class_kwargs.push_back(kw);
            continue;
        }
        if (!kw.value.identical(Value(types_.type)))
            raise(exc::TypeError, "class " + args[1].as<Str>()->text() + ": metaclass=" +
                                      (kw.value.is<Class>() ? kw.value.as<Class>()->name()->text() : std::string(type_name(kw.value))) +
                                      " is not supported by standin (only type and abc.ABCMeta)");
    }
    // Bases that are not classes name their replacements with __mro_entries__
    // (typing.NamedTuple is a function that does), as in PEP 560.
    std::vector<Value> bases;
    for (std::size_t i = 2; i < args.size(); ++i) {
        Value entries;
        if (!args[i].is<Class>() && try_getattr(args[i], intern("__mro_entries__"), entries)) {
            std::vector<Value> original(args.begin() + 2, args.end());
            const Value orig[] = {tuple(std::move(original))};
            Value got = call_value(entries, orig);
            auto* t = got.dyn<Tuple>();
            if (!t) raise(exc::TypeError, "__mro_entries__ must return a tuple");
            for (std::size_t k = 0; k < t->size(); ++k) bases.push_back((*t)[k]);
        } else {
            bases.push_back(args[i]);
        }
    }
    std::vector<ref<Class>> base_classes = class_bases(bases);
    auto* body = args[0].as<Function>();
    auto ns = make_ref<Dict>();
    const Code* code = body->code().as<Code>();
    check_native_stack();
    Frame* f = push_code_frame(code, args[0], body->globals(), ns);
    try {
        bind_arguments(f, body, nullptr, 0, nullptr, 0, false);
    } catch (...) {
        pop_frame(f);
        throw;
    }
    run(f);
    ref<Class> cls = make_class(args[1].as<Str>(), std::move(base_classes));
    Value classcell;
    // Each attribute whose type defines __set_name__ learns its owner and
    // name once the class is made.
    std::vector<std::pair<Value, Value>> named;
    ns->for_each([&](const Value& k, const Value& v) {
        if (k.object() == names_.classcell) classcell = v;
        // __init_subclass__ is implicitly a classmethod (type.__new__ wraps
        // it), so super().__init_subclass__() in a subclass's hook binds.
        else if (v.kind() == Kind::function && k.is<Str>() && k.as<Str>()->view() == "__init_subclass__")
            cls->dict()->set(k, make_value<ClassMethod>(v));
        else cls->dict()->set(k, v);
        // property's __set_name__: its errors name the attribute.
        if (v.kind() == Kind::native && k.is<Str>())
            if (auto* p = dynamic_cast<Property*>(v.as<NativeObject>()); p && !p->name) p->name = intern(k.as<Str>()->view());
        if (descriptor_method(&v, names_.set_name_)) named.emplace_back(k, v);
    });
    // Every class has its own __doc__ (None without a docstring), as
    // CPython's type() sets it: a base's docstring is not inherited.
    if (!cls->dict()->find(names_.doc)) cls->dict()->set(names_.doc, Value());
    if (auto* cell = classcell.dyn<Cell>()) cell->set(Value(cls));
    track(Value(cls));
    for (auto& [k, v] : named) {
        const Value set_name_args[] = {v, Value(cls), k};
        call_value(*descriptor_method(&v, names_.set_name_), set_name_args);
    }
    // The bases' __init_subclass__ (implicitly a classmethod) sees the new class.
    const Class* hook_owner = nullptr;
    if (const Value* hook = cls->lookup_after(cls.get(), intern("__init_subclass__"), &hook_owner);
        hook && hook_owner != types_.object.get()) {
        Value fn = *hook;
        if (fn.kind() == Kind::native)
            if (auto* cm = dynamic_cast<ClassMethod*>(fn.as<NativeObject>())) fn = cm->fn;
        const Value hook_args[] = {Value(cls)};
        call_value(fn, hook_args, class_kwargs);
    } else if (!class_kwargs.empty()) {
        raise(exc::TypeError, cls->name()->text() + ".__init_subclass__() takes no keyword arguments");
    }
    return Value(cls);
}

// sys.modules: the guest's dict of the loaded modules, kept by
// register_module once sys is loaded (filled with those before it then).
STANDIN_DECL void Interpreter::sys_modules_add(std::string_view name, const ref<Module>& module) {
    auto sys = modules_.find("sys");
    if (sys == modules_.end()) return;
    if (const Value* d = sys->second->dict()->find(intern("modules")); d && d->is<Dict>())
        d->as<Dict>()->set(intern(name), Value(module));
}

STANDIN_DECL void Interpreter::register_module(std::string_view name, ref<Module> module) {
    if (!module->dict()->find(names_.name)) module->dict()->set(names_.name, standin::str(std::string(name)));
    modules_[std::string(name)] = module;
    sys_modules_add(name, module);
    auto dot = name.rfind('.');
    if (dot != std::string_view::npos) {
        auto parent = modules_.find(std::string(name.substr(0, dot)));
        if (parent != modules_.end()) parent->second->dict()->set(intern(name.substr(dot + 1)), Value(module));
    }
}

STANDIN_DECL ref<Module> Interpreter::find_module(std::string_view name) const {
    auto it = modules_.find(std::string(name));
    return it == modules_.end() ? nullptr : it->second;
}

namespace detail::builtins {
// copy's _new_instance(cls): an instance of a guest class with an empty
// __dict__ and no __init__ run (what copy.copy and deepcopy fill in).
STANDIN_BUILTIN_FN(new_instance) {
    if (args.size() != 1 || !args[0].is<Class>()) raise(exc::TypeError, "_new_instance() takes one class");
    Value obj = make_value<Instance>(ref<Class>(args[0].as<Class>()));
    vm.track(obj);
    return obj;
}
// sys's _stderr_write(text): the guest's sys.stderr.write.
STANDIN_BUILTIN_FN(stderr_write) {
    if (args.size() != 1 || !args[0].is<Str>()) raise(exc::TypeError, "write() argument must be str");
    const auto text = args[0].as<Str>()->view();
    vm.output().flush();
    std::cerr.write(text.data(), static_cast<std::streamsize>(text.size()));
    return Value(static_cast<std::int64_t>(args[0].as<Str>()->length()));
}
// os's and os.path's _fs(op, path): the file-system queries scripts make
// (exists, isfile, isdir, getcwd, listdir, makedirs, getsize). An error is
// the OSError subclass CPython raises, with its errno text.
STANDIN_BUILTIN_FN(file_system) {
    // POSIX calls, not <filesystem>: every TU of the header-only mode would pay its include.
    if (args.size() != 2 || !args[0].is<Str>()) raise(exc::TypeError, "_fs(op, path)");
    const std::string_view op = args[0].as<Str>()->view();
    if (op == "environ") {  // the process environment, as os.environ starts
        auto out = make_ref<Dict>();
        for (char** e = ::environ; e && *e; ++e) {
            const std::string_view entry(*e);
            const std::size_t eq = entry.find('=');
            if (eq == std::string_view::npos || eq == 0) continue;
            out->set(str(std::string(entry.substr(0, eq))), str(std::string(entry.substr(eq + 1))));
        }
        return Value(std::move(out));
    }
    if (op == "getpid") return Value(static_cast<std::int64_t>(::getpid()));
    if (op == "cpu_count") {
        const long n = ::sysconf(_SC_NPROCESSORS_ONLN);
        return n > 0 ? Value(static_cast<std::int64_t>(n)) : Value();
    }
    if (op == "getcwd") {
        std::string buf(4096, '\0');
        if (!::getcwd(buf.data(), buf.size())) raise(exc::RuntimeError, "getcwd() failed");
        return str(std::string(buf.c_str()));
    }
    if (!args[1].is<Str>()) raise(exc::TypeError, "expected str, bytes or os.PathLike object, not " + detail::tname(args[1]));
    const std::string path(args[1].as<Str>()->view());
    auto fail = [&](const char* cls, int err, const char* text) {
        const Value* c = vm.builtins().find(intern(cls));
        const Value a[] = {Value(static_cast<std::int64_t>(err)), str(text), str(path)};
        vm.raise_exception(vm.call_value(*c, a));
    };
    struct stat info {};
    const bool found = !path.empty() && ::stat(path.c_str(), &info) == 0;
    if (op == "exists") return Value(found);
    if (op == "isfile") return Value(found && S_ISREG(info.st_mode));
    if (op == "isdir") return Value(found && S_ISDIR(info.st_mode));
    if (op == "getsize") {
        if (!found) fail("FileNotFoundError", 2, "No such file or directory");
        return Value(static_cast<std::int64_t>(info.st_size));
    }
    if (op == "listdir") {
        if (!found) fail("FileNotFoundError", 2, "No such file or directory");
        if (!S_ISDIR(info.st_mode)) fail("NotADirectoryError", 20, "Not a directory");
        std::vector<std::string> names;
        if (DIR* dir = ::opendir(path.c_str())) {
            while (const dirent* entry = ::readdir(dir)) {
                const std::string_view name = entry->d_name;
                if (name != "." && name != "..") names.emplace_back(name);
            }
            ::closedir(dir);
        }
        std::sort(names.begin(), names.end());
        std::vector<Value> out;
        for (auto& n : names) out.push_back(str(std::move(n)));
        return list(std::move(out));
    }
    if (op == "makedirs" || op == "mkdir") {
        if (found) fail("FileExistsError", 17, "File exists");
        // makedirs: each missing parent first.
        for (std::size_t at = op == "mkdir" ? path.size() : path.find('/', 1);; at = path.find('/', at + 1)) {
            const std::string part = path.substr(0, at);
            struct stat p {};
            if (::stat(part.c_str(), &p) != 0 && ::mkdir(part.c_str(), 0777) != 0)
                fail(errno == EACCES ? "PermissionError" : "FileNotFoundError", errno == EACCES ? 13 : 2,
                     errno == EACCES ? "Permission denied" : "No such file or directory");
            if (at >= path.size() || at == std::string::npos) break;
        }
        return Value();
    }
    raise(exc::ValueError, "_fs: unknown operation");
}
// sys's _handled(): the exception being handled, or None (sys.exc_info).
STANDIN_BUILTIN_FN(handled_exception) { return vm.handled_exception(); }
// traceback's _report(e, chain): CPython's report of e (with its chain).
STANDIN_BUILTIN_FN(exception_report) {
    if (args.size() != 2) raise(exc::TypeError, "_report() takes 2 arguments");
    return str(vm.truthy(args[1]) ? vm.format_exception(args[0]) : vm.format_exception_only(args[0]));
}
STANDIN_BUILTIN_FN(not_compiling) { return Value(false); }
// time's _clock(which): seconds since the epoch (0), or on a monotonic clock (1).
STANDIN_BUILTIN_FN(clock) {
    using namespace std::chrono;
    const bool steady = args.size() == 1 && args[0].is_integral() && args[0].as_int() == 1;
    const auto since = steady ? duration_cast<nanoseconds>(steady_clock::now().time_since_epoch())
                              : duration_cast<nanoseconds>(system_clock::now().time_since_epoch());
    return Value(static_cast<double>(since.count()) * 1e-9);
}
}  // namespace detail::builtins

namespace detail::builtins {
inline void remake_on_tuple(Interpreter& vm, Dict& ns, std::string_view name);  // constructors.hpp
}  // namespace detail::builtins

STANDIN_DECL Value Interpreter::import_module(Str* name, const Value& fromlist) {
    std::string_view full = name->view();
    // Every prefix must exist: import a.b.c needs a, a.b, a.b.c.
    for (std::size_t pos = 0;;) {
        std::size_t dot = full.find('.', pos);
        std::string_view prefix = full.substr(0, dot);
        if (!find_module(prefix)) {
            // The standard-library modules in guest code load on first import.
            std::string_view source = detail::stdlib::source_of(prefix);
            if (source.empty()) raise(exc::ModuleNotFoundError, "No module named '" + std::string(prefix) + "'");
            auto module = make_ref<Module>(intern(prefix));
            module->dict()->set(names_.name, standin::str(std::string(prefix)));
            register_module(prefix, module);
            if (prefix == "collections") module->dict()->set(intern("OrderedDict"), Value(types_.ordered_dict));
            if (prefix == "copy") module->dict()->set(intern("_new_instance"), make_builtin("_new_instance", &detail::builtins::new_instance));
            if (prefix == "sys") {
                module->dict()->set(intern("_stderr_write"), make_builtin("_stderr_write", &detail::builtins::stderr_write));
                module->dict()->set(intern("_handled"), make_builtin("_handled", &detail::builtins::handled_exception));
            }
            if (prefix == "traceback") module->dict()->set(intern("_report"), make_builtin("_report", &detail::builtins::exception_report));
            if (prefix == "os" || prefix == "os.path") module->dict()->set(intern("_fs"), make_builtin("_fs", &detail::builtins::file_system));
            if (prefix == "time") module->dict()->set(intern("_clock"), make_builtin("_clock", &detail::builtins::clock));
            // functools' _is_compiling(): False, and True in a trace (the
            // translator answers any builtin of that name so).
            if (prefix == "functools") module->dict()->set(intern("_is_compiling"), make_builtin("is_compiling", &detail::builtins::not_compiling));
            exec_prelude(source, "<" + std::string(prefix) + ">", *module->dict());
            if (prefix == "sys")
                for (const auto& [loaded, m] : modules_) sys_modules_add(loaded, m);
            if (prefix == "collections") {
                detail::builtins::remake_on_tuple(*this, *module->dict(), "_TupleBase");
                detail::builtins::remake_on_tuple(*this, *module->dict(), "_NTBase");
            }
            // collections.abc is an attribute of collections once anything
            // imported it, and torch (always loaded here) does.
            if (prefix == "collections") import_module(intern("collections.abc"), Value(true));
        }
        if (dot == std::string_view::npos) break;
        pos = dot + 1;
    }
    if (fromlist.is_none()) return Value(find_module(full.substr(0, full.find('.'))));
    return Value(find_module(full));
}

STANDIN_DECL Value Interpreter::call_from_host(const Value& callable, std::span<const Value> args, std::span<const KwArg> kwargs) {
    detail::InstanceHooksScope hooks(*this);
    try {
        return call_value(callable, args, kwargs);
    } catch (const GuestException&) {
        throw;
    } catch (const SyntaxError&) {
        throw;
    } catch (const Error& e) {
        throw make_guest_exception(exception_from_error(e));
    }
}

// --- entering frames: the eval-frame hook ---------------------------------------------------
STANDIN_DECL Frame* Interpreter::apply_hook(Frame* f) {
    if (!hook_) return f;
    ref<Code> replacement = hook_->eval_frame(*this, *f);
    if (!replacement || replacement.get() == f->code) return f;
    Frame* g = push_code_frame(replacement.get(), f->function, f->globals, f->locals);
    g->code_owner = Value(replacement);
    g->previous = f->previous;
    g->entry = f->entry;
    g->shadowed = f;
    g->is_init = f->is_init;
    g->init_self = f->init_self;
    const Code* from = f->code;
    const Code* to = replacement.get();
    // Which slot of `from` each slot of `to` takes its value from (by name),
    // worked out once per pair of codes.
    if (to->shadow_of != from->unique_id) {
        to->shadow_map.assign(to->nlocalsplus(), -1);
        for (std::size_t i = 0; i < to->nlocalsplus(); ++i)
            for (std::size_t j = 0; j < from->nlocalsplus(); ++j)
                if (from->localsplus_name(j) == to->localsplus_name(i)) {
                    to->shadow_map[i] = static_cast<std::int32_t>(j);
                    break;
                }
        to->shadow_of = from->unique_id;
    }
    for (std::size_t i = 0; i < to->nlocalsplus(); ++i) {
        const bool want_cell = i >= to->nlocals() && i < to->nlocals() + to->cellvars.size();
        const bool want_free = i >= to->nlocals() + to->cellvars.size();
        if (const std::int32_t j = to->shadow_map[i]; j >= 0) {
            const Value& v = f->localsplus[j];
            const bool have_cell = static_cast<std::size_t>(j) >= from->nlocals();
            if ((want_cell || want_free) && have_cell) g->localsplus[i] = v;
            else if (want_cell || want_free) g->localsplus[i] = make_value<Cell>(v);
            else if (have_cell) g->localsplus[i] = v.is<Cell>() ? v.as<Cell>()->get() : Value::null();
            else g->localsplus[i] = v;
        }
        if (want_cell && !g->localsplus[i].is<Cell>()) g->localsplus[i] = make_value<Cell>();
    }
    return g;
}

// A frame just pushed by a call from `caller`, after the hook: linked in as
// the current frame (the hook's replacement, when it gave one).
STANDIN_DECL Frame* Interpreter::enter_frame(Frame* pushed, Frame* caller) {
    try {
        pushed = apply_hook(pushed);
    } catch (...) {
        pop_frame(pushed);
        throw;
    }
    pushed->previous = caller;
    frame_ = pushed;
    return pushed;
}

STANDIN_DECL void Interpreter::run_code(const ref<Code>& code) {
    check_native_stack();
    Frame* f = push_code_frame(code.get(), Value(), main_->dict(), nullptr);
    try {
        run(f);
    } catch (const GuestException&) {
        throw;
    } catch (const Error& e) {
        throw make_guest_exception(exception_from_error(e));
    }
}

STANDIN_NAMESPACE_END

