// Operators with CPython's numeric semantics and error messages (int, float,
// bool, str, sequences, tensors, and user classes through their dunder and
// reflected methods), comparisons, truth, len and `in`.
// Counterpart: CPython's Objects/abstract.c (PyNumber_*), object.c
// (PyObject_RichCompare, PyObject_IsTrue), longobject.c, floatobject.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/operators.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/protocol.hpp>

#include <cmath>

STANDIN_NAMESPACE_BEGIN

// --- operators --------------------------------------------------------------------------
// As CPython's binary_op1: the right operand's reflected method is not tried
// when both are of one class, and is tried first when its class is a strict
// subclass of the left one's that overrides it.
STANDIN_DECL bool Interpreter::instance_binary(BinaryOp op, const Value& a, const Value& b, Value& out) {
    std::uint32_t base = op >= nb_inplace_offset ? op - nb_inplace_offset : op;
    Class* const ca = a.kind() == Kind::instance ? a.as<Instance>()->cls() : nullptr;
    Class* const cb = b.kind() == Kind::instance ? b.as<Instance>()->cls() : nullptr;
    const Value* const rmethod = cb ? cb->lookup(names_.rbinary[base]) : nullptr;
    auto reflected = [&] {
        if (!rmethod) return false;
        const Value args[] = {a};
        out = call_value(bind_class_attr(*rmethod, b, cb), args);
        return !out.identical(not_implemented_);
    };
    const bool right_first = rmethod && ca && ca != cb && cb->is_subclass_of(ca) && op < nb_inplace_offset &&
                             rmethod != ca->lookup(names_.rbinary[base]);
    if (right_first && reflected()) return true;
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
    if (cb && cb != ca && !right_first) return reflected();
    return false;
}

namespace detail {
// A dict's keys or items view (set-like, unlike a values view), or null.
inline const DictView* set_like_view(const Value& v) {
    if (v.kind() != Kind::native) return nullptr;
    auto* dv = dynamic_cast<const DictView*>(v.as<NativeObject>());
    return dv && dv->view_kind != DictViewKind::values ? dv : nullptr;
}
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
// xs *= n: the list's items repeated, in place.
inline Value repeat_list_in_place(const Value& xs, std::int64_t n) {
    Value r = repeat_sequence(xs, n);
    xs.as<List>()->assign(std::vector<Value>(r.as<List>()->items().begin(), r.as<List>()->items().end()));
    return xs;
}
}  // namespace detail

Value percent_format(Interpreter& vm, const Str& fmt, const Value& args);

