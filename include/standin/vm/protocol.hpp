// The object protocol: types, attribute lookup (instance dict, class chain,
// descriptors), subscripts and iteration, with CPython's error messages. User
// classes take part through their dunder methods. Operators and comparisons
// are in vm/operators.hpp, hash/repr/str in vm/repr.hpp.
// Counterpart: CPython's Objects/abstract.c, object.c, typeobject.c slots.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/protocol.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/tensor/tensor.hpp>
#include <standin/vm/interpreter.hpp>
#include <standin/lang/compiler.hpp>
#include <standin/lang/dis.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <cstring>
#include <ostream>

STANDIN_NAMESPACE_BEGIN

namespace detail::builtins {
inline Value object_new_static(Interpreter& vm, const Value& self, std::span<const Value> args,
                               std::span<const KwArg> kwargs);  // constructors.hpp
inline Value class_subclasses(Interpreter& vm, const Value& self, std::span<const Value> args,
                              std::span<const KwArg> kwargs);  // constructors.hpp
inline Value sequence_iter(Interpreter& vm, const Value& self, std::span<const Value> args,
                           std::span<const KwArg> kwargs);  // constructors.hpp
#define STANDIN_OBJECT_SLOT_DECL(fname) \
    inline Value fname(Interpreter& vm, const Value& self, std::span<const Value> args, std::span<const KwArg> kwargs);
STANDIN_OBJECT_SLOT_DECL(object_repr_slot)
STANDIN_OBJECT_SLOT_DECL(object_str_slot)
STANDIN_OBJECT_SLOT_DECL(object_hash_slot)
STANDIN_OBJECT_SLOT_DECL(object_eq_slot)
STANDIN_OBJECT_SLOT_DECL(object_ne_slot)
STANDIN_OBJECT_SLOT_DECL(object_order_slot)
STANDIN_OBJECT_SLOT_DECL(object_format_slot)
STANDIN_OBJECT_SLOT_DECL(call_slot)
#undef STANDIN_OBJECT_SLOT_DECL
}  // namespace detail::builtins

namespace detail {

// `x op y` for one of COMPARE_OP's six operators, on any ordered type: the one
// switch every comparison fast path shares.
template <class T>
STANDIN_ALWAYS_INLINE constexpr bool apply_compare(CompareOp op, const T& x, const T& y) noexcept {
    switch (op) {
    case CMP_LT: return x < y;
    case CMP_LE: return x <= y;
    case CMP_EQ: return x == y;
    case CMP_NE: return x != y;
    case CMP_GT: return x > y;
    default: return x >= y;  // CMP_GE
    }
}

inline std::string tname(const Value& v) { return std::string(type_name(v)); }
// Exception `e` raised while `handled` is handled: `handled` becomes its
// __context__. Where `e` is already a context in handled's chain, that link
// is cut first, so the chain has no cycle (CPython's _PyErr_SetObject).
inline void set_exception_context(const Value& e, const Value& handled) {
    if (e.kind() != Kind::instance || handled.kind() != Kind::instance || e.identical(handled)) return;
    Str* const context_name = intern("__context__");
    Value o = handled;
    for (int steps = 0; steps < 10000 && o.kind() == Kind::instance; ++steps) {
        const Value* next = o.as<Instance>()->find_attr(context_name);
        if (!next || next->is_none()) break;
        if (next->identical(e)) {
            o.as<Instance>()->set_attr(context_name, Value());
            break;
        }
        o = *next;
    }
    e.as<Instance>()->set_attr(context_name, handled);
}

// PEP 479: the RuntimeError that replaces a StopIteration leaving a
// generator's body, raised `from` it (the VM and the tracer raise the same).
inline Value pep479_error(Interpreter& vm, const Value& stop) {
    const Value message = standin::str("generator raised StopIteration");
    Value error = vm.call_value(Value::borrow(vm.exception_class(exc::RuntimeError)), std::span<const Value>(&message, 1));
    if (stop.kind() == Kind::instance) {
        error.as<Instance>()->set_attr(intern("__cause__"), stop);
        error.as<Instance>()->set_attr(intern("__context__"), stop);
        error.as<Instance>()->set_attr(intern("__suppress_context__"), Value(true));
    }
    return error;
}

// CPython's TypeError text for a value used where an integer is needed
// (`[1] * 2.5`, a __len__ returning a float, `bin(1.0)`).
inline std::string not_an_integer(const Value& v) {
    return "'" + tname(v) + "' object cannot be interpreted as an integer";
}

// The property a class attribute is, or nullptr.
inline Property* as_property(const Value* a) {
    return a && a->kind() == Kind::native ? dynamic_cast<Property*>(a->as<NativeObject>()) : nullptr;
}

// A tensor's own attribute dict (its __dict__), made on first use.
inline Dict* tensor_attrs(const Value& t) {
    Tensor* tensor = t.as<Tensor>();
    if (!tensor->py_attrs()) tensor->set_py_attrs(make_ref<Dict>());
    return static_cast<Dict*>(tensor->py_attrs());
}

inline std::string address_of(const Value& v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%#llx", static_cast<unsigned long long>(v.raw_bits()));
    return buf;
}

// object.__repr__: <module.Name object at 0x...>, whatever the type's own __repr__.
inline std::string default_object_repr(Interpreter& vm, const Value& v) {
    Class* cls = vm.type_of(v);
    const Value* mod = cls->dict()->find(vm.names().module);
    std::string prefix = mod && mod->is<Str>() && mod->as<Str>()->view() != "builtins"
                             ? std::string(mod->as<Str>()->view()) + "."
                             : "";
    return "<" + prefix + std::string(cls->name()->view()) + " object at " + address_of(v) + ">";
}

// How CPython's errors about a call name the callable: module.qualname()
// ("__main__.f()", "__main__.C.m()"), a built-in's qualname() ("dict()").
inline std::string callable_description(Interpreter& vm, const Value& fn) {
    Value target = fn;
    if (auto* m = fn.dyn<BoundMethod>()) target = m->function();
    Value qualname, module;
    if (!vm.try_getattr(target, vm.names().qualname, qualname) || !qualname.is<Str>()) return vm.str(fn) + "()";
    std::string out = qualname.as<Str>()->text() + "()";
    if (target.is<Function>() && vm.try_getattr(target, vm.names().module, module) && module.is<Str>() &&
        module.as<Str>()->view() != "builtins")
        out = module.as<Str>()->text() + "." + out;
    return out;
}

// zip(..., strict=True)'s ValueError (the VM's and the trace's): argument
// `at` (0-based) ran short, or long, against the ones before it.
inline std::string zip_strict_message(std::size_t at, bool shorter) {
    return "zip() argument " + std::to_string(at + 1) + " is " + (shorter ? "shorter" : "longer") + " than argument" +
           (at == 1 ? std::string(" 1") : "s 1-" + std::to_string(at));
}

// xs.extend(src) and xs += src: a list or tuple is copied first (xs.extend(xs)
// doubles xs); any other iterable is appended item by item, so an error
// raised midway keeps what came before it, as CPython's list_extend does.
inline void extend_list(Interpreter& vm, const Value& xs, const Value& src) {
    if ((src.is<List>() || src.is<Tuple>()) && !subclass_instance(src)) {
        auto items = vm.to_vector(src);
        xs.as<List>()->extend(items);
        return;
    }
    Value it = vm.iter(src);
    Value item;
    while (vm.next(it, item)) xs.as<List>()->append(item);
}

// One of object's slot methods (constructors.hpp) that no class in the MRO
// overrides, read as an attribute: bound to self, or unbound when self is
// null (object.__repr__, A.__eq__). A class that defines __eq__ without
// __hash__ has __hash__ None, as type.__new__ sets it. False when name is
// not such a slot.
inline bool is_object_slot_name(std::string_view n) {
    return n.size() >= 6 && n.starts_with("__") && n.ends_with("__") &&
           (n == "__repr__" || n == "__str__" || n == "__hash__" || n == "__eq__" || n == "__ne__" || n == "__lt__" ||
            n == "__le__" || n == "__gt__" || n == "__ge__" || n == "__format__");
}
inline bool object_slot(Interpreter& vm, Str* name, const Value& self, Class* cls, Value& out) {
    const std::string_view n = name->view();
    if (!is_object_slot_name(n)) return false;
    Builtin::Fn fn = nullptr;
    if (n == "__repr__") fn = &builtins::object_repr_slot;
    else if (n == "__str__") fn = &builtins::object_str_slot;
    else if (n == "__hash__") fn = &builtins::object_hash_slot;
    else if (n == "__eq__") fn = &builtins::object_eq_slot;
    else if (n == "__ne__") fn = &builtins::object_ne_slot;
    else if (n == "__lt__" || n == "__le__" || n == "__gt__" || n == "__ge__") fn = &builtins::object_order_slot;
    else if (n == "__format__") fn = &builtins::object_format_slot;
    else return false;
    if (fn == &builtins::object_hash_slot && cls && cls->lookup(vm.names().eq) &&
        !cls->is_subclass_of(vm.types().base_exception.get()))
        return out = Value(), true;
    if (self.is_null())
        if (const Value* cached = vm.object_slots().find(name)) return out = *cached, true;
    out = make_value<Builtin>(name, fn, self);
    out.as<Builtin>()->set_owner(vm.types().object.get());
    if (self.is_null()) vm.object_slots().set(name, out);
    return true;
}

[[noreturn]] inline void attribute_error(const Value& obj, const Str* name) {
    if (auto* c = obj.dyn<Class>())
        raise(exc::AttributeError, "type object '" + std::string(c->name()->view()) + "' has no attribute '" +
                                       std::string(name->view()) + "'");
    if (auto* m = obj.dyn<Module>())
        raise(exc::AttributeError, "module '" + std::string(m->name()->view()) + "' has no attribute '" +
                                       std::string(name->view()) + "'");
    raise(exc::AttributeError, "'" + tname(obj) + "' object has no attribute '" + std::string(name->view()) + "'");
}

}  // namespace detail

