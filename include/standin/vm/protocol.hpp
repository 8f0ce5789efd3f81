// The object protocol: attribute lookup (instance dict, class chain,
// descriptors), operators with CPython's numeric semantics and error
// messages, comparisons, truth, len, subscripts, iteration, hash, repr/str.
// User classes take part through their dunder methods.
// Counterpart: CPython's Objects/abstract.c, object.c, typeobject.c slots.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/protocol.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/interpreter.hpp>
#include <standin/lang/compiler.hpp>
#include <standin/lang/dis.hpp>

#include <cmath>
#include <cstring>
#include <ostream>

#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns that destroying a None Value passed by value may decref a null
// object; the destructor tests the kind first, so it never does.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#endif

namespace standin::inline v0 {

namespace detail {

inline std::string tname(const Value& v) { return std::string(type_name(v)); }

[[noreturn]] inline void attribute_error(const Value& obj, const Str* name) {
    if (auto* c = obj.dyn<Class>())
        raise(exc::AttributeError, "type object '" + std::string(c->name()->view()) + "' has no attribute '" +
                                       std::string(name->view()) + "'");
    if (auto* m = obj.dyn<Module>())
        raise(exc::AttributeError, "module '" + std::string(m->name()->view()) + "' has no attribute '" +
                                       std::string(name->view()) + "'");
    raise(exc::AttributeError, "'" + tname(obj) + "' object has no attribute '" + std::string(name->view()) + "'");
}

// Code point index -> byte range in UTF-8 text (O(n) unless ASCII).
inline std::pair<std::size_t, std::size_t> utf8_char_range(const Str& s, std::int64_t index) {
    if (s.is_ascii()) return {static_cast<std::size_t>(index), 1};
    std::string_view t = s.view();
    std::size_t pos = 0;
    for (std::int64_t k = 0; k < index; ++k) {
        ++pos;
        while (pos < t.size() && (static_cast<unsigned char>(t[pos]) & 0xC0) == 0x80) ++pos;
    }
    std::size_t end = pos + 1;
    while (end < t.size() && (static_cast<unsigned char>(t[end]) & 0xC0) == 0x80) ++end;
    return {pos, end - pos};
}

inline std::vector<std::string_view> utf8_chars(std::string_view t) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < t.size();) {
        std::size_t j = i + 1;
        while (j < t.size() && (static_cast<unsigned char>(t[j]) & 0xC0) == 0x80) ++j;
        out.push_back(t.substr(i, j - i));
        i = j;
    }
    return out;
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
    case Kind::list: return types_.list.get();
    case Kind::dict: return types_.dict.get();
    case Kind::range: return types_.range.get();
    case Kind::slice: return types_.slice.get();
    case Kind::function: return types_.function.get();
    case Kind::bound_method: return types_.method.get();
    case Kind::builtin: return types_.builtin.get();
    case Kind::class_: return types_.type.get();
    case Kind::instance: return v.as<Instance>()->cls();
    case Kind::module: return types_.module.get();
    case Kind::tensor: return types_.tensor.get();
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
        auto& slot = native_classes_[std::string(n->type_name())];
        if (!slot) slot = make_ref<Class>(intern(n->type_name()), types_.iterator);
        return slot.get();
    }
    }
    return types_.object.get();
}

STANDIN_DECL bool Interpreter::isinstance(const Value& v, const Class* cls) { return type_of(v)->is_subclass_of(cls); }

// --- attributes ----------------------------------------------------------------------
STANDIN_DECL Value Interpreter::bind_class_attr(const Value& attr, const Value& obj, Class* cls) {
    switch (attr.kind()) {
    case Kind::function: return make_value<BoundMethod>(attr, obj);
    case Kind::builtin: {
        auto* b = attr.as<Builtin>();
        if (b->self().is_null()) return make_value<Builtin>(b->name(), b->fn(), obj, b->data());
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
        if (auto* c = dynamic_cast<ClassMethod*>(n)) return make_value<BoundMethod>(c->fn, Value::borrow(cls));
        return attr;
    }
    default: return attr;
    }
}

STANDIN_DECL Value Interpreter::lookup_type_attr(const Value& obj, Class* cls, Str* name, bool& found) {
    const Value* a = cls->lookup(name);
    found = a != nullptr;
    if (!a) return Value();
    return bind_class_attr(*a, obj, cls);
}

