// The builtins module's functions: print, len, isinstance, sorted, min/max,
// round, ... with CPython's argument checking and messages. The built-in
// types' constructors are in vm/constructors.hpp.
// Counterpart: CPython's Python/bltinmodule.c.
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

STANDIN_NAMESPACE_BEGIN

namespace detail::builtins {

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
    std::int64_t i;
    if (v.kind() == Kind::tensor && tensor_as_index(v, i)) return i;
    raise(exc::TypeError, detail::not_an_integer(v));
}
// The same, with an object's __index__ (an IntEnum member) as CPython's.
inline std::int64_t as_index(Interpreter& vm, const Value& v) {
    static Str* const hook = intern("__index__");
    if (v.kind() == Kind::instance && vm.type_of(v)->lookup(hook)) {
        Value i = vm.call_method(v, hook, {});
        if (!i.is_integral())
            raise(exc::TypeError, "__index__ returned non-int (type " + detail::tname(i) + ")");
        return i.as_integral();
    }
    return as_index(v);
}

STANDIN_BUILTIN_FN(print) {
    std::string sep = " ", end = "\n";
    Value file;
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
            file = kw.value;  // None: stdout
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
    if (!file.is_none()) {  // any object with write(str), as sys.stderr
        const Value text[] = {str(out)};
        vm.call_method(file, intern("write"), text);
        return Value();
    }
    vm.output().write(out.data(), static_cast<std::streamsize>(out.size()));
    return Value();
}

STANDIN_BUILTIN_FN(len) {
    no_kwargs("len", kwargs);
    arity("len", args, 1, 1);
    return Value(vm.len(args[0]));
}

STANDIN_BUILTIN_FN(repr_) {
    no_kwargs("repr", kwargs);
    arity("repr", args, 1, 1);
    return str(vm.repr(args[0]));
}
STANDIN_BUILTIN_FN(ascii_) {
    no_kwargs("ascii", kwargs);
    arity("ascii", args, 1, 1);
    return str(vm.ascii(args[0]));
}