// --- types ---------------------------------------------------------------------------
STANDIN_DECL Class* Interpreter::type_of(const Value& v) {
    switch (v.kind()) {
    case Kind::null:
    case Kind::none: return types_.none.get();
    case Kind::bool_: return types_.bool_.get();
    case Kind::int_: return types_.int_.get();
    case Kind::float_: return types_.float_.get();
    case Kind::str: return types_.str.get();
    case Kind::tuple: return types_.tuple.get();
    case Kind::list:
        if (Instance* inst = subclass_instance(v)) [[unlikely]]
            return inst->cls();
        return types_.list.get();
    case Kind::dict:
        if (Instance* inst = subclass_instance(v)) [[unlikely]]
            return inst->cls();
        return v.as<Dict>()->is_ordered() ? types_.ordered_dict.get() : types_.dict.get();
    case Kind::range: return types_.range.get();
    case Kind::slice: return types_.slice.get();
    case Kind::function: return types_.function.get();
    case Kind::bound_method: return types_.method.get();
    case Kind::builtin: return types_.builtin.get();
    case Kind::class_: return types_.type.get();
    case Kind::instance: return v.as<Instance>()->cls();
    case Kind::module: return types_.module.get();
    case Kind::tensor: return tensor_is_parameter(v) ? types_.parameter.get() : types_.tensor.get();
    case Kind::cell: return types_.cell.get();
    case Kind::code: return types_.code.get();
    case Kind::native: {
        auto* n = v.as<NativeObject>();
        if (auto* dv = dynamic_cast<DictView*>(n))
            return dv->view_kind == DictViewKind::keys ? types_.dict_keys.get()
                   : dv->view_kind == DictViewKind::values ? types_.dict_values.get() : types_.dict_items.get();
        if (dynamic_cast<Property*>(n)) return types_.property.get();
        if (dynamic_cast<StaticMethod*>(n)) return types_.staticmethod.get();
        if (dynamic_cast<ClassMethod*>(n)) return types_.classmethod.get();
        if (dynamic_cast<Super*>(n)) return types_.super.get();
        if (dynamic_cast<NotImplementedType*>(n)) return types_.not_implemented.get();
        return native_class(n->type_name());
    }
    }
    return types_.object.get();
}

STANDIN_DECL Class* Interpreter::native_class(std::string_view type_name) {
    auto& slot = native_classes_[std::string(type_name)];
    if (!slot) slot = make_ref<Class>(intern(type_name), types_.iterator);
    return slot.get();
}

STANDIN_DECL bool Interpreter::isinstance(const Value& v, const Class* cls) { return type_of(v)->is_subclass_of(cls); }

// --- attributes ----------------------------------------------------------------------
STANDIN_DECL Value Interpreter::bind_class_attr(const Value& attr, const Value& obj, Class* cls) {
    switch (attr.kind()) {
    case Kind::function: return make_value<BoundMethod>(attr, obj);
    case Kind::builtin: {
        auto* b = attr.as<Builtin>();
        if (b->self().is_null()) return make_value<Builtin>(b->name(), b->fn(), obj, b->data());
        // torch.compile's callable (a builtin over its CompiledFunction) is a
        // function to the class that holds it.
        if (b->self().kind() == Kind::native && b->self().as<NativeObject>()->binds_as_method())
            return make_value<BoundMethod>(attr, obj);
        return attr;
    }
    case Kind::native: {
        auto* n = attr.as<NativeObject>();
        if (auto* p = dynamic_cast<Property*>(n)) {
            if (p->fget.is_none()) raise(exc::AttributeError, "property has no getter");
            const Value args[] = {obj};
            return call_value(p->fget, args);
        }
        if (auto* s = dynamic_cast<StaticMethod*>(n)) return s->fn;
        if (auto* c = dynamic_cast<ClassMethod*>(n)) return bind_classmethod(c->fn, Value::borrow(cls));
        return attr;
    }
    case Kind::instance:
        // A descriptor written in Python: its __get__(obj, type).
        if (const Value* get = descriptor_method(&attr, names_.get_)) {
            const Value args[] = {attr, obj, Value::borrow(cls)};
            return call_value(*get, args);
        }
        return attr;
    default: return attr;
    }
}

