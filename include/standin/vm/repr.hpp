// hash, repr and str of guest values: the interpreter's side of
// runtime/repr.hpp (VmReprHook: instances with __repr__, classes, functions,
// bound methods, modules, tensors), and the cached one-character strings.
// Counterpart: CPython's Objects/object.c (PyObject_Repr, PyObject_Str,
// PyObject_Hash) and the tp_repr slots.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/repr.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/tensor/device.hpp>
#include <standin/vm/protocol.hpp>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL std::int64_t Interpreter::hash(const Value& v) {
    if (v.kind() == Kind::instance) {
        Class* cls = v.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.hash)) {
            if (m->is_none()) raise(exc::TypeError, "unhashable type: '" + detail::tname(v) + "'");
            Value r = call_value(bind_class_attr(*m, v, cls), {});
            if (!r.is_integral()) raise(exc::TypeError, "__hash__ method should return an integer");
            return r.as_integral();
        }
        if (cls->lookup(names_.eq) && !cls->is_subclass_of(types_.base_exception.get()))
            raise(exc::TypeError, "unhashable type: '" + detail::tname(v) + "'");
    }
    if (v.kind() == Kind::native && dynamic_cast<DictView*>(v.as<NativeObject>()))
        raise(exc::TypeError, "unhashable type: '" + detail::tname(v) + "'");
    if (v.kind() == Kind::instance) return detail::hash_identity(v.object());
    // A bound method: of its object's identity and its function, as equal
    // bound methods (o.m == o.m) hash alike in CPython.
    if (auto* m = v.dyn<BoundMethod>()) {
        const std::int64_t self = m->self().is_heap() ? detail::hash_identity(m->self().object()) : hash_value(m->self());
        return self ^ hash(m->function());
    }
    return hash_value(v);
}

namespace detail {
class VmReprHook final : public ReprHook {
public:
    explicit VmReprHook(Interpreter& vm) : vm_(vm) {}
    STANDIN_DECL bool repr(const Value& v, std::string& out) override;
    // An OrderedDict subclass prints under its own name, as CPython's OrderedDict.__repr__.
    std::string ordered_dict_name(const Value& v) override { return std::string(vm_.type_of(v)->name()->view()); }

private:
    Interpreter& vm_;
};
}  // namespace detail

STANDIN_DECL std::string Interpreter::repr(const Value& v) {
    detail::VmReprHook hook(*this);
    return standin::repr(v, &hook);
}

STANDIN_DECL std::string Interpreter::str(const Value& v) {
    if (subclass_instance(v)) [[unlikely]]
        if (const Value* m = subclass_override(v, names_.str)) {
            Value r = call_override(v, *m, {});
            if (auto* s = r.dyn<Str>()) return s->text();
            raise(exc::TypeError, "__str__ returned non-string (type " + detail::tname(r) + ")");
        }
    switch (v.kind()) {
    case Kind::str: return v.as<Str>()->text();
    case Kind::instance: {
        Class* cls = v.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.str)) {
            Value r = call_value(bind_class_attr(*m, v, cls), {});
            if (auto* s = r.dyn<Str>()) return s->text();
            raise(exc::TypeError, "__str__ returned non-string (type " + detail::tname(r) + ")");
        }
        return repr(v);
    }
    case Kind::native:
        if (const DeviceObject* d = as_device_object(v)) return d->str();
        return repr(v);
    default: return repr(v);
    }
}


