// The builtins module: print, len, range, isinstance, sorted, min/max, ...
// and the constructors of the built-in types (int, str, list, ...), with
// CPython's argument checking and messages.
// Counterpart: CPython's Python/bltinmodule.c and the types' tp_new slots.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/builtins.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/format.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns that destroying a None Value passed by value may decref a null
// object; the destructor tests the kind first, so it never does.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#endif

namespace standin::inline v0 {

#define STANDIN_BUILTIN(fname)                                                                                    \
    inline Value fname([[maybe_unused]] Interpreter& vm, [[maybe_unused]] const Value& self,                     \
                       [[maybe_unused]] std::span<const Value> args, [[maybe_unused]] std::span<const KwArg> kwargs)

namespace builtins {

inline void no_kwargs(std::string_view name, std::span<const KwArg> kwargs) {
    if (!kwargs.empty()) raise(exc::TypeError, std::string(name) + "() takes no keyword arguments");
}
inline void arity(std::string_view name, std::span<const Value> args, std::size_t min, std::size_t max) {
    if (args.size() >= min && args.size() <= max) return;
    if (min == max) {
        if (min == 1)
            raise(exc::TypeError, std::string(name) + "() takes exactly one argument (" + std::to_string(args.size()) + " given)");
        if (min == 0) raise(exc::TypeError, std::string(name) + "() takes no arguments (" + std::to_string(args.size()) + " given)");
        raise(exc::TypeError, std::string(name) + " expected " + std::to_string(min) + " arguments, got " + std::to_string(args.size()));
    }
    if (args.size() < min)
        raise(exc::TypeError, std::string(name) + " expected at least " + std::to_string(min) + " argument" +
                                  (min == 1 ? "" : "s") + ", got " + std::to_string(args.size()));
    raise(exc::TypeError, std::string(name) + " expected at most " + std::to_string(max) + " argument" + (max == 1 ? "" : "s") +
                              ", got " + std::to_string(args.size()));
}
// The keyword `name`, or null; any other keyword is an error.
inline const Value* kwarg(std::string_view fname, std::span<const KwArg> kwargs, std::initializer_list<std::string_view> allowed,
                          std::string_view name) {
    const Value* found = nullptr;
    for (const auto& kw : kwargs) {
        bool ok = false;
        for (auto a : allowed) ok |= kw.name->view() == a;
        if (!ok)
            raise(exc::TypeError, std::string(fname) + "() got an unexpected keyword argument '" + std::string(kw.name->view()) + "'");
        if (kw.name->view() == name) found = &kw.value;
    }
    return found;
}
inline std::int64_t as_index(const Value& v) {
    if (v.is_integral()) return v.as_integral();
    raise(exc::TypeError, "'" + detail::tname(v) + "' object cannot be interpreted as an integer");
}

STANDIN_BUILTIN(print) {
    std::string sep = " ", end = "\n";
    for (const auto& kw : kwargs) {
        auto n = kw.name->view();
        if (n == "sep" || n == "end") {
            std::string& target = n == "sep" ? sep : end;
            if (kw.value.is_none()) continue;
            if (!kw.value.is<Str>())
                raise(exc::TypeError, std::string(n) + " must be None or a string, not " + detail::tname(kw.value));
            target = kw.value.as<Str>()->text();
        } else if (n == "flush") {
        } else if (n == "file") {
            if (!kw.value.is_none()) raise(exc::TypeError, "print(file=...) is not supported by standin");
        } else {
            raise(exc::TypeError, "'" + std::string(n) + "' is an invalid keyword argument for print()");
        }
    }
    std::string out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i) out += sep;
        out += vm.str(args[i]);
    }
    out += end;
    vm.output().write(out.data(), static_cast<std::streamsize>(out.size()));
    return Value();
}

STANDIN_BUILTIN(len) {
    no_kwargs("len", kwargs);
    arity("len", args, 1, 1);
    return Value(vm.len(args[0]));
}

STANDIN_BUILTIN(repr_) {
    no_kwargs("repr", kwargs);
    arity("repr", args, 1, 1);
    return str(vm.repr(args[0]));
}