// A classmethod read through `cls`: its function bound to cls; a property
// under it (@classmethod @property, chained in Python 3.9 to 3.12) is got
// with cls.
STANDIN_DECL Value Interpreter::bind_classmethod(const Value& fn, const Value& cls) {
    if (auto* p = detail::as_property(&fn)) {
        if (p->fget.is_none()) raise(exc::AttributeError, "property has no getter");
        return call_value(p->fget, std::span<const Value>(&cls, 1));
    }
    return make_value<BoundMethod>(fn, cls);
}

STANDIN_DECL Value Interpreter::lookup_type_attr(const Value& obj, Class* cls, Str* name, bool& found) {
    const Value* a = cls->lookup(name);
    found = a != nullptr;
    if (!a) return Value();
    return bind_class_attr(*a, obj, cls);
}

// An attribute of a guest class's instance: `obj` is the Instance, or the
// list or dict a guest subclass made (whose attributes live in `inst`).
STANDIN_DECL bool Interpreter::getattr_instance(const Value& obj, Instance* inst, Str* name, Value& out, bool raise_missing,
                                               bool hooks) {
        Class* cls = inst->cls();
        // The class's __getattr__ when the lookup found nothing.
        auto fallback = [&]() -> bool {
            const Value* ga = hooks ? cls->lookup(names_.getattr_) : nullptr;
            if (!ga) return false;
            const Value arg = Value::borrow(name);
            try {
                out = call_value(bind_class_attr(*ga, obj, cls), std::span<const Value>(&arg, 1));
                return true;
            } catch (const GuestException& e) {
                // getattr() without a default raises __getattr__'s own AttributeError.
                if (!raise_missing && isinstance(e.exception(), exception_class(exc::AttributeError))) return false;
                throw;
            }
        };
        // The class's own __getattribute__ answers every lookup; its
        // AttributeError falls to __getattr__, as CPython's slot_tp_getattr_hook.
        if (const Value* hook = hooks ? attr_hook(cls, names_.getattribute_) : nullptr) {
            const Value arg = Value::borrow(name);
            try {
                out = call_value(bind_class_attr(*hook, obj, cls), std::span<const Value>(&arg, 1));
                return true;
            } catch (const GuestException& e) {
                if (!isinstance(e.exception(), exception_class(exc::AttributeError))) throw;
                if (!cls->lookup(names_.getattr_)) {
                    if (raise_missing) throw;
                    return false;
                }
            }
            return fallback();
        }
        const Value* cattr = cls->lookup(name);
        // A property, or a data descriptor written in Python (__get__ with
        // __set__ or __delete__), comes before the instance's own attribute.
        if (detail::as_property(cattr) || is_data_descriptor(cattr)) {
            // Its AttributeError falls to the class's __getattr__, as CPython's.
            if (hooks && cls->lookup(names_.getattr_)) {
                try {
                    out = bind_class_attr(*cattr, obj, cls);
                    return true;
                } catch (const GuestException& e) {
                    if (!isinstance(e.exception(), exception_class(exc::AttributeError))) throw;
                }
                return fallback();
            }
            out = bind_class_attr(*cattr, obj, cls);
            return true;
        }
        if (const Value* v = inst->find_attr(name)) {
            out = *v;
            return true;
        }
        if (cattr) {
            out = bind_class_attr(*cattr, obj, cls);
            return true;
        }
        if (name == names_.class_) {
            out = Value::borrow(cls);
            return true;
        }
        if (name == names_.dict) {
            out = Value::borrow(inst->dict());
            return true;
        }
        if (detail::object_slot(*this, name, obj, cls, out)) return true;
        return fallback();
}

