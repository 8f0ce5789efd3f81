// Accessors: how a guard manager node reaches its value from its parent's
// (or, for the root's children, from the frame). Each returns a pointer into
// the owner's storage — no copy, no count touched — or nullptr when the path
// is broken (missing attribute, key, index or local).
// Counterpart: the GuardAccessor subclasses of torch/csrc/dynamo/guards.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/source/frame_view.hpp>
#include <standin/source/resolve.hpp>

#include <boost/variant2/variant.hpp>

#include <cstdint>
#include <string>

STANDIN_NAMESPACE_BEGIN

struct FrameLocalsAccessor {
    Str* name;
    std::uint32_t slot;
};
struct GlobalsAccessor {
    Str* name;
};
struct GetAttrAccessor {
    Str* name;
};
struct GetItemAccessor {
    std::int64_t index;
};
struct DictGetItemAccessor {
    Str* key;
};
struct TypeAccessor {};
struct FuncDefaultsAccessor {
    std::int64_t index;
};
struct ClosureAccessor {
    std::int64_t index;
};
// A dict's index-th key / the value under it (insertion order).
struct DictKeyAccessor {
    std::int64_t index;
};
struct DictValueAccessor {
    std::int64_t index;
};

using Accessor = boost::variant2::variant<FrameLocalsAccessor, GlobalsAccessor, GetAttrAccessor, GetItemAccessor,
                                          DictGetItemAccessor, TypeAccessor, FuncDefaultsAccessor, ClosureAccessor,
                                          DictKeyAccessor, DictValueAccessor>;

// Per-node state an accessor may keep between checks.
struct AccessState {
    std::uint32_t hint = 0;  // dict slot where the name was last found
    Value scratch;           // holds values no container owns (type(x))
    // True when the returned pointer stays valid, and the value the same, as
    // long as the parent's identity and version tag do not change.
    bool stable = false;
};