STANDIN_DECL bool Interpreter::try_getattr(const Value& obj, Str* name, Value& out) {
    switch (obj.kind()) {
    case Kind::instance: {
        auto* inst = obj.as<Instance>();
        Class* cls = inst->cls();
        const Value* cattr = cls->lookup(name);
        if (cattr && cattr->kind() == Kind::native && dynamic_cast<Property*>(cattr->as<NativeObject>())) {
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
        if (const Value* ga = cls->lookup(names_.getattr_)) {
            const Value args[] = {obj, Value::borrow(name)};
            try {
                out = call_value(bind_class_attr(*ga, obj, cls), std::span<const Value>(args + 1, 1));
                return true;
            } catch (const GuestException& e) {
                if (isinstance(e.exception(), exception_class(exc::AttributeError))) return false;
                throw;
            }
        }
        return false;
    }
    case Kind::class_: {
        auto* cls = obj.as<Class>();
        if (const Value* a = cls->lookup(name)) {
            if (a->kind() == Kind::native) {
                auto* n = a->as<NativeObject>();
                if (auto* s = dynamic_cast<StaticMethod*>(n)) return out = s->fn, true;
                if (auto* c = dynamic_cast<ClassMethod*>(n)) return out = make_value<BoundMethod>(c->fn, obj), true;
            }
            out = *a;
            return true;
        }
        if (name == names_.name) return out = Value::borrow(cls->name()), true;
        if (name == names_.qualname) return out = Value::borrow(cls->name()), true;
        if (name->view() == "__bases__") {
            std::vector<Value> bases;
            if (cls->base()) bases.push_back(Value::borrow(cls->base()));
            return out = tuple(std::move(bases)), true;
        }
        if (name->view() == "__mro__") {
            std::vector<Value> mro;
            for (Class* c = cls; c; c = c->base()) mro.push_back(Value::borrow(c));
            return out = tuple(std::move(mro)), true;
        }
        if (name == names_.dict) return out = Value::borrow(cls->dict()), true;
        if (name == names_.class_) return out = Value::borrow(types_.type.get()), true;
        return false;
    }
    case Kind::module: {
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
            const Value* m = f->globals()->find(names_.name);
            return out = m ? *m : Value(), true;
        }
        if (name == names_.doc) return out = Value(), true;
        if (name == names_.dict) return out = Value::borrow(f->dict()), true;
        if (name == names_.kwdefaults) {
            const Value* v = f->dict()->find(name);
            return out = v ? *v : Value(), true;
        }
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
        return try_getattr(m->function(), name, out);
    }
    case Kind::builtin: {
        auto* b = obj.as<Builtin>();
        if (name == names_.name || name == names_.qualname) return out = Value::borrow(b->name()), true;
        if (name->view() == "__self__") return out = b->self().is_null() ? Value() : b->self(), true;
        break;
    }
    case Kind::native:
        if (auto* s = dynamic_cast<Super*>(obj.as<NativeObject>())) {
            Class* start = s->cls->base();
            if (!start) return false;
            const Value* a = start->lookup(name);
            if (!a) return false;
            Class* owner = s->self.kind() == Kind::class_ ? s->self.as<Class>() : type_of(s->self);
            if (a->kind() == Kind::native)
                if (auto* c = dynamic_cast<ClassMethod*>(a->as<NativeObject>()))
                    return out = make_value<BoundMethod>(c->fn, Value::borrow(owner)), true;
            if (s->self.kind() == Kind::class_ && a->kind() == Kind::function) return out = *a, true;
            out = bind_class_attr(*a, s->self, owner);
            return true;
        }
        break;
    default: break;
    }
    // Built-in types: methods and properties from the type's dict.
    Class* cls = type_of(obj);
    if (const Value* a = cls->lookup(name)) {
        out = bind_class_attr(*a, obj, cls);
        return true;
    }
    if (name == names_.class_) return out = Value::borrow(cls), true;
    return false;
}

STANDIN_DECL Value Interpreter::getattr(const Value& obj, Str* name) {
    Value out;
    if (!try_getattr(obj, name, out)) detail::attribute_error(obj, name);
    return out;
}

