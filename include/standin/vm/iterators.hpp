// The built-in iterators' steps (str, dict views, enumerate, zip, map,
// filter, reversed, and guest classes with __next__): the `next` of each
// class in vm/objects.hpp. The range and list iterators are stepped inline by
// FOR_ITER.
// Counterpart: CPython's Objects/iterobject.c, enumobject.c, bltinmodule.c
// (zip, map, filter).
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/iterators.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/protocol.hpp>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL bool StrIterator::next(Interpreter& vm, Value& out) {
    std::string_view t = text->view();
    if (pos >= t.size()) return false;
    std::size_t j = pos + 1;
    while (j < t.size() && (static_cast<unsigned char>(t[j]) & 0xC0) == 0x80) ++j;
    out = vm.char_str(t.substr(pos, j - pos));
    pos = j;
    return true;
}

STANDIN_DECL bool DictIterator::next(Interpreter&, Value& out) {
    // An OrderedDict's iterator holds the next key: once it gave the last
    // one it is done, whatever was added since (CPython's odictiter).
    if (ordered_done) return false;
    if (dict->size() != size) {
        size = static_cast<std::size_t>(-1);
        raise(exc::RuntimeError, dict->is_ordered() ? "OrderedDict changed size during iteration"
                                                    : "dictionary changed size during iteration");
    }
    while (slot < dict->slot_count()) {
        const DictEntry& e = dict->slot(slot++);
        if (e.key.is_null()) continue;
        // A key removed and another added (or re-added) behind the iterator.
        if (remaining == 0) {
            size = static_cast<std::size_t>(-1);
            raise(exc::RuntimeError, dict->is_ordered() ? "OrderedDict mutated during iteration"
                                                        : "dictionary keys changed during iteration");
        }
        --remaining;
        if (dict->is_ordered()) {
            std::size_t after = slot;
            while (after < dict->slot_count() && dict->slot(after).key.is_null()) ++after;
            ordered_done = after == dict->slot_count();
        }
        switch (view_kind) {
        case DictViewKind::keys: out = e.key; break;
        case DictViewKind::values: out = e.value; break;
        case DictViewKind::items: out = tuple({e.key, e.value}); break;
        }
        return true;
    }
    return false;
}

STANDIN_DECL bool EnumerateIterator::next(Interpreter& vm, Value& out) {
    Value x;
    if (!vm.next(inner, x)) return false;
    out = tuple({Value(count), std::move(x)});
    ++count;
    return true;
}

STANDIN_DECL bool ZipIterator::next(Interpreter& vm, Value& out) {
    if (iters.empty()) return false;
    std::vector<Value> items(iters.size());
    for (std::size_t i = 0; i < iters.size(); ++i)
        if (!vm.next(iters[i], items[i])) {
            if (strict) {
                if (i > 0) raise(exc::ValueError, detail::zip_strict_message(i, true));
                for (std::size_t j = 1; j < iters.size(); ++j)
                    if (Value extra; vm.next(iters[j], extra)) raise(exc::ValueError, detail::zip_strict_message(j, false));
            }
            return false;
        }
    out = tuple(std::move(items));
    return true;
}

STANDIN_DECL bool MapIterator::next(Interpreter& vm, Value& out) {
    std::vector<Value> args(iters.size());
    for (std::size_t i = 0; i < iters.size(); ++i)
        if (!vm.next(iters[i], args[i])) return false;
    out = vm.call_value(fn, args);
    return true;
}

STANDIN_DECL bool FilterIterator::next(Interpreter& vm, Value& out) {
    Value x;
    while (vm.next(inner, x)) {
        bool keep = fn.is_none() ? vm.truthy(x) : vm.truthy(vm.call_value(fn, std::span<const Value>(&x, 1)));
        if (keep) {
            out = std::move(x);
            return true;
        }
    }
    return false;
}

STANDIN_DECL bool ReversedIterator::next(Interpreter& vm, Value& out) {
    if (seq.kind() == Kind::instance && index < 0) {
        // Sequence protocol (index counts up from -1 - k): __getitem__ until IndexError.
        std::int64_t i = -1 - index;
        try {
            out = vm.getitem(seq, Value(i));
        } catch (const GuestException& e) {
            if (vm.isinstance(e.exception(), vm.exception_class(exc::IndexError))) return false;
            throw;
        } catch (const Error& e) {
            if (exc_is_subclass(e.kind(), exc::IndexError)) return false;
            throw;
        }
        --index;
        return true;
    }
    if (index < 0) return false;
    if (auto* l = seq.dyn<List>()) {
        if (static_cast<std::size_t>(index) >= l->size()) {
            index = -1;
            return false;
        }
    }
    out = vm.getitem(seq, Value(index));
    --index;
    return true;
}

STANDIN_DECL Generator::Generator(Interpreter& vm, Frame& from)
    : Iterator(IterKind::generator), name(from.code->name), qualname(from.code->qualname), vm_(vm.lifetime()) {
    const std::size_t slots = from.code->nlocalsplus() + from.code->stacksize;
    storage_.reset(new std::byte[frame_header_bytes + slots * sizeof(Value)]);
    auto* f = new (storage_.get()) Frame();
    f->code = from.code;
    f->function = from.function;
    f->globals = from.globals;
    f->builtins = from.builtins;
    f->locals = from.locals;
    f->code_owner = from.code_owner;
    f->localsplus = reinterpret_cast<Value*>(storage_.get() + frame_header_bytes);
    for (std::size_t i = 0; i < slots; ++i) new (f->localsplus + i) Value(std::move(from.localsplus[i]));
    f->sp = f->localsplus + (from.sp - from.localsplus);
    f->ip = from.ip;
    f->generator = this;
}

STANDIN_DECL void Generator::release_frame() noexcept {
    Frame* f = frame();
    if (!f) return;
    state = State::finished;
    const std::size_t slots = f->code->nlocalsplus() + f->code->stacksize;
    for (std::size_t i = 0; i < slots; ++i) f->localsplus[i].~Value();
    f->~Frame();
}

STANDIN_DECL Generator::~Generator() {
    // Suspended where a finally or with block is open, or in a yield from an
    // iterator object (whose close() it calls): close it, as CPython does when
    // the last reference goes (errors raised by the close are dropped).
    if (state == State::suspended) {
        Frame* f = frame();
        const std::vector<Instruction>& code = f->code->instructions;
        const bool from_object = f->ip >= 2 && code[f->ip - 1].op == Opcode::YIELD_VALUE &&
                                 code[f->ip - 2].op == Opcode::SEND && f->sp[-1].kind() == Kind::native &&
                                 dynamic_cast<GuestIterator*>(f->sp[-1].as<NativeObject>());
        if (from_object || f->code->handler_for(f->current_instruction()))
            if (auto vm = vm_.lock(); vm && *vm) {
                try {
                    (*vm)->close_generator(*this);
                } catch (...) {
                }
            }
    }
    release_frame();
}

STANDIN_DECL bool Generator::next(Interpreter& vm, Value& out) { return vm.resume_generator(*this, Value(), out); }

STANDIN_DECL bool GuestIterator::next(Interpreter& vm, Value& out) {
    try {
        out = vm.call_method(obj, vm.names().next, {});
        return true;
    } catch (const GuestException& e) {
        if (vm.isinstance(e.exception(), vm.exception_class(exc::StopIteration))) return false;
        throw;
    }
}

STANDIN_NAMESPACE_END