// What ABCMeta's __subclasscheck__ adds to the nominal check: a class that
// defines (or inherits) __subclasshook__ (collections.abc's classes, abc.ABC's
// subclasses) is asked whether `sub` counts as its subclass; True counts,
// False and NotImplemented do not. Only reached when the nominal check failed.
inline bool abc_subclass_hook(Interpreter& vm, Class* cls, Class* sub) {
    static Str* const hook = intern("__subclasshook__");
    if (!cls->lookup(hook)) return false;
    const Value arg = Value::borrow(sub);
    Value r = vm.call_value(vm.getattr(Value::borrow(cls), hook), std::span<const Value>(&arg, 1));
    return r.is_bool() && r.as_bool();
}
// isinstance(v, cls) when cls is an object, not a class: its type's
// __instancecheck__ (typing.Mapping, torch.FloatTensor), as CPython asks.
inline bool instancecheck_hook(Interpreter& vm, const Value& v, const Value& cls, bool& handled) {
    static Str* const hook = intern("__instancecheck__");
    handled = false;
    if (cls.kind() != Kind::instance || !vm.type_of(cls)->lookup(hook)) return false;
    handled = true;
    return vm.truthy(vm.call_method(cls, hook, std::span<const Value>(&v, 1)));
}
// isinstance(v, P) for a @runtime_checkable Protocol P: v has every member
// P names (typing._ProtocolMeta's check; standin has no metaclass to hold it).
inline bool protocol_check(Interpreter& vm, const Value& v, const Class* c) {
    static Str* const attrs = intern("__protocol_attrs__");
    const Value* names = c->lookup(attrs);
    if (!names || !names->is<Tuple>()) return false;
    Value found;
    for (const Value& name : names->as<Tuple>()->items())
        if (!name.is<Str>() || !vm.try_getattr(v, intern(name.as<Str>()->view()), found)) return false;
    return true;
}
// A class standing in for a built-in base (an enum's str mixin: its
// `_builtin_`) counts as a subclass of that built-in.
inline bool builtin_mixin_of(Interpreter& vm, const Class* sub, const Class* cls) {
    static Str* const name = intern("_builtin_");
    const auto& T = vm.types();
    if (cls != T.str.get() && cls != T.int_.get() && cls != T.float_.get()) return false;
    const Value* b = sub->lookup(name);
    return b && b->is<Class>() && b->as<Class>() == cls;
}
inline bool isinstance_check(Interpreter& vm, const Value& v, const Value& cls, const char* fname) {
    if (auto* c = cls.dyn<Class>())
        return vm.isinstance(v, c) || (v.kind() == Kind::instance && builtin_mixin_of(vm, vm.type_of(v), c)) ||
               abc_subclass_hook(vm, c, vm.type_of(v)) || protocol_check(vm, v, c);
    if (auto* t = cls.dyn<Tuple>()) {
        for (const Value& x : t->items())
            if (isinstance_check(vm, v, x, fname)) return true;
        return false;
    }
    bool handled = false;
    const bool r = instancecheck_hook(vm, v, cls, handled);
    if (handled) return r;
    raise(exc::TypeError, std::string(fname) + "() arg 2 must be a type, a tuple of types, or a union");
}
STANDIN_BUILTIN_FN(isinstance) {
    no_kwargs("isinstance", kwargs);
    arity("isinstance", args, 2, 2);
    return Value(isinstance_check(vm, args[0], args[1], "isinstance"));
}
STANDIN_BUILTIN_FN(issubclass) {
    no_kwargs("issubclass", kwargs);
    arity("issubclass", args, 2, 2);
    auto* c = args[0].dyn<Class>();
    if (!c) raise(exc::TypeError, "issubclass() arg 1 must be a class");
    std::function<bool(const Value&)> check = [&](const Value& b) -> bool {
        if (auto* bc = b.dyn<Class>()) return c->is_subclass_of(bc) || builtin_mixin_of(vm, c, bc) || abc_subclass_hook(vm, bc, c);
        if (auto* t = b.dyn<Tuple>()) {
            for (const Value& x : t->items())
                if (check(x)) return true;
            return false;
        }
        static Str* const hook = intern("__subclasscheck__");
        if (b.kind() == Kind::instance && vm.type_of(b)->lookup(hook))
            return vm.truthy(vm.call_method(b, hook, std::span<const Value>(&args[0], 1)));
        raise(exc::TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    };
    return Value(check(args[1]));
}

// The name argument of getattr/setattr/delattr/hasattr and object.__setattr__,
// interned.
inline Str* attribute_name_arg(const Value& v) {
    auto* name = v.dyn<Str>();
    if (!name) raise(exc::TypeError, "attribute name must be string, not '" + detail::tname(v) + "'");
    return intern(name->view());
}

// __import__(name, globals=None, locals=None, fromlist=(), level=0): the
// module `import name` binds (the top package), or with a fromlist the module itself.
STANDIN_BUILTIN_FN(import_) {
    if (args.empty() || !args[0].is<Str>())
        raise(exc::TypeError, "__import__() argument 1 must be str, not " + detail::tname(args.empty() ? Value() : args[0]));
    Value fromlist;
    if (args.size() > 3) fromlist = args[3];
    for (const auto& kw : kwargs)
        if (kw.name->view() == "fromlist") fromlist = kw.value;
    if (!fromlist.is_none() && !vm.truthy(fromlist)) fromlist = Value();
    return vm.import_module(intern(args[0].as<Str>()->view()), fromlist);
}
STANDIN_BUILTIN_FN(getattr_) {
    no_kwargs("getattr", kwargs);
    arity("getattr", args, 2, 3);
    Str* name = attribute_name_arg(args[1]);
    Value out;
    if (args.size() == 2) {
        if (vm.try_getattr(args[0], name, out)) return out;
        detail::attribute_error(args[0], name);
    }
    // With a default, an AttributeError raised on the way (a property's
    // getter, a __getattr__) means absent too, as in hasattr.
    try {
        if (vm.try_getattr(args[0], name, out)) return out;
    } catch (const GuestException& e) {
        if (!vm.isinstance(e.exception(), vm.exception_class(exc::AttributeError))) throw;
    } catch (const Error& e) {
        if (e.kind() != exc::AttributeError) throw;
    }
    return args[2];
}
STANDIN_BUILTIN_FN(setattr_) {
    no_kwargs("setattr", kwargs);
    arity("setattr", args, 3, 3);
    Str* name = attribute_name_arg(args[1]);
    vm.setattr(args[0], name, args[2]);
    return Value();
}
STANDIN_BUILTIN_FN(delattr_) {
    arity("delattr", args, 2, 2);
    Str* name = attribute_name_arg(args[1]);
    vm.delattr(args[0], name);
    return Value();
}
STANDIN_BUILTIN_FN(hasattr_) {
    no_kwargs("hasattr", kwargs);
    arity("hasattr", args, 2, 2);
    Str* name = attribute_name_arg(args[1]);
    Value out;
    try {
        return Value(vm.try_getattr(args[0], name, out));
    } catch (const GuestException& e) {
        if (vm.isinstance(e.exception(), vm.exception_class(exc::AttributeError))) return Value(false);
        throw;
    } catch (const Error& e) {
        if (e.kind() == exc::AttributeError) return Value(false);
        throw;
    }
}

STANDIN_BUILTIN_FN(abs_) {
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
STANDIN_BUILTIN_FN(min_) { return min_max(vm, args, kwargs, false); }
STANDIN_BUILTIN_FN(max_) { return min_max(vm, args, kwargs, true); }

STANDIN_BUILTIN_FN(sum_) {
    const Value* start_kw = kwarg("sum", kwargs, {"start"}, "start");
    arity("sum", args, 1, 2);
    Value acc = args.size() == 2 ? args[1] : start_kw ? *start_kw : Value(std::int64_t{0});
    if (acc.is<Str>()) raise(exc::TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    Value it = vm.iter(args[0]);
    Value x;
    while (vm.next(it, x)) acc = vm.binary_op(NB_ADD, acc, x);
    return acc;
}

STANDIN_BUILTIN_FN(any_) {
    arity("any", args, 1, 1);
    Value it = vm.iter(args[0]);
    Value x;
    while (vm.next(it, x))
        if (vm.truthy(x)) return Value(true);
    return Value(false);
}
STANDIN_BUILTIN_FN(all_) {
    arity("all", args, 1, 1);
    Value it = vm.iter(args[0]);
    Value x;
    while (vm.next(it, x))
        if (!vm.truthy(x)) return Value(false);
    return Value(true);
}

// A list shorter than 64 as CPython's timsort sorts it: its first run
// (a strictly descending one reversed), then binary insertion, making the
// same comparisons in the same order (a __lt__ with side effects, or the
// first pair that cannot be compared, is as CPython's).
template <class Less>
inline void small_sort(std::vector<std::size_t>& a, Less less) {
    const std::size_t n = a.size();
    if (n < 2) return;
    std::size_t run = 2;
    if (less(a[1], a[0])) {
        while (run < n && less(a[run], a[run - 1])) ++run;
        std::reverse(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(run));
    } else {
        while (run < n && !less(a[run], a[run - 1])) ++run;
    }
    for (std::size_t start = run; start < n; ++start) {
        const std::size_t pivot = a[start];
        std::size_t l = 0, r = start;
        do {
            const std::size_t p = l + ((r - l) >> 1);
            if (less(pivot, a[p])) r = p;
            else l = p + 1;
        } while (l < r);
        for (std::size_t k = start; k > l; --k) a[k] = a[k - 1];
        a[l] = pivot;
    }
}

// Sorts positions, not the values: a key or __lt__ that raises leaves
// `items` whole (std::stable_sort leaves its range unspecified then), as
// CPython's sort leaves every item in the list.
inline void sort_values(Interpreter& vm, std::vector<Value>& items, const Value* key, bool reverse) {
    std::vector<Value> keys;
    if (key && !key->is_none()) {
        keys.reserve(items.size());
        for (auto& v : items) keys.push_back(vm.call_value(*key, std::span<const Value>(&v, 1)));
    }
    const std::vector<Value>& by = keys.empty() ? items : keys;
    std::vector<std::size_t> order(items.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    // reverse=True reverses, sorts and reverses again, as CPython's does
    // (equal items keep their order; the comparisons are the same ones).
    if (reverse) std::reverse(order.begin(), order.end());
    auto less = [&](std::size_t a, std::size_t b) { return vm.lt(by[a], by[b]); };
    if (order.size() < 64) small_sort(order, less);
    else std::stable_sort(order.begin(), order.end(), less);
    if (reverse) std::reverse(order.begin(), order.end());
    std::vector<Value> sorted;
    sorted.reserve(items.size());
    for (std::size_t i : order) sorted.push_back(items[i]);
    items = std::move(sorted);
}
STANDIN_BUILTIN_FN(sorted_) {
    const Value* key = kwarg("sorted", kwargs, {"key", "reverse"}, "key");
    const Value* rev = kwarg("sorted", kwargs, {"key", "reverse"}, "reverse");
    if (args.size() != 1) raise(exc::TypeError, "sorted expected 1 argument, got " + std::to_string(args.size()));
    std::vector<Value> items = vm.to_vector(args[0]);
    sort_values(vm, items, key, rev && vm.truthy(*rev));
    return list(std::move(items));
}

STANDIN_BUILTIN_FN(reversed_) {
    no_kwargs("reversed", kwargs);
    arity("reversed", args, 1, 1);
    const Value& v = args[0];
    // A list or dict subclass's own __reversed__ first.
    if (subclass_instance(v)) [[unlikely]]
        if (const Value* m = vm.subclass_override(v, intern("__reversed__"))) return vm.iter(vm.call_override(v, *m, {}));
    switch (v.kind()) {
    case Kind::list:
    case Kind::tuple:
    case Kind::str:
    case Kind::range: return make_value<ReversedIterator>(v, vm.len(v));
    case Kind::instance:
        if (v.as<Instance>()->cls()->lookup(intern("__reversed__"))) return vm.iter(vm.call_method(v, intern("__reversed__"), {}));
        if (v.as<Instance>()->cls()->lookup(vm.names().len) && v.as<Instance>()->cls()->lookup(vm.names().getitem)) {
            // The sequence protocol: obj[len-1], ..., obj[0] (not __iter__'s
            // items); an IndexError or StopIteration on the way ends it, as
            // CPython's reversed iterator ends there.
            std::vector<Value> items;
            auto ends = [&](const Value& e) {
                return vm.isinstance(e, vm.exception_class(exc::IndexError)) ||
                       vm.isinstance(e, vm.exception_class(exc::StopIteration));
            };
            for (std::int64_t i = static_cast<std::int64_t>(vm.len(v)); i-- > 0;) {
                try {
                    items.push_back(vm.getitem(v, Value(i)));
                } catch (const GuestException& e) {
                    if (!ends(e.exception())) throw;
                    break;
                } catch (const Error& e) {
                    if (e.kind() != exc::IndexError && e.kind() != exc::StopIteration) throw;
                    break;
                }
            }
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
    case Kind::tensor:  // Tensor.__reversed__: the tensor flipped, returned as it is
        if (vm.type_of(v)->lookup(intern("__reversed__"))) return vm.call_method(v, intern("__reversed__"), {});
        break;
    default: break;
    }
    raise(exc::TypeError, "'" + detail::tname(v) + "' object is not reversible");
}

// types.MethodType(function, instance): the function bound to the instance
// (model code's `m.forward = types.MethodType(new_forward, m)`).
STANDIN_BUILTIN_FN(method_new) {
    if (!kwargs.empty()) raise(exc::TypeError, "method() takes no keyword arguments");
    arity("method", args, 2, 2);
    if (args[1].is_none()) raise(exc::TypeError, "instance must not be None");
    return make_value<BoundMethod>(args[0], args[1]);
}
// function.__get__(obj, type=None): the function bound to obj, or the
// function itself read from the class (obj None), as a descriptor's read.
STANDIN_BUILTIN_FN(function_get) {
    if (!kwargs.empty()) raise(exc::TypeError, "__get__() takes no keyword arguments");
    arity("__get__", args, 1, 2);
    if (args[0].is_none()) {
        if (args.size() == 1 || args[1].is_none()) raise(exc::TypeError, "__get__(None, None) is invalid");
        return self;
    }
    return make_value<BoundMethod>(self, args[0]);
}
STANDIN_BUILTIN_FN(enumerate_new) {
    const Value* start_kw = kwarg("enumerate", kwargs, {"start", "iterable"}, "start");
    if (args.empty()) raise(exc::TypeError, "enumerate() missing required argument 'iterable' (pos 1)");
    arity("enumerate", args, 1, 2);
    std::int64_t start = args.size() == 2 ? as_index(args[1]) : start_kw ? as_index(*start_kw) : 0;
    return make_value<EnumerateIterator>(vm.iter(args[0]), start);
}
STANDIN_BUILTIN_FN(zip_new) {
    const Value* strict = kwarg("zip", kwargs, {"strict"}, "strict");
    std::vector<Value> its;
    for (const Value& a : args) its.push_back(vm.iter(a));
    auto z = make_value<ZipIterator>(std::move(its));
    z.as<ZipIterator>()->strict = strict && vm.truthy(*strict);  // (lengths checked as it runs out)
    return z;
}
STANDIN_BUILTIN_FN(map_new) {
    no_kwargs("map", kwargs);
    if (args.size() < 2) raise(exc::TypeError, "map() must have at least two arguments.");
    std::vector<Value> its;
    for (std::size_t i = 1; i < args.size(); ++i) its.push_back(vm.iter(args[i]));
    return make_value<MapIterator>(args[0], std::move(its));
}
STANDIN_BUILTIN_FN(filter_new) {
    no_kwargs("filter", kwargs);
    arity("filter", args, 2, 2);
    return make_value<FilterIterator>(args[0], vm.iter(args[1]));
}
STANDIN_BUILTIN_FN(iter_) {
    arity("iter", args, 1, 2);
    if (args.size() == 2) {
        // iter(callable, sentinel): calls until the sentinel comes back.
        static Str* const helper = intern("_callable_iterator");
        const Value* make = vm.builtins().find(helper);
        if (!make) raise(exc::TypeError, "iter(v, w): v must be callable");
        return vm.call_value(*make, args);
    }
    return vm.iter(args[0]);
}
// Raises StopIteration carrying a generator's return value (none when it is None).
[[noreturn]] inline void raise_stop_iteration(Interpreter& vm, const Value& value) {
    if (value.is_none()) vm.raise_exception(vm.new_exception(exc::StopIteration, ""));
    vm.raise_exception(vm.call_value(Value::borrow(vm.exception_class(exc::StopIteration)), std::span<const Value>(&value, 1)));
}
STANDIN_BUILTIN_FN(next_) {
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
    // A generator's return value rides on the StopIteration (other iterators give None).
    raise_stop_iteration(vm, out);
}

STANDIN_BUILTIN_FN(round_) {
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

STANDIN_BUILTIN_FN(divmod_) {
    no_kwargs("divmod", kwargs);
    arity("divmod", args, 2, 2);
    // A class's own __divmod__ / __rdivmod__; a tensor has neither (torch
    // defines no Tensor.__divmod__).
    for (int side = 0; side < 2; ++side)
        if (args[side].kind() == Kind::instance)
            if (const Value* m = vm.type_of(args[side])->lookup(intern(side ? "__rdivmod__" : "__divmod__"))) {
                const Value call[] = {args[side], args[1 - side]};
                Value r = vm.call_value(*m, call);
                if (!r.identical(vm.not_implemented())) return r;
            }
    if (args[0].is<Tensor>() || args[1].is<Tensor>() || args[0].kind() == Kind::instance || args[1].kind() == Kind::instance)
        raise(exc::TypeError, "unsupported operand type(s) for divmod(): '" + detail::tname(args[0]) + "' and '" +
                                  detail::tname(args[1]) + "'");
    return tuple({vm.binary_op(NB_FLOOR_DIVIDE, args[0], args[1]), vm.binary_op(NB_REMAINDER, args[0], args[1])});
}

STANDIN_BUILTIN_FN(pow_) {
    arity("pow", args, 2, 3);
    if (args.size() == 3 && !args[2].is_none()) {
        if (!args[0].is_integral() || !args[1].is_integral() || !args[2].is_integral())
            raise(exc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
        std::int64_t base = args[0].as_integral(), e = args[1].as_integral(), m = args[2].as_integral();
        if (m == 0) raise(exc::ValueError, "pow() 3rd argument cannot be 0");
        if (e < 0) {
            // pow(b, -e, m): the inverse of b modulo m (extended Euclid), then its e-th power.
            std::int64_t r0 = int_mod(base, m < 0 ? -m : m), r1 = m < 0 ? -m : m;
            __int128 s0 = 1, s1 = 0;
            while (r1 != 0) {
                const std::int64_t q = r0 / r1;
                std::swap(r0, r1);
                r1 -= q * r0;
                std::swap(s0, s1);
                s1 -= static_cast<__int128>(q) * s0;
            }
            if (r0 != 1) raise(exc::ValueError, "base is not invertible for the given modulus");
            base = int_mod(static_cast<std::int64_t>(s0 % (m < 0 ? -m : m)), m);
            e = -e;
        }
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

STANDIN_BUILTIN_FN(id_) {
    arity("id", args, 1, 1);
    if (args[0].is_heap()) return Value(static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(args[0].object())));
    return Value(static_cast<std::int64_t>(args[0].raw_bits() ^ (static_cast<std::uint64_t>(args[0].kind()) << 56)));
}
STANDIN_BUILTIN_FN(hash_) {
    arity("hash", args, 1, 1);
    return Value(vm.hash(args[0]));
}
STANDIN_BUILTIN_FN(callable_) {
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
STANDIN_BUILTIN_FN(chr_) {
    arity("chr", args, 1, 1);
    std::int64_t c = as_index(args[0]);
    if (c < 0 || c > 0x10FFFF) raise(exc::ValueError, "chr() arg not in range(0x110000)");
    std::string out;
    append_utf8(out, static_cast<char32_t>(c));
    return vm.char_str(out);
}
STANDIN_BUILTIN_FN(ord_) {
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
    if (!args[0].is_integral()) {  // a one-element integer tensor, an object's __index__, or the TypeError
        const Value as_int[] = {Value(as_index(vm, args[0]))};
        return int_to_base(vm, as_int, name, type);
    }
    detail::FormatSpec s;
    s.alternate = true;
    s.type = type;
    return str(detail::format_int(args[0].as_integral(), s, args[0]));
}
STANDIN_BUILTIN_FN(hex_) { return int_to_base(vm, args, "hex", 'x'); }
STANDIN_BUILTIN_FN(oct_) { return int_to_base(vm, args, "oct", 'o'); }
STANDIN_BUILTIN_FN(bin_) { return int_to_base(vm, args, "bin", 'b'); }
STANDIN_BUILTIN_FN(format_) {
    arity("format", args, 1, 2);
    std::string_view spec;
    if (args.size() == 2) {
        if (!args[1].is<Str>()) raise(exc::TypeError, "format() argument 2 must be str, not " + detail::tname(args[1]));
        spec = args[1].as<Str>()->view();
    }
    return str(vm.format(args[0], spec));
}
STANDIN_BUILTIN_FN(globals_) {
    arity("globals", args, 0, 0);
    Frame* f = vm.current_frame();
    return f ? Value::borrow(f->globals) : Value::borrow(&vm.globals());
}
STANDIN_BUILTIN_FN(vars_) {
    arity("vars", args, 1, 1);
    return vm.getattr(args[0], vm.names().dict);
}
STANDIN_BUILTIN_FN(dir_) {
    arity("dir", args, 1, 1);
    std::vector<Value> names;
    auto add_dict = [&](const Dict* d) {
        d->for_each([&](const Value& k, const Value&) {
            if (k.is<Str>()) names.push_back(k);
        });
    };
    const Value& v = args[0];
    auto by_name = [](const Value& a, const Value& b) { return a.as<Str>()->view() < b.as<Str>()->view(); };
    // A class's own __dir__ decides (sorted, as CPython's dir()).
    if (Instance* inst = guest_instance(v))
        if (const Value* own = inst->cls()->lookup(intern("__dir__")); own && own->is<Function>()) {
            names = vm.to_vector(vm.call_method(v, intern("__dir__"), {}));
            for (const Value& n : names)
                if (!n.is<Str>()) raise(exc::TypeError, "'<' not supported between instances of '" + detail::tname(n) + "' and 'str'");
            std::sort(names.begin(), names.end(), by_name);
            return list(std::move(names));
        }
    if (auto* inst = v.dyn<Instance>()) {
        add_dict(inst->dict());
        for (Class* c : inst->cls()->mro()) add_dict(c->dict());
    } else if (auto* c = v.dyn<Class>()) {
        for (Class* k : c->mro()) add_dict(k->dict());
    } else if (auto* m = v.dyn<Module>()) {
        add_dict(m->dict());
    } else {
        for (Class* k : vm.type_of(v)->mro()) add_dict(k->dict());
    }
    std::sort(names.begin(), names.end(), by_name);
    names.erase(std::unique(names.begin(), names.end(), [](const Value& a, const Value& b) { return a.as<Str>()->view() == b.as<Str>()->view(); }), names.end());
    return list(std::move(names));
}

}  // namespace detail::builtins


STANDIN_NAMESPACE_END