STANDIN_DECL void Interpreter::setattr(const Value& obj, Str* name, Value v) {
    switch (obj.kind()) {
    case Kind::instance: {
        auto* inst = obj.as<Instance>();
        if (const Value* a = inst->cls()->lookup(name))
            if (a->kind() == Kind::native)
                if (auto* p = dynamic_cast<Property*>(a->as<NativeObject>())) {
                    if (p->fset.is_none()) raise(exc::AttributeError, "can't set attribute '" + std::string(name->view()) + "'");
                    const Value args[] = {obj, v};
                    call_value(p->fset, args);
                    return;
                }
        inst->set_attr(name, std::move(v));
        return;
    }
    case Kind::class_: obj.as<Class>()->dict()->set(name, std::move(v)); return;
    case Kind::module: obj.as<Module>()->dict()->set(name, std::move(v)); return;
    case Kind::function: {
        auto* f = obj.as<Function>();
        if (name == names_.defaults) return f->set_defaults(std::move(v));
        if (name == names_.code) return f->set_code(std::move(v));
        f->dict()->set(name, std::move(v));
        f->bump_version();
        return;
    }
    default: break;
    }
    if (type_of(obj)->lookup(name))
        raise(exc::AttributeError, "'" + detail::tname(obj) + "' object attribute '" + std::string(name->view()) + "' is read-only");
    detail::attribute_error(obj, name);
}

STANDIN_DECL void Interpreter::delattr(const Value& obj, Str* name) {
    Dict* d = nullptr;
    switch (obj.kind()) {
    case Kind::instance: d = obj.as<Instance>()->dict(); break;
    case Kind::class_: d = obj.as<Class>()->dict(); break;
    case Kind::module: d = obj.as<Module>()->dict(); break;
    case Kind::function: d = obj.as<Function>()->dict(); break;
    default: break;
    }
    if (!d || !d->erase(name)) detail::attribute_error(obj, name);
}

// --- operators --------------------------------------------------------------------------
STANDIN_DECL bool Interpreter::instance_binary(std::uint32_t op, const Value& a, const Value& b, Value& out) {
    std::uint32_t base = op >= nb_inplace_offset ? op - nb_inplace_offset : op;
    if (a.kind() == Kind::instance) {
        Class* cls = a.as<Instance>()->cls();
        if (op >= nb_inplace_offset)
            if (const Value* m = cls->lookup(names_.binary[op])) {
                const Value args[] = {b};
                out = call_value(bind_class_attr(*m, a, cls), args);
                if (!out.identical(not_implemented_)) return true;
            }
        if (const Value* m = cls->lookup(names_.binary[base])) {
            const Value args[] = {b};
            out = call_value(bind_class_attr(*m, a, cls), args);
            if (!out.identical(not_implemented_)) return true;
        }
    }
    if (b.kind() == Kind::instance) {
        Class* cls = b.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.rbinary[base])) {
            const Value args[] = {a};
            out = call_value(bind_class_attr(*m, b, cls), args);
            if (!out.identical(not_implemented_)) return true;
        }
    }
    return false;
}