// The child value from the parent's; nullptr when absent.
STANDIN_ALWAYS_INLINE const Value* access(const Accessor& accessor, const Value& parent, AccessState& state) noexcept {
    return boost::variant2::visit(
        overloaded{
            [&](const FrameLocalsAccessor&) -> const Value* { return nullptr; },
            [&](const GlobalsAccessor&) -> const Value* { return nullptr; },
            [&](const GetAttrAccessor& a) -> const Value* {
                Kind kind = parent.kind();
                // A list or dict of a guest subclass: its attributes are its Instance's.
                Instance* sub = (kind == Kind::dict || kind == Kind::list) ? subclass_instance(parent) : nullptr;
                if (sub) kind = Kind::instance;
                switch (kind) {
                case Kind::instance: {
                    auto* inst = sub ? sub : parent.as<Instance>();
                    if (const Value* v = inst->dict()->find(a.name, state.hint)) {
                        state.stable = true;
                        return v;
                    }
                    // Found on the class: the class may change without the
                    // instance's version moving, so never reuse this pointer.
                    state.stable = false;
                    if (const Value* c = inst->cls()->lookup(a.name)) return unwrap_class_attr(c);
                    // obj.__class__ (a classmethod's source, self.__class__.f):
                    // the class, as TypeAccessor reads it.
                    if (a.name->view() == "__class__") {
                        if (state.scratch.object() != inst->cls()) state.scratch = Value::borrow(inst->cls());
                        return &state.scratch;
                    }
                    // obj.__dict__ (a guard on a module's member names): the
                    // instance's own dict, the same object for its lifetime.
                    if (a.name->view() == "__dict__") {
                        if (state.scratch.object() != inst->dict()) state.scratch = Value::borrow(inst->dict());
                        state.stable = true;
                        return &state.scratch;
                    }
                    return nullptr;
                }
                case Kind::module:
                    state.stable = true;
                    return parent.as<Module>()->dict()->find(a.name, state.hint);
                case Kind::class_:
                    state.stable = false;
                    // cls.__name__ (C.__name__ = ... renames it).
                    if (a.name->view() == "__name__") {
                        Str* name = parent.as<Class>()->name();
                        if (state.scratch.object() != name) state.scratch = Value::borrow(name);
                        return &state.scratch;
                    }
                    // type(obj).__mro__ (super().a's source): the MRO as a
                    // tuple, rebuilt only when it is another one.
                    if (a.name->view() == "__mro__") {
                        const auto& mro = parent.as<Class>()->mro();
                        auto* t = state.scratch.dyn<Tuple>();
                        bool same = t && t->size() == mro.size();
                        for (std::size_t i = 0; same && i < mro.size(); ++i) same = (*t)[i].object() == mro[i];
                        if (!same) {
                            std::vector<Value> items;
                            for (Class* c : mro) items.push_back(Value::borrow(c));
                            state.scratch = tuple(std::move(items));
                        }
                        return &state.scratch;
                    }
                    // cls.__dict__: the class's own dict (a DictVersion guard
                    // that no class between super()'s start and the owner
                    // gained the attribute).
                    if (a.name->view() == "__dict__") {
                        if (state.scratch.object() != parent.as<Class>()->dict())
                            state.scratch = Value::borrow(parent.as<Class>()->dict());
                        return &state.scratch;
                    }
                    return detail::static_getattr(parent, a.name);
                case Kind::builtin: {
                    // A method bound to a list or dict passed in (fn =
                    // xs.append): its __self__ and __name__.
                    auto* b = parent.as<Builtin>();
                    state.stable = true;
                    if (a.name->view() == "__name__") {
                        if (state.scratch.object() != b->name()) state.scratch = Value::borrow(b->name());
                        return &state.scratch;
                    }
                    return detail::static_getattr(parent, a.name);
                }
                case Kind::function:
                    // fn.__name__ / __qualname__ (assignable, without a version).
                    if (a.name->view() == "__name__" || a.name->view() == "__qualname__") {
                        state.stable = false;
                        if (const Value* assigned = detail::static_getattr(parent, a.name)) return assigned;  // fn.__name__ = ...
                        auto* fn = parent.as<Function>();
                        Str* name = a.name->view() == "__name__" ? fn->name() : fn->qualname();
                        if (state.scratch.object() != name) state.scratch = Value::borrow(name);
                        return &state.scratch;
                    }
                    state.stable = true;
                    return detail::static_getattr(parent, a.name);
                default: state.stable = true; return detail::static_getattr(parent, a.name);
                }
            },
            [&](const GetItemAccessor& a) -> const Value* {
                state.stable = true;
                return detail::static_getitem(parent, a.index);
            },
            [&](const DictGetItemAccessor& a) -> const Value* {
                state.stable = true;
                if (auto* d = parent.dyn<Dict>()) return d->find(a.key, state.hint);
                return nullptr;
            },
            [&](const TypeAccessor&) -> const Value* {
                auto* inst = parent.dyn<Instance>();
                // (a list or dict of a guest subclass: its Instance's class)
                if (!inst && (parent.kind() == Kind::dict || parent.kind() == Kind::list)) inst = subclass_instance(parent);
                if (!inst) return nullptr;
                if (state.scratch.object() != inst->cls()) state.scratch = Value::borrow(inst->cls());
                state.stable = true;
                return &state.scratch;
            },
            [&](const FuncDefaultsAccessor& a) -> const Value* {
                auto* f = parent.dyn<Function>();
                state.stable = true;
                return f ? detail::static_getitem(f->defaults(), a.index) : nullptr;
            },
            [&](const ClosureAccessor& a) -> const Value* {
                Cell* c = detail::closure_cell(parent, a.index);
                // The cell can be rebound without the function's version
                // moving: never reuse the pointer, and have rebinding the
                // cell wake the tree (the contents node cannot watch it).
                state.stable = false;
                if (c) c->watch();
                return detail::cell_contents(c);
            },
            [&](const DictKeyAccessor& a) -> const Value* {
                state.stable = true;
                const DictEntry* e = detail::dict_entry_at(parent, a.index);
                return e ? &e->key : nullptr;
            },
            [&](const DictValueAccessor& a) -> const Value* {
                state.stable = true;
                const DictEntry* e = detail::dict_entry_at(parent, a.index);
                return e ? &e->value : nullptr;
            },
        },
        accessor);
}