STANDIN_DECL bool Interpreter::try_getattr(const Value& obj, Str* name, Value& out) {
    switch (obj.kind()) {
    case Kind::instance: return getattr_instance(obj, obj.as<Instance>(), name, out);
    case Kind::list:
    case Kind::dict:
        if (Instance* inst = subclass_instance(obj)) return getattr_instance(obj, inst, name, out);
        break;
    case Kind::class_: {
        auto* cls = obj.as<Class>();
        if (const Value* a = cls->lookup(name)) {
            if (a->kind() == Kind::native) {
                auto* n = a->as<NativeObject>();
                if (auto* s = dynamic_cast<StaticMethod*>(n)) return out = s->fn, true;
                if (auto* c = dynamic_cast<ClassMethod*>(n)) return out = bind_classmethod(c->fn, obj), true;
            }
            // A descriptor written in Python, read from the class: __get__(None, cls).
            if (const Value* get = descriptor_method(a, names_.get_)) {
                const Value args[] = {*a, Value(), obj};
                return out = call_value(*get, args), true;
            }
            out = *a;
            return true;
        }
        if (name == names_.name) return out = Value::borrow(cls->name()), true;
        if (name == names_.qualname) return out = Value::borrow(cls->name()), true;
        if (name->view() == "__bases__") {
            std::vector<Value> bases;
            for (const auto& b : cls->bases()) bases.push_back(Value::borrow(b.get()));
            return out = tuple(std::move(bases)), true;
        }
        if (name->view() == "__base__") {  // the first base (CPython's solid base, for the classes standin makes)
            if (cls->bases().empty()) return out = Value(), true;
            return out = Value::borrow(cls->bases().front().get()), true;
        }
        if (name->view() == "__subclasses__")
            return out = make_value<Builtin>(name, &detail::builtins::class_subclasses, obj), true;
        if (name->view() == "__mro__") {
            std::vector<Value> mro;
            for (Class* c : cls->mro()) mro.push_back(Value::borrow(c));
            return out = tuple(std::move(mro)), true;
        }
        if (name == names_.dict) return out = Value::borrow(cls->dict()), true;
        if (name == names_.class_) return out = Value::borrow(types_.type.get()), true;
        // object.__new__ (kept out of object's dict, so that a class without
        // a __new__ of its own is made by the fast path).
        if (name == names_.new_) return out = make_value<Builtin>(names_.new_, &detail::builtins::object_new_static, Value::null()), true;
        if (name == names_.call) return out = make_value<Builtin>(names_.call, &detail::builtins::call_slot, obj), true;
        return detail::object_slot(*this, name, Value::null(), cls, out);
    }
    case Kind::module: {
        if (const Value* v = obj.as<Module>()->dict()->find(name)) return out = *v, true;
        // A name of a part that compiles on first use (add_lazy_part).
        if (!lazy_names_.empty() && load_lazy_member(obj.as<Module>(), name))
            if (const Value* v = obj.as<Module>()->dict()->find(name)) return out = *v, true;
        if (name == names_.name) return out = Value::borrow(obj.as<Module>()->name()), true;
        if (name == names_.dict) return out = Value::borrow(obj.as<Module>()->dict()), true;
        return false;
    }
    case Kind::function: {
        auto* f = obj.as<Function>();
        if (const Value* v = f->dict()->find(name); v && name != names_.kwdefaults) return out = *v, true;
        if (name == names_.name) return out = Value::borrow(f->name()), true;
        if (name == names_.qualname) return out = Value::borrow(f->qualname()), true;
        if (name == names_.defaults) return out = f->defaults(), true;
        if (name == names_.code) return out = f->code(), true;
        if (name->view() == "__closure__") return out = f->closure(), true;
        if (name == names_.module) {
            if (!f->module_override().is_null()) return out = f->module_override(), true;
            const Value* m = f->globals()->find(names_.name);
            return out = m ? *m : Value(), true;
        }
        if (name == names_.doc)
            return out = f->doc_override().is_null() ? f->code().as<Code>()->doc : f->doc_override(), true;
        if (name == names_.dict) return out = Value::borrow(f->dict()), true;
        if (name == names_.kwdefaults) {
            const Value* v = f->dict()->find(name);
            return out = v ? *v : Value(), true;
        }
        break;
    }
    case Kind::code: {
        // The co_* attributes tests and decorators read.
        auto* c = obj.as<Code>();
        const std::string_view n = name->view();
        if (n == "co_argcount") return out = Value(static_cast<std::int64_t>(c->argcount)), true;
        if (n == "co_posonlyargcount") return out = Value(static_cast<std::int64_t>(c->posonlyargcount)), true;
        if (n == "co_kwonlyargcount") return out = Value(static_cast<std::int64_t>(c->kwonlyargcount)), true;
        if (n == "co_flags") return out = Value(static_cast<std::int64_t>(c->flags)), true;
        if (n == "co_name") return out = Value::borrow(c->name), true;
        if (n == "co_qualname") return out = Value::borrow(c->qualname), true;
        if (n == "co_filename") return out = standin::str(c->filename), true;
        if (n == "co_firstlineno") return out = Value(static_cast<std::int64_t>(c->firstlineno)), true;
        auto names = [](const std::vector<Str*>& v) {
            std::vector<Value> items;
            for (Str* s : v) items.push_back(Value::borrow(s));
            return tuple(std::move(items));
        };
        if (n == "co_varnames") return out = names(c->varnames), true;
        if (n == "co_cellvars") return out = names(c->cellvars), true;
        if (n == "co_freevars") return out = names(c->freevars), true;
        if (n == "co_names") return out = names(c->names), true;
        break;
    }
    case Kind::slice: {
        auto* sl = obj.as<Slice>();
        if (name->view() == "start") return out = sl->start(), true;
        if (name->view() == "stop") return out = sl->stop(), true;
        if (name->view() == "step") return out = sl->step(), true;
        break;
    }
    case Kind::cell: {
        // What reconstructed closure sources read: fn.__closure__[i].cell_contents.
        auto* c = obj.as<Cell>();
        if (name->view() == "cell_contents") {
            if (c->empty()) raise(exc::ValueError, "Cell is empty");
            return out = c->get(), true;
        }
        break;
    }
    case Kind::bound_method: {
        auto* m = obj.as<BoundMethod>();
        if (name->view() == "__self__") return out = m->self(), true;
        if (name == names_.func) return out = m->function(), true;
        if (name == names_.call) return out = make_value<Builtin>(names_.call, &detail::builtins::call_slot, obj), true;
        return try_getattr(m->function(), name, out);
    }
    case Kind::builtin: {
        auto* b = obj.as<Builtin>();
        // torch.compile(fn): functools.wraps(fn)'s attributes (Dynamo's wrapper).
        if (b->self().kind() == Kind::native)
            if (const Value* w = b->self().as<NativeObject>()->wrapped_callable()) {
                if (name->view() == "__wrapped__" || name->view() == "_torchdynamo_orig_callable") return out = *w, true;
                const std::string_view n = name->view();
                if (n == "__name__" || n == "__qualname__" || n == "__doc__" || n == "__module__")
                    if (try_getattr(*w, name, out)) return true;
                if (auto* f = w->dyn<Function>())
                    if (const Value* v = f->dict()->find(name)) return out = *v, true;
            }
        if (name == names_.name || name == names_.qualname) return out = Value::borrow(b->name()), true;
        if (name->view() == "__self__") return out = b->self().is_null() ? Value() : b->self(), true;
        break;
    }
    case Kind::native:
        if (auto* s = dynamic_cast<Super*>(obj.as<NativeObject>())) {
            // The classes after s->cls in the MRO of self's type.
            Class* owner = s->self.kind() == Kind::class_ ? s->self.as<Class>() : type_of(s->self);
            const Value* a = owner->lookup_after(s->cls.get(), name);
            if (!a && name == names_.new_)  // super().__new__(cls): object's
                return out = make_value<Builtin>(names_.new_, &detail::builtins::object_new_static, Value::null()), true;
            if (!a)  // super().__repr__(): object's slot, bound to self (unbound for a class)
                return detail::object_slot(*this, name, s->self.kind() == Kind::class_ ? Value::null() : s->self, nullptr, out);
            if (a->kind() == Kind::native)
                if (auto* c = dynamic_cast<ClassMethod*>(a->as<NativeObject>()))
                    return out = bind_classmethod(c->fn, Value::borrow(owner)), true;
            if (s->self.kind() == Kind::class_ && a->kind() == Kind::function) return out = *a, true;
            out = bind_class_attr(*a, s->self, owner);
            return true;
        }
        // What a native object exposes as plain attributes (p.fget,
        // staticmethod's __func__), as guards read them (source/resolve.hpp).
        if (const Value* v = obj.as<NativeObject>()->static_attr(name)) return out = *v, true;
        break;
    default: break;
    }
    // Built-in types: methods and properties from the type's dict.
    Class* cls = type_of(obj);
    const Value* a = cls->lookup(name);
    // A tensor's own attributes come after the type's properties and before
    // its methods, as an instance __dict__ does.
    if (obj.kind() == Kind::tensor) {
        Object* attrs = obj.as<Tensor>()->py_attrs();
        if (attrs && !detail::as_property(a))
            if (const Value* v = static_cast<Dict*>(attrs)->find(name)) return out = *v, true;
        if (name == names_.dict) return out = Value::borrow(detail::tensor_attrs(obj)), true;
    }
    if (a) {
        out = bind_class_attr(*a, obj, cls);
        return true;
    }
    if (name == names_.class_) return out = Value::borrow(cls), true;
    if (name == names_.call &&
        (obj.kind() == Kind::function || obj.kind() == Kind::builtin || obj.kind() == Kind::bound_method))
        return out = make_value<Builtin>(names_.call, &detail::builtins::call_slot, obj), true;
    return false;
}

// getattr (hooks: the class's own __getattribute__/__getattr__ run) and
// object.__getattribute__ (hooks off).
STANDIN_DECL Value Interpreter::lookup_attribute(const Value& obj, Str* name, bool hooks) {
    Value out;
    Instance* inst = guest_instance(obj);
    if (inst ? !getattr_instance(obj, inst, name, out, true, hooks) : !try_getattr(obj, name, out))
        detail::attribute_error(obj, name);
    return out;
}