namespace detail {
inline Value repeat_sequence(const Value& seq, std::int64_t n) {
    if (n < 0) n = 0;
    if (auto* s = seq.dyn<Str>()) {
        if (n > 0 && s->text().size() > 0 && static_cast<std::uint64_t>(n) > (std::uint64_t{1} << 34) / s->text().size())
            raise(exc::MemoryError, "");
        std::string out;
        out.reserve(s->text().size() * static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) out += s->text();
        return str(std::move(out));
    }
    std::span<const Value> items = seq.is<List>() ? seq.as<List>()->items() : seq.as<Tuple>()->items();
    if (n > 0 && items.size() > 0 && static_cast<std::uint64_t>(n) > (std::uint64_t{1} << 30) / items.size())
        raise(exc::MemoryError, "");
    std::vector<Value> out;
    out.reserve(items.size() * static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
    if (seq.is<List>()) return list(std::move(out));
    return tuple(std::move(out));
}
}  // namespace detail

Value percent_format(Interpreter& vm, const Str& fmt, const Value& args);

STANDIN_DECL Value Interpreter::binary_op_slow(std::uint32_t op, const Value& a, const Value& b) {
    const std::uint32_t base = op >= nb_inplace_offset ? op - nb_inplace_offset : op;
    if (a.is_number() && b.is_number()) {
        if (a.is_float() || b.is_float()) {
            double x = a.as_double(), y = b.as_double();
            switch (base) {
            case NB_ADD: return Value(x + y);
            case NB_SUBTRACT: return Value(x - y);
            case NB_MULTIPLY: return Value(x * y);
            case NB_TRUE_DIVIDE: return Value(float_truediv(x, y));
            case NB_FLOOR_DIVIDE: return Value(float_floordiv(x, y));
            case NB_REMAINDER: return Value(float_mod(x, y));
            case NB_POWER: return Value(float_pow(x, y));
            default: break;
            }
        } else {
            std::int64_t x = a.as_integral(), y = b.as_integral();
            switch (base) {
            case NB_ADD: return Value(int_add(x, y));
            case NB_SUBTRACT: return Value(int_sub(x, y));
            case NB_MULTIPLY: return Value(int_mul(x, y));
            case NB_TRUE_DIVIDE: return Value(int_truediv(x, y));
            case NB_FLOOR_DIVIDE: return Value(int_floordiv(x, y));
            case NB_REMAINDER: return Value(int_mod(x, y));
            case NB_POWER:
                if (y < 0) return Value(float_pow(static_cast<double>(x), static_cast<double>(y)));
                return Value(int_pow(x, y));
            case NB_LSHIFT: return Value(int_lshift(x, y));
            case NB_RSHIFT: return Value(int_rshift(x, y));
            case NB_AND: return a.is_bool() && b.is_bool() ? Value(static_cast<bool>(x & y)) : Value(x & y);
            case NB_OR: return a.is_bool() && b.is_bool() ? Value(static_cast<bool>(x | y)) : Value(x | y);
            case NB_XOR: return a.is_bool() && b.is_bool() ? Value(static_cast<bool>(x ^ y)) : Value(x ^ y);
            default: break;
            }
        }
    }
    if (a.kind() == Kind::tensor || b.kind() == Kind::tensor) {
        if (!(a.kind() == Kind::instance || b.kind() == Kind::instance)) return tensor_binary_op(*this, op, a, b);
    }
    switch (a.kind()) {
    case Kind::str:
        if (base == NB_ADD) {
            if (auto* s = b.dyn<Str>()) return standin::str(a.as<Str>()->text() + s->text());
            if (b.kind() != Kind::instance)
                raise(exc::TypeError, "can only concatenate str (not \"" + detail::tname(b) + "\") to str");
        }
        if (base == NB_MULTIPLY && b.is_integral()) return detail::repeat_sequence(a, b.as_integral());
        if (base == NB_REMAINDER) return percent_format(*this, *a.as<Str>(), b);
        break;
    case Kind::list:
        if (op == NB_INPLACE_ADD) {
            auto items = to_vector(b);
            a.as<List>()->extend(items);
            return a;
        }
        if (op == NB_INPLACE_MULTIPLY && b.is_integral()) {
            Value r = detail::repeat_sequence(a, b.as_integral());
            a.as<List>()->assign(std::vector<Value>(r.as<List>()->items().begin(), r.as<List>()->items().end()));
            return a;
        }
        if (base == NB_ADD) {
            if (auto* l = b.dyn<List>()) {
                std::vector<Value> out(a.as<List>()->items().begin(), a.as<List>()->items().end());
                out.insert(out.end(), l->items().begin(), l->items().end());
                return list(std::move(out));
            }
            if (b.kind() != Kind::instance)
                raise(exc::TypeError, "can only concatenate list (not \"" + detail::tname(b) + "\") to list");
        }
        if (base == NB_MULTIPLY && b.is_integral()) return detail::repeat_sequence(a, b.as_integral());
        break;
    case Kind::tuple:
        if (base == NB_ADD) {
            if (auto* t = b.dyn<Tuple>()) {
                std::vector<Value> out(a.as<Tuple>()->items().begin(), a.as<Tuple>()->items().end());
                out.insert(out.end(), t->items().begin(), t->items().end());
                return tuple(std::move(out));
            }
            if (b.kind() != Kind::instance)
                raise(exc::TypeError, "can only concatenate tuple (not \"" + detail::tname(b) + "\") to tuple");
        }
        if (base == NB_MULTIPLY && b.is_integral()) return detail::repeat_sequence(a, b.as_integral());
        break;
    case Kind::dict:
        if (base == NB_OR && b.is<Dict>()) {
            if (op == NB_INPLACE_OR) {
                a.as<Dict>()->update(*b.as<Dict>());
                return a;
            }
            auto d = make_ref<Dict>();
            d->update(*a.as<Dict>());
            d->update(*b.as<Dict>());
            return Value(std::move(d));
        }
        break;
    default: break;
    }
    if (base == NB_MULTIPLY && a.is_integral() && (b.is<Str>() || b.is<List>() || b.is<Tuple>()))
        return detail::repeat_sequence(b, a.as_integral());
    if (base == NB_MULTIPLY && (a.is<Str>() || a.is<List>() || a.is<Tuple>()) && b.kind() != Kind::instance)
        raise(exc::TypeError, "can't multiply sequence by non-int of type '" + detail::tname(b) + "'");
    if (base == NB_MULTIPLY && (b.is<Str>() || b.is<List>() || b.is<Tuple>()) && a.kind() != Kind::instance)
        raise(exc::TypeError, "can't multiply sequence by non-int of type '" + detail::tname(a) + "'");
    Value out;
    if (instance_binary(op, a, b, out)) return out;
    std::string sym(binary_op_symbol(op));
    if (base == NB_POWER && op < nb_inplace_offset) sym = "** or pow()";
    raise(exc::TypeError, "unsupported operand type(s) for " + sym + ": '" + detail::tname(a) + "' and '" +
                              detail::tname(b) + "'");
}

STANDIN_DECL Value Interpreter::binary_op(std::uint32_t op, const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) {
        std::int64_t x = a.as_int(), y = b.as_int(), r;
        switch (op >= nb_inplace_offset ? op - nb_inplace_offset : op) {
        case NB_ADD:
            if (!__builtin_add_overflow(x, y, &r)) return Value(r);
            break;
        case NB_SUBTRACT:
            if (!__builtin_sub_overflow(x, y, &r)) return Value(r);
            break;
        case NB_MULTIPLY:
            if (!__builtin_mul_overflow(x, y, &r)) return Value(r);
            break;
        default: break;
        }
    } else if (a.is_float() && b.is_float()) {
        double x = a.as_float(), y = b.as_float();
        switch (op >= nb_inplace_offset ? op - nb_inplace_offset : op) {
        case NB_ADD: return Value(x + y);
        case NB_SUBTRACT: return Value(x - y);
        case NB_MULTIPLY: return Value(x * y);
        default: break;
        }
    }
    return binary_op_slow(op, a, b);
}