STANDIN_DECL Value Interpreter::binary_op_slow(BinaryOp op, const Value& a, const Value& b) {
    const std::uint32_t base = op >= nb_inplace_offset ? op - nb_inplace_offset : op;
    // A list or dict subclass's Python operator methods (Counter's +, a
    // defaultdict's |) come before the built-in type's.
    if (subclass_instance(a) || subclass_instance(b)) [[unlikely]] {
        Value out;
        auto try_method = [&](const Value& self, Str* name, const Value& other) {
            const Value* m = subclass_override(self, name);
            if (!m) return false;
            out = call_override(self, *m, std::span<const Value>(&other, 1));
            return !out.identical(not_implemented_);
        };
        if (op >= nb_inplace_offset && try_method(a, names_.binary[op], b)) return out;
        // xs += ys on a list subclass without a Python __iadd__ runs list's own
        // __iadd__ (in place), not the subclass's __add__; d |= e likewise.
        const bool builtin_inplace = op >= nb_inplace_offset && subclass_instance(a) &&
                                     ((a.kind() == Kind::list && (base == NB_ADD || base == NB_MULTIPLY)) ||
                                      (a.kind() == Kind::dict && base == NB_OR));
        if (!builtin_inplace) {
            if (try_method(a, names_.binary[base], b)) return out;
            if (try_method(b, names_.rbinary[base], a)) return out;
        }
    }
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
        // The sequence's own operator comes first: "loss %.3f" % t formats t,
        // "ab" * n and [0] * n repeat by a one-element integer tensor.
        if (b.kind() == Kind::tensor && a.is<Str>() && base == NB_REMAINDER) return percent_format(*this, *a.as<Str>(), b);
        if (std::int64_t n; b.kind() == Kind::tensor && (a.is<Str>() || a.is<List>() || a.is<Tuple>()) &&
                            op == NB_MULTIPLY && tensor_as_index(b, n))
            return detail::repeat_sequence(a, n);
        if (std::int64_t n; a.kind() == Kind::tensor && (b.is<Str>() || b.is<List>() || b.is<Tuple>()) &&
                            op == NB_MULTIPLY && tensor_as_index(a, n))
            return detail::repeat_sequence(b, n);
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
            detail::extend_list(*this, a, b);
            return a;
        }
        if (op == NB_INPLACE_MULTIPLY && b.is_integral()) return detail::repeat_list_in_place(a, b.as_integral());
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
        // d |= other takes what d.update(other) takes (a mapping or pairs).
        if (op == NB_INPLACE_OR && !b.is<Dict>()) {
            const Value arg[] = {b};
            call_method(a, intern("update"), arg);
            return a;
        }
        if (base == NB_OR && b.is<Dict>()) {
            if (op == NB_INPLACE_OR) {
                a.as<Dict>()->update(*b.as<Dict>());
                return a;
            }
            auto d = make_ref<Dict>();
            // OrderedDict | dict and dict | OrderedDict (its __ror__) are OrderedDicts.
            d->set_ordered(a.as<Dict>()->is_ordered() || b.as<Dict>()->is_ordered());
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
    // d.keys() | other (and &, -, ^; items views too): a set, as CPython's
    // dictviews_or: set(view) updated with the other operand (any iterable).
    if ((base == NB_OR || base == NB_AND || base == NB_SUBTRACT || base == NB_XOR) &&
        (detail::set_like_view(a) || detail::set_like_view(b))) {
        const Value* set_cls = builtins_->find(intern("set"));
        const bool view_first = detail::set_like_view(a) != nullptr;
        Value result = call_value(*set_cls, std::span<const Value>(view_first ? &a : &b, 1));
        if (base == NB_SUBTRACT && !view_first) {  // other - view
            result = call_value(*set_cls, std::span<const Value>(&a, 1));
            call_method(result, intern("difference_update"), std::span<const Value>(&b, 1));
            return result;
        }
        Str* update = intern(base == NB_OR ? "update" : base == NB_AND ? "intersection_update"
                                                 : base == NB_SUBTRACT ? "difference_update" : "symmetric_difference_update");
        call_method(result, update, std::span<const Value>(view_first ? &b : &a, 1));
        return result;
    }
    Value out;
    if (instance_binary(op, a, b, out)) return out;
    // int | None, int | float: a types.UnionType (PEP 604).
    if (op == NB_OR && (a.kind() == Kind::class_ || b.kind() == Kind::class_) &&
        (a.kind() == Kind::class_ || a.is_none()) && (b.kind() == Kind::class_ || b.is_none())) {
        const Value types = import_module(intern("types"), Value());
        const Value members = tuple({a, b});
        return call_value(getattr(types, intern("UnionType")), std::span<const Value>(&members, 1));
    }
    // Neither operand's methods took it: a sequence times an object is
    // CPython's sequence-repeat error.
    if (base == NB_MULTIPLY && (a.is<Str>() || a.is<List>() || a.is<Tuple>() || b.is<Str>() || b.is<List>() || b.is<Tuple>())) {
        const bool seq_left = a.is<Str>() || a.is<List>() || a.is<Tuple>();
        // A count with __index__ repeats the sequence by its int.
        if (const Value& n = seq_left ? b : a; n.kind() == Kind::instance && type_of(n)->lookup(names_.index)) {
            const Value count = call_method(n, names_.index, {});
            if (count.is_integral()) return binary_op(op, seq_left ? a : count, seq_left ? count : b);
        }
        raise(exc::TypeError, "can't multiply sequence by non-int of type '" + detail::tname(seq_left ? b : a) + "'");
    }
    std::string sym(binary_op_symbol(op));
    if (base == NB_POWER && op < nb_inplace_offset) sym = "** or pow()";
    raise(exc::TypeError, "unsupported operand type(s) for " + sym + ": '" + detail::tname(a) + "' and '" +
                              detail::tname(b) + "'");
}