// A root accessor: the value from the frame.
inline const Value* access_root(const Accessor& accessor, const FrameView& frame, AccessState& state) noexcept {
    if (auto* l = boost::variant2::get_if<FrameLocalsAccessor>(&accessor)) return frame.local(l->slot);
    if (auto* g = boost::variant2::get_if<GlobalsAccessor>(&accessor))
        return frame.globals ? frame.globals->find(g->name, state.hint) : nullptr;
    return nullptr;
}

// As the tree listing prints it: "GetAttrGuardAccessor(scale)".
STANDIN_DECL std::string accessor_text(const Accessor& accessor);

// The premise an accessor adds by itself: that the path exists.
STANDIN_DECL std::string accessor_premise(const Accessor& accessor, const std::string& parent_name);

#if STANDIN_DEFINITIONS

STANDIN_DECL std::string accessor_text(const Accessor& accessor) {
    return boost::variant2::visit(
        overloaded{
            [](const FrameLocalsAccessor& a) {
                return "FrameLocalsGuardAccessor(key=" + str_repr(a.name->view()) +
                       ", framelocals_idx=" + std::to_string(a.slot) + ")";
            },
            [](const GlobalsAccessor& a) { return "GlobalsGuardAccessor(key=" + str_repr(a.name->view()) + ")"; },
            [](const GetAttrAccessor& a) { return "GetAttrGuardAccessor(" + a.name->text() + ")"; },
            [](const GetItemAccessor& a) { return "GetItemGuardAccessor(" + std::to_string(a.index) + ")"; },
            [](const DictGetItemAccessor& a) { return "DictGetItemGuardAccessor(" + str_repr(a.key->view()) + ")"; },
            [](const TypeAccessor&) { return std::string("TypeGuardAccessor"); },
            [](const FuncDefaultsAccessor& a) { return "FuncDefaultsGuardAccessor(" + std::to_string(a.index) + ")"; },
            [](const ClosureAccessor& a) { return "ClosureGuardAccessor(" + std::to_string(a.index) + ")"; },
            [](const DictKeyAccessor& a) { return "DictKeyGuardAccessor(index=" + std::to_string(a.index) + ")"; },
            [](const DictValueAccessor& a) { return "DictValueGuardAccessor(index=" + std::to_string(a.index) + ")"; },
        },
        accessor);
}

STANDIN_DECL std::string accessor_premise(const Accessor& accessor, const std::string& parent_name) {
    return boost::variant2::visit(
        overloaded{
            [](const FrameLocalsAccessor& a) { return str_repr(a.name->view()) + " in L"; },
            [](const GlobalsAccessor& a) { return str_repr(a.name->view()) + " in G"; },
            [&](const GetAttrAccessor& a) { return "hasattr(" + parent_name + ", " + str_repr(a.name->view()) + ")"; },
            [&](const GetItemAccessor& a) { return "len(" + parent_name + ") > " + std::to_string(a.index); },
            [&](const DictGetItemAccessor& a) { return str_repr(a.key->view()) + " in " + parent_name; },
            [&](const TypeAccessor&) { return "isinstance(" + parent_name + ", object)"; },
            [&](const FuncDefaultsAccessor& a) {
                return "len(" + parent_name + ".__defaults__) > " + std::to_string(a.index);
            },
            [&](const ClosureAccessor& a) {
                return "len(" + parent_name + ".__closure__) > " + std::to_string(a.index);
            },
            [&](const DictKeyAccessor& a) { return "len(" + parent_name + ") > " + std::to_string(a.index); },
            [&](const DictValueAccessor& a) { return "len(" + parent_name + ") > " + std::to_string(a.index); },
        },
        accessor);
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