inline bool isinstance_check(Interpreter& vm, const Value& v, const Value& cls, const char* fname) {
    if (auto* c = cls.dyn<Class>()) return vm.isinstance(v, c);
    if (auto* t = cls.dyn<Tuple>()) {
        for (const Value& x : t->items())
            if (isinstance_check(vm, v, x, fname)) return true;
        return false;
    }
    raise(exc::TypeError, std::string(fname) + "() arg 2 must be a type, a tuple of types, or a union");
}
STANDIN_BUILTIN(isinstance) {
    no_kwargs("isinstance", kwargs);
    arity("isinstance", args, 2, 2);
    return Value(isinstance_check(vm, args[0], args[1], "isinstance"));
}
STANDIN_BUILTIN(issubclass) {
    no_kwargs("issubclass", kwargs);
    arity("issubclass", args, 2, 2);
    auto* c = args[0].dyn<Class>();
    if (!c) raise(exc::TypeError, "issubclass() arg 1 must be a class");
    std::function<bool(const Value&)> check = [&](const Value& b) -> bool {
        if (auto* bc = b.dyn<Class>()) return c->is_subclass_of(bc);
        if (auto* t = b.dyn<Tuple>()) {
            for (const Value& x : t->items())
                if (check(x)) return true;
            return false;
        }
        raise(exc::TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    };
    return Value(check(args[1]));
}

STANDIN_BUILTIN(getattr_) {
    no_kwargs("getattr", kwargs);
    arity("getattr", args, 2, 3);
    auto* name = args[1].dyn<Str>();
    if (!name) raise(exc::TypeError, "attribute name must be string, not '" + detail::tname(args[1]) + "'");
    Value out;
    if (vm.try_getattr(args[0], intern(name->view()), out)) return out;
    if (args.size() == 3) return args[2];
    detail::attribute_error(args[0], intern(name->view()));
}
STANDIN_BUILTIN(setattr_) {
    no_kwargs("setattr", kwargs);
    arity("setattr", args, 3, 3);
    auto* name = args[1].dyn<Str>();
    if (!name) raise(exc::TypeError, "attribute name must be string, not '" + detail::tname(args[1]) + "'");
    vm.setattr(args[0], intern(name->view()), args[2]);
    return Value();
}
STANDIN_BUILTIN(delattr_) {
    arity("delattr", args, 2, 2);
    auto* name = args[1].dyn<Str>();
    if (!name) raise(exc::TypeError, "attribute name must be string, not '" + detail::tname(args[1]) + "'");
    vm.delattr(args[0], intern(name->view()));
    return Value();
}
STANDIN_BUILTIN(hasattr_) {
    no_kwargs("hasattr", kwargs);
    arity("hasattr", args, 2, 2);
    auto* name = args[1].dyn<Str>();
    if (!name) raise(exc::TypeError, "attribute name must be string, not '" + detail::tname(args[1]) + "'");
    Value out;
    try {
        return Value(vm.try_getattr(args[0], intern(name->view()), out));
    } catch (const GuestException& e) {
        if (vm.isinstance(e.exception(), vm.exception_class(exc::AttributeError))) return Value(false);
        throw;
    } catch (const Error& e) {
        if (e.kind() == exc::AttributeError) return Value(false);
        throw;
    }
}

STANDIN_BUILTIN(abs_) {
    no_kwargs("abs", kwargs);
    arity("abs", args, 1, 1);
    const Value& v = args[0];
    if (v.is_integral()) return Value(int_abs(v.as_integral()));
    if (v.is_float()) return Value(std::fabs(v.as_float()));
    if (v.kind() == Kind::instance) return vm.call_method(v, vm.names().abs, {});
    if (v.kind() == Kind::tensor) return vm.call_method(v, intern("abs"), {});
    raise(exc::TypeError, "bad operand type for abs(): '" + detail::tname(v) + "'");
}

inline Value min_max(Interpreter& vm, std::span<const Value> args, std::span<const KwArg> kwargs, bool is_max) {
    const char* name = is_max ? "max" : "min";
    const Value* key = kwarg(name, kwargs, {"key", "default"}, "key");
    const Value* dflt = kwarg(name, kwargs, {"key", "default"}, "default");
    if (args.empty()) raise(exc::TypeError, std::string(name) + " expected at least 1 argument, got 0");
    std::vector<Value> items;
    if (args.size() == 1) {
        items = vm.to_vector(args[0]);
    } else {
        if (dflt) raise(exc::TypeError, std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
        items.assign(args.begin(), args.end());
    }
    if (items.empty()) {
        if (dflt) return *dflt;
        raise(exc::ValueError, std::string(name) + "() arg is an empty sequence");
    }
    bool use_key = key && !key->is_none();
    Value best = items[0];
    Value best_key = use_key ? vm.call_value(*key, std::span<const Value>(&items[0], 1)) : items[0];
    for (std::size_t i = 1; i < items.size(); ++i) {
        Value k = use_key ? vm.call_value(*key, std::span<const Value>(&items[i], 1)) : items[i];
        bool better = is_max ? vm.lt(best_key, k) : vm.lt(k, best_key);
        if (better) {
            best = items[i];
            best_key = std::move(k);
        }
    }
    return best;
}
STANDIN_BUILTIN(min_) { return min_max(vm, args, kwargs, false); }
STANDIN_BUILTIN(max_) { return min_max(vm, args, kwargs, true); }

STANDIN_BUILTIN(sum_) {
    const Value* start_kw = kwarg("sum", kwargs, {"start"}, "start");
    arity("sum", args, 1, 2);
    Value acc = args.size() == 2 ? args[1] : start_kw ? *start_kw : Value(std::int64_t{0});
    if (acc.is<Str>()) raise(exc::TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    Value it = vm.iter(args[0]);
    Value x;
    while (vm.next(it, x)) acc = vm.binary_op(NB_ADD, acc, x);
    return acc;
}

STANDIN_BUILTIN(any_) {
    arity("any", args, 1, 1);
    Value it = vm.iter(args[0]);
    Value x;
    while (vm.next(it, x))
        if (vm.truthy(x)) return Value(true);
    return Value(false);
}
STANDIN_BUILTIN(all_) {
    arity("all", args, 1, 1);
    Value it = vm.iter(args[0]);
    Value x;
    while (vm.next(it, x))
        if (!vm.truthy(x)) return Value(false);
    return Value(true);
}

inline void sort_values(Interpreter& vm, std::vector<Value>& items, const Value* key, bool reverse) {
    if (key && !key->is_none()) {
        std::vector<std::pair<Value, Value>> keyed;
        keyed.reserve(items.size());
        for (auto& v : items) keyed.emplace_back(vm.call_value(*key, std::span<const Value>(&v, 1)), v);
        if (reverse) std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) { return vm.lt(b.first, a.first); });
        else std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) { return vm.lt(a.first, b.first); });
        for (std::size_t i = 0; i < items.size(); ++i) items[i] = std::move(keyed[i].second);
        return;
    }
    if (reverse) std::stable_sort(items.begin(), items.end(), [&](const Value& a, const Value& b) { return vm.lt(b, a); });
    else std::stable_sort(items.begin(), items.end(), [&](const Value& a, const Value& b) { return vm.lt(a, b); });
}
STANDIN_BUILTIN(sorted_) {
    const Value* key = kwarg("sorted", kwargs, {"key", "reverse"}, "key");
    const Value* rev = kwarg("sorted", kwargs, {"key", "reverse"}, "reverse");
    if (args.size() != 1) raise(exc::TypeError, "sorted expected 1 argument, got " + std::to_string(args.size()));
    std::vector<Value> items = vm.to_vector(args[0]);
    sort_values(vm, items, key, rev && vm.truthy(*rev));
    return list(std::move(items));
}