STANDIN_DECL Value Interpreter::getattr(const Value& obj, Str* name) { return lookup_attribute(obj, name, true); }

STANDIN_DECL Value Interpreter::object_getattribute(const Value& obj, Str* name) { return lookup_attribute(obj, name, false); }

STANDIN_DECL void Interpreter::setattr(const Value& obj, Str* name, Value v) {
    Instance* inst = guest_instance(obj);
    if (inst)
        if (const Value* hook = attr_hook(inst->cls(), names_.setattr_)) {
            const Value args[] = {Value::borrow(name), std::move(v)};
            call_value(bind_class_attr(*hook, obj, inst->cls()), args);
            return;
        }
    object_setattr(obj, name, std::move(v));
}

STANDIN_DECL void Interpreter::object_setattr(const Value& obj, Str* name, Value v) {
    Instance* sub = subclass_instance(obj);
    switch (sub ? Kind::instance : obj.kind()) {
    case Kind::instance: {
        auto* inst = sub ? sub : obj.as<Instance>();
        if (auto* p = detail::as_property(inst->cls()->lookup(name))) {
            if (p->fset.is_none())
                raise(exc::AttributeError, std::string("property ") +
                                               (p->name ? "'" + std::string(p->name->view()) + "' " : "") +
                                               "of '" + std::string(inst->cls()->name()->view()) +
                                               "' object has no setter");
            const Value args[] = {obj, v};
            call_value(p->fset, args);
            return;
        }
        // A data descriptor written in Python: its __set__(obj, value).
        if (const Value* cattr = inst->cls()->lookup(name)) {
            if (const Value* set = descriptor_method(cattr, names_.set_)) {
                const Value args[] = {*cattr, obj, std::move(v)};
                call_value(*set, args);
                return;
            }
            if (descriptor_method(cattr, names_.delete_)) raise(exc::AttributeError, "__set__");
        }
        if (name == names_.class_ && !sub) {
            // obj.__class__ = C: the object's type is C from now on.
            auto* c = v.dyn<Class>();
            if (!c) raise(exc::TypeError, "__class__ must be set to a class, not '" + detail::tname(v) + "' object");
            inst->set_class(ref<Class>(c));
            return;
        }
        if (name == names_.dict) {
            // obj.__dict__ = d: the object's attributes are d from now on.
            auto* d = v.dyn<Dict>();
            if (!d) raise(exc::TypeError, "__dict__ must be set to a dictionary, not a '" + detail::tname(v) + "'");
            inst->set_dict(ref<Dict>(d), d == obj.object());
            return;
        }
        // An nn.Module's parameter or submodule stored where another kind of
        // value was (self.proj = None, later self.proj = nn.Linear(...)) is
        // registered anew, after the members already there: torch keeps
        // _parameters and _modules in registration order.
        if (const int kind = module_member_kind(v); kind && inst->cls()->is_subclass_of(nn_module_class_))
            if (const Value* old = inst->find_attr(name); old && module_member_kind(*old) != kind) inst->del_attr(name);
        inst->set_attr(name, std::move(v));
        return;
    }
    case Kind::class_:
        if (name->view() == "__bases__") return set_class_bases(obj.as<Class>(), v);
        // cls.__name__ = 'P' renames the class (its repr and error messages).
        // (its dict's version moves, so guards on the class look again)
        if (name == names_.name && v.is<Str>()) {
            obj.as<Class>()->set_name(intern(v.as<Str>()->view()));
            obj.as<Class>()->dict()->bump_version();
            return;
        }
        if (class_store_moves_lookups(name, v) || obj.as<Class>() == types_.tensor.get()) ++global_state_.class_hierarchy;
        obj.as<Class>()->dict()->set(name, std::move(v));
        return;
    case Kind::module:
        if (const Value* old = obj.as<Module>()->dict()->find(name); old && !old->identical(v) && torch_function_store(obj, *old))
            ++global_state_.class_hierarchy;
        obj.as<Module>()->dict()->set(name, std::move(v));
        return;
    case Kind::function: {
        auto* f = obj.as<Function>();
        if (name == names_.defaults) {
            if (!v.is_none() && !v.is<Tuple>()) raise(exc::TypeError, "__defaults__ must be set to a tuple object");
            return f->set_defaults(std::move(v));
        }
        if (name == names_.code) {
            if (!v.is<Code>()) raise(exc::TypeError, "__code__ must be set to a code object");
            const std::size_t frees = v.as<Code>()->freevars.size();
            const std::size_t cells = f->closure().is<Tuple>() ? f->closure().as<Tuple>()->size() : 0;
            if (frees != cells)
                raise(exc::ValueError, f->name()->text() + "() requires a code object with " + std::to_string(cells) +
                                           " free vars, not " + std::to_string(frees));
            ++global_state_.class_hierarchy;  // (guards match a function by identity)
            return f->set_code(std::move(v));
        }
        // The slots CPython keeps off __dict__: a name must be a str.
        if (name == names_.name || name == names_.qualname) {
            if (!v.is<Str>())
                raise(exc::TypeError, std::string(name->view()) + " must be set to a string object");
            Str* interned = intern(v.as<Str>()->view());
            return name == names_.name ? f->set_name(interned) : f->set_qualname(interned);
        }
        if (name == names_.doc) return f->set_doc(std::move(v));
        if (name == names_.module) return f->set_module(std::move(v));
        f->dict()->set(name, std::move(v));
        f->bump_version();
        return;
    }
    case Kind::cell:
        // fn.__closure__[i].cell_contents = v (writable since Python 3.7).
        if (name->view() == "cell_contents") return obj.as<Cell>()->set(std::move(v));
        break;
    default: break;
    }
    const Value* a = type_of(obj)->lookup(name);
    // t.attr = v: the tensor's own attribute, unless a property (t.data) owns the name.
    if (obj.kind() == Kind::tensor && !detail::as_property(a)) {
        detail::tensor_attrs(obj)->set(name, std::move(v));
        obj.as<Tensor>()->bump_version();  // guards on the attribute look again
        return;
    }
    if (a) {
        // A property of a native kind (Tensor.requires_grad): its setter, or
        // CPython's words for a getset descriptor without one.
        if (auto* p = detail::as_property(a)) {
            if (p->fset.is_none())
                raise(exc::AttributeError, "attribute '" + std::string(name->view()) + "' of '" +
                                               (obj.kind() == Kind::tensor ? std::string("torch._C._TensorBase") : detail::tname(obj)) +
                                               "' objects is not writable");
            const Value args[] = {obj, v};
            call_value(p->fset, args);
            return;
        }
        raise(exc::AttributeError, "'" + detail::tname(obj) + "' object attribute '" + std::string(name->view()) + "' is read-only");
    }
    detail::attribute_error(obj, name);
}