STANDIN_DECL Value Interpreter::unary_op(Opcode op, const Value& a) {
    if (op == Opcode::UNARY_NOT) return Value(!truthy(a));
    if (a.is_integral()) {
        switch (op) {
        case Opcode::UNARY_NEGATIVE: return Value(int_neg(a.as_integral()));
        case Opcode::UNARY_POSITIVE: return Value(a.as_integral());
        case Opcode::UNARY_INVERT: return Value(~a.as_integral());
        default: break;
        }
    }
    if (a.is_float()) {
        if (op == Opcode::UNARY_NEGATIVE) return Value(-a.as_float());
        if (op == Opcode::UNARY_POSITIVE) return a;
    }
    if (a.kind() == Kind::tensor) return tensor_unary_op(*this, op, a);
    Str* name = op == Opcode::UNARY_NEGATIVE ? names_.neg : op == Opcode::UNARY_POSITIVE ? names_.pos : names_.invert;
    if (a.kind() == Kind::instance)
        if (const Value* m = a.as<Instance>()->cls()->lookup(name))
            return call_value(bind_class_attr(*m, a, a.as<Instance>()->cls()), {});
    const char* sym = op == Opcode::UNARY_NEGATIVE ? "-" : op == Opcode::UNARY_POSITIVE ? "+" : "~";
    raise(exc::TypeError, std::string("bad operand type for unary ") + sym + ": '" + detail::tname(a) + "'");
}

// --- comparisons -------------------------------------------------------------------------
STANDIN_DECL Value Interpreter::sequence_compare(std::uint32_t op, std::span<const Value> a, std::span<const Value> b) {
    check_native_stack();
    std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (a[i].identical(b[i]) || eq(a[i], b[i])) continue;
        if (op == CMP_EQ) return Value(false);
        if (op == CMP_NE) return Value(true);
        return compare(op, a[i], b[i]);
    }
    std::int64_t x = static_cast<std::int64_t>(a.size()), y = static_cast<std::int64_t>(b.size());
    switch (op) {
    case CMP_LT: return Value(x < y);
    case CMP_LE: return Value(x <= y);
    case CMP_EQ: return Value(x == y);
    case CMP_NE: return Value(x != y);
    case CMP_GT: return Value(x > y);
    default: return Value(x >= y);
    }
}