STANDIN_BUILTIN(reversed_) {
    no_kwargs("reversed", kwargs);
    arity("reversed", args, 1, 1);
    const Value& v = args[0];
    switch (v.kind()) {
    case Kind::list:
    case Kind::tuple:
    case Kind::str:
    case Kind::range: return make_value<ReversedIterator>(v, vm.len(v));
    case Kind::instance:
        if (v.as<Instance>()->cls()->lookup(intern("__reversed__"))) return vm.iter(vm.call_method(v, intern("__reversed__"), {}));
        if (v.as<Instance>()->cls()->lookup(vm.names().len) && v.as<Instance>()->cls()->lookup(vm.names().getitem)) {
            auto items = vm.to_vector(v);
            std::reverse(items.begin(), items.end());
            return vm.iter(list(std::move(items)));
        }
        break;
    case Kind::native:
        if (auto* dv = dynamic_cast<DictView*>(v.as<NativeObject>())) {
            auto items = vm.to_vector(v);
            std::reverse(items.begin(), items.end());
            (void)dv;
            return vm.iter(list(std::move(items)));
        }
        break;
    case Kind::dict: {
        auto items = vm.to_vector(v);
        std::reverse(items.begin(), items.end());
        return vm.iter(list(std::move(items)));
    }
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(v) + "' object is not reversible");
}