STANDIN_DECL void Interpreter::set_class_bases(Class* cls, const Value& v) {
    const std::string who = cls->name()->text() + ".__bases__";
    if (!v.is<Tuple>()) raise(exc::TypeError, "can only assign tuple to " + who + ", not " + detail::tname(v));
    if (v.as<Tuple>()->size() == 0) raise(exc::TypeError, "can only assign non-empty tuple to " + who + ", not ()");
    if (cls->bases().empty()) raise(exc::TypeError, "cannot set '__bases__' attribute of immutable type 'object'");
    std::vector<ref<Class>> bases;
    for (const Value& b : v.as<Tuple>()->items()) {
        auto* c = b.dyn<Class>();
        if (!c) raise(exc::TypeError, who + " must be tuple of classes, not '" + detail::tname(b) + "'");
        if (c->is_subclass_of(cls)) raise(exc::TypeError, "a __bases__ item causes an inheritance cycle");
        for (const auto& seen : bases)
            if (seen.get() == c) raise(exc::TypeError, "duplicate base class " + c->name()->text());
        bases.push_back(ref<Class>(c));
    }
    // The instance layout may not change: a class written in Python (its
    // dict has __module__) for another, a built-in type only for itself.
    auto layout = [&](const Class* c) -> const Class* { return c->dict()->find(names_.module) ? nullptr : c; };
    Class* old_base = cls->bases().front().get();
    if (layout(old_base) != layout(bases.front().get()))
        raise(exc::TypeError, "__bases__ assignment: '" + bases.front()->name()->text() + "' deallocator differs from '" +
                                  old_base->name()->text() + "'");
    auto linearized = [&](Class* c, const std::vector<ref<Class>>& bs) {
        std::vector<Class*> mro;
        if (!Class::linearize(bs, mro)) {
            std::string names;
            for (const auto& b : bs) names += (names.empty() ? "" : ", ") + b->name()->text();
            raise(exc::TypeError, "Cannot create a consistent method resolution\norder (MRO) for bases " + names);
        }
        mro.insert(mro.begin(), c);
        return mro;
    };
    // The subclasses, each after all of its bases that change (a
    // topological order), so that each linearizes over its bases' new MROs.
    std::vector<Class*> order;
    std::function<void(Class*)> visit = [&](Class* c) {
        for (Class* s : c->subclasses()) {
            if (std::find(order.begin(), order.end(), s) != order.end()) continue;
            visit(s);
            order.push_back(s);
        }
    };
    visit(cls);
    std::reverse(order.begin(), order.end());
    // Kept to put back when a subclass's MRO cannot be made.
    std::vector<ref<Class>> old_bases = cls->bases();
    std::vector<std::pair<Class*, std::vector<Class*>>> old_mros{{cls, cls->mro()}};
    for (Class* s : order) old_mros.emplace_back(s, s->mro());
    cls->set_bases(bases, linearized(cls, bases));
    try {
        for (Class* s : order) {
            s->set_mro(linearized(s, s->bases()));
            s->dict()->bump_version();
        }
    } catch (...) {
        std::vector<Class*> mro = old_mros.front().second;
        cls->set_bases(std::move(old_bases), std::move(mro));
        for (auto& [c, m] : old_mros) c->set_mro(std::move(m));
        throw;
    }
    ++global_state_.class_hierarchy;
}

STANDIN_DECL void Interpreter::delattr(const Value& obj, Str* name) {
    Instance* inst = guest_instance(obj);
    if (inst)
        if (const Value* hook = attr_hook(inst->cls(), names_.delattr_)) {
            const Value arg = Value::borrow(name);
            call_value(bind_class_attr(*hook, obj, inst->cls()), std::span<const Value>(&arg, 1));
            return;
        }
    object_delattr(obj, name);
}

STANDIN_DECL void Interpreter::object_delattr(const Value& obj, Str* name) {
    // A data descriptor written in Python: its __delete__(obj).
    if (Instance* inst = guest_instance(obj))
        if (const Value* cattr = inst->cls()->lookup(name)) {
            // del obj.prop: the property's deleter.
            if (auto* p = detail::as_property(cattr)) {
                if (p->fdel.is_none())
                    raise(exc::AttributeError, "property '" + std::string(name->view()) + "' of '" +
                                                   inst->cls()->name()->text() + "' object has no deleter");
                call_value(p->fdel, std::span<const Value>(&obj, 1));
                return;
            }
            if (const Value* del = descriptor_method(cattr, names_.delete_)) {
                const Value args[] = {*cattr, obj};
                call_value(*del, args);
                return;
            }
            if (descriptor_method(cattr, names_.set_)) raise(exc::AttributeError, "__delete__");
        }
    Dict* d = nullptr;
    switch (obj.kind()) {
    case Kind::instance: d = obj.as<Instance>()->dict(); break;
    case Kind::class_:
        d = obj.as<Class>()->dict();
        if (const Value* old = d->find(name); old && class_store_moves_lookups(name, *old)) ++global_state_.class_hierarchy;
        break;
    case Kind::module:
        d = obj.as<Module>()->dict();
        if (const Value* old = d->find(name); old && torch_function_store(obj, *old)) ++global_state_.class_hierarchy;
        break;
    case Kind::function: d = obj.as<Function>()->dict(); break;
    case Kind::list:
    case Kind::dict:
        if (Instance* inst = subclass_instance(obj)) d = inst->dict();
        break;
    case Kind::tensor:
        if (name->view() == "grad") return obj.as<Tensor>()->set_grad(nullptr);  // del t.grad: None again
        d = static_cast<Dict*>(obj.as<Tensor>()->py_attrs());
        obj.as<Tensor>()->bump_version();
        break;
    default: break;
    }
    if (!d || !d->erase(name)) detail::attribute_error(obj, name);
}

// --- subscripts ----------------------------------------------------------------------------
// The guest method a list or dict subclass overrides `name` with (class
// Stack(list): def __len__ ...), or null: the built-in behaviour applies.
STANDIN_DECL const Value* Interpreter::subclass_override(const Value& v, Str* name) {
    Instance* inst = subclass_instance(v);
    if (!inst) return nullptr;
    const Value* m = inst->cls()->lookup(name);
    return m && m->kind() != Kind::builtin ? m : nullptr;
}

STANDIN_DECL Value Interpreter::call_override(const Value& self, const Value& method, std::span<const Value> args) {
    return call_value(bind_class_attr(method, self, type_of(self)), args);
}

STANDIN_DECL Value Interpreter::getitem(const Value& c, const Value& key) {
    if (subclass_instance(c)) [[unlikely]]
        if (const Value* m = subclass_override(c, names_.getitem)) return call_override(c, *m, std::span<const Value>(&key, 1));
    return getitem_base(c, key);
}

STANDIN_DECL Value Interpreter::slice_of_indexes(const Value& key) {
    auto* sl = key.dyn<Slice>();
    if (!sl || (sl->start().kind() != Kind::instance && sl->stop().kind() != Kind::instance && sl->step().kind() != Kind::instance))
        return key;
    auto bound = [&](const Value& b) {
        if (b.kind() != Kind::instance || !type_of(b)->lookup(names_.index)) return b;
        return call_method(b, names_.index, {});
    };
    return make_value<Slice>(bound(sl->start()), bound(sl->stop()), bound(sl->step()));
}