STANDIN_DECL Value Interpreter::compare(std::uint32_t op, const Value& a, const Value& b) {
    if (a.is_number() && b.is_number()) {
        bool r;
        if (a.is_float() || b.is_float()) {
            double x = a.as_double(), y = b.as_double();
            if (!a.is_float() || !b.is_float()) {
                // int vs float: exact when the float is integral and in range.
                if (op == CMP_EQ || op == CMP_NE) {
                    r = equals(a, b);
                    return Value(op == CMP_EQ ? r : !r);
                }
            }
            switch (op) {
            case CMP_LT: r = x < y; break;
            case CMP_LE: r = x <= y; break;
            case CMP_EQ: r = x == y; break;
            case CMP_NE: r = x != y; break;
            case CMP_GT: r = x > y; break;
            default: r = x >= y; break;
            }
        } else {
            std::int64_t x = a.as_integral(), y = b.as_integral();
            switch (op) {
            case CMP_LT: r = x < y; break;
            case CMP_LE: r = x <= y; break;
            case CMP_EQ: r = x == y; break;
            case CMP_NE: r = x != y; break;
            case CMP_GT: r = x > y; break;
            default: r = x >= y; break;
            }
        }
        return Value(r);
    }
    if (a.kind() == Kind::tensor || b.kind() == Kind::tensor) return tensor_compare(*this, op, a, b);
    if (a.kind() == Kind::instance || b.kind() == Kind::instance) {
        static constexpr std::uint32_t reflected[] = {CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE};
        Str* const fwd[] = {names_.lt, names_.le, names_.eq, names_.ne, names_.gt, names_.ge};
        // A subclass's reflected method goes first, as in CPython.
        bool b_first = b.kind() == Kind::instance && a.kind() == Kind::instance &&
                       b.as<Instance>()->cls() != a.as<Instance>()->cls() &&
                       b.as<Instance>()->cls()->is_subclass_of(a.as<Instance>()->cls());
        auto try_side = [&](const Value& self, const Value& other, std::uint32_t o, Value& out) {
            if (self.kind() != Kind::instance) return false;
            Class* cls = self.as<Instance>()->cls();
            const Value* m = cls->lookup(fwd[o]);
            if (!m) return false;
            const Value args[] = {other};
            out = call_value(bind_class_attr(*m, self, cls), args);
            return !out.identical(not_implemented_);
        };
        Value out;
        if (b_first && try_side(b, a, reflected[op], out)) return out;
        if (try_side(a, b, op, out)) return out;
        if (!b_first && try_side(b, a, reflected[op], out)) return out;
        if (op == CMP_EQ) return Value(a.identical(b));
        if (op == CMP_NE) {
            // Default __ne__ inverts __eq__.
            if (a.kind() == Kind::instance && a.as<Instance>()->cls()->lookup(names_.eq)) {
                Value e = compare(CMP_EQ, a, b);
                return Value(!truthy(e));
            }
            return Value(!a.identical(b));
        }
    } else {
        if (a.kind() == b.kind()) {
            switch (a.kind()) {
            case Kind::str: {
                int c = a.as<Str>()->view().compare(b.as<Str>()->view());
                switch (op) {
                case CMP_LT: return Value(c < 0);
                case CMP_LE: return Value(c <= 0);
                case CMP_EQ: return Value(c == 0);
                case CMP_NE: return Value(c != 0);
                case CMP_GT: return Value(c > 0);
                default: return Value(c >= 0);
                }
            }
            case Kind::list: return sequence_compare(op, a.as<List>()->items(), b.as<List>()->items());
            case Kind::tuple: return sequence_compare(op, a.as<Tuple>()->items(), b.as<Tuple>()->items());
            case Kind::dict:
                if (op == CMP_EQ || op == CMP_NE) {
                    auto *da = a.as<Dict>(), *db = b.as<Dict>();
                    bool same = da->size() == db->size();
                    if (same)
                        for (std::size_t i = 0; i < da->slot_count() && same; ++i) {
                            const auto& e = da->slot(i);
                            if (e.key.is_null()) continue;
                            const Value* o = db->find_hashed(e.key, e.hash);
                            same = o && (o->identical(e.value) || eq(e.value, *o));
                        }
                    return Value(op == CMP_EQ ? same : !same);
                }
                break;
            default: break;
            }
        }
        if (op == CMP_EQ) return Value(a.identical(b) || equals(a, b));
        if (op == CMP_NE) return Value(!(a.identical(b) || equals(a, b)));
    }
    raise(exc::TypeError, "'" + std::string(compare_op_symbol(op)) + "' not supported between instances of '" +
                              detail::tname(a) + "' and '" + detail::tname(b) + "'");
}

STANDIN_DECL bool Interpreter::eq(const Value& a, const Value& b) {
    if (a.kind() == b.kind()) {
        switch (a.kind()) {
        case Kind::none: return true;
        case Kind::bool_: return a.as_bool() == b.as_bool();
        case Kind::int_: return a.as_int() == b.as_int();
        case Kind::float_: return a.as_float() == b.as_float();
        case Kind::str: return a.object() == b.object() || a.as<Str>()->view() == b.as<Str>()->view();
        default: break;
        }
    }
    return truthy(compare(CMP_EQ, a, b));
}

STANDIN_DECL bool Interpreter::lt(const Value& a, const Value& b) {
    if (a.is_int() && b.is_int()) return a.as_int() < b.as_int();
    return truthy(compare(CMP_LT, a, b));
}