STANDIN_BUILTIN(enumerate_new) {
    const Value* start_kw = kwarg("enumerate", kwargs, {"start", "iterable"}, "start");
    if (args.empty()) raise(exc::TypeError, "enumerate() missing required argument 'iterable' (pos 1)");
    arity("enumerate", args, 1, 2);
    std::int64_t start = args.size() == 2 ? as_index(args[1]) : start_kw ? as_index(*start_kw) : 0;
    return make_value<EnumerateIterator>(vm.iter(args[0]), start);
}
STANDIN_BUILTIN(zip_new) {
    const Value* strict = kwarg("zip", kwargs, {"strict"}, "strict");
    if (strict && vm.truthy(*strict)) {
        // strict=True: check equal lengths eagerly.
        std::vector<std::vector<Value>> cols;
        for (const Value& a : args) cols.push_back(vm.to_vector(a));
        for (std::size_t i = 1; i < cols.size(); ++i)
            if (cols[i].size() != cols[0].size())
                raise(exc::ValueError, "zip() argument " + std::to_string(i + 1) + " is " +
                                           (cols[i].size() < cols[0].size() ? "shorter" : "longer") + " than argument 1");
        std::vector<Value> its;
        for (auto& c : cols) its.push_back(vm.iter(list(std::move(c))));
        return make_value<ZipIterator>(std::move(its));
    }
    std::vector<Value> its;
    for (const Value& a : args) its.push_back(vm.iter(a));
    return make_value<ZipIterator>(std::move(its));
}
STANDIN_BUILTIN(map_new) {
    no_kwargs("map", kwargs);
    if (args.size() < 2) raise(exc::TypeError, "map() must have at least two arguments.");
    std::vector<Value> its;
    for (std::size_t i = 1; i < args.size(); ++i) its.push_back(vm.iter(args[i]));
    return make_value<MapIterator>(args[0], std::move(its));
}
STANDIN_BUILTIN(filter_new) {
    no_kwargs("filter", kwargs);
    arity("filter", args, 2, 2);
    return make_value<FilterIterator>(args[0], vm.iter(args[1]));
}
STANDIN_BUILTIN(iter_) {
    arity("iter", args, 1, 1);
    return vm.iter(args[0]);
}
STANDIN_BUILTIN(next_) {
    arity("next", args, 1, 2);
    const Value& it = args[0];
    if (!(it.kind() == Kind::native && dynamic_cast<Iterator*>(it.as<NativeObject>()))) {
        if (it.kind() == Kind::instance && it.as<Instance>()->cls()->lookup(vm.names().next)) {
            if (args.size() == 2) {
                try {
                    return vm.call_method(it, vm.names().next, {});
                } catch (const GuestException& e) {
                    if (vm.isinstance(e.exception(), vm.exception_class(exc::StopIteration))) return args[1];
                    throw;
                }
            }
            return vm.call_method(it, vm.names().next, {});
        }
        raise(exc::TypeError, "'" + detail::tname(it) + "' object is not an iterator");
    }
    Value out;
    if (vm.next(it, out)) return out;
    if (args.size() == 2) return args[1];
    vm.raise_exception(vm.new_exception(exc::StopIteration, ""));
}

STANDIN_BUILTIN(round_) {
    const Value* nd_kw = kwarg("round", kwargs, {"number", "ndigits"}, "ndigits");
    arity("round", args, 1, 2);
    const Value& x = args[0];
    Value nd = args.size() == 2 ? args[1] : nd_kw ? *nd_kw : Value();
    if (x.kind() == Kind::instance) return vm.call_method(x, intern("__round__"), args.subspan(1));
    if (x.kind() == Kind::tensor) return vm.call_method(x, intern("round"), {});
    if (nd.is_none()) {
        if (x.is_integral()) return Value(x.as_integral());
        if (x.is_float()) return Value(float_round(x.as_float()));
        raise(exc::TypeError, "type " + detail::tname(x) + " doesn't define __round__ method");
    }
    std::int64_t n = as_index(nd);
    if (x.is_integral()) {
        std::int64_t v = x.as_integral();
        if (n >= 0) return Value(v);
        if (n < -18) return Value(std::int64_t{0});
        std::int64_t p = 1;
        for (std::int64_t i = 0; i < -n; ++i) p *= 10;
        std::int64_t q = int_floordiv(v, p), r = int_mod(v, p);
        if (r * 2 > p || (r * 2 == p && (q & 1))) ++q;
        return Value(int_mul(q, p));
    }
    if (!x.is_float()) raise(exc::TypeError, "type " + detail::tname(x) + " doesn't define __round__ method");
    double d = x.as_float();
    if (!std::isfinite(d)) return Value(d);
    if (n > 300) return Value(d);
    if (n >= 0) {
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(n), d);
        return Value(std::strtod(buf, nullptr));
    }
    double p = std::pow(10.0, static_cast<double>(-n));
    double y = std::nearbyint(d / p) * p;
    return Value(y);
}

STANDIN_BUILTIN(divmod_) {
    no_kwargs("divmod", kwargs);
    arity("divmod", args, 2, 2);
    return tuple({vm.binary_op(NB_FLOOR_DIVIDE, args[0], args[1]), vm.binary_op(NB_REMAINDER, args[0], args[1])});
}

