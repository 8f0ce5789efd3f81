// resolve(): fetch the value a source names from a frame, as the guest would
// see it through the path — without running guest code (no properties, no
// binding of methods: a function found on the class is returned as is, the
// way Dynamo's guards read attributes statically). A missing attribute, key or
// index raises the guest error naming the source.
// Counterpart: eval(source.name(), frame scope) in torch/_dynamo/guards.py.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/repr.hpp>
#include <standin/runtime/tensor/tensor.hpp>
#include <standin/source/frame_view.hpp>
#include <standin/source/source.hpp>

STANDIN_NAMESPACE_BEGIN

namespace detail {

// Attribute lookup without binding or guest code. Returns a pointer into the
// owning object's storage, or nullptr when the attribute does not exist.
inline const Value* static_getattr(const Value& obj, const Str* name) noexcept {
    switch (obj.kind()) {
    case Kind::instance: {
        auto* inst = obj.as<Instance>();
        if (const Value* v = inst->dict()->find(name)) return v;
        return unwrap_class_attr(inst->cls()->lookup(name));
    }
    case Kind::class_: return unwrap_class_attr(obj.as<Class>()->lookup(name));
    case Kind::module: return obj.as<Module>()->dict()->find(name);
    case Kind::function: {
        static const Str* const defaults_name = intern("__defaults__");
        static const Str* const closure_name = intern("__closure__");
        static const Str* const code_name = intern("__code__");
        auto* fn = obj.as<Function>();
        if (name == defaults_name) return &fn->defaults();
        if (name == closure_name) return &fn->closure();
        if (name == code_name) return &fn->code();
        return fn->dict()->find(name);
    }
    case Kind::native: return obj.as<NativeObject>()->static_attr(name);
    case Kind::tensor: {
        // A tensor's own Python attributes (p._no_weight_decay).
        auto* attrs = static_cast<const Dict*>(obj.as<Tensor>()->py_attrs());
        return attrs ? attrs->find(name) : nullptr;
    }
    case Kind::bound_method: {
        static const Str* const func_name = intern("__func__");
        static const Str* const self_name = intern("__self__");
        auto* m = obj.as<BoundMethod>();
        if (name == func_name) return &m->function();
        if (name == self_name) return &m->self();
        return nullptr;
    }
    case Kind::builtin: {
        static const Str* const self_name = intern("__self__");
        const Value& self = obj.as<Builtin>()->self();
        return name == self_name && !self.is_null() ? &self : nullptr;
    }
    case Kind::cell: {
        static const Str* const contents_name = intern("cell_contents");
        auto* cell = obj.as<Cell>();
        if (name == contents_name && !cell->empty()) return &cell->get();
        return nullptr;
    }
    default: return nullptr;
    }
}

// Item lookup: list/tuple by int index (negative counts from the end), dict by key.
inline const Value* static_getitem(const Value& obj, std::int64_t index) noexcept {
    std::span<const Value> items;
    if (auto* l = obj.dyn<List>()) items = l->items();
    else if (auto* t = obj.dyn<Tuple>()) items = t->items();
    else if (auto* d = obj.dyn<Dict>()) {
        try {
            return d->find(Value(index));
        } catch (...) {
            return nullptr;
        }
    } else return nullptr;
    if (!normalize_index(index, items.size())) return nullptr;
    return &items[static_cast<std::size_t>(index)];
}

inline const Value* static_getitem(const Value& obj, const Str* key) noexcept {
    if (auto* d = obj.dyn<Dict>()) return d->find(key);
    return nullptr;
}

// The index-th live entry of a dict, in insertion order, or nullptr.
inline const DictEntry* dict_entry_at(const Value& obj, std::int64_t index) noexcept {
    auto* d = obj.dyn<Dict>();
    if (!d || index < 0) return nullptr;
    for (std::size_t i = 0; i < d->slot_count(); ++i)
        if (!d->slot(i).key.is_null() && index-- == 0) return &d->slot(i);
    return nullptr;
}

// The cell `fn.__closure__[index]`, or nullptr when `fn` is not a function
// or has no such cell.
inline Cell* closure_cell(const Value& fn, std::int64_t index) noexcept {
    auto* f = fn.dyn<Function>();
    const Value* cell = f ? static_getitem(f->closure(), index) : nullptr;
    return cell ? cell->dyn<Cell>() : nullptr;
}

// A cell's contents, or nullptr when there is no cell or it is empty.
inline const Value* cell_contents(const Cell* c) noexcept { return c && !c->empty() ? &c->get() : nullptr; }

[[noreturn]] inline void resolve_error(exc kind, std::string message, const Source* source) {
    raise(kind, std::move(message) + " (while resolving " + source->name() + ")");
}

}  // namespace detail