STANDIN_DECL bool Interpreter::truthy(const Value& v) {
    switch (v.kind()) {
    case Kind::null:
    case Kind::none: return false;
    case Kind::bool_: return v.as_bool();
    case Kind::int_: return v.as_int() != 0;
    case Kind::float_: return v.as_float() != 0.0;
    case Kind::str: return !v.as<Str>()->view().empty();
    case Kind::list: return v.as<List>()->size() != 0;
    case Kind::tuple: return v.as<Tuple>()->size() != 0;
    case Kind::dict: return !v.as<Dict>()->empty();
    case Kind::range: return v.as<Range>()->length() != 0;
    case Kind::tensor: return tensor_truthy(v);
    case Kind::instance: {
        Class* cls = v.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.bool_)) {
            Value r = call_value(bind_class_attr(*m, v, cls), {});
            if (!r.is_bool()) raise(exc::TypeError, "__bool__ should return bool, returned " + detail::tname(r));
            return r.as_bool();
        }
        if (cls->lookup(names_.len)) return len(v) != 0;
        return true;
    }
    case Kind::native:
        if (auto* dv = dynamic_cast<DictView*>(v.as<NativeObject>())) return !dv->dict->empty();
        return true;
    default: return true;
    }
}

STANDIN_DECL std::int64_t Interpreter::len(const Value& v) {
    switch (v.kind()) {
    case Kind::str: return static_cast<std::int64_t>(v.as<Str>()->length());
    case Kind::list: return static_cast<std::int64_t>(v.as<List>()->size());
    case Kind::tuple: return static_cast<std::int64_t>(v.as<Tuple>()->size());
    case Kind::dict: return static_cast<std::int64_t>(v.as<Dict>()->size());
    case Kind::range: return v.as<Range>()->length();
    case Kind::tensor: return tensor_len(v);
    case Kind::instance: {
        Class* cls = v.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.len)) {
            Value r = call_value(bind_class_attr(*m, v, cls), {});
            if (!r.is_integral())
                raise(exc::TypeError, "'" + detail::tname(r) + "' object cannot be interpreted as an integer");
            if (r.as_integral() < 0) raise(exc::ValueError, "__len__() should return >= 0");
            return r.as_integral();
        }
        break;
    }
    case Kind::native:
        if (auto* dv = dynamic_cast<DictView*>(v.as<NativeObject>())) return static_cast<std::int64_t>(dv->dict->size());
        break;
    default: break;
    }
    raise(exc::TypeError, "object of type '" + detail::tname(v) + "' has no len()");
}

STANDIN_DECL bool Interpreter::contains(const Value& container, const Value& item) {
    switch (container.kind()) {
    case Kind::list:
        for (const Value& x : container.as<List>()->items())
            if (x.identical(item) || eq(x, item)) return true;
        return false;
    case Kind::tuple:
        for (const Value& x : container.as<Tuple>()->items())
            if (x.identical(item) || eq(x, item)) return true;
        return false;
    case Kind::dict: return container.as<Dict>()->find(item) != nullptr;
    case Kind::str: {
        auto* s = item.dyn<Str>();
        if (!s) raise(exc::TypeError, "'in <string>' requires string as left operand, not " + detail::tname(item));
        return container.as<Str>()->view().find(s->view()) != std::string_view::npos;
    }
    case Kind::range: {
        if (!item.is_integral()) {
            for (auto it = iter(container); ;) {
                Value x;
                if (!next(it, x)) return false;
                if (eq(x, item)) return true;
            }
        }
        auto* r = container.as<Range>();
        std::int64_t v = item.as_integral();
        if (r->length() == 0) return false;
        if (r->step() > 0 ? (v < r->start() || v >= r->stop()) : (v > r->start() || v <= r->stop())) return false;
        return (v - r->start()) % r->step() == 0;
    }
    case Kind::instance: {
        Class* cls = container.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.contains)) {
            const Value args[] = {item};
            return truthy(call_value(bind_class_attr(*m, container, cls), args));
        }
        if (!cls->lookup(names_.iter) && !cls->lookup(names_.getitem)) break;
        Value it = iter(container);
        Value x;
        while (next(it, x))
            if (x.identical(item) || eq(x, item)) return true;
        return false;
    }
    case Kind::native:
        if (auto* dv = dynamic_cast<DictView*>(container.as<NativeObject>())) {
            if (dv->view_kind == DictViewKind::keys) return dv->dict->find(item) != nullptr;
            Value it = iter(container);
            Value x;
            while (next(it, x))
                if (eq(x, item)) return true;
            return false;
        }
        if (dynamic_cast<Iterator*>(container.as<NativeObject>())) {
            Value x;
            while (next(container, x))
                if (x.identical(item) || eq(x, item)) return true;
            return false;
        }
        break;
    case Kind::tensor: {
        Value e = tensor_compare(*this, CMP_EQ, container, item);
        Value any = getattr(e, intern("any"));
        return truthy(call_value(any, {}));
    }
    default: break;
    }
    raise(exc::TypeError, "argument of type '" + detail::tname(container) + "' is not iterable");
}