STANDIN_DECL Value Interpreter::binary_op(BinaryOp op, const Value& a, const Value& b) {
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
    if (const Value* m = subclass_override(a, name)) return call_override(a, *m, {});
    const char* sym = op == Opcode::UNARY_NEGATIVE ? "-" : op == Opcode::UNARY_POSITIVE ? "+" : "~";
    raise(exc::TypeError, std::string("bad operand type for unary ") + sym + ": '" + detail::tname(a) + "'");
}

// --- comparisons -------------------------------------------------------------------------
// Two lists or two tuples, item by item. == may run guest code that changes
// a list: the items are read again at each step and held while compared.
STANDIN_DECL Value Interpreter::sequence_compare(CompareOp op, const Value& a, const Value& b) {
    check_native_stack();
    auto items = [](const Value& v) { return v.kind() == Kind::list ? v.as<List>()->items() : v.as<Tuple>()->items(); };
    for (std::size_t i = 0; i < items(a).size() && i < items(b).size(); ++i) {
        Value x = items(a)[i], y = items(b)[i];
        if (x.identical(y) || eq(x, y)) continue;
        if (op == CMP_EQ) return Value(false);
        if (op == CMP_NE) return Value(true);
        return compare(op, x, y);
    }
    std::int64_t x = static_cast<std::int64_t>(items(a).size()), y = static_cast<std::int64_t>(items(b).size());
    return Value(detail::apply_compare(op, x, y));
}