// The value `source` names in `frame`.
inline Value resolve(const Source* source, const FrameView& frame) {
    return boost::variant2::visit(
        overloaded{
            [&](const LocalSource& s) -> Value {
                std::int64_t slot = frame.slot_of(s.name);
                const Value* v = slot < 0 ? nullptr : frame.local(static_cast<std::size_t>(slot));
                if (!v)
                    detail::resolve_error(exc::NameError, "name '" + s.name->text() + "' is not a bound local of the frame",
                                          source);
                return *v;
            },
            [&](const GlobalSource& s) -> Value {
                const Value* v = frame.globals ? frame.globals->find(s.name) : nullptr;
                if (!v) detail::resolve_error(exc::NameError, "name '" + s.name->text() + "' is not defined", source);
                return *v;
            },
            [&](const AttrSource& s) -> Value {
                Value base = resolve(s.base, frame);
                const Value* v = detail::static_getattr(base, s.member);
                if (!v)
                    detail::resolve_error(exc::AttributeError,
                                          "'" + std::string(type_name(base)) + "' object has no attribute '" +
                                              s.member->text() + "'",
                                          source);
                return *v;
            },
            [&](const GetItemSource& s) -> Value {
                Value base = resolve(s.base, frame);
                const Value* v = detail::static_getitem(base, s.index);
                if (!v) {
                    if (base.is<Dict>()) detail::resolve_error(exc::KeyError, std::to_string(s.index), source);
                    detail::resolve_error(exc::IndexError, std::string(type_name(base)) + " index out of range", source);
                }
                return *v;
            },
            [&](const DictGetItemSource& s) -> Value {
                Value base = resolve(s.base, frame);
                const Value* v = detail::static_getitem(base, s.key);
                if (!v) detail::resolve_error(exc::KeyError, str_repr(s.key->view()), source);
                return *v;
            },
            [&](const TypeSource& s) -> Value {
                Value base = resolve(s.base, frame);
                if (auto* inst = base.dyn<Instance>()) return Value::borrow(inst->cls());
                if (Instance* sub = subclass_instance(base)) return Value::borrow(sub->cls());  // a dict/list subclass
                detail::resolve_error(exc::TypeError,
                                      "type() of a '" + std::string(type_name(base)) + "' is not a guest class",
                                      source);
            },
            [&](const NNModuleSource& s) -> Value { return resolve(s.base, frame); },
            [&](const DefaultsSource& s) -> Value {
                Value fn = resolve(s.base, frame);
                auto* f = fn.dyn<Function>();
                if (!f) detail::resolve_error(exc::AttributeError, "'" + std::string(type_name(fn)) +
                                                                       "' object has no attribute '__defaults__'",
                                              source);
                const Value* v = detail::static_getitem(f->defaults(), s.index);
                if (!v) detail::resolve_error(exc::IndexError, "tuple index out of range", source);
                return *v;
            },
            [&](const DictKeySource& s) -> Value {
                const DictEntry* e = detail::dict_entry_at(resolve(s.base, frame), s.index);
                if (!e) detail::resolve_error(exc::IndexError, "list index out of range", source);
                return e->key;
            },
            [&](const DictValueSource& s) -> Value {
                const DictEntry* e = detail::dict_entry_at(resolve(s.base, frame), s.index);
                if (!e) detail::resolve_error(exc::IndexError, "list index out of range", source);
                return e->value;
            },
            [&](const ClosureSource& s) -> Value {
                Value fn = resolve(s.base, frame);
                auto* f = fn.dyn<Function>();
                if (!f) detail::resolve_error(exc::AttributeError, "'" + std::string(type_name(fn)) +
                                                                       "' object has no attribute '__closure__'",
                                              source);
                const Value* cell = detail::static_getitem(f->closure(), s.index);
                if (!cell) detail::resolve_error(exc::IndexError, "tuple index out of range", source);
                auto* c = cell->dyn<Cell>();
                const Value* v = c && !c->empty() ? &c->get() : nullptr;
                if (!v) detail::resolve_error(exc::ValueError, "Cell is empty", source);
                return *v;
            },
        },
        source->node());
}

// The compile-time face: resolve a chain type. Its names are interned once,
// when the chain's runtime node is first built.
template <static_source S>
Value resolve(S s, const FrameView& frame) {
    return resolve(to_runtime(s), frame);
}

STANDIN_NAMESPACE_END