// --- subscripts ----------------------------------------------------------------------------
STANDIN_DECL Value Interpreter::getitem(const Value& c, const Value& key) {
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
    case Kind::class_:
        if (const Value* m = c.as<Class>()->lookup(intern("__class_getitem__"))) {
            const Value args[] = {key};
            return call_value(bind_class_attr(*m, c, c.as<Class>()), args);
        }
        raise(exc::TypeError, "type '" + std::string(c.as<Class>()->name()->view()) + "' is not subscriptable");
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(c) + "' object is not subscriptable");
}

STANDIN_DECL void Interpreter::setitem(const Value& c, const Value& key, Value v) {
    switch (c.kind()) {
    case Kind::list: {
        auto* l = c.as<List>();
        if (key.is_integral()) return l->set(key.as_integral(), std::move(v));
        if (auto* s = key.dyn<Slice>()) {
            auto ix = s->indices(static_cast<std::int64_t>(l->size()));
            std::vector<Value> items = to_vector(v);
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
        if (const Value* m = cls->lookup(names_.iter)) {
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
    case Kind::list: return {iterable.as<List>()->items().begin(), iterable.as<List>()->items().end()};
    case Kind::tuple: return {iterable.as<Tuple>()->items().begin(), iterable.as<Tuple>()->items().end()};
    default: break;
    }
    std::vector<Value> out;
    Value it = iter(iterable);
    Value x;
    while (next(it, x)) out.push_back(std::move(x));
    return out;
}

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
    if (dict->size() != size) {
        size = static_cast<std::size_t>(-1);
        raise(exc::RuntimeError, "dictionary changed size during iteration");
    }
    while (slot < dict->slot_count()) {
        const DictEntry& e = dict->slot(slot++);
        if (e.key.is_null()) continue;
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
        if (!vm.next(iters[i], items[i])) return false;
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

STANDIN_DECL bool GuestIterator::next(Interpreter& vm, Value& out) {
    try {
        out = vm.call_method(obj, vm.names().next, {});
        return true;
    } catch (const GuestException& e) {
        if (vm.isinstance(e.exception(), vm.exception_class(exc::StopIteration))) return false;
        throw;
    }
}

// --- hashing, repr, str -------------------------------------------------------------------
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
    return hash_value(v);
}

namespace detail {
class VmReprHook final : public ReprHook {
public:
    explicit VmReprHook(Interpreter& vm) : vm_(vm) {}
    STANDIN_DECL bool repr(const Value& v, std::string& out) override;

private:
    Interpreter& vm_;
};
}  // namespace detail

STANDIN_DECL std::string Interpreter::repr(const Value& v) {
    detail::VmReprHook hook(*this);
    return standin::repr(v, &hook);
}

STANDIN_DECL std::string Interpreter::str(const Value& v) {
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
    default: return repr(v);
    }
}

inline std::string address_of(const Value& v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%#llx", static_cast<unsigned long long>(v.raw_bits()));
    return buf;
}

STANDIN_DECL bool detail::VmReprHook::repr(const Value& v, std::string& out) {
    const auto& n = vm_.names();
    vm_.check_native_stack();
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
        const Value* mod = cls->dict()->find(n.module);
        std::string prefix = mod && mod->is<Str>() && mod->as<Str>()->view() != "builtins"
                                 ? std::string(mod->as<Str>()->view()) + "."
                                 : "";
        out += "<" + prefix + std::string(cls->name()->view()) + " object at " + address_of(v) + ">";
        return true;
    }
    case Kind::class_: {
        auto* cls = v.as<Class>();
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
        if (b->self().is_null() || b->self().is_none() || b->self().is<Module>())
            out += "<built-in function " + std::string(b->name()->view()) + ">";
        else
            out += "<built-in method " + std::string(b->name()->view()) + " of " + tname(b->self()) + " object at " +
                   address_of(b->self()) + ">";
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
        out += "<" + std::string(obj->type_name()) + " object at " + address_of(v) + ">";
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

}  // namespace standin::inline v0

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