STANDIN_DECL Value Interpreter::getitem_base(const Value& c, const Value& key) {
    // An object with __index__ (an IntEnum member) indexes a sequence as its int.
    if (c.kind() == Kind::list || c.kind() == Kind::tuple || c.kind() == Kind::str || c.kind() == Kind::range) {
        // xs[a:b] with bounds that have __index__: the slice of their ints.
        if (Value ints = slice_of_indexes(key); !ints.identical(key)) return getitem(c, ints);
        if (key.kind() == Kind::instance)
            if (const Value* m = key.as<Instance>()->cls()->lookup(names_.index)) {
                Value i = call_value(bind_class_attr(*m, key, key.as<Instance>()->cls()), {});
                if (i.is_integral()) return getitem(c, i);
            }
        // xs[t] with t a one-element integer tensor (Tensor.__index__).
        if (key.kind() == Kind::tensor) {
            std::int64_t i;
            if (tensor_as_index(key, i)) return getitem(c, Value(i));
            raise(exc::TypeError, "only integer tensors of a single element can be converted to an index");
        }
    }
    switch (c.kind()) {
    case Kind::list: {
        auto* l = c.as<List>();
        if (key.is_integral()) return l->at(key.as_integral());
        if (auto* s = key.dyn<Slice>()) {
            auto ix = s->indices(static_cast<std::int64_t>(l->size()));
            std::vector<Value> out;
            out.reserve(static_cast<std::size_t>(ix.length));
            for (std::int64_t i = 0, p = ix.start; i < ix.length; ++i, p += ix.step) out.push_back((*l)[static_cast<std::size_t>(p)]);
            return list(std::move(out));
        }
        raise(exc::TypeError, "list indices must be integers or slices, not " + detail::tname(key));
    }
    case Kind::tuple: {
        auto* t = c.as<Tuple>();
        if (key.is_integral()) {
            std::int64_t i = key.as_integral();
            if (!normalize_index(i, t->size())) raise(exc::IndexError, "tuple index out of range");
            return (*t)[static_cast<std::size_t>(i)];
        }
        if (auto* s = key.dyn<Slice>()) {
            auto ix = s->indices(static_cast<std::int64_t>(t->size()));
            std::vector<Value> out;
            for (std::int64_t i = 0, p = ix.start; i < ix.length; ++i, p += ix.step) out.push_back((*t)[static_cast<std::size_t>(p)]);
            return tuple(std::move(out));
        }
        raise(exc::TypeError, "tuple indices must be integers or slices, not " + detail::tname(key));
    }
    case Kind::str: {
        auto* s = c.as<Str>();
        if (key.is_integral()) {
            std::int64_t i = key.as_integral();
            if (!normalize_index(i, s->length())) raise(exc::IndexError, "string index out of range");
            auto [pos, n] = detail::utf8_char_range(*s, i);
            return char_str(s->view().substr(pos, n));
        }
        if (auto* sl = key.dyn<Slice>()) {
            auto ix = sl->indices(static_cast<std::int64_t>(s->length()));
            std::string out;
            if (s->is_ascii()) {
                if (ix.step == 1) return standin::str(s->text().substr(static_cast<std::size_t>(ix.start), static_cast<std::size_t>(ix.length)));
                for (std::int64_t i = 0, p = ix.start; i < ix.length; ++i, p += ix.step) out += s->text()[static_cast<std::size_t>(p)];
            } else {
                auto chars = detail::utf8_chars(s->view());
                for (std::int64_t i = 0, p = ix.start; i < ix.length; ++i, p += ix.step) out += chars[static_cast<std::size_t>(p)];
            }
            return standin::str(std::move(out));
        }
        raise(exc::TypeError, "string indices must be integers, not '" + detail::tname(key) + "'");
    }
    case Kind::dict: {
        if (const Value* v = c.as<Dict>()->find(key)) return *v;
        // A dict subclass's __missing__ answers for an absent key (dict.__getitem__ calls it).
        if (c.object()->is_subclass_instance())
            if (const Value* m = type_of(c)->lookup(intern("__missing__"))) return call_override(c, *m, std::span<const Value>(&key, 1));
        raise_exception(call_value(Value::borrow(exception_class(exc::KeyError)), std::span<const Value>(&key, 1)));
    }
    case Kind::range: {
        auto* r = c.as<Range>();
        if (key.is_integral()) {
            std::int64_t i = key.as_integral();
            if (i < 0) i += r->length();
            if (i < 0 || i >= r->length()) raise(exc::IndexError, "range object index out of range");
            return Value(r->item(i));
        }
        if (auto* sl = key.dyn<Slice>()) {
            auto ix = sl->indices(r->length());
            std::int64_t start = r->start() + ix.start * r->step();
            std::int64_t step = r->step() * ix.step;
            return make_value<Range>(start, start + ix.length * step, step);
        }
        raise(exc::TypeError, "range indices must be integers or slices, not " + detail::tname(key));
    }
    case Kind::tensor: return tensor_getitem(*this, c, key);
    case Kind::instance: {
        Class* cls = c.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.getitem)) {
            const Value args[] = {key};
            return call_value(bind_class_attr(*m, c, cls), args);
        }
        break;
    }
    case Kind::class_: {
        if (const Value* m = c.as<Class>()->lookup(intern("__class_getitem__"))) {
            const Value args[] = {key};
            return call_value(bind_class_attr(*m, c, c.as<Class>()), args);
        }
        // list[int], dict[str, T], type[M] (PEP 585): the built-in containers
        // subscripted are types.GenericAlias (set and frozenset are guest
        // classes of the builtins prelude, which cannot import types).
        auto builtin_named = [&](const char* name) {
            const Value* b = builtins().find(intern(name));
            return b && b->identical(c);
        };
        if (const Class* k = c.as<Class>(); k == types_.list.get() || k == types_.dict.get() || k == types_.tuple.get() ||
                                            k == types_.type.get() || k == types_.ordered_dict.get() ||
                                            builtin_named("set") || builtin_named("frozenset")) {
            const Value args[] = {c, key};
            return call_value(getattr(import_module(intern("types"), Value()), intern("GenericAlias")), args);
        }
        raise(exc::TypeError, "type '" + std::string(c.as<Class>()->name()->view()) + "' is not subscriptable");
    }
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(c) + "' object is not subscriptable");
}

STANDIN_DECL void Interpreter::setitem(const Value& c, const Value& key, Value v) {
    if (subclass_instance(c)) [[unlikely]]
        if (const Value* m = subclass_override(c, names_.setitem)) {
            const Value args[] = {key, std::move(v)};
            call_override(c, *m, args);
            return;
        }
    setitem_base(c, key, std::move(v));
}

