// The dispatch loop's cold instructions (building slices, maps and strings,
// unpacking, f-string formatting, MAKE_FUNCTION, CALL_FUNCTION_EX, raising
// and matching exceptions, imports, with-blocks), each a member function
// that takes the stack pointer and returns it moved; and the arithmetic and
// comparison fast paths the loop inlines.
// Counterpart: the instruction bodies of CPython's Python/bytecodes.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/opcodes.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/exceptions.hpp>
#include <standin/vm/format.hpp>

STANDIN_NAMESPACE_BEGIN

namespace detail {

// BINARY_OP on two ints, when the result is an int that needs no slow path
// (no overflow, a positive divisor): false otherwise.
STANDIN_ALWAYS_INLINE bool int_binary_fast(std::uint32_t op, std::int64_t x, std::int64_t y, std::int64_t& r) noexcept {
    switch (op) {
    case NB_ADD:
    case NB_INPLACE_ADD: return !__builtin_add_overflow(x, y, &r);
    case NB_SUBTRACT:
    case NB_INPLACE_SUBTRACT: return !__builtin_sub_overflow(x, y, &r);
    case NB_MULTIPLY:
    case NB_INPLACE_MULTIPLY: return !__builtin_mul_overflow(x, y, &r);
    case NB_FLOOR_DIVIDE:
    case NB_INPLACE_FLOOR_DIVIDE:
        if (y <= 0) return false;
        r = x / y;
        if ((x % y != 0) && (x < 0)) --r;
        return true;
    case NB_REMAINDER:
    case NB_INPLACE_REMAINDER:
        if (y <= 0) return false;
        r = x % y;
        if (r < 0) r += y;
        return true;
    case NB_AND:
    case NB_INPLACE_AND: r = x & y; return true;
    case NB_OR:
    case NB_INPLACE_OR: r = x | y; return true;
    case NB_XOR:
    case NB_INPLACE_XOR: r = x ^ y; return true;
    default: return false;
    }
}

// BINARY_OP on two floats: + - * and / by a non-zero divisor; false otherwise.
STANDIN_ALWAYS_INLINE bool float_binary_fast(std::uint32_t op, double x, double y, double& r) noexcept {
    switch (op) {
    case NB_ADD:
    case NB_INPLACE_ADD: r = x + y; return true;
    case NB_SUBTRACT:
    case NB_INPLACE_SUBTRACT: r = x - y; return true;
    case NB_MULTIPLY:
    case NB_INPLACE_MULTIPLY: r = x * y; return true;
    case NB_TRUE_DIVIDE:
    case NB_INPLACE_TRUE_DIVIDE:
        if (y == 0.0) return false;
        r = x / y;
        return true;
    default: return false;
    }
}

}  // namespace detail