STANDIN_BUILTIN(pow_) {
    arity("pow", args, 2, 3);
    if (args.size() == 3 && !args[2].is_none()) {
        if (!args[0].is_integral() || !args[1].is_integral() || !args[2].is_integral())
            raise(exc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
        std::int64_t base = args[0].as_integral(), e = args[1].as_integral(), m = args[2].as_integral();
        if (m == 0) raise(exc::ValueError, "pow() 3rd argument cannot be 0");
        if (e < 0) raise(exc::ValueError, "base is not invertible for the given modulus");
        __int128 result = 1, b = int_mod(base, m);
        while (e > 0) {
            if (e & 1) result = (result * b) % m;
            b = (b * b) % m;
            e >>= 1;
        }
        return Value(int_mod(static_cast<std::int64_t>(result), m));
    }
    return vm.binary_op(NB_POWER, args[0], args[1]);
}

STANDIN_BUILTIN(id_) {
    arity("id", args, 1, 1);
    if (args[0].is_heap()) return Value(static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(args[0].object())));
    return Value(static_cast<std::int64_t>(args[0].raw_bits() ^ (static_cast<std::uint64_t>(args[0].kind()) << 56)));
}
STANDIN_BUILTIN(hash_) {
    arity("hash", args, 1, 1);
    return Value(vm.hash(args[0]));
}
STANDIN_BUILTIN(callable_) {
    arity("callable", args, 1, 1);
    const Value& v = args[0];
    switch (v.kind()) {
    case Kind::function:
    case Kind::bound_method:
    case Kind::builtin:
    case Kind::class_: return Value(true);
    case Kind::instance: return Value(v.as<Instance>()->cls()->lookup(vm.names().call) != nullptr);
    default: return Value(false);
    }
}
STANDIN_BUILTIN(chr_) {
    arity("chr", args, 1, 1);
    std::int64_t c = as_index(args[0]);
    if (c < 0 || c > 0x10FFFF) raise(exc::ValueError, "chr() arg not in range(0x110000)");
    std::string out;
    lang::append_utf8(out, static_cast<char32_t>(c));
    return vm.char_str(out);
}
STANDIN_BUILTIN(ord_) {
    arity("ord", args, 1, 1);
    auto* s = args[0].dyn<Str>();
    if (!s) raise(exc::TypeError, "ord() expected string of length 1, but " + detail::tname(args[0]) + " found");
    if (s->length() != 1)
        raise(exc::TypeError, "ord() expected a character, but string of length " + std::to_string(s->length()) + " found");
    std::size_t i = 0;
    return Value(static_cast<std::int64_t>(detail::next_code_point(s->view(), i)));
}
inline Value int_to_base(Interpreter& vm, std::span<const Value> args, const char* name, char type) {
    arity(name, args, 1, 1);
    if (!args[0].is_integral())
        raise(exc::TypeError, "'" + detail::tname(args[0]) + "' object cannot be interpreted as an integer");
    (void)vm;
    detail::FormatSpec s;
    s.alternate = true;
    s.type = type;
    return str(detail::format_int(args[0].as_integral(), s, args[0]));
}
STANDIN_BUILTIN(hex_) { return int_to_base(vm, args, "hex", 'x'); }
STANDIN_BUILTIN(oct_) { return int_to_base(vm, args, "oct", 'o'); }
STANDIN_BUILTIN(bin_) { return int_to_base(vm, args, "bin", 'b'); }
STANDIN_BUILTIN(format_) {
    arity("format", args, 1, 2);
    std::string_view spec;
    if (args.size() == 2) {
        if (!args[1].is<Str>()) raise(exc::TypeError, "format() argument 2 must be str, not " + detail::tname(args[1]));
        spec = args[1].as<Str>()->view();
    }
    return str(vm.format(args[0], spec));
}
STANDIN_BUILTIN(globals_) {
    arity("globals", args, 0, 0);
    Frame* f = vm.current_frame();
    return f ? Value::borrow(f->globals) : Value::borrow(&vm.globals());
}
STANDIN_BUILTIN(vars_) {
    arity("vars", args, 1, 1);
    return vm.getattr(args[0], vm.names().dict);
}
STANDIN_BUILTIN(dir_) {
    arity("dir", args, 1, 1);
    std::vector<Value> names;
    auto add_dict = [&](const Dict* d) {
        d->for_each([&](const Value& k, const Value&) {
            if (k.is<Str>()) names.push_back(k);
        });
    };
    const Value& v = args[0];
    if (auto* inst = v.dyn<Instance>()) {
        add_dict(inst->dict());
        for (Class* c = inst->cls(); c; c = c->base()) add_dict(c->dict());
    } else if (auto* c = v.dyn<Class>()) {
        for (Class* k = c; k; k = k->base()) add_dict(k->dict());
    } else if (auto* m = v.dyn<Module>()) {
        add_dict(m->dict());
    } else {
        for (Class* k = vm.type_of(v); k; k = k->base()) add_dict(k->dict());
    }
    std::sort(names.begin(), names.end(), [](const Value& a, const Value& b) { return a.as<Str>()->view() < b.as<Str>()->view(); });
    names.erase(std::unique(names.begin(), names.end(), [](const Value& a, const Value& b) { return a.as<Str>()->view() == b.as<Str>()->view(); }), names.end());
    return list(std::move(names));
}

