// The dispatch loop. Guest-to-guest calls do not recurse on the host stack:
// a CALL of a guest function pushes a frame and continues in the same loop,
// RETURN_VALUE pops it. Errors raised by C++ code (standin::Error) are caught
// once per loop and unwound through the exception tables, frame by frame,
// collecting the traceback. Also here: guest exceptions and tracebacks.
// Counterpart: CPython's Python/ceval.c (_PyEval_EvalFrameDefault) and
// Python/traceback.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/eval.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/call.hpp>

#include <new>

#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns that destroying a None Value passed by value may decref a null
// object; the destructor tests the kind first, so it never does.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#endif

namespace standin::inline v0 {

// --- exceptions ----------------------------------------------------------------------------
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

STANDIN_DECL std::string Interpreter::format_exception(const Value& exception) {
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
    for (Class* c = cls; c; c = c->base()) {
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
    // traceback() is everything before the last line (what()).
    std::size_t cut = full.size() >= 1 ? full.rfind('\n', full.size() - 2) : std::string::npos;
    g.set_traceback(cut == std::string::npos ? std::string() : full.substr(0, cut + 1));
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
    if (slot < code->nlocals() + code->cellvars.size()) unbound_local(code, slot);
    raise(exc::NameError, "cannot access free variable '" + std::string(code->localsplus_name(slot)->view()) +
                              "' where it is not associated with a value in enclosing scope");
}
[[noreturn]] inline void name_error(const Str* name) {
    raise(exc::NameError, "name '" + std::string(name->view()) + "' is not defined");
}
}  // namespace detail

// --- frames and the hook --------------------------------------------------------------------
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
    for (std::size_t i = 0; i < to->nlocalsplus(); ++i) {
        Str* name = to->localsplus_name(i);
        const bool want_cell = i >= to->nlocals() && i < to->nlocals() + to->cellvars.size();
        const bool want_free = i >= to->nlocals() + to->cellvars.size();
        for (std::size_t j = 0; j < from->nlocalsplus(); ++j) {
            if (from->localsplus_name(j) != name) continue;
            const Value& v = f->localsplus[j];
            const bool have_cell = j >= from->nlocals();
            if ((want_cell || want_free) && have_cell) g->localsplus[i] = v;
            else if (want_cell || want_free) g->localsplus[i] = make_value<Cell>(v);
            else if (have_cell) g->localsplus[i] = v.is<Cell>() ? v.as<Cell>()->get() : Value::null();
            else g->localsplus[i] = v;
            break;
        }
        if (want_cell && !g->localsplus[i].is<Cell>()) g->localsplus[i] = make_value<Cell>();
    }
    return g;
}

// Pops `f` and the frames it shadowed (an eval-frame hook's replacement).
#define STANDIN_LEAVE_FRAME(fr)                           \
    do {                                                  \
        Frame* standin_dead_ = (fr);                      \
        while (standin_dead_) {                           \
            Frame* standin_next_ = standin_dead_->shadowed; \
            pop_frame(standin_dead_);                     \
            standin_dead_ = standin_next_;                \
        }                                                 \
    } while (0)

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

