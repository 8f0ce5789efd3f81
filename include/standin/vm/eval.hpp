// The dispatch loop. Guest-to-guest calls do not recurse on the host stack:
// a CALL of a guest function pushes a frame and continues in the same loop,
// RETURN_VALUE pops it. Errors raised by C++ code (standin::Error) are caught
// once per loop and unwound through the exception tables, frame by frame,
// collecting the traceback. The hot instructions are written out here; the
// cold ones are calls into vm/opcodes.hpp.
// Counterpart: CPython's Python/ceval.c (_PyEval_EvalFrameDefault).
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/eval.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/exceptions.hpp>
#include <standin/vm/opcodes.hpp>

#include <new>

STANDIN_NAMESPACE_BEGIN

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

STANDIN_DECL Value Interpreter::run(Frame* entry, bool resume) {
    entry->entry = true;
    Frame* const saved_frame = frame_;
    Frame* f = entry;
    if (resume) {
        // A generator's frame going on: no eval-frame hook (it saw the frame at its call).
        f->previous = saved_frame;
        frame_ = f;
    } else {
        f = enter_frame(entry, saved_frame);
    }
    // gen.throw()/close(): the exception is raised where the generator stopped.
    Value initial_throw = resume ? std::exchange(pending_throw_, Value::null()) : Value::null();

    const Instruction* code_start = nullptr;
    const Instruction* ip = nullptr;
    Value* sp = nullptr;
    Value* locals = nullptr;
    const Value* consts = nullptr;
    InlineCache* caches = nullptr;
    const Tuple* kwnames = nullptr;
    Instruction ins{Opcode::NOP, 0};

#define STANDIN_LOAD_FRAME()                                                                     \
    do {                                                                                         \
        code_start = f->code->instructions.data();                                               \
        ip = code_start + f->ip;                                                                 \
        sp = f->sp;                                                                              \
        locals = f->localsplus;                                                                  \
        consts = f->code->consts.data();                                                         \
        if (!f->code->inline_caches) f->code->inline_caches.reset(new InlineCache[f->code->instructions.size() + 1]()); \
        caches = f->code->inline_caches.get();                                                   \
    } while (0)
#define STANDIN_SAVE_FRAME()                                                 \
    do {                                                                     \
        f->ip = static_cast<std::uint32_t>(ip - code_start);                 \
        f->sp = sp;                                                          \
    } while (0)
// Enters a frame just pushed by a call: the eval-frame hook may replace it.
#define STANDIN_ENTER_FRAME(nf)       \
    do {                              \
        STANDIN_SAVE_FRAME();         \
        f = enter_frame((nf), f);     \
        STANDIN_LOAD_FRAME();         \
        STANDIN_DISPATCH();           \
    } while (0)

    STANDIN_LOAD_FRAME();

#if defined(__GNUC__) || defined(__clang__)
#define STANDIN_COMPUTED_GOTO 1
    static const void* const dispatch_table[] = {
#define STANDIN_OPCODE_LABEL(name) &&L_##name,
        STANDIN_OPCODES(STANDIN_OPCODE_LABEL)
#undef STANDIN_OPCODE_LABEL
    };
#define STANDIN_TARGET(name) L_##name:
// An ordinary goto to the one computed goto: leaving an opcode's scope by a
// plain goto runs its locals' destructors (a computed goto would not), and
// GCC duplicates the computed goto into each site anyway.
#define STANDIN_DISPATCH() goto dispatch_top
#else
#define STANDIN_TARGET(name) case Opcode::name:
#define STANDIN_DISPATCH() goto dispatch_top
#endif

    for (;;) {
        try {
            if (STANDIN_UNLIKELY(!initial_throw.is_null())) {
                Value thrown = std::exchange(initial_throw, Value::null());
                throw make_guest_exception(thrown);
            }
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
            STANDIN_TARGET(NOP) { STANDIN_DISPATCH(); }
            STANDIN_TARGET(POP_TOP) {
                --sp;
                (*sp).assign(Value());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(PUSH_NULL) {
                (*sp++).assign(Value::null());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(COPY) {
                (*sp).assign(sp[-static_cast<std::ptrdiff_t>(ins.arg)]);
                ++sp;
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(SWAP) {
                sp[-1].swap(sp[-static_cast<std::ptrdiff_t>(ins.arg)]);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_CONST) {
                (*sp++).assign(consts[ins.arg]);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_FAST) {
                const Value& v = locals[ins.arg];
                if (STANDIN_UNLIKELY(v.is_null())) detail::unbound_local(f->code, ins.arg);
                (*sp++).assign(v);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(STORE_FAST) {
                --sp;
                locals[ins.arg].swap(*sp);
                (*sp).assign(Value());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DELETE_FAST) {
                sp = op_delete_fast(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_DEREF) {
                auto* cell = locals[ins.arg].as<Cell>();
                if (STANDIN_UNLIKELY(cell->empty())) detail::unbound_free(f->code, ins.arg);
                (*sp++).assign(cell->get());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(STORE_DEREF) {
                --sp;
                locals[ins.arg].as<Cell>()->set(std::move(*sp));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_CLOSURE) {
                (*sp++).assign(locals[ins.arg]);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DELETE_DEREF) {
                auto* cell = locals[ins.arg].as<Cell>();
                if (STANDIN_UNLIKELY(cell->empty())) detail::unbound_free(f->code, ins.arg);
                cell->set(Value::null());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_CLASSDEREF) {
                sp = op_load_classderef(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_GLOBAL) {
                GlobalCache& c = caches[ip - code_start - 1].global;
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
                (*sp++).assign(*v);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(STORE_GLOBAL) {
                --sp;
                Value v = std::move(*sp);
                f->globals->set(f->code->names[ins.arg], std::move(v));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DELETE_GLOBAL) {
                sp = op_delete_global(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_NAME) {
                sp = op_load_name(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(STORE_NAME) {
                sp = op_store_name(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DELETE_NAME) {
                sp = op_delete_name(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_ATTR) {
                Str* name = f->code->names[ins.arg];
                Value& obj = sp[-1];
                if (obj.kind() == Kind::instance) {
                    auto* inst = obj.as<Instance>();
                    AttrCache& c = caches[ip - code_start - 1].attr;
                    if (const Value* v = inst->dict()->find(name, c.dict_hint)) {
                        // No property or descriptor on the class, no __getattribute__ of its own.
                        const Value* cattr = inst->cls()->lookup(name, c.class_lookup);
                        if (instance_dict_first(cattr) &&
                            !is_attr_hook(inst->cls()->lookup(names_.getattribute_, inst->cls()->getattribute_cache()))) {
                            obj.assign(*v);
                            STANDIN_DISPATCH();
                        }
                    }
                }
                obj.assign(getattr(obj, name));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_METHOD) {
                Str* name = f->code->names[ins.arg];
                Value& obj = sp[-1];
                if (obj.kind() == Kind::instance) {
                    auto* inst = obj.as<Instance>();
                    if (!inst->find_attr(name) &&
                        !is_attr_hook(inst->cls()->lookup(names_.getattribute_, inst->cls()->getattribute_cache())))
                        if (const Value* m = inst->cls()->lookup(name, caches[ip - code_start - 1].attr.class_lookup);
                            m && m->is<Function>()) {
                            sp[0].assign(std::move(obj));
                            sp[-1].assign(*m);
                            ++sp;
                            STANDIN_DISPATCH();
                        }
                } else if (obj.kind() != Kind::class_ && obj.kind() != Kind::module && obj.kind() != Kind::native &&
                           obj.kind() != Kind::function && obj.kind() != Kind::bound_method) {
                    if (const Value* m = type_of(obj)->lookup(name); m && m->is<Builtin>() && m->as<Builtin>()->self().is_null()) {
                        sp[0].assign(std::move(obj));
                        sp[-1].assign(*m);
                        ++sp;
                        STANDIN_DISPATCH();
                    }
                }
                Value attr = getattr(obj, name);
                obj.assign(Value::null());
                (*sp++).assign(std::move(attr));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(STORE_ATTR) {
                Str* name = f->code->names[ins.arg];
                if (sp[-1].kind() == Kind::instance) {
                    // No property on the class and no __setattr__ of its own: the store
                    // goes to the instance's dict.
                    auto* inst = sp[-1].as<Instance>();
                    AttrCache& c = caches[ip - code_start - 1].attr;
                    const Value* cattr = inst->cls()->lookup(name, c.class_lookup);
                    const Value* hook = inst->cls()->lookup(names_.setattr_, inst->cls()->setattr_cache());
                    // (a Parameter or a Module stored on a module may move: object_setattr)
                    if (instance_dict_first(cattr) &&
                        !is_attr_hook(hook) && name != names_.class_ &&
                        name != names_.dict && !module_member_kind(sp[-2])) {
                        inst->set_attr(name, std::move(sp[-2]), c.dict_hint);
                        sp -= 2;
                        sp[1].assign(Value());
                        sp[0].assign(Value());
                        STANDIN_DISPATCH();
                    }
                }
                setattr(sp[-1], name, std::move(sp[-2]));
                sp -= 2;
                sp[1].assign(Value());
                sp[0].assign(Value());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DELETE_ATTR) {
                sp = op_delete_attr(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BINARY_OP) {
                Value& a = sp[-2];
                const Value& b = sp[-1];
                if (a.is_int() && b.is_int()) {
                    std::int64_t r;
                    if (!detail::int_binary_fast(ins.arg, a.as_int(), b.as_int(), r)) goto binary_slow;
                    a.assign(Value(r));
                    --sp;
                    STANDIN_DISPATCH();
                }
                if (a.is_float() && b.is_float()) {
                    double r;
                    if (!detail::float_binary_fast(ins.arg, a.as_float(), b.as_float(), r)) goto binary_slow;
                    a.assign(Value(r));
                    --sp;
                    STANDIN_DISPATCH();
                }
            binary_slow: {
                Value r = binary_op_slow(static_cast<BinaryOp>(ins.arg), sp[-2], sp[-1]);
                --sp;
                (*sp).assign(Value());
                sp[-1].assign(std::move(r));
                STANDIN_DISPATCH();
            }
            }
            STANDIN_TARGET(UNARY_POSITIVE)
            STANDIN_TARGET(UNARY_NEGATIVE)
            STANDIN_TARGET(UNARY_INVERT) {
                if (sp[-1].is_int() && ins.op == Opcode::UNARY_NEGATIVE && sp[-1].as_int() != INT64_MIN) {
                    sp[-1].assign(Value(-sp[-1].as_int()));
                    STANDIN_DISPATCH();
                }
                sp[-1].assign(unary_op(ins.op, sp[-1]));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(UNARY_NOT) {
                sp[-1].assign(Value(!truthy(sp[-1])));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(COMPARE_OP) {
                const Value& a = sp[-2];
                const Value& b = sp[-1];
                bool r;
                if (a.is_int() && b.is_int()) {
                    std::int64_t x = a.as_int(), y = b.as_int();
                    r = detail::apply_compare(static_cast<CompareOp>(ins.arg), x, y);
                } else if (a.is_float() && b.is_float()) {
                    double x = a.as_float(), y = b.as_float();
                    r = detail::apply_compare(static_cast<CompareOp>(ins.arg), x, y);
                } else {
                    Value res = compare(static_cast<CompareOp>(ins.arg), a, b);
                    --sp;
                    (*sp).assign(Value());
                    sp[-1].assign(std::move(res));
                    STANDIN_DISPATCH();
                }
                --sp;
                (*sp).assign(Value());
                sp[-1].assign(Value(r));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(IS_OP) {
                bool r = sp[-2].identical(sp[-1]) != (ins.arg != 0);
                --sp;
                (*sp).assign(Value());
                sp[-1].assign(Value(r));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(CONTAINS_OP) {
                bool r = contains(sp[-1], sp[-2]) != (ins.arg != 0);
                --sp;
                (*sp).assign(Value());
                sp[-1].assign(Value(r));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BINARY_SUBSCR) {
                const Value& c = sp[-2];
                const Value& k = sp[-1];
                if (c.kind() == Kind::list && k.is_int() && !c.object()->is_subclass_instance()) {
                    auto* l = c.as<List>();
                    std::int64_t i = k.as_int();
                    if (i < 0) i += static_cast<std::int64_t>(l->size());
                    if (i >= 0 && static_cast<std::size_t>(i) < l->size()) {
                        Value v = (*l)[static_cast<std::size_t>(i)];
                        --sp;
                        sp[-1].assign(std::move(v));
                        STANDIN_DISPATCH();
                    }
                }
                Value v = getitem(c, k);
                --sp;
                (*sp).assign(Value());
                sp[-1].assign(std::move(v));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(STORE_SUBSCR) {
                // stack: value container key
                if (sp[-2].kind() == Kind::list && sp[-1].is_int() && !sp[-2].object()->is_subclass_instance()) {
                    sp[-2].as<List>()->set(sp[-1].as_int(), std::move(sp[-3]));
                } else {
                    setitem(sp[-2], sp[-1], std::move(sp[-3]));
                }
                sp -= 3;
                sp[0].assign(Value());
                sp[1].assign(Value());
                sp[2].assign(Value());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DELETE_SUBSCR) {
                sp = op_delete_subscr(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BUILD_SLICE) {
                sp = op_build_slice(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BUILD_TUPLE) {
                std::vector<Value> items(std::make_move_iterator(sp - ins.arg), std::make_move_iterator(sp));
                sp -= ins.arg;
                (*sp++).assign(tuple(std::move(items)));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BUILD_LIST) {
                std::vector<Value> items(std::make_move_iterator(sp - ins.arg), std::make_move_iterator(sp));
                sp -= ins.arg;
                (*sp).assign(list(std::move(items)));
                track(*sp++);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BUILD_MAP) {
                sp = op_build_map(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BUILD_STRING) {
                sp = op_build_string(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LIST_APPEND) {
                --sp;
                sp[-static_cast<std::ptrdiff_t>(ins.arg)].as<List>()->append(std::move(*sp));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(MAP_ADD) {
                sp -= 2;
                sp[-static_cast<std::ptrdiff_t>(ins.arg)].as<Dict>()->set(sp[0], std::move(sp[1]));
                sp[0].assign(Value());
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LIST_EXTEND) {
                sp = op_list_extend(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(DICT_UPDATE) {
                sp = op_dict_update(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BUILD_SET) {
                sp = op_build_set(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(SET_ADD) {
                sp = op_set_add(f, sp, ins.arg, false);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(SET_UPDATE) {
                sp = op_set_add(f, sp, ins.arg, true);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LIST_TO_TUPLE) {
                auto* l = sp[-1].as<List>();
                sp[-1].assign(tuple(std::vector<Value>(l->items().begin(), l->items().end())));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(FORMAT_VALUE) {
                sp = op_format_value(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(UNPACK_SEQUENCE) {
                sp = op_unpack_sequence(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(UNPACK_EX) {
                sp = op_unpack_ex(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(GET_ITER)
            STANDIN_TARGET(GET_YIELD_FROM_ITER) {  // a generator is its own iterator either way
                if (!(sp[-1].kind() == Kind::native && dynamic_cast<Iterator*>(sp[-1].as<NativeObject>())))
                    sp[-1].assign(iter(sp[-1]));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(FOR_ITER) {
                auto* it = static_cast<Iterator*>(sp[-1].as<NativeObject>());
                if (it->iter_kind == IterKind::range) {
                    auto* r = static_cast<RangeIterator*>(it);
                    if (r->remaining > 0) {
                        (*sp++).assign(Value(r->current));
                        r->current = static_cast<std::int64_t>(static_cast<std::uint64_t>(r->current) +
                                                                static_cast<std::uint64_t>(r->step));
                        --r->remaining;
                        STANDIN_DISPATCH();
                    }
                } else if (it->iter_kind == IterKind::list) {
                    auto* l = static_cast<ListIterator*>(it);
                    if (l->index < l->list->size()) {
                        (*sp++).assign((*l->list)[l->index++]);
                        STANDIN_DISPATCH();
                    }
                    l->index = ListIterator::exhausted;
                } else {
                    Value out;
                    if (it->next(*this, out)) {
                        (*sp++).assign(std::move(out));
                        STANDIN_DISPATCH();
                    }
                }
                --sp;
                (*sp).assign(Value());
                ip = code_start + ins.arg;
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(JUMP_FORWARD)
            STANDIN_TARGET(JUMP_BACKWARD) {
                ip = code_start + ins.arg;
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(POP_JUMP_IF_FALSE) {
                const Value& v = sp[-1];
                bool t = v.is_bool() ? v.as_bool() : truthy(v);
                --sp;
                (*sp).assign(Value());
                if (!t) ip = code_start + ins.arg;
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(POP_JUMP_IF_TRUE) {
                const Value& v = sp[-1];
                bool t = v.is_bool() ? v.as_bool() : truthy(v);
                --sp;
                (*sp).assign(Value());
                if (t) ip = code_start + ins.arg;
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(JUMP_IF_FALSE_OR_POP) {
                if (!truthy(sp[-1])) {
                    ip = code_start + ins.arg;
                } else {
                    --sp;
                    (*sp).assign(Value());
                }
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(JUMP_IF_TRUE_OR_POP) {
                if (truthy(sp[-1])) {
                    ip = code_start + ins.arg;
                } else {
                    --sp;
                    (*sp).assign(Value());
                }
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(RETURN_VALUE) {
                if (STANDIN_UNLIKELY(f->is_init)) {
                    if (!sp[-1].is_none())
                        raise(exc::TypeError, "__init__() should return None, not '" + detail::tname(sp[-1]) + "'");
                    sp[-1].assign(f->init_self);
                }
                --sp;
            return_top:  // RETURN_GENERATOR returns its generator from here
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
                (*sp++).assign(std::move(result));
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(RETURN_GENERATOR) {
                // The frame moves into a new generator, which is what the call returns.
                STANDIN_SAVE_FRAME();
                (*sp).assign(make_value<Generator>(*this, *f));
                goto return_top;
            }
            STANDIN_TARGET(YIELD_VALUE) {
                // Only a generator's frame yields, and it always runs as an entry frame.
                --sp;
                Value yielded = std::move(*sp);
                STANDIN_SAVE_FRAME();
                f->generator->state = Generator::State::suspended;
                --depth_;
                frame_ = saved_frame;
                return yielded;
            }
            STANDIN_TARGET(SEND) {
                sp = op_send(f, sp, ins.arg, ip, code_start);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(KW_NAMES) {
                kwnames = consts[ins.arg].as<Tuple>();
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(CALL) {
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
                    while (sp > base) (*--sp).assign(Value());
                    STANDIN_ENTER_FRAME(nf);
                }
                if (callable->kind() == Kind::class_ && base[0].is_null()) {
                    // A plain class (no __new__) with a guest __init__: make the instance
                    // and run __init__ in this loop, as a method call on it.
                    Class* cls = callable->as<Class>();
                    const Value* init;
                    if (!cls->lookup(names_.new_) && (init = cls->lookup(names_.init)) && init->is<Function>()) {
                        Value obj = make_value<Instance>(ref<Class>(cls));
                        track(obj);
                        base[0].assign(*init);
                        base[1].assign(obj);
                        const Value* kwn = nkw ? kwnames->items().data() : nullptr;
                        kwnames = nullptr;
                        Frame* nf = push_function_frame(base[0].as<Function>(), base + 1, argc + 1 - nkw, kwn, nkw, true);
                        nf->is_init = true;
                        nf->init_self = std::move(obj);
                        while (sp > base) (*--sp).assign(Value());
                        STANDIN_ENTER_FRAME(nf);
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
                Value result = nkw ? call_with_kwnames(*callable, args, nargs, kwnames)
                                   : call_value(*callable, std::span<const Value>(args, nargs), {});
                kwnames = nullptr;
                while (sp > base) (*--sp).assign(Value());
                (*sp++).assign(std::move(result));
                STANDIN_DISPATCH();
            }
            }
            STANDIN_TARGET(CALL_FUNCTION_EX) {
                sp = op_call_function_ex(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(MAKE_FUNCTION) {
                sp = op_make_function(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_BUILD_CLASS) {
                sp = op_load_build_class(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(RAISE_VARARGS) { op_raise_varargs(f, sp, ins.arg); }
            STANDIN_TARGET(RERAISE) {
                --sp;
                Value e = std::move(*sp);
                reraising_ = true;
                throw make_guest_exception(e);
            }
            STANDIN_TARGET(PUSH_EXC_INFO) {
                sp = op_push_exc_info(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(POP_EXCEPT) {
                sp = op_pop_except(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(CHECK_EXC_MATCH) {
                sp = op_check_exc_match(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(LOAD_ASSERTION_ERROR) {
                sp = op_load_assertion_error(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(IMPORT_NAME) {
                sp = op_import_name(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(IMPORT_FROM) {
                sp = op_import_from(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(IMPORT_STAR) {
                sp = op_import_star(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(BEFORE_WITH) {
                sp = op_before_with(f, sp, ins.arg);
                STANDIN_DISPATCH();
            }
            STANDIN_TARGET(WITH_EXCEPT_START) {
                sp = op_with_except_start(f, sp, ins.arg);
                STANDIN_DISPATCH();
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
            // An error a builtin raised while an exception is handled: chained to it.
            if (!dynamic_cast<const GuestException*>(&raw) && !handled_exception_.is_none() && exc_value.is<Instance>())
                exc_value.as<Instance>()->set_attr(intern("__context__"), handled_exception_);
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
                    (*sp++).assign(std::move(exc_value));
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
#undef STANDIN_TARGET
#undef STANDIN_DISPATCH
#undef STANDIN_COMPUTED_GOTO
#undef STANDIN_LOAD_FRAME
#undef STANDIN_SAVE_FRAME
#undef STANDIN_ENTER_FRAME
}

#undef STANDIN_LEAVE_FRAME

STANDIN_NAMESPACE_END