// --- constructors of the built-in types (__new__, self = the class) ----------------------
inline Value parse_int(std::string_view text, std::int64_t base, const Value& original) {
    std::string_view t = text;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    auto fail = [&]() {
        raise(exc::ValueError, "invalid literal for int() with base " + std::to_string(base) + ": " + str_repr(original.as<Str>()->view()));
    };
    bool neg = false;
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
        neg = t[0] == '-';
        t.remove_prefix(1);
    }
    if (t.size() >= 2 && t[0] == '0') {
        char p = static_cast<char>(t[1] | 0x20);
        if ((p == 'x' && (base == 16 || base == 0)) || (p == 'o' && (base == 8 || base == 0)) || (p == 'b' && (base == 2 || base == 0))) {
            base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
            t.remove_prefix(2);
            if (!t.empty() && t[0] == '_') t.remove_prefix(1);
        }
    }
    if (base == 0) {
        base = 10;
        if (t.size() > 1 && t[0] == '0' && t.find_first_not_of("0_") != std::string_view::npos) fail();
    }
    if (t.empty()) fail();
    std::uint64_t v = 0;
    bool prev_digit = false;
    for (char c : t) {
        if (c == '_') {
            if (!prev_digit) fail();
            prev_digit = false;
            continue;
        }
        int d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'z') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'Z') d = c - 'A' + 10;
        else fail(), d = 0;
        if (d >= base) fail();
        if (v > (std::uint64_t{1} << 63) / static_cast<std::uint64_t>(base))
            raise(exc::OverflowError, "integer result does not fit in 64 bits (standin ints are int64)");
        v = v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
        prev_digit = true;
    }
    if (!prev_digit) fail();
    if (v > static_cast<std::uint64_t>(INT64_MAX) + (neg ? 1 : 0))
        raise(exc::OverflowError, "integer result does not fit in 64 bits (standin ints are int64)");
    return Value(neg ? static_cast<std::int64_t>(0 - v) : static_cast<std::int64_t>(v));
}

STANDIN_BUILTIN(int_new) {
    const Value* base_kw = kwarg("int", kwargs, {"base"}, "base");
    if (args.size() > 2) raise(exc::TypeError, "int() takes at most 2 arguments (" + std::to_string(args.size()) + " given)");
    if (args.empty()) {
        if (base_kw) raise(exc::TypeError, "int() missing string argument");
        return Value(std::int64_t{0});
    }
    const Value& x = args[0];
    if (args.size() == 2 || base_kw) {
        std::int64_t base = as_index(args.size() == 2 ? args[1] : *base_kw);
        if (base != 0 && (base < 2 || base > 36)) raise(exc::ValueError, "int() base must be >= 2 and <= 36, or 0");
        if (!x.is<Str>()) raise(exc::TypeError, "int() can't convert non-string with explicit base");
        return parse_int(x.as<Str>()->view(), base, x);
    }
    if (x.is_integral()) return Value(x.as_integral());
    if (x.is_float()) return Value(float_to_int(x.as_float()));
    if (x.is<Str>()) return parse_int(x.as<Str>()->view(), 10, x);
    if (x.kind() == Kind::instance && x.as<Instance>()->cls()->lookup(vm.names().int_)) return vm.call_method(x, vm.names().int_, {});
    if (x.kind() == Kind::tensor) return vm.call_method(x, intern("__int__"), {});
    raise(exc::TypeError, "int() argument must be a string, a bytes-like object or a real number, not '" + detail::tname(x) + "'");
}

inline Value parse_float(const Value& x) {
    std::string t(x.as<Str>()->view());
    auto fail = [&]() { raise(exc::ValueError, "could not convert string to float: " + str_repr(x.as<Str>()->view())); };
    std::size_t a = t.find_first_not_of(" \t\n\r\f\v"), b = t.find_last_not_of(" \t\n\r\f\v");
    if (a == std::string::npos) fail();
    t = t.substr(a, b - a + 1);
    std::string lower;
    for (char c : t) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string_view body = lower;
    bool neg = false;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
        neg = body[0] == '-';
        body.remove_prefix(1);
    }
    if (body == "inf" || body == "infinity") return Value(neg ? -INFINITY : INFINITY);
    if (body == "nan") return Value(neg ? -NAN : NAN);
    std::string clean;
    char prev = 0;
    for (char c : t) {
        if (c == '_') {
            if (!std::isdigit(static_cast<unsigned char>(prev))) fail();
            prev = c;
            continue;
        }
        if (prev == '_' && !std::isdigit(static_cast<unsigned char>(c))) fail();
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) fail();
        clean += c;
        prev = c;
    }
    if (prev == '_') fail();
    char* end = nullptr;
    double d = std::strtod(clean.c_str(), &end);
    if (end != clean.c_str() + clean.size() || clean.empty()) fail();
    return Value(d);
}