STANDIN_DECL Value Interpreter::run(Frame* entry) {
    entry->entry = true;
    Frame* saved_frame = frame_;
    Frame* f;
    try {
        f = apply_hook(entry);
    } catch (...) {
        pop_frame(entry);
        throw;
    }
    f->previous = saved_frame;
    frame_ = f;

    const Instruction* code_start = nullptr;
    const Instruction* ip = nullptr;
    Value* sp = nullptr;
    Value* locals = nullptr;
    const Value* consts = nullptr;
    GlobalCache* caches = nullptr;
    const Tuple* kwnames = nullptr;
    Instruction ins{Opcode::NOP, 0};

#define STANDIN_LOAD_FRAME()                                                                     \
    do {                                                                                         \
        code_start = f->code->instructions.data();                                               \
        ip = code_start + f->ip;                                                                 \
        sp = f->sp;                                                                              \
        locals = f->localsplus;                                                                  \
        consts = f->code->consts.data();                                                         \
        if (!f->code->global_caches) f->code->global_caches.reset(new GlobalCache[f->code->instructions.size() + 1]); \
        caches = f->code->global_caches.get();                                                   \
    } while (0)
#define STANDIN_SAVE_FRAME()                                                 \
    do {                                                                     \
        f->ip = static_cast<std::uint32_t>(ip - code_start);                 \
        f->sp = sp;                                                          \
    } while (0)

    STANDIN_LOAD_FRAME();

#if defined(__GNUC__) || defined(__clang__)
#define STANDIN_COMPUTED_GOTO 1
    static const void* const dispatch_table[] = {
#define STANDIN_OPCODE_LABEL(name) &&L_##name,
        STANDIN_OPCODES(STANDIN_OPCODE_LABEL)
#undef STANDIN_OPCODE_LABEL
    };
#define TARGET(name) L_##name:
// An ordinary goto to the one computed goto: leaving an opcode's scope by a
// plain goto runs its locals' destructors (a computed goto would not), and
// GCC duplicates the computed goto into each site anyway.
#define DISPATCH() goto dispatch_top
#else
#define TARGET(name) case Opcode::name:
#define DISPATCH() goto dispatch_top
#endif

    for (;;) {
        try {
#if defined(STANDIN_COMPUTED_GOTO)
        dispatch_top:
            ins = *ip++;
            goto* dispatch_table[static_cast<std::uint8_t>(ins.op)];
            {
#else
        dispatch_top:
            ins = *ip++;
            switch (ins.op) {
#endif
            TARGET(NOP) { DISPATCH(); }
            TARGET(POP_TOP) {
                --sp;
                *sp = Value();
                DISPATCH();
            }
            TARGET(PUSH_NULL) {
                *sp++ = Value::null();
                DISPATCH();
            }
            TARGET(COPY) {
                *sp = sp[-static_cast<std::ptrdiff_t>(ins.arg)];
                ++sp;
                DISPATCH();
            }
            TARGET(SWAP) {
                sp[-1].swap(sp[-static_cast<std::ptrdiff_t>(ins.arg)]);
                DISPATCH();
            }
            TARGET(LOAD_CONST) {
                *sp++ = consts[ins.arg];
                DISPATCH();
            }
            TARGET(LOAD_FAST) {
                const Value& v = locals[ins.arg];
                if (STANDIN_UNLIKELY(v.is_null())) detail::unbound_local(f->code, ins.arg);
                *sp++ = v;
                DISPATCH();
            }
            TARGET(STORE_FAST) {
                --sp;
                locals[ins.arg].swap(*sp);
                *sp = Value();
                DISPATCH();
            }
            TARGET(DELETE_FAST) {
                if (locals[ins.arg].is_null()) detail::unbound_local(f->code, ins.arg);
                locals[ins.arg] = Value::null();
                DISPATCH();
            }
            TARGET(LOAD_DEREF) {
                auto* cell = locals[ins.arg].as<Cell>();
                if (STANDIN_UNLIKELY(cell->empty())) detail::unbound_free(f->code, ins.arg);
                *sp++ = cell->get();
                DISPATCH();
            }
            TARGET(STORE_DEREF) {
                --sp;
                locals[ins.arg].as<Cell>()->set(std::move(*sp));
                DISPATCH();
            }
            TARGET(LOAD_CLOSURE) {
                *sp++ = locals[ins.arg];
                DISPATCH();
            }
            TARGET(LOAD_CLASSDEREF) {
                Str* name = f->code->localsplus_name(ins.arg);
                if (f->locals)
                    if (const Value* v = f->locals->find(name)) {
                        *sp++ = *v;
                        DISPATCH();
                    }
                auto* cell = locals[ins.arg].as<Cell>();
                if (cell->empty()) detail::unbound_free(f->code, ins.arg);
                *sp++ = cell->get();
                DISPATCH();
            }
            TARGET(LOAD_GLOBAL) {
                GlobalCache& c = caches[ip - code_start - 1];
                const Value* v;
                if (STANDIN_LIKELY(c.value && c.globals_version == f->globals->version() &&
                                   c.builtins_version == f->builtins->version())) {
                    v = c.value;
                } else {
                    Str* name = f->code->names[ins.arg >> 1];
                    v = f->globals->find(name);
                    if (!v) v = f->builtins->find(name);
                    if (!v) detail::name_error(name);
                    c = {f->globals->version(), f->builtins->version(), v};
                }
                if (ins.arg & 1) *sp++ = Value::null();
                *sp++ = *v;
                DISPATCH();
            }
            TARGET(STORE_GLOBAL) {
                --sp;
                Value v = std::move(*sp);
                f->globals->set(f->code->names[ins.arg], std::move(v));
                DISPATCH();
            }
            TARGET(DELETE_GLOBAL) {
                Str* name = f->code->names[ins.arg];
                if (!f->globals->erase(name)) detail::name_error(name);
                DISPATCH();
            }
            TARGET(LOAD_NAME) {
                Str* name = f->code->names[ins.arg];
                const Value* v = f->locals ? f->locals->find(name) : nullptr;
                if (!v) v = f->globals->find(name);
                if (!v) v = f->builtins->find(name);
                if (!v) detail::name_error(name);
                *sp++ = *v;
                DISPATCH();
            }
            TARGET(STORE_NAME) {
                --sp;
                Value v = std::move(*sp);
                (f->locals ? f->locals.get() : f->globals)->set(f->code->names[ins.arg], std::move(v));
                DISPATCH();
            }
            TARGET(DELETE_NAME) {
                Str* name = f->code->names[ins.arg];
                if (!(f->locals ? f->locals.get() : f->globals)->erase(name)) detail::name_error(name);
                DISPATCH();
            }
            TARGET(LOAD_ATTR) {
                Str* name = f->code->names[ins.arg];
                Value& obj = sp[-1];
                if (obj.kind() == Kind::instance) {
                    auto* inst = obj.as<Instance>();
                    if (const Value* v = inst->find_attr(name)) {
                        const Value* cattr = inst->cls()->lookup(name);
                        if (!cattr || cattr->kind() != Kind::native) {
                            obj = *v;
                            DISPATCH();
                        }
                    }
                }
                obj = getattr(obj, name);
                DISPATCH();
            }
            TARGET(LOAD_METHOD) {
                Str* name = f->code->names[ins.arg];
                Value& obj = sp[-1];
                if (obj.kind() == Kind::instance) {
                    auto* inst = obj.as<Instance>();
                    if (!inst->find_attr(name))
                        if (const Value* m = inst->cls()->lookup(name); m && m->is<Function>()) {
                            sp[0] = std::move(obj);
                            sp[-1] = *m;
                            ++sp;
                            DISPATCH();
                        }
                } else if (obj.kind() != Kind::class_ && obj.kind() != Kind::module && obj.kind() != Kind::native &&
                           obj.kind() != Kind::function && obj.kind() != Kind::bound_method) {
                    if (const Value* m = type_of(obj)->lookup(name); m && m->is<Builtin>() && m->as<Builtin>()->self().is_null()) {
                        sp[0] = std::move(obj);
                        sp[-1] = *m;
                        ++sp;
                        DISPATCH();
                    }
                }
                Value attr = getattr(obj, name);
                obj = Value::null();
                *sp++ = std::move(attr);
                DISPATCH();
            }
            TARGET(STORE_ATTR) {
                Str* name = f->code->names[ins.arg];
                setattr(sp[-1], name, std::move(sp[-2]));
                sp -= 2;
                sp[1] = Value();
                sp[0] = Value();
                DISPATCH();
            }
            TARGET(DELETE_ATTR) {
                delattr(sp[-1], f->code->names[ins.arg]);
                --sp;
                *sp = Value();
                DISPATCH();
            }
            TARGET(BINARY_OP) {
                Value& a = sp[-2];
                const Value& b = sp[-1];
                if (a.is_int() && b.is_int()) {
                    std::int64_t x = a.as_int(), y = b.as_int(), r;
                    switch (ins.arg) {
                    case NB_ADD:
                    case NB_INPLACE_ADD:
                        if (__builtin_add_overflow(x, y, &r)) goto binary_slow;
                        break;
                    case NB_SUBTRACT:
                    case NB_INPLACE_SUBTRACT:
                        if (__builtin_sub_overflow(x, y, &r)) goto binary_slow;
                        break;
                    case NB_MULTIPLY:
                    case NB_INPLACE_MULTIPLY:
                        if (__builtin_mul_overflow(x, y, &r)) goto binary_slow;
                        break;
                    case NB_FLOOR_DIVIDE:
                    case NB_INPLACE_FLOOR_DIVIDE:
                        if (y <= 0) goto binary_slow;
                        r = x / y;
                        if ((x % y != 0) && (x < 0)) --r;
                        break;
                    case NB_REMAINDER:
                    case NB_INPLACE_REMAINDER:
                        if (y <= 0) goto binary_slow;
                        r = x % y;
                        if (r < 0) r += y;
                        break;
                    case NB_AND:
                    case NB_INPLACE_AND: r = x & y; break;
                    case NB_OR:
                    case NB_INPLACE_OR: r = x | y; break;
                    case NB_XOR:
                    case NB_INPLACE_XOR: r = x ^ y; break;
                    default: goto binary_slow;
                    }
                    a = Value(r);
                    --sp;
                    DISPATCH();
                }
                if (a.is_float() && b.is_float()) {
                    double x = a.as_float(), y = b.as_float();
                    switch (ins.arg) {
                    case NB_ADD:
                    case NB_INPLACE_ADD: a = Value(x + y); break;
                    case NB_SUBTRACT:
                    case NB_INPLACE_SUBTRACT: a = Value(x - y); break;
                    case NB_MULTIPLY:
                    case NB_INPLACE_MULTIPLY: a = Value(x * y); break;
                    case NB_TRUE_DIVIDE:
                    case NB_INPLACE_TRUE_DIVIDE:
                        if (y == 0.0) goto binary_slow;
                        a = Value(x / y);
                        break;
                    default: goto binary_slow;
                    }
                    --sp;
                    DISPATCH();
                }
            binary_slow: {
                Value r = binary_op_slow(ins.arg, sp[-2], sp[-1]);
                --sp;
                *sp = Value();
                sp[-1] = std::move(r);
                DISPATCH();
            }
            }
            TARGET(UNARY_POSITIVE)
            TARGET(UNARY_NEGATIVE)
            TARGET(UNARY_INVERT) {
                if (sp[-1].is_int() && ins.op == Opcode::UNARY_NEGATIVE && sp[-1].as_int() != INT64_MIN) {
                    sp[-1] = Value(-sp[-1].as_int());
                    DISPATCH();
                }
                sp[-1] = unary_op(ins.op, sp[-1]);
                DISPATCH();
            }
            TARGET(UNARY_NOT) {
                sp[-1] = Value(!truthy(sp[-1]));
                DISPATCH();
            }
            TARGET(COMPARE_OP) {
                const Value& a = sp[-2];
                const Value& b = sp[-1];
                bool r;
                if (a.is_int() && b.is_int()) {
                    std::int64_t x = a.as_int(), y = b.as_int();
                    switch (ins.arg) {
                    case CMP_LT: r = x < y; break;
                    case CMP_LE: r = x <= y; break;
                    case CMP_EQ: r = x == y; break;
                    case CMP_NE: r = x != y; break;
                    case CMP_GT: r = x > y; break;
                    default: r = x >= y; break;
                    }
                } else if (a.is_float() && b.is_float()) {
                    double x = a.as_float(), y = b.as_float();
                    switch (ins.arg) {
                    case CMP_LT: r = x < y; break;
                    case CMP_LE: r = x <= y; break;
                    case CMP_EQ: r = x == y; break;
                    case CMP_NE: r = x != y; break;
                    case CMP_GT: r = x > y; break;
                    default: r = x >= y; break;
                    }
                } else {
                    Value res = compare(ins.arg, a, b);
                    --sp;
                    *sp = Value();
                    sp[-1] = std::move(res);
                    DISPATCH();
                }
                --sp;
                *sp = Value();
                sp[-1] = Value(r);
                DISPATCH();
            }
            TARGET(IS_OP) {
                bool r = sp[-2].identical(sp[-1]) != (ins.arg != 0);
                --sp;
                *sp = Value();
                sp[-1] = Value(r);
                DISPATCH();
            }
            TARGET(CONTAINS_OP) {
                bool r = contains(sp[-1], sp[-2]) != (ins.arg != 0);
                --sp;
                *sp = Value();
                sp[-1] = Value(r);
                DISPATCH();
            }
            TARGET(BINARY_SUBSCR) {
                const Value& c = sp[-2];
                const Value& k = sp[-1];
                if (c.kind() == Kind::list && k.is_int()) {
                    auto* l = c.as<List>();
                    std::int64_t i = k.as_int();
                    if (i < 0) i += static_cast<std::int64_t>(l->size());
                    if (i >= 0 && static_cast<std::size_t>(i) < l->size()) {
                        Value v = (*l)[static_cast<std::size_t>(i)];
                        --sp;
                        sp[-1] = std::move(v);
                        DISPATCH();
                    }
                }
                Value v = getitem(c, k);
                --sp;
                *sp = Value();
                sp[-1] = std::move(v);
                DISPATCH();
            }
            TARGET(STORE_SUBSCR) {
                // stack: value container key
                if (sp[-2].kind() == Kind::list && sp[-1].is_int()) {
                    sp[-2].as<List>()->set(sp[-1].as_int(), std::move(sp[-3]));
                } else {
                    setitem(sp[-2], sp[-1], std::move(sp[-3]));
                }
                sp -= 3;
                sp[0] = Value();
                sp[1] = Value();
                sp[2] = Value();
                DISPATCH();
            }
            TARGET(DELETE_SUBSCR) {
                delitem(sp[-2], sp[-1]);
                sp -= 2;
                sp[0] = Value();
                sp[1] = Value();
                DISPATCH();
            }
            TARGET(BUILD_SLICE) {
                if (ins.arg == 3) {
                    Value s = make_value<Slice>(std::move(sp[-3]), std::move(sp[-2]), std::move(sp[-1]));
                    sp -= 2;
                    sp[-1] = std::move(s);
                } else {
                    Value s = make_value<Slice>(std::move(sp[-2]), std::move(sp[-1]), Value());
                    --sp;
                    sp[-1] = std::move(s);
                }
                DISPATCH();
            }
            TARGET(BUILD_TUPLE) {
                std::vector<Value> items(std::make_move_iterator(sp - ins.arg), std::make_move_iterator(sp));
                sp -= ins.arg;
                *sp++ = tuple(std::move(items));
                DISPATCH();
            }
            TARGET(BUILD_LIST) {
                std::vector<Value> items(std::make_move_iterator(sp - ins.arg), std::make_move_iterator(sp));
                sp -= ins.arg;
                *sp = list(std::move(items));
                track(*sp++);
                DISPATCH();
            }
            TARGET(BUILD_MAP) {
                auto d = make_ref<Dict>();
                Value* base = sp - 2 * ins.arg;
                for (std::uint32_t i = 0; i < ins.arg; ++i) d->set(base[2 * i], std::move(base[2 * i + 1]));
                while (sp > base) *--sp = Value();
                *sp = Value(std::move(d));
                track(*sp++);
                DISPATCH();
            }
            TARGET(BUILD_STRING) {
                std::string out;
                for (Value* p = sp - ins.arg; p < sp; ++p) out += p->as<Str>()->view();
                Value* base = sp - ins.arg;
                while (sp > base) *--sp = Value();
                *sp++ = standin::str(std::move(out));
                DISPATCH();
            }
            TARGET(LIST_APPEND) {
                --sp;
                sp[-static_cast<std::ptrdiff_t>(ins.arg)].as<List>()->append(std::move(*sp));
                DISPATCH();
            }
            TARGET(MAP_ADD) {
                sp -= 2;
                sp[-static_cast<std::ptrdiff_t>(ins.arg)].as<Dict>()->set(sp[0], std::move(sp[1]));
                sp[0] = Value();
                DISPATCH();
            }
            TARGET(LIST_EXTEND) {
                auto items = to_vector(sp[-1]);
                --sp;
                *sp = Value();
                sp[-static_cast<std::ptrdiff_t>(ins.arg)].as<List>()->extend(items);
                DISPATCH();
            }
            TARGET(DICT_UPDATE) {
                const Value& m = sp[-1];
                if (!m.is<Dict>()) raise(exc::TypeError, "'" + detail::tname(m) + "' object is not a mapping");
                sp[-1 - static_cast<std::ptrdiff_t>(ins.arg)].as<Dict>()->update(*m.as<Dict>());
                --sp;
                *sp = Value();
                DISPATCH();
            }
            TARGET(LIST_TO_TUPLE) {
                auto* l = sp[-1].as<List>();
                sp[-1] = tuple(std::vector<Value>(l->items().begin(), l->items().end()));
                DISPATCH();
            }
            TARGET(FORMAT_VALUE) {
                Value spec;
                if (ins.arg & 4) {
                    --sp;
                    spec = std::move(*sp);
                }
                Value v = std::move(sp[-1]);
                switch (ins.arg & 3) {
                case 1: v = standin::str(str(v)); break;
                case 2: v = standin::str(repr(v)); break;
                default: break;
                }
                if (spec.is_none() && v.is<Str>()) {
                    sp[-1] = std::move(v);
                } else {
                    sp[-1] = standin::str(format(v, spec.is<Str>() ? spec.as<Str>()->view() : std::string_view()));
                }
                DISPATCH();
            }
            TARGET(UNPACK_SEQUENCE) {
                Value seq = std::move(sp[-1]);
                --sp;
                std::span<const Value> items;
                std::vector<Value> owned;
                if (auto* t = seq.dyn<Tuple>()) items = t->items();
                else if (auto* l = seq.dyn<List>()) items = l->items();
                else {
                    if (!(seq.is<Str>() || seq.is<Dict>() || seq.is<Range>() || seq.kind() == Kind::native ||
                          seq.kind() == Kind::instance || seq.kind() == Kind::tensor))
                        raise(exc::TypeError, "cannot unpack non-iterable " + detail::tname(seq) + " object");
                    owned = to_vector(seq);
                    items = owned;
                }
                if (items.size() != ins.arg) {
                    if (items.size() < ins.arg)
                        raise(exc::ValueError, "not enough values to unpack (expected " + std::to_string(ins.arg) +
                                                   ", got " + std::to_string(items.size()) + ")");
                    raise(exc::ValueError, "too many values to unpack (expected " + std::to_string(ins.arg) + ")");
                }
                for (std::size_t i = items.size(); i-- > 0;) *sp++ = items[i];
                DISPATCH();
            }
            TARGET(UNPACK_EX) {
                const std::size_t before = ins.arg & 0xFF, after = ins.arg >> 8;
                if (!(sp[-1].is<Tuple>() || sp[-1].is<List>() || sp[-1].is<Str>() || sp[-1].is<Dict>() ||
                      sp[-1].is<Range>() || sp[-1].kind() == Kind::native || sp[-1].kind() == Kind::instance ||
                      sp[-1].kind() == Kind::tensor))
                    raise(exc::TypeError, "cannot unpack non-iterable " + detail::tname(sp[-1]) + " object");
                std::vector<Value> items = to_vector(sp[-1]);
                --sp;
                *sp = Value();
                if (items.size() < before + after)
                    raise(exc::ValueError, "not enough values to unpack (expected at least " + std::to_string(before + after) +
                                               ", got " + std::to_string(items.size()) + ")");
                for (std::size_t i = 0; i < after; ++i) *sp++ = items[items.size() - 1 - i];
                *sp++ = list(std::vector<Value>(items.begin() + static_cast<std::ptrdiff_t>(before),
                                                items.end() - static_cast<std::ptrdiff_t>(after)));
                for (std::size_t i = before; i-- > 0;) *sp++ = items[i];
                DISPATCH();
            }
            TARGET(GET_ITER) {
                if (!(sp[-1].kind() == Kind::native && dynamic_cast<Iterator*>(sp[-1].as<NativeObject>())))
                    sp[-1] = iter(sp[-1]);
                DISPATCH();
            }
            TARGET(FOR_ITER) {
                auto* it = static_cast<Iterator*>(sp[-1].as<NativeObject>());
                if (it->iter_kind == IterKind::range) {
                    auto* r = static_cast<RangeIterator*>(it);
                    if (r->remaining > 0) {
                        *sp++ = Value(r->current);
                        r->current = static_cast<std::int64_t>(static_cast<std::uint64_t>(r->current) +
                                                                static_cast<std::uint64_t>(r->step));
                        --r->remaining;
                        DISPATCH();
                    }
                } else if (it->iter_kind == IterKind::list) {
                    auto* l = static_cast<ListIterator*>(it);
                    if (l->index < l->list->size()) {
                        *sp++ = (*l->list)[l->index++];
                        DISPATCH();
                    }
                } else {
                    Value out;
                    if (it->next(*this, out)) {
                        *sp++ = std::move(out);
                        DISPATCH();
                    }
                }
                --sp;
                *sp = Value();
                ip = code_start + ins.arg;
                DISPATCH();
            }
            TARGET(JUMP_FORWARD)
            TARGET(JUMP_BACKWARD) {
                ip = code_start + ins.arg;
                DISPATCH();
            }
            TARGET(POP_JUMP_IF_FALSE) {
                const Value& v = sp[-1];
                bool t = v.is_bool() ? v.as_bool() : truthy(v);
                --sp;
                *sp = Value();
                if (!t) ip = code_start + ins.arg;
                DISPATCH();
            }
            TARGET(POP_JUMP_IF_TRUE) {
                const Value& v = sp[-1];
                bool t = v.is_bool() ? v.as_bool() : truthy(v);
                --sp;
                *sp = Value();
                if (t) ip = code_start + ins.arg;
                DISPATCH();
            }
            TARGET(JUMP_IF_FALSE_OR_POP) {
                if (!truthy(sp[-1])) {
                    ip = code_start + ins.arg;
                } else {
                    --sp;
                    *sp = Value();
                }
                DISPATCH();
            }
            TARGET(JUMP_IF_TRUE_OR_POP) {
                if (truthy(sp[-1])) {
                    ip = code_start + ins.arg;
                } else {
                    --sp;
                    *sp = Value();
                }
                DISPATCH();
            }
            TARGET(RETURN_VALUE) {
                if (STANDIN_UNLIKELY(f->is_init)) {
                    if (!sp[-1].is_none())
                        raise(exc::TypeError, "__init__() should return None, not '" + detail::tname(sp[-1]) + "'");
                    sp[-1] = f->init_self;
                }
                --sp;
                Value result = std::move(*sp);
                Frame* prev = f->previous;
                const bool was_entry = f->entry;
                STANDIN_LEAVE_FRAME(f);
                if (was_entry) {
                    frame_ = saved_frame;
                    return result;
                }
                f = prev;
                frame_ = f;
                STANDIN_LOAD_FRAME();
                *sp++ = std::move(result);
                DISPATCH();
            }
            TARGET(KW_NAMES) {
                kwnames = consts[ins.arg].as<Tuple>();
                DISPATCH();
            }
            TARGET(CALL) {
            call_again: {
                const std::size_t argc = ins.arg;
                Value* base = sp - argc - 2;
                const std::size_t nkw = kwnames ? kwnames->size() : 0;
                Value* callable;
                Value* args;
                std::size_t nargs;
                if (base[0].is_null()) {
                    callable = base + 1;
                    args = base + 2;
                    nargs = argc;
                } else {
                    callable = base;
                    args = base + 1;
                    nargs = argc + 1;
                }
                nargs -= nkw;
                if (callable->kind() == Kind::function) {
                    const Value* kwn = nkw ? kwnames->items().data() : nullptr;
                    kwnames = nullptr;
                    Frame* nf = push_function_frame(callable->as<Function>(), args, nargs, kwn, nkw, true);
                    while (sp > base) *--sp = Value();
                    STANDIN_SAVE_FRAME();
                    try {
                        nf = apply_hook(nf);
                    } catch (...) {
                        pop_frame(nf);
                        throw;
                    }
                    nf->previous = f;
                    f = nf;
                    frame_ = f;
                    STANDIN_LOAD_FRAME();
                    DISPATCH();
                }
                if (callable->kind() == Kind::class_ && base[0].is_null()) {
                    // A plain class (no __new__) with a guest __init__: make the instance
                    // and run __init__ in this loop, as a method call on it.
                    Class* cls = callable->as<Class>();
                    const Value* init;
                    if (!cls->lookup(names_.new_) && (init = cls->lookup(names_.init)) && init->is<Function>()) {
                        Value obj = make_value<Instance>(ref<Class>(cls));
                        track(obj);
                        base[0] = *init;
                        base[1] = obj;
                        const Value* kwn = nkw ? kwnames->items().data() : nullptr;
                        kwnames = nullptr;
                        Frame* nf = push_function_frame(base[0].as<Function>(), base + 1, argc + 1 - nkw, kwn, nkw, true);
                        nf->is_init = true;
                        nf->init_self = std::move(obj);
                        while (sp > base) *--sp = Value();
                        STANDIN_SAVE_FRAME();
                        try {
                            nf = apply_hook(nf);
                        } catch (...) {
                            pop_frame(nf);
                            throw;
                        }
                        nf->previous = f;
                        f = nf;
                        frame_ = f;
                        STANDIN_LOAD_FRAME();
                        DISPATCH();
                    }
                }
                if (callable->kind() == Kind::bound_method && base[0].is_null()) {
                    auto* m = callable->as<BoundMethod>();
                    Value fn = m->function();
                    Value self = m->self();
                    base[0] = std::move(fn);
                    base[1] = std::move(self);
                    // Same call, one more positional argument (self) now.
                    goto call_again;
                }
                Value result;
                if (nkw) {
                    KwArg kwbuf[8];
                    std::vector<KwArg> kwvec;
                    KwArg* kws = kwbuf;
                    if (nkw > 8) {
                        kwvec.resize(nkw);
                        kws = kwvec.data();
                    }
                    for (std::size_t k = 0; k < nkw; ++k) kws[k] = {(*kwnames)[k].as<Str>(), args[nargs + k]};
                    kwnames = nullptr;
                    result = call_value(*callable, std::span<const Value>(args, nargs), std::span<const KwArg>(kws, nkw));
                } else {
                    result = call_value(*callable, std::span<const Value>(args, nargs), {});
                }
                while (sp > base) *--sp = Value();
                *sp++ = std::move(result);
                DISPATCH();
            }
            }
            TARGET(CALL_FUNCTION_EX) {
                Value kwargs;
                if (ins.arg & 1) {
                    --sp;
                    kwargs = std::move(*sp);
                }
                Value argtuple = std::move(sp[-1]);
                --sp;
                Value func = std::move(sp[-1]);
                --sp;
                --sp;
                *sp = Value();  // the NULL below the callable
                std::vector<KwArg> kws;
                if (auto* d = kwargs.dyn<Dict>()) {
                    d->for_each([&](const Value& k, const Value& v) {
                        if (!k.is<Str>()) raise(exc::TypeError, "keywords must be strings");
                        kws.push_back({intern(k.as<Str>()->view()), v});
                    });
                }
                std::vector<Value> args = to_vector(argtuple);
                *sp++ = call_value(func, args, kws);
                DISPATCH();
            }
            TARGET(MAKE_FUNCTION) {
                --sp;
                Value code = std::move(*sp);
                auto* c = code.as<Code>();
                Value closure, kwdefaults, defaults;
                if (ins.arg & MF_CLOSURE) closure = std::move(*--sp);
                if (ins.arg & MF_KWDEFAULTS) kwdefaults = std::move(*--sp);
                if (ins.arg & MF_DEFAULTS) defaults = std::move(*--sp);
                auto fn = make_ref<Function>(code, ref<Dict>(f->globals), c->name, c->qualname);
                if (!defaults.is_none()) fn->set_defaults(std::move(defaults));
                if (!closure.is_none()) fn->set_closure(std::move(closure));
                if (!kwdefaults.is_none()) fn->dict()->set(names_.kwdefaults, std::move(kwdefaults));
                *sp = Value(std::move(fn));
                if (!sp->as<Function>()->closure().is_none() || !sp->as<Function>()->defaults().is_none()) track(*sp);
                ++sp;
                DISPATCH();
            }
            TARGET(LOAD_BUILD_CLASS) {
                const Value* b = builtins_->find(intern("__build_class__"));
                if (!b) raise(exc::NameError, "__build_class__ not found");
                *sp++ = *b;
                DISPATCH();
            }
            TARGET(RAISE_VARARGS) {
                if (ins.arg == 0) {
                    if (handled_exception_.is_none()) raise(exc::RuntimeError, "No active exception to reraise");
                    reraising_ = true;
                    throw make_guest_exception(handled_exception_);
                }
                Value cause;
                if (ins.arg == 2) cause = std::move(*--sp);
                Value e = std::move(*--sp);
                if (e.is<Class>()) {
                    if (!e.as<Class>()->is_subclass_of(types_.base_exception.get()))
                        raise(exc::TypeError, "exceptions must derive from BaseException");
                    e = call_value(e, {});
                }
                if (!isinstance(e, types_.base_exception.get()))
                    raise(exc::TypeError, "exceptions must derive from BaseException");
                if (ins.arg == 2) {
                    if (cause.is<Class>()) cause = call_value(cause, {});
                    e.as<Instance>()->set_attr(intern("__cause__"), cause);
                }
                throw make_guest_exception(e);
            }
            TARGET(RERAISE) {
                --sp;
                Value e = std::move(*sp);
                reraising_ = true;
                throw make_guest_exception(e);
            }
            TARGET(PUSH_EXC_INFO) {
                Value e = std::move(sp[-1]);
                sp[-1] = handled_exception_;
                handled_exception_ = e;
                *sp++ = std::move(e);
                DISPATCH();
            }
            TARGET(POP_EXCEPT) {
                --sp;
                handled_exception_ = std::move(*sp);
                DISPATCH();
            }
            TARGET(CHECK_EXC_MATCH) {
                Value type = std::move(sp[-1]);
                auto check = [&](const Value& t) {
                    if (!t.is<Class>() || !t.as<Class>()->is_subclass_of(types_.base_exception.get()))
                        raise(exc::TypeError, "catching classes that do not inherit from BaseException is not allowed");
                    return isinstance(sp[-2], t.as<Class>());
                };
                bool match = false;
                if (auto* t = type.dyn<Tuple>()) {
                    for (const Value& x : t->items()) match = check(x) || match;
                } else {
                    match = check(type);
                }
                sp[-1] = Value(match);
                DISPATCH();
            }
            TARGET(LOAD_ASSERTION_ERROR) {
                *sp++ = Value::borrow(exception_class(exc::AssertionError));
                DISPATCH();
            }
            TARGET(IMPORT_NAME) {
                sp[-1] = import_module(f->code->names[ins.arg], sp[-1]);
                DISPATCH();
            }
            TARGET(IMPORT_FROM) {
                Str* name = f->code->names[ins.arg];
                Value out;
                if (!try_getattr(sp[-1], name, out)) {
                    std::string mod(sp[-1].is<Module>() ? sp[-1].as<Module>()->name()->view() : "?");
                    if (auto m = find_module(mod + "." + std::string(name->view()))) out = Value(m);
                    else
                        raise(exc::ImportError, "cannot import name '" + std::string(name->view()) + "' from '" + mod +
                                                    "' (unknown location)");
                }
                *sp++ = std::move(out);
                DISPATCH();
            }
            TARGET(BEFORE_WITH) {
                Value mgr = std::move(sp[-1]);
                Value exit_fn, enter_fn;
                if (!try_getattr(mgr, names_.exit, exit_fn) || !try_getattr(mgr, names_.enter, enter_fn))
                    raise(exc::TypeError, "'" + detail::tname(mgr) + "' object does not support the context manager protocol");
                sp[-1] = std::move(exit_fn);
                *sp++ = call_value(enter_fn, {});
                DISPATCH();
            }
            TARGET(WITH_EXCEPT_START) {
                const Value args[] = {Value::borrow(type_of(sp[-1])), sp[-1], Value()};
                Value r = call_value(sp[-3], args);
                *sp++ = std::move(r);
                DISPATCH();
            }
#if !defined(STANDIN_COMPUTED_GOTO)
            }
#else
            }
#endif
        } catch (const std::exception& raw) {
            Value exc_value;
            if (auto* g = dynamic_cast<const GuestException*>(&raw)) exc_value = g->exception();
            else if (auto* e = dynamic_cast<const Error*>(&raw)) exc_value = exception_from_error(*e);
            else if (dynamic_cast<const std::bad_alloc*>(&raw) || dynamic_cast<const std::length_error*>(&raw))
                exc_value = new_exception(exc::MemoryError, "");
            else exc_value = new_exception(exc::RuntimeError, std::string("internal error: ") + raw.what());
            kwnames = nullptr;
            STANDIN_SAVE_FRAME();
            for (;;) {
                const std::uint32_t index = f->ip ? f->ip - 1 : 0;
                if (!reraising_) detail::add_traceback_entry(*this, exc_value, f->code, f->code->positions[index].line);
                reraising_ = false;
                if (const ExceptionEntry* h = f->code->handler_for(index)) {
                    Value* target = f->stack_base() + h->depth;
                    sp = f->sp;
                    while (sp > target) *--sp = Value();
                    *sp++ = std::move(exc_value);
                    f->sp = sp;
                    f->ip = h->target;
                    break;
                }
                Frame* prev = f->previous;
                const bool was_entry = f->entry;
                STANDIN_LEAVE_FRAME(f);
                if (was_entry) {
                    frame_ = saved_frame;
                    throw make_guest_exception(exc_value);
                }
                f = prev;
                frame_ = f;
            }
            STANDIN_LOAD_FRAME();
        }
    }
#undef TARGET
#undef DISPATCH
#undef STANDIN_COMPUTED_GOTO
#undef STANDIN_LOAD_FRAME
#undef STANDIN_SAVE_FRAME
}

#undef STANDIN_LEAVE_FRAME

}  // namespace standin::inline v0

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