STANDIN_DECL Value Interpreter::compare(CompareOp op, const Value& a, const Value& b) {
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
                // Ordered exactly too, as CPython's float_richcompare: an int
                // past 2**53 is not rounded to the float next to it.
                const bool int_left = !a.is_float();
                const std::int64_t i = int_left ? a.as_integral() : b.as_integral();
                const double f = int_left ? y : x;
                if (!std::isnan(f) && f >= -9.2233720368547758e18 && f < 9.2233720368547758e18) {
                    const double whole = std::floor(f);
                    const auto w = static_cast<std::int64_t>(whole);
                    // i against f: its sign, from i against floor(f), then the fraction.
                    const int c = i < w ? -1 : i > w ? 1 : (f > whole ? -1 : 0);
                    return Value(detail::apply_compare(op, int_left ? c : -c, 0));
                }
            }
            r = detail::apply_compare(op, x, y);
        } else {
            std::int64_t x = a.as_integral(), y = b.as_integral();
            r = detail::apply_compare(op, x, y);
        }
        return Value(r);
    }
    // The reflection of each comparison (a < b is b > a), and its method name.
    static constexpr CompareOp reflected[] = {CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE};
    // (The method names are read only on the paths below, not for every number,
    // string or list compared.)
    auto fwd = [this](CompareOp o) {
        Str* const names[] = {names_.lt, names_.le, names_.eq, names_.ne, names_.gt, names_.ge};
        return names[o];
    };
    if (a.kind() == Kind::tensor || b.kind() == Kind::tensor) [[unlikely]] {
        // A tensor against an object whose class writes the comparison in
        // Python (x == obj): torch's operator gives NotImplemented for it,
        // so the object's method (reflected when it is on the right) answers.
        // An int-like object (an IntEnum member: a Python __index__) is the
        // number it stands for, as torch takes an int subclass.
        const bool left = a.kind() == Kind::instance;
        if (const Value& other = left ? a : b; other.kind() == Kind::instance) {
            Class* cls = other.as<Instance>()->cls();
            if (const Value* index = cls->lookup(names_.index); index && index->is<Function>()) {
                const Value number = call_value(bind_class_attr(*index, other, cls), {});
                return left ? tensor_compare(*this, op, number, b) : tensor_compare(*this, op, a, number);
            }
            const CompareOp o = left ? op : reflected[op];
            const Value args[] = {left ? b : a};
            if (const Value* m = cls->lookup(fwd(o)); m && m->is<Function>()) {
                Value out = call_value(bind_class_attr(*m, other, cls), args);
                if (!out.identical(not_implemented_)) return out;
            } else if (const Value* eq = cls->lookup(names_.eq); o == CMP_NE && eq && eq->is<Function>()) {
                // object's __ne__ inverts a Python __eq__
                Value out = call_value(bind_class_attr(*eq, other, cls), args);
                if (!out.identical(not_implemented_)) return Value(!truthy(out));
            }
        }
        return tensor_compare(*this, op, a, b);
    }
    // A keys or items view against another or a set: compared as sets.
    if (detail::set_like_view(a) || detail::set_like_view(b)) {
        const Value* set_cls = builtins_->find(intern("set"));
        const Value* frozenset_cls = builtins_->find(intern("frozenset"));
        auto set_like = [&](const Value& v) {
            if (detail::set_like_view(v)) return true;
            return v.kind() == Kind::instance && ((set_cls && set_cls->is<Class>() && isinstance(v, set_cls->as<Class>())) ||
                                                  (frozenset_cls && frozenset_cls->is<Class>() && isinstance(v, frozenset_cls->as<Class>())));
        };
        if (set_like(a) && set_like(b)) {
            Value sa = detail::set_like_view(a) ? call_value(*set_cls, std::span<const Value>(&a, 1)) : a;
            Value sb = detail::set_like_view(b) ? call_value(*set_cls, std::span<const Value>(&b, 1)) : b;
            return compare(op, sa, sb);
        }
    }
    // A list or dict subclass's Python comparison (Counter's ==) comes
    // before the built-in type's.
    if (subclass_instance(a) || subclass_instance(b)) [[unlikely]] {
        Value out;
        auto try_side = [&](const Value& self, const Value& other, CompareOp o) {
            const Value* m = subclass_override(self, fwd(o));
            if (!m) return false;
            out = call_override(self, *m, std::span<const Value>(&other, 1));
            return !out.identical(not_implemented_);
        };
        if (try_side(a, b, op) || try_side(b, a, reflected[op])) return out;
    }
    if (a.kind() == Kind::instance || b.kind() == Kind::instance) {
        // A subclass's reflected method goes first, as in CPython.
        bool b_first = b.kind() == Kind::instance && a.kind() == Kind::instance &&
                       b.as<Instance>()->cls() != a.as<Instance>()->cls() &&
                       b.as<Instance>()->cls()->is_subclass_of(a.as<Instance>()->cls());
        auto try_side = [&](const Value& self, const Value& other, CompareOp o, Value& out) {
            if (self.kind() != Kind::instance) return false;
            Class* cls = self.as<Instance>()->cls();
            const Value* m = cls->lookup(fwd(o));
            const Value args[] = {other};
            if (!m && o == CMP_NE) {
                // object.__ne__: the inverse of the class's __eq__, unless
                // that is NotImplemented (then the other side's turn).
                const Value* e = cls->lookup(names_.eq);
                if (!e) return false;
                out = call_value(bind_class_attr(*e, self, cls), args);
                if (out.identical(not_implemented_)) return false;
                out = Value(!truthy(out));
                return true;
            }
            if (!m) return false;
            out = call_value(bind_class_attr(*m, self, cls), args);
            return !out.identical(not_implemented_);
        };
        Value out;
        if (b_first && try_side(b, a, reflected[op], out)) return out;
        if (try_side(a, b, op, out)) return out;
        if (!b_first && try_side(b, a, reflected[op], out)) return out;
        if (op == CMP_EQ) return Value(a.identical(b));
        if (op == CMP_NE) return Value(!a.identical(b));
    } else {
        if (a.kind() == b.kind()) {
            switch (a.kind()) {
            case Kind::str: {
                int c = a.as<Str>()->view().compare(b.as<Str>()->view());
                return Value(detail::apply_compare(op, c, 0));
            }
            case Kind::list:
            case Kind::tuple: return sequence_compare(op, a, b);
            case Kind::bound_method:
                // o.m == o.m: the same object (by identity) and equal functions.
                if (op == CMP_EQ || op == CMP_NE) {
                    auto *x = a.as<BoundMethod>(), *y = b.as<BoundMethod>();
                    const bool same = x->self().identical(y->self()) &&
                                      (x->function().identical(y->function()) || eq(x->function(), y->function()));
                    return Value(op == CMP_EQ ? same : !same);
                }
                break;
            case Kind::dict:
                if (op == CMP_EQ || op == CMP_NE) {
                    check_native_stack();  // (x['self'] = x: == recurses, as CPython's does, to RecursionError)
                    auto *da = a.as<Dict>(), *db = b.as<Dict>();
                    bool same = da->size() == db->size();
                    if (same && da->is_ordered() && db->is_ordered()) {
                        // Two OrderedDicts are equal only in the same order.
                        // (== may run guest code that changes either dict: entries are held.)
                        for (std::size_t i = 0, j = 0; i < da->slot_count() && same; ++i) {
                            if (da->slot(i).key.is_null()) continue;
                            const Value k = da->slot(i).key, v = da->slot(i).value;
                            while (j < db->slot_count() && db->slot(j).key.is_null()) ++j;
                            if (j >= db->slot_count()) {
                                same = false;
                                break;
                            }
                            const Value fk = db->slot(j).key, fv = db->slot(j).value;
                            ++j;
                            same = (k.identical(fk) || eq(k, fk)) && (v.identical(fv) || eq(v, fv));
                        }
                        return Value(op == CMP_EQ ? same : !same);
                    }
                    if (same)
                        for (std::size_t i = 0; i < da->slot_count() && same; ++i) {
                            if (da->slot(i).key.is_null()) continue;
                            const Value k = da->slot(i).key, v = da->slot(i).value;
                            const Value* o = db->find_hashed(k, da->slot(i).hash);
                            if (!o) {
                                same = false;
                                break;
                            }
                            const Value ov = *o;
                            same = ov.identical(v) || eq(v, ov);
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
    case Kind::list:
    case Kind::dict:
        if (v.object()->is_subclass_instance()) [[unlikely]] {
            if (const Value* m = subclass_override(v, names_.bool_)) {
                Value r = call_override(v, *m, {});
                if (!r.is_bool()) raise(exc::TypeError, "__bool__ should return bool, returned " + detail::tname(r));
                return r.as_bool();
            }
            if (subclass_override(v, names_.len)) return len(v) != 0;
        }
        return v.kind() == Kind::list ? v.as<List>()->size() != 0 : !v.as<Dict>()->empty();
    case Kind::tuple: return v.as<Tuple>()->size() != 0;
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
    if (subclass_instance(v)) [[unlikely]]
        if (const Value* m = subclass_override(v, names_.len)) {
            Value r = call_override(v, *m, {});
            if (!r.is_integral())
                raise(exc::TypeError, detail::not_an_integer(r));
            if (r.as_integral() < 0) raise(exc::ValueError, "__len__() should return >= 0");
            return r.as_integral();
        }
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
                raise(exc::TypeError, detail::not_an_integer(r));
            if (r.as_integral() < 0) raise(exc::ValueError, "__len__() should return >= 0");
            return r.as_integral();
        }
        break;
    }
    case Kind::native:
        if (auto* dv = dynamic_cast<DictView*>(v.as<NativeObject>())) return static_cast<std::int64_t>(dv->dict->size());
        break;
    case Kind::class_:
        // An enum class's len (EnumMeta.__len__; standin has no metaclasses).
        if (v.as<Class>()->lookup(intern("__class_iter__"))) {
            Value it = iter(v);
            Value x;
            std::int64_t n = 0;
            while (next(it, x)) ++n;
            return n;
        }
        break;
    default: break;
    }
    raise(exc::TypeError, "object of type '" + detail::tname(v) + "' has no len()");
}

// x in c by walking c's iterator (an object's __iter__/__getitem__, an enum class).
STANDIN_DECL bool Interpreter::contains_by_iteration(const Value& container, const Value& item) {
    Value it = iter(container);
    Value x;
    while (next(it, x))
        if (x.identical(item) || eq(x, item)) return true;
    return false;
}

STANDIN_DECL bool Interpreter::contains(const Value& container, const Value& item) {
    if (subclass_instance(container)) [[unlikely]]
        if (const Value* m = subclass_override(container, names_.contains)) return truthy(call_override(container, *m, std::span<const Value>(&item, 1)));
    switch (container.kind()) {
    case Kind::list:
    case Kind::tuple: {
        // == may run guest code that shrinks a list: the items are read again
        // at each step and the one compared is held.
        auto items = [&] { return container.is<List>() ? container.as<List>()->items() : container.as<Tuple>()->items(); };
        for (std::size_t i = 0; i < items().size(); ++i) {
            const Value x = items()[i];
            if (x.identical(item) || eq(x, item)) return true;
        }
        return false;
    }
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
        return contains_by_iteration(container, item);
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
    case Kind::class_:
        if (!container.as<Class>()->lookup(intern("__class_iter__"))) break;
        return contains_by_iteration(container, item);
    default: break;
    }
    raise(exc::TypeError, "argument of type '" + detail::tname(container) + "' is not iterable");
}

STANDIN_NAMESPACE_END