STANDIN_BUILTIN(float_new) {
    no_kwargs("float", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "float expected at most 1 argument, got " + std::to_string(args.size()));
    if (args.empty()) return Value(0.0);
    const Value& x = args[0];
    if (x.is_number()) return Value(x.as_double());
    if (x.is<Str>()) return parse_float(x);
    if (x.kind() == Kind::instance && x.as<Instance>()->cls()->lookup(vm.names().float_)) return vm.call_method(x, vm.names().float_, {});
    if (x.kind() == Kind::tensor) return vm.call_method(x, intern("__float__"), {});
    raise(exc::TypeError, "float() argument must be a string or a real number, not '" + detail::tname(x) + "'");
}
STANDIN_BUILTIN(str_new) {
    no_kwargs("str", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "str() takes at most 1 argument (" + std::to_string(args.size()) + " given)");
    if (args.empty()) return str("");
    if (args[0].is<Str>()) return args[0];
    return str(vm.str(args[0]));
}
STANDIN_BUILTIN(bool_new) {
    no_kwargs("bool", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "bool expected at most 1 argument, got " + std::to_string(args.size()));
    return Value(!args.empty() && vm.truthy(args[0]));
}
STANDIN_BUILTIN(list_new) {
    no_kwargs("list", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "list expected at most 1 argument, got " + std::to_string(args.size()));
    Value out = args.empty() ? list({}) : list(vm.to_vector(args[0]));
    vm.track(out);
    return out;
}
STANDIN_BUILTIN(tuple_new) {
    no_kwargs("tuple", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "tuple expected at most 1 argument, got " + std::to_string(args.size()));
    if (args.empty()) return tuple({});
    if (args[0].is<Tuple>()) return args[0];
    return tuple(vm.to_vector(args[0]));
}
inline void dict_update_from(Interpreter& vm, Dict& d, const Value& src) {
    if (auto* other = src.dyn<Dict>()) {
        d.update(*other);
        return;
    }
    if (src.kind() == Kind::instance) {
        Value keys;
        if (vm.try_getattr(src, intern("keys"), keys)) {
            for (const Value& k : vm.to_vector(vm.call_value(keys, {}))) d.set(k, vm.getitem(src, k));
            return;
        }
    }
    std::size_t i = 0;
    for (const Value& item : vm.to_vector(src)) {
        std::vector<Value> pair;
        if (item.is<Tuple>() || item.is<List>() || item.is<Str>()) pair = vm.to_vector(item);
        else
            raise(exc::TypeError, "cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
        if (pair.size() != 2)
            raise(exc::ValueError, "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                       std::to_string(pair.size()) + "; 2 is required");
        d.set(pair[0], pair[1]);
        ++i;
    }
}
STANDIN_BUILTIN(dict_new) {
    if (args.size() > 1) raise(exc::TypeError, "dict expected at most 1 argument, got " + std::to_string(args.size()));
    auto d = make_ref<Dict>();
    if (!args.empty()) dict_update_from(vm, *d, args[0]);
    for (const auto& kw : kwargs) d->set(kw.name, kw.value);
    Value out(std::move(d));
    vm.track(out);
    return out;
}
STANDIN_BUILTIN(range_new) {
    no_kwargs("range", kwargs);
    if (args.empty()) raise(exc::TypeError, "range expected at least 1 argument, got 0");
    if (args.size() > 3) raise(exc::TypeError, "range expected at most 3 arguments, got " + std::to_string(args.size()));
    std::int64_t start = 0, stop, step = 1;
    if (args.size() == 1) stop = as_index(args[0]);
    else {
        start = as_index(args[0]);
        stop = as_index(args[1]);
        if (args.size() == 3) step = as_index(args[2]);
    }
    if (step == 0) raise(exc::ValueError, "range() arg 3 must not be zero");
    return make_value<Range>(start, stop, step);
}
STANDIN_BUILTIN(slice_new) {
    no_kwargs("slice", kwargs);
    arity("slice", args, 1, 3);
    if (args.size() == 1) return make_value<Slice>(Value(), args[0], Value());
    return make_value<Slice>(args[0], args[1], args.size() == 3 ? args[2] : Value());
}
STANDIN_BUILTIN(type_new) {
    no_kwargs("type", kwargs);
    if (args.size() == 1) return Value::borrow(vm.type_of(args[0]));
    if (args.size() != 3) raise(exc::TypeError, "type() takes 1 or 3 arguments");
    if (!args[0].is<Str>() || !args[1].is<Tuple>() || !args[2].is<Dict>())
        raise(exc::TypeError, "type.__new__() argument 1 must be str, not " + detail::tname(args[0]));
    auto* bases = args[1].as<Tuple>();
    if (bases->size() > 1) raise(exc::TypeError, "multiple inheritance is not supported by standin");
    ref<Class> base = bases->size() == 1 && (*bases)[0].is<Class>() ? ref<Class>((*bases)[0].as<Class>()) : ref<Class>(vm.types().object);
    auto cls = make_ref<Class>(intern(args[0].as<Str>()->view()), base);
    cls->dict()->update(*args[2].as<Dict>());
    return Value(std::move(cls));
}
STANDIN_BUILTIN(object_new) {
    auto* cls = self.dyn<Class>();
    return make_value<Instance>(ref<Class>(cls ? cls : vm.types().object.get()));
}
STANDIN_BUILTIN(object_init) {
    if (!args.empty() || !kwargs.empty()) {
        Class* cls = vm.type_of(self);
        if (!cls->lookup(vm.names().new_) || cls->lookup(vm.names().init)->is<Builtin>())
            raise(exc::TypeError, std::string(cls->name()->view()) + "() takes no arguments");
        raise(exc::TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
    }
    return Value();
}
STANDIN_BUILTIN(super_new) {
    no_kwargs("super", kwargs);
    if (args.empty()) raise(exc::RuntimeError, "super(): no arguments");
    if (args.size() != 2 || !args[0].is<Class>()) raise(exc::TypeError, "super() argument 1 must be a type");
    Class* cls = args[0].as<Class>();
    Class* of = args[1].is<Class>() ? args[1].as<Class>() : vm.type_of(args[1]);
    if (!of->is_subclass_of(cls)) raise(exc::TypeError, "super(type, obj): obj must be an instance or subtype of type");
    return make_value<Super>(ref<Class>(cls), args[1]);
}
STANDIN_BUILTIN(property_new) {
    const Value* fget_kw = kwarg("property", kwargs, {"fget", "fset", "fdel", "doc"}, "fget");
    const Value* fset_kw = kwarg("property", kwargs, {"fget", "fset", "fdel", "doc"}, "fset");
    Value fget = !args.empty() ? args[0] : fget_kw ? *fget_kw : Value();
    Value fset = args.size() > 1 ? args[1] : fset_kw ? *fset_kw : Value();
    return make_value<Property>(fget, fset);
}
STANDIN_BUILTIN(property_setter) {
    arity("setter", args, 1, 1);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    return make_value<Property>(p->fget, args[0]);
}
STANDIN_BUILTIN(property_getter) {
    arity("getter", args, 1, 1);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    return make_value<Property>(args[0], p->fset);
}
STANDIN_BUILTIN(staticmethod_new) {
    arity("staticmethod", args, 1, 1);
    return make_value<StaticMethod>(args[0]);
}
STANDIN_BUILTIN(classmethod_new) {
    arity("classmethod", args, 1, 1);
    return make_value<ClassMethod>(args[0]);
}

// --- exceptions ---------------------------------------------------------------------------
STANDIN_BUILTIN(exception_new) {
    auto* cls = self.dyn<Class>();
    auto inst = make_ref<Instance>(ref<Class>(cls));
    inst->set_attr(vm.names().args, tuple(std::vector<Value>(args.begin(), args.end())));
    return Value(std::move(inst));
}
STANDIN_BUILTIN(exception_init) {
    if (auto* inst = self.dyn<Instance>()) inst->set_attr(vm.names().args, tuple(std::vector<Value>(args.begin(), args.end())));
    return Value();
}
inline std::span<const Value> exception_args(Interpreter& vm, const Value& self) {
    if (auto* inst = self.dyn<Instance>())
        if (const Value* a = inst->find_attr(vm.names().args); a && a->is<Tuple>()) return a->as<Tuple>()->items();
    return {};
}
STANDIN_BUILTIN(exception_str) {
    auto a = exception_args(vm, self);
    if (a.empty()) return str("");
    bool key_error = vm.isinstance(self, vm.exception_class(exc::KeyError));
    if (a.size() == 1) return key_error ? str(vm.repr(a[0])) : str(vm.str(a[0]));
    return str(vm.repr(tuple(std::vector<Value>(a.begin(), a.end()))));
}
STANDIN_BUILTIN(exception_repr) {
    auto a = exception_args(vm, self);
    std::string out(vm.type_of(self)->name()->view());
    out += "(";
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i) out += ", ";
        out += vm.repr(a[i]);
    }
    return str(out + ")");
}
STANDIN_BUILTIN(exception_with_traceback) { return self; }

}  // namespace builtins

#undef STANDIN_BUILTIN

}  // namespace standin::inline v0

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