STANDIN_DECL bool detail::VmReprHook::repr(const Value& v, std::string& out) {
    const auto& n = vm_.names();
    vm_.check_native_stack();
    if (subclass_instance(v))  // a list or dict of a guest subclass: its own __repr__, if any
        if (const Value* m = vm_.subclass_override(v, n.repr)) {
            Value r = vm_.call_override(v, *m, {});
            if (auto* s = r.dyn<Str>()) {
                out += s->view();
                return true;
            }
            raise(exc::TypeError, "__repr__ returned non-string (type " + tname(r) + ")");
        }
    switch (v.kind()) {
    case Kind::instance: {
        Class* cls = v.as<Instance>()->cls();
        if (cls->lookup(n.repr)) {
            Value r = vm_.call_value(vm_.getattr(v, n.repr), {});
            if (auto* s = r.dyn<Str>()) {
                out += s->view();
                return true;
            }
            raise(exc::TypeError, "__repr__ returned non-string (type " + tname(r) + ")");
        }
        out += default_object_repr(vm_, v);
        return true;
    }
    case Kind::class_: {
        auto* cls = v.as<Class>();
        // An enum class prints as <enum 'Color'> (EnumType.__repr__ in CPython).
        if (cls->lookup(intern("__class_repr__"))) {
            Value r = vm_.call_value(vm_.getattr(v, intern("__class_repr__")), {});
            if (r.is<Str>()) {
                out += r.as<Str>()->view();
                return true;
            }
        }
        const Value* mod = cls->dict()->find(n.module);
        std::string prefix = mod && mod->is<Str>() && mod->as<Str>()->view() != "builtins"
                                 ? std::string(mod->as<Str>()->view()) + "."
                                 : "";
        const Value* qn = cls->dict()->find(n.qualname);
        std::string name = qn && qn->is<Str>() ? std::string(qn->as<Str>()->view()) : std::string(cls->name()->view());
        out += "<class '" + prefix + name + "'>";
        return true;
    }
    case Kind::bound_method: {
        auto* m = v.as<BoundMethod>();
        std::string fname = "?";
        if (auto* f = m->function().dyn<Function>()) fname = std::string(f->qualname()->view());
        out += "<bound method " + fname + " of " + vm_.repr(m->self()) + ">";
        return true;
    }
    case Kind::builtin: {
        auto* b = v.as<Builtin>();
        const std::string_view name = b->name()->view();
        const bool dunder = name.size() > 4 && name.starts_with("__") && name.ends_with("__");
        if (b->self().is_null() && b->owner())  // a method read from its type: CPython's descriptor reprs
            out += (dunder ? "<slot wrapper '" : "<method '") + std::string(name) + "' of '" + b->owner()->name()->text() +
                   "' objects>";
        else if (b->self().is_null() || b->self().is_none() || b->self().is<Module>())
            out += "<built-in function " + std::string(name) + ">";
        else
            out += (dunder ? "<method-wrapper '" + std::string(name) + "' of " : "<built-in method " + std::string(name) + " of ") +
                   tname(b->self()) + " object at " + detail::address_of(b->self()) + ">";
        return true;
    }
    case Kind::tensor: out += tensor_repr(v); return true;
    case Kind::code: out += code_repr(*v.as<Code>()); return true;
    case Kind::module: {
        out += "<module '" + std::string(v.as<Module>()->name()->view()) + "' (built-in)>";
        return true;
    }
    case Kind::native: {
        auto* obj = v.as<NativeObject>();
        if (auto* dv = dynamic_cast<DictView*>(obj)) {
            out += std::string(dv->type_name()) + "(";
            out += vm_.repr(list(vm_.to_vector(v)));
            out += ")";
            return true;
        }
        if (dynamic_cast<NotImplementedType*>(obj)) {
            out += "NotImplemented";
            return true;
        }
        if (torch_native_repr(v, out)) return true;
        if (auto* g = dynamic_cast<Generator*>(obj)) {
            out += "<generator object " + g->qualname->text() + " at " + detail::address_of(v) + ">";
            return true;
        }
        out += "<" + std::string(obj->type_name()) + " object at " + detail::address_of(v) + ">";
        return true;
    }
    default: return false;
    }
}

STANDIN_DECL Value Interpreter::char_str(std::string_view ch) {
    if (ch.size() == 1 && static_cast<unsigned char>(ch[0]) < 128) {
        Value& slot = ascii_chars_[static_cast<unsigned char>(ch[0])];
        if (slot.is_none()) slot = interned(ch);
        return slot;
    }
    return standin::str(std::string(ch));
}

STANDIN_NAMESPACE_END