// LOAD_CLASSDEREF
STANDIN_DECL Value* Interpreter::op_load_classderef([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Str* name = f->code->localsplus_name(arg);
    if (f->locals)
        if (const Value* v = f->locals->find(name)) {
            *sp++ = *v;
            return sp;
        }
    auto* cell = f->localsplus[arg].as<Cell>();
    if (cell->empty()) detail::unbound_free(f->code, arg);
    *sp++ = cell->get();
    return sp;
}

// LOAD_NAME
STANDIN_DECL Value* Interpreter::op_load_name([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Str* name = f->code->names[arg];
    const Value* v = f->locals ? f->locals->find(name) : nullptr;
    if (!v) v = f->globals->find(name);
    if (!v) v = f->builtins->find(name);
    if (!v) detail::name_error(name);
    *sp++ = *v;
    return sp;
}

// BUILD_SLICE
STANDIN_DECL Value* Interpreter::op_build_slice([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    // x[:n] with n a one-element integer tensor: its __index__.
    for (Value* v = sp - arg; v != sp; ++v) *v = index_value(*v);
    if (arg == 3) {
        Value s = make_value<Slice>(std::move(sp[-3]), std::move(sp[-2]), std::move(sp[-1]));
        sp -= 2;
        sp[-1] = std::move(s);
    } else {
        Value s = make_value<Slice>(std::move(sp[-2]), std::move(sp[-1]), Value());
        --sp;
        sp[-1] = std::move(s);
    }
    return sp;
}

// BUILD_MAP
STANDIN_DECL Value* Interpreter::op_build_map([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    auto d = make_ref<Dict>();
    Value* base = sp - 2 * arg;
    for (std::uint32_t i = 0; i < arg; ++i) d->set(base[2 * i], std::move(base[2 * i + 1]));
    while (sp > base) *--sp = Value();
    *sp = Value(std::move(d));
    track(*sp++);
    return sp;
}

// BUILD_STRING
STANDIN_DECL Value* Interpreter::op_build_string([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    std::string out;
    for (Value* p = sp - arg; p < sp; ++p) out += p->as<Str>()->view();
    Value* base = sp - arg;
    while (sp > base) *--sp = Value();
    *sp++ = standin::str(std::move(out));
    return sp;
}

// LIST_EXTEND
STANDIN_DECL Value* Interpreter::op_list_extend([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    auto items = to_vector(sp[-1]);
    --sp;
    *sp = Value();
    sp[-static_cast<std::ptrdiff_t>(arg)].as<List>()->extend(items);
    return sp;
}

// BUILD_SET: the builtin set class (guest code, vm/builtins_prelude.hpp) over the items.
STANDIN_DECL Value* Interpreter::op_build_set([[maybe_unused]] Frame* f, Value* sp, std::uint32_t arg) {
    std::vector<Value> items(std::make_move_iterator(sp - arg), std::make_move_iterator(sp));
    sp -= arg;
    const Value* set_cls = builtins_->find(intern("set"));
    if (!set_cls) raise(exc::NameError, "name 'set' is not defined");
    const Value l = list(std::move(items));
    *sp = call_value(*set_cls, std::span<const Value>(&l, 1));
    return sp + 1;
}

// SET_ADD / SET_UPDATE
STANDIN_DECL Value* Interpreter::op_set_add([[maybe_unused]] Frame* f, Value* sp, std::uint32_t arg, bool update) {
    --sp;
    Value v = std::move(*sp);
    *sp = Value();
    call_method(sp[-static_cast<std::ptrdiff_t>(arg)], intern(update ? "update" : "add"), std::span<const Value>(&v, 1));
    return sp;
}

// DICT_UPDATE
STANDIN_DECL Value* Interpreter::op_dict_update([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    const Value& m = sp[-1];
    const auto depth = static_cast<std::ptrdiff_t>(arg & 0xff);
    Dict& target = *sp[-1 - depth].as<Dict>();
    const bool merge = (arg & dict_merge_flag) != 0;
    auto put = [&](const Value& k, Value item) {
        // f(**d, a=1): the callable sits below the call's positional tuple.
        if (merge && target.find(k)) {
            if (!k.is<Str>()) raise(exc::TypeError, "keywords must be strings");
            raise(exc::TypeError, detail::callable_description(*this, sp[-3 - depth]) +
                                      " got multiple values for keyword argument '" + k.as<Str>()->text() + "'");
        }
        target.set(k, std::move(item));
    };
    if (m.is<Dict>()) {
        if (merge) {
            std::vector<std::pair<Value, Value>> pairs;  // (put may raise; the source is read first)
            m.as<Dict>()->for_each([&](const Value& k, const Value& v) { pairs.emplace_back(k, v); });
            for (auto& [k, v] : pairs) put(k, std::move(v));
        } else {
            target.update(*m.as<Dict>());
        }
    } else {
        // {**obj}: any object with keys() and __getitem__ (a Mapping), as CPython's PyDict_Update.
        Value keys;
        if (m.is_null() || !try_getattr(m, intern("keys"), keys)) {
            if (merge)
                raise(exc::TypeError, detail::callable_description(*this, sp[-3 - depth]) +
                                          " argument after ** must be a mapping, not " + detail::tname(m));
            raise(exc::TypeError, "'" + detail::tname(m) + "' object is not a mapping");
        }
        for (const Value& k : to_vector(call_value(keys, {}))) {
            Value item = call_method(m, names_.getitem, std::span<const Value>(&k, 1));
            put(k, std::move(item));
        }
    }
    --sp;
    *sp = Value();
    return sp;
}

// FORMAT_VALUE
STANDIN_DECL Value* Interpreter::op_format_value([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Value spec;
    if (arg & 4) {
        --sp;
        spec = std::move(*sp);
    }
    Value v = std::move(sp[-1]);
    switch (arg & 3) {
    case 1: v = standin::str(str(v)); break;
    case 2: v = standin::str(repr(v)); break;
    case 3: v = standin::str(ascii(v)); break;  // !a
    default: break;
    }
    if (spec.is_none() && v.is<Str>()) {
        sp[-1] = std::move(v);
    } else {
        sp[-1] = standin::str(format(v, spec.is<Str>() ? spec.as<Str>()->view() : std::string_view()));
    }
    return sp;
}

// UNPACK_SEQUENCE
STANDIN_DECL Value* Interpreter::op_unpack_sequence([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
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
    if (items.size() != arg) {
        if (items.size() < arg)
            raise(exc::ValueError, "not enough values to unpack (expected " + std::to_string(arg) +
                                       ", got " + std::to_string(items.size()) + ")");
        raise(exc::ValueError, "too many values to unpack (expected " + std::to_string(arg) + ")");
    }
    for (std::size_t i = items.size(); i-- > 0;) *sp++ = items[i];
    return sp;
}

// UNPACK_EX
STANDIN_DECL Value* Interpreter::op_unpack_ex([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    const std::size_t before = arg & 0xFF, after = arg >> 8;
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
    return sp;
}

// CALL_FUNCTION_EX
STANDIN_DECL Value* Interpreter::op_call_function_ex([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Value kwargs;
    if (arg & 1) {
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
    return sp;
}

// MAKE_FUNCTION
STANDIN_DECL Value* Interpreter::op_make_function([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    --sp;
    Value code = std::move(*sp);
    auto* c = code.as<Code>();
    Value closure, kwdefaults, defaults;
    if (arg & MF_CLOSURE) closure = std::move(*--sp);
    if (arg & MF_KWDEFAULTS) kwdefaults = std::move(*--sp);
    if (arg & MF_DEFAULTS) defaults = std::move(*--sp);
    auto fn = make_ref<Function>(code, ref<Dict>(f->globals), c->name, c->qualname);
    if (!defaults.is_none()) fn->set_defaults(std::move(defaults));
    if (!closure.is_none()) fn->set_closure(std::move(closure));
    if (!kwdefaults.is_none()) fn->dict()->set(names_.kwdefaults, std::move(kwdefaults));
    *sp = Value(std::move(fn));
    if (!sp->as<Function>()->closure().is_none() || !sp->as<Function>()->defaults().is_none()) track(*sp);
    ++sp;
    return sp;
}

// LOAD_BUILD_CLASS
STANDIN_DECL Value* Interpreter::op_load_build_class([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    const Value* b = builtins_->find(intern("__build_class__"));
    if (!b) raise(exc::NameError, "__build_class__ not found");
    *sp++ = *b;
    return sp;
}

// RAISE_VARARGS
[[noreturn]] STANDIN_DECL void Interpreter::op_raise_varargs([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    if (arg == 0) {
        if (handled_exception_.is_none()) raise(exc::RuntimeError, "No active exception to reraise");
        reraising_ = true;
        throw make_guest_exception(handled_exception_);
    }
    Value cause;
    if (arg == 2) cause = std::move(*--sp);
    Value e = std::move(*--sp);
    if (e.is<Class>()) {
        if (!e.as<Class>()->is_subclass_of(types_.base_exception.get()))
            raise(exc::TypeError, "exceptions must derive from BaseException");
        e = call_value(e, {});
    }
    if (!isinstance(e, types_.base_exception.get()))
        raise(exc::TypeError, "exceptions must derive from BaseException");
    // Chaining, as CPython's: the exception being handled becomes the new
    // one's __context__; `raise e from c` sets __cause__ (None for `from
    // None`) and __suppress_context__.
    if (!handled_exception_.is_none()) detail::set_exception_context(e, handled_exception_);
    if (arg == 2) {
        if (cause.is<Class>()) cause = call_value(cause, {});
        if (!cause.is_none() && !isinstance(cause, types_.base_exception.get()))
            raise(exc::TypeError, "exception causes must derive from BaseException");
        e.as<Instance>()->set_attr(intern("__cause__"), cause);
        e.as<Instance>()->set_attr(intern("__suppress_context__"), Value(true));
    }
    throw make_guest_exception(e);
}

// CHECK_EXC_MATCH
STANDIN_DECL Value* Interpreter::op_check_exc_match([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
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
    return sp;
}

// IMPORT_FROM
STANDIN_DECL Value* Interpreter::op_import_from([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Str* name = f->code->names[arg];
    Value out;
    if (!try_getattr(sp[-1], name, out)) {
        std::string mod(sp[-1].is<Module>() ? sp[-1].as<Module>()->name()->view() : "?");
        if (auto m = find_module(mod + "." + std::string(name->view()))) out = Value(m);
        else
            raise(exc::ImportError, "cannot import name '" + std::string(name->view()) + "' from '" + mod +
                                        "' (unknown location)");
    }
    *sp++ = std::move(out);
    return sp;
}

// IMPORT_STAR: from module import *, at module level: the names in the
// module's __all__ (each must exist), else those not starting with '_'.
STANDIN_DECL Value* Interpreter::op_import_star([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Value module = std::move(*--sp);
    Dict& into = f->locals ? *f->locals : *f->globals;
    Value all;
    if (try_getattr(module, intern("__all__"), all)) {
        Value it = iter(all);
        for (Value name; next(it, name);) {
            if (!name.is<Str>())
                raise(exc::TypeError, "Item in " + std::string(module.is<Module>() ? module.as<Module>()->name()->view() : "?") +
                                          ".__all__ must be str, not " + detail::tname(name));
            Str* key = intern(name.as<Str>()->view());
            into.set(key, getattr(module, key));
        }
        return sp;
    }
    if (!module.is<Module>()) raise(exc::ImportError, "from-import-* object has no __dict__ and no __all__");
    // Lazily loaded members (torch's submodules) come in as they are read.
    std::vector<std::pair<Value, Value>> items;
    module.as<Module>()->dict()->for_each([&](const Value& k, const Value& v) {
        if (k.is<Str>() && !k.as<Str>()->view().starts_with("_")) items.emplace_back(k, v);
    });
    for (auto& [k, v] : items) into.set(k, std::move(v));
    return sp;
}

// BEFORE_WITH
STANDIN_DECL Value* Interpreter::op_before_with([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Value mgr = std::move(sp[-1]);
    Value exit_fn, enter_fn;
    if (!try_getattr(mgr, names_.exit, exit_fn) || !try_getattr(mgr, names_.enter, enter_fn))
        raise(exc::TypeError, "'" + detail::tname(mgr) + "' object does not support the context manager protocol");
    sp[-1] = std::move(exit_fn);
    *sp++ = call_value(enter_fn, {});
    return sp;
}

// WITH_EXCEPT_START
STANDIN_DECL Value* Interpreter::op_with_except_start([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    const Value args[] = {Value::borrow(type_of(sp[-1])), sp[-1], Value()};
    Value r = call_value(sp[-3], args);
    *sp++ = std::move(r);
    return sp;
}

// STORE_NAME
STANDIN_DECL Value* Interpreter::op_store_name([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    --sp;
    Value v = std::move(*sp);
    (f->locals ? f->locals.get() : f->globals)->set(f->code->names[arg], std::move(v));
    return sp;
}

// DELETE_NAME
STANDIN_DECL Value* Interpreter::op_delete_name([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Str* name = f->code->names[arg];
    if (!(f->locals ? f->locals.get() : f->globals)->erase(name)) detail::name_error(name);
    return sp;
}

// DELETE_GLOBAL
STANDIN_DECL Value* Interpreter::op_delete_global([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Str* name = f->code->names[arg];
    if (!f->globals->erase(name)) detail::name_error(name);
    return sp;
}

// IMPORT_NAME
STANDIN_DECL Value* Interpreter::op_import_name([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    sp[-1] = import_module(f->code->names[arg], sp[-1]);
    return sp;
}

// DELETE_FAST
STANDIN_DECL Value* Interpreter::op_delete_fast([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    if (f->localsplus[arg].is_null()) detail::unbound_local(f->code, arg);
    f->localsplus[arg] = Value::null();
    return sp;
}

// DELETE_ATTR
STANDIN_DECL Value* Interpreter::op_delete_attr([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    delattr(sp[-1], f->code->names[arg]);
    --sp;
    *sp = Value();
    return sp;
}

// DELETE_SUBSCR
STANDIN_DECL Value* Interpreter::op_delete_subscr([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    delitem(sp[-2], sp[-1]);
    sp -= 2;
    sp[0] = Value();
    sp[1] = Value();
    return sp;
}

// LOAD_ASSERTION_ERROR
STANDIN_DECL Value* Interpreter::op_load_assertion_error([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    *sp++ = Value::borrow(exception_class(exc::AssertionError));
    return sp;
}

// PUSH_EXC_INFO
STANDIN_DECL Value* Interpreter::op_push_exc_info([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    Value e = std::move(sp[-1]);
    sp[-1] = handled_exception_;
    handled_exception_ = e;
    *sp++ = std::move(e);
    return sp;
}

// POP_EXCEPT
STANDIN_DECL Value* Interpreter::op_pop_except([[maybe_unused]] Frame* f, Value* sp, [[maybe_unused]] std::uint32_t arg) {
    --sp;
    handled_exception_ = std::move(*sp);
    return sp;
}

// SEND (yield from's step): resumes the receiver under the sent value; its next
// yield goes on the stack, or, when it is done, its return value replaces it
// and control jumps to `arg`.
STANDIN_DECL Value* Interpreter::op_send([[maybe_unused]] Frame* f, Value* sp, std::uint32_t arg, const Instruction*& ip,
                                         const Instruction* code_start) {
    Value sent = std::move(sp[-1]);
    sp[-1] = Value();
    --sp;
    Value& receiver = sp[-1];
    Value out;
    bool yielded;
    auto* g = receiver.kind() == Kind::native ? dynamic_cast<Generator*>(receiver.as<NativeObject>()) : nullptr;
    if (g) {
        yielded = resume_generator(*g, sent, out);
    } else if (sent.is_none()) {
        yielded = next(receiver, out);
    } else {
        raise(exc::AttributeError, "'" + detail::tname(receiver) + "' object has no attribute 'send'");
    }
    if (yielded) {
        *sp++ = std::move(out);
    } else {
        receiver = std::move(out);
        ip = code_start + arg;
    }
    return sp;
}

// CALL with keyword arguments to anything but a guest function: the last
// kwnames->size() of `args` are the keywords' values.
STANDIN_DECL Value Interpreter::call_with_kwnames(const Value& callable, const Value* args, std::size_t nargs,
                                                  const Tuple* kwnames) {
    const std::size_t nkw = kwnames->size();
    KwArg kwbuf[8];
    std::vector<KwArg> kwvec;
    KwArg* kws = kwbuf;
    if (nkw > 8) {
        kwvec.resize(nkw);
        kws = kwvec.data();
    }
    for (std::size_t k = 0; k < nkw; ++k) kws[k] = {(*kwnames)[k].as<Str>(), args[nargs + k]};
    return call_value(callable, std::span<const Value>(args, nargs), std::span<const KwArg>(kws, nkw));
}

STANDIN_NAMESPACE_END