STANDIN_DECL void Interpreter::setitem_base(const Value& c, const Value& key, Value v) {
    switch (c.kind()) {
    case Kind::list: {
        auto* l = c.as<List>();
        if (key.is_integral()) return l->set(key.as_integral(), std::move(v));
        if (auto* s = key.dyn<Slice>()) {
            auto ix = s->indices(static_cast<std::int64_t>(l->size()));
            Value source = v;
            if (!v.is<List>() && !v.is<Tuple>()) {
                try {
                    source = iter(v);
                } catch (const Error& e) {
                    if (e.kind() != exc::TypeError) throw;
                    // CPython 3.11's wording, by the slice's step
                    raise(exc::TypeError, s->step().is_none() || (s->step().is_int() && s->step().as_int() == 1)
                                              ? "can only assign an iterable"
                                              : "must assign iterable to extended slice");
                }
            }
            std::vector<Value> items = to_vector(source);
            std::vector<Value> cur(l->items().begin(), l->items().end());
            if (ix.step == 1) {
                std::int64_t stop = std::max(ix.stop, ix.start);
                cur.erase(cur.begin() + ix.start, cur.begin() + stop);
                cur.insert(cur.begin() + ix.start, items.begin(), items.end());
            } else {
                if (static_cast<std::int64_t>(items.size()) != ix.length)
                    raise(exc::ValueError, "attempt to assign sequence of size " + std::to_string(items.size()) +
                                               " to extended slice of size " + std::to_string(ix.length));
                for (std::int64_t i = 0, p = ix.start; i < ix.length; ++i, p += ix.step)
                    cur[static_cast<std::size_t>(p)] = items[static_cast<std::size_t>(i)];
            }
            l->assign(std::move(cur));
            return;
        }
        raise(exc::TypeError, "list indices must be integers or slices, not " + detail::tname(key));
    }
    case Kind::dict: c.as<Dict>()->set(key, std::move(v)); return;
    case Kind::tensor: tensor_setitem(*this, c, key, v); return;
    case Kind::instance: {
        Class* cls = c.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.setitem)) {
            const Value args[] = {key, v};
            call_value(bind_class_attr(*m, c, cls), args);
            return;
        }
        break;
    }
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(c) + "' object does not support item assignment");
}

STANDIN_DECL void Interpreter::delitem(const Value& c, const Value& key) {
    if (subclass_instance(c)) [[unlikely]]
        if (const Value* m = subclass_override(c, names_.delitem)) {
            call_override(c, *m, std::span<const Value>(&key, 1));
            return;
        }
    delitem_base(c, key);
}

STANDIN_DECL void Interpreter::delitem_base(const Value& c, const Value& key) {
    switch (c.kind()) {
    case Kind::list: {
        auto* l = c.as<List>();
        if (key.is_integral()) return l->erase(key.as_integral());
        if (auto* s = key.dyn<Slice>()) {
            auto ix = s->indices(static_cast<std::int64_t>(l->size()));
            std::vector<bool> drop(l->size(), false);
            for (std::int64_t i = 0, p = ix.start; i < ix.length; ++i, p += ix.step) drop[static_cast<std::size_t>(p)] = true;
            std::vector<Value> keep;
            for (std::size_t i = 0; i < l->size(); ++i)
                if (!drop[i]) keep.push_back((*l)[i]);
            l->assign(std::move(keep));
            return;
        }
        raise(exc::TypeError, "list indices must be integers or slices, not " + detail::tname(key));
    }
    case Kind::dict:
        if (!c.as<Dict>()->erase(key))
            raise_exception(call_value(Value::borrow(exception_class(exc::KeyError)), std::span<const Value>(&key, 1)));
        return;
    case Kind::instance: {
        Class* cls = c.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.delitem)) {
            const Value args[] = {key};
            call_value(bind_class_attr(*m, c, cls), args);
            return;
        }
        break;
    }
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(c) + "' object doesn't support item deletion");
}

// --- iteration ----------------------------------------------------------------------------
STANDIN_DECL Value Interpreter::iter(const Value& v) {
    if (subclass_instance(v)) [[unlikely]]
        if (const Value* m = subclass_override(v, names_.iter)) {
            Value it = call_override(v, *m, {});
            return iter(it);
        }
    switch (v.kind()) {
    case Kind::list: return make_value<ListIterator>(ref<List>(v.as<List>()));
    case Kind::tuple: return make_value<TupleIterator>(ref<Tuple>(v.as<Tuple>()));
    case Kind::range: {
        auto* r = v.as<Range>();
        return make_value<RangeIterator>(r->start(), r->step(), r->length());
    }
    case Kind::str: return make_value<StrIterator>(ref<Str>(v.as<Str>()));
    case Kind::dict: return make_value<DictIterator>(ref<Dict>(v.as<Dict>()), DictViewKind::keys);
    case Kind::tensor: return tensor_iter(*this, v);
    case Kind::native: {
        auto* n = v.as<NativeObject>();
        if (dynamic_cast<Iterator*>(n)) return v;
        if (auto* dv = dynamic_cast<DictView*>(n)) return make_value<DictIterator>(dv->dict, dv->view_kind);
        break;
    }
    case Kind::instance: {
        Class* cls = v.as<Instance>()->cls();
        // (tuple's own __iter__ does not apply to a class remade on tuple.)
        if (const Value* m = cls->lookup(names_.iter);
            m && !(m->is<Builtin>() && m->as<Builtin>()->fn() == &detail::builtins::sequence_iter)) {
            Value it = call_value(bind_class_attr(*m, v, cls), {});
            if (it.kind() == Kind::native && dynamic_cast<Iterator*>(it.as<NativeObject>())) return it;
            if (it.kind() == Kind::instance && it.as<Instance>()->cls()->lookup(names_.next))
                return make_value<GuestIterator>(it);
            raise(exc::TypeError, "iter() returned non-iterator of type '" + detail::tname(it) + "'");
        }
        if (cls->lookup(names_.getitem)) {
            // The old sequence protocol: __getitem__ from 0 until IndexError.
            return make_value<ReversedIterator>(v, 0);
        }
        break;
    }
    case Kind::class_:
        // Iterating a class: an enum's members (EnumMeta.__iter__ in CPython; standin
        // has no metaclasses, so the class names its iteration as it names
        // __class_getitem__).
        if (const Value* m = v.as<Class>()->lookup(intern("__class_iter__"))) {
            Value it = call_value(bind_class_attr(*m, v, v.as<Class>()), {});
            return iter(it);
        }
        break;
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(v) + "' object is not iterable");
}

STANDIN_DECL bool Interpreter::next(const Value& iterator, Value& out) {
    auto* it = static_cast<Iterator*>(iterator.as<NativeObject>());
    return it->next(*this, out);
}

STANDIN_DECL std::vector<Value> Interpreter::to_vector(const Value& iterable) {
    switch (iterable.kind()) {
    case Kind::list:
        if (iterable.object()->is_subclass_instance() && subclass_override(iterable, names_.iter)) break;
        return {iterable.as<List>()->items().begin(), iterable.as<List>()->items().end()};
    case Kind::tuple: return {iterable.as<Tuple>()->items().begin(), iterable.as<Tuple>()->items().end()};
    default: break;
    }
    std::vector<Value> out;
    Value it = iter(iterable);
    Value x;
    while (next(it, x)) out.push_back(std::move(x));
    return out;
}

STANDIN_NAMESPACE_END

