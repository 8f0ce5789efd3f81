// The constructors of the built-in types (int, float, str, bool, list, tuple,
// dict, range, slice, type, object, super, property, staticmethod,
// classmethod) and BaseException's methods, with CPython's argument checking
// and messages.
// Counterpart: the types' tp_new/tp_init slots in CPython's Objects/ and
// Objects/exceptions.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/constructors.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/builtins.hpp>
#include <standin/vm/protocol.hpp>

#include <cmath>
#include <cstdlib>

STANDIN_NAMESPACE_BEGIN
namespace detail::builtins {

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

STANDIN_BUILTIN_FN(int_new) {
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

STANDIN_BUILTIN_FN(float_new) {
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
STANDIN_BUILTIN_FN(str_new) {
    no_kwargs("str", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "str() takes at most 1 argument (" + std::to_string(args.size()) + " given)");
    if (args.empty()) return str("");
    if (args[0].is<Str>()) return args[0];
    return str(vm.str(args[0]));
}
STANDIN_BUILTIN_FN(bool_new) {
    no_kwargs("bool", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "bool expected at most 1 argument, got " + std::to_string(args.size()));
    return Value(!args.empty() && vm.truthy(args[0]));
}
// list.__new__ / dict.__new__ for a guest subclass (class Stack(list)): an
// empty list or dict whose companion Instance gives it the class and its
// attributes; __init__ fills it, as CPython's.
inline bool new_subclass_instance(Interpreter& vm, const Value& cls, Value& out, Kind kind) {
    auto* c = cls.dyn<Class>();
    if (!c || c == vm.types().list.get() || c == vm.types().dict.get() || c == vm.types().ordered_dict.get()) return false;
    Value obj = kind == Kind::list ? list({}) : Value(make_ref<Dict>());
    auto inst = make_ref<Instance>(ref<Class>(c));
    if (kind == Kind::list) obj.as<List>()->set_py_instance(std::move(inst));
    else obj.as<Dict>()->set_py_instance(std::move(inst));
    obj.object()->mark_subclass_instance();
    vm.track(obj);
    out = std::move(obj);
    return true;
}
STANDIN_BUILTIN_FN(list_new) {
    if (Value out; new_subclass_instance(vm, self, out, Kind::list)) return out;
    no_kwargs("list", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "list expected at most 1 argument, got " + std::to_string(args.size()));
    Value out = args.empty() ? list({}) : list(vm.to_vector(args[0]));
    vm.track(out);
    return out;
}
STANDIN_BUILTIN_FN(tuple_new) {
    // tuple.__new__(Pair, items) for a class deriving from tuple: the __new__
    // of the base its class statement put in tuple's place.
    if (auto* cls = self.dyn<Class>(); cls && cls != vm.types().tuple.get() && cls->is_subclass_of(vm.types().tuple.get())) {
        Value base = vm.tuple_subclass_base();
        const Value* made = cls->is_subclass_of(base.as<Class>()) ? base.as<Class>()->dict()->find(vm.names().new_) : nullptr;
        if (!made) raise(exc::TypeError, "tuple.__new__(" + cls->name()->text() + "): not supported for this class by standin");
        std::vector<Value> all{self};
        all.insert(all.end(), args.begin(), args.end());
        return vm.call_value(*made, all, kwargs);
    }
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
    // (item by item: an error raised midway keeps the pairs before it)
    Value it = vm.iter(src);
    for (Value item; vm.next(it, item);) {
        std::vector<Value> pair;
        Value iter_method;
        if (item.is<Tuple>() || item.is<List>() || item.is<Str>() || vm.try_getattr(item, intern("__iter__"), iter_method))
            pair = vm.to_vector(item);
        else
            raise(exc::TypeError, "cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
        if (pair.size() != 2)
            raise(exc::ValueError, "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                       std::to_string(pair.size()) + "; 2 is required");
        d.set(pair[0], pair[1]);
        ++i;
    }
}
STANDIN_BUILTIN_FN(dict_new) {
    if (Value out; new_subclass_instance(vm, self, out, Kind::dict)) return out;
    if (args.size() > 1) raise(exc::TypeError, "dict expected at most 1 argument, got " + std::to_string(args.size()));
    auto d = make_ref<Dict>();
    if (!args.empty()) dict_update_from(vm, *d, args[0]);
    for (const auto& kw : kwargs) d->set(kw.name, kw.value);
    Value out(std::move(d));
    vm.track(out);
    return out;
}
// dict.__init__(self, [mapping or pairs], **kwargs): the update a subclass's
// __init__ reaches through super().__init__(...).
STANDIN_BUILTIN_FN(dict_init) {
    auto* d = self.dyn<Dict>();
    if (!d) raise(exc::TypeError, "descriptor '__init__' requires a 'dict' object but received a '" + std::string(type_name(self)) + "'");
    if (args.size() > 1) raise(exc::TypeError, "dict expected at most 1 argument, got " + std::to_string(args.size()));
    // OrderedDict's __init__ stores each item with self[k] = v, so a
    // subclass's Python __setitem__ runs (a Hugging Face ModelOutput's also
    // sets the attribute); dict's stores them directly.
    const Instance* inst = subclass_instance(self);
    const Value* setitem = inst && d->is_ordered() ? inst->cls()->lookup(vm.names().setitem) : nullptr;
    if (setitem && setitem->is<Function>()) {
        auto items = make_ref<Dict>();
        items->set_ordered(true);
        if (!args.empty()) dict_update_from(vm, *items, args[0]);
        for (const auto& kw : kwargs) items->set(kw.name, kw.value);
        std::vector<std::pair<Value, Value>> pairs;
        items->for_each([&](const Value& k, const Value& v) { pairs.emplace_back(k, v); });
        for (auto& [k, v] : pairs) vm.setitem(self, k, v);
        return Value();
    }
    if (!args.empty()) dict_update_from(vm, *d, args[0]);
    for (const auto& kw : kwargs) d->set(kw.name, kw.value);
    return Value();
}
// list.__init__(self, [iterable]): the list becomes the iterable's items.
STANDIN_BUILTIN_FN(list_init) {
    auto* l = self.dyn<List>();
    if (!l) raise(exc::TypeError, "descriptor '__init__' requires a 'list' object but received a '" + std::string(type_name(self)) + "'");
    no_kwargs("list", kwargs);
    if (args.size() > 1) raise(exc::TypeError, "list expected at most 1 argument, got " + std::to_string(args.size()));
    l->assign(args.empty() ? std::vector<Value>{} : vm.to_vector(args[0]));
    return Value();
}
// The built-in behaviours as methods (dict.__getitem__(self, k),
// super().__setitem__(k, v) in a subclass): never a subclass's override.
STANDIN_BUILTIN_FN(container_getitem) {
    arity("__getitem__", args, 1, 1);
    return vm.getitem_base(self, args[0]);
}
STANDIN_BUILTIN_FN(container_setitem) {
    arity("__setitem__", args, 2, 2);
    vm.setitem_base(self, args[0], args[1]);
    return Value();
}
STANDIN_BUILTIN_FN(container_delitem) {
    arity("__delitem__", args, 1, 1);
    vm.delitem_base(self, args[0]);
    return Value();
}
STANDIN_BUILTIN_FN(container_len) {
    arity("__len__", args, 0, 0);
    if (auto* l = self.dyn<List>()) return Value(static_cast<std::int64_t>(l->size()));
    if (auto* d = self.dyn<Dict>()) return Value(static_cast<std::int64_t>(d->size()));
    raise(exc::TypeError, "descriptor '__len__' requires a container");
}
STANDIN_BUILTIN_FN(container_contains) {
    arity("__contains__", args, 1, 1);
    if (auto* d = self.dyn<Dict>()) return Value(d->find(args[0]) != nullptr);
    if (auto* l = self.dyn<List>()) {
        for (const Value& x : l->items())
            if (x.identical(args[0]) || vm.eq(x, args[0])) return Value(true);
        return Value(false);
    }
    raise(exc::TypeError, "descriptor '__contains__' requires a container");
}
STANDIN_BUILTIN_FN(container_iter) {
    arity("__iter__", args, 0, 0);
    if (auto* l = self.dyn<List>()) return make_value<ListIterator>(ref<List>(l));
    if (auto* d = self.dyn<Dict>()) return make_value<DictIterator>(ref<Dict>(d), DictViewKind::keys);
    raise(exc::TypeError, "descriptor '__iter__' requires a container");
}
// range/tuple/str/Tensor.__iter__(): what iter() gives (an instance of a
// class remade on tuple iterates through its own __iter__ or __getitem__).
STANDIN_BUILTIN_FN(sequence_iter) {
    arity("__iter__", args, 0, 0);
    switch (self.kind()) {
    case Kind::range:
    case Kind::tuple:
    case Kind::str:
    case Kind::tensor: return vm.iter(self);
    default: raise(exc::TypeError, "descriptor '__iter__' requires a sequence, not '" + detail::tname(self) + "'");
    }
}
STANDIN_BUILTIN_FN(container_repr) {
    arity("__repr__", args, 0, 0);
    // The built-in printing of the items, whatever __repr__ the subclass has.
    if (auto* l = self.dyn<List>()) {
        std::string out = "[";
        for (std::size_t i = 0; i < l->size(); ++i) out += (i ? ", " : "") + vm.repr((*l)[i]);
        return str(out + "]");
    }
    if (auto* d = self.dyn<Dict>()) {
        std::string out = "{";
        bool first = true;
        d->for_each([&](const Value& k, const Value& v) {
            out += (first ? "" : ", ") + vm.repr(k) + ": " + vm.repr(v);
            first = false;
        });
        return str(out + "}");
    }
    raise(exc::TypeError, "descriptor '__repr__' requires a container");
}
// collections.OrderedDict(...): a dict typed and printed as an OrderedDict.
STANDIN_BUILTIN_FN(ordered_dict_new) {
    if (Value out; new_subclass_instance(vm, self, out, Kind::dict)) {
        out.as<Dict>()->set_ordered(true);
        return out;
    }
    if (args.size() > 1) raise(exc::TypeError, "expected at most 1 argument, got " + std::to_string(args.size()));
    Value out = dict_new(vm, self, args, kwargs);
    out.as<Dict>()->set_ordered(true);
    return out;
}
STANDIN_BUILTIN_FN(range_new) {
    no_kwargs("range", kwargs);
    if (args.empty()) raise(exc::TypeError, "range expected at least 1 argument, got 0");
    if (args.size() > 3) raise(exc::TypeError, "range expected at most 3 arguments, got " + std::to_string(args.size()));
    std::int64_t start = 0, stop, step = 1;
    if (args.size() == 1) stop = as_index(vm, args[0]);
    else {
        start = as_index(vm, args[0]);
        stop = as_index(vm, args[1]);
        if (args.size() == 3) step = as_index(vm, args[2]);
    }
    if (step == 0) raise(exc::ValueError, "range() arg 3 must not be zero");
    return make_value<Range>(start, stop, step);
}
STANDIN_BUILTIN_FN(slice_new) {
    no_kwargs("slice", kwargs);
    arity("slice", args, 1, 3);
    // A one-element integer tensor bound is its int (what indexing's __index__ gives).
    if (args.size() == 1) return make_value<Slice>(Value(), index_value(args[0]), Value());
    return make_value<Slice>(index_value(args[0]), index_value(args[1]), args.size() == 3 ? index_value(args[2]) : Value());
}
STANDIN_BUILTIN_FN(type_new) {
    no_kwargs("type", kwargs);
    if (args.size() == 1) return Value::borrow(vm.type_of(args[0]));
    if (args.size() != 3) raise(exc::TypeError, "type() takes 1 or 3 arguments");
    if (!args[0].is<Str>() || !args[1].is<Tuple>() || !args[2].is<Dict>())
        raise(exc::TypeError, "type.__new__() argument 1 must be str, not " + detail::tname(args[0]));
    auto* bases = args[1].as<Tuple>();
    std::vector<Value> base_values;
    for (std::size_t i = 0; i < bases->size(); ++i) base_values.push_back((*bases)[i]);
    ref<Class> cls = vm.make_class(intern(args[0].as<Str>()->view()), vm.class_bases(base_values));
    cls->dict()->update(*args[2].as<Dict>());
    // __module__: the calling frame's module, as CPython takes it from the caller's globals.
    if (!cls->dict()->find(intern("__module__")))
        if (const Frame* f = vm.current_frame(); f && f->globals)
            if (const Value* name = f->globals->find(intern("__name__"))) cls->dict()->set(intern("__module__"), *name);
    return Value(std::move(cls));
}
STANDIN_BUILTIN_FN(object_new) {
    auto* cls = self.dyn<Class>();
    return make_value<Instance>(ref<Class>(cls ? cls : vm.types().object.get()));
}
// object.__new__(cls, ...) called by name (super().__new__(cls) in a __new__):
// a bare instance of cls; the other arguments are __init__'s.
// (Held with a null self: the call passes the class as self.)
STANDIN_BUILTIN_FN(object_new_static) {
    auto* cls = self.dyn<Class>();
    if (!cls) raise(exc::TypeError, "object.__new__(X): X is not a type object (" + detail::tname(self) + ")");
    const Value* own_new = cls->lookup(vm.names().new_);
    if (own_new && own_new->is<Builtin>() && own_new->as<Builtin>()->fn() != &object_new)
        raise(exc::TypeError, "object.__new__(" + cls->name()->text() + ") is not safe, use " + cls->name()->text() +
                                  ".__new__()");
    return make_value<Instance>(ref<Class>(cls));
}
// Guest classes cannot derive from tuple (tuple's C++ code would get an
// instance), so a prelude class that defines every tuple behaviour itself
// (torch.Size, the namedtuple base, torch.return_types, collections._TupleBase
// that a class statement's tuple base stands for) is remade on tuple, with
// object's __new__ unless it has its own: isinstance(x, tuple) holds, as for
// CPython's tuple subclasses.
inline void remake_on_tuple(Interpreter& vm, Dict& ns, std::string_view name) {
    Str* key = intern(name);
    const Value* prelude_cls = ns.find(key);
    auto cls = make_ref<Class>(key, vm.types().tuple);
    cls->dict()->update(*prelude_cls->as<Class>()->dict());
    if (!cls->dict()->find(vm.names().new_))
        cls->dict()->set(vm.names().new_, make_value<Builtin>(vm.names().new_, &object_new, Value::null()));
    ns.set(key, Value(cls));
}
// object.__init_subclass__(cls): nothing (the end of a chain of super() calls).
STANDIN_BUILTIN_FN(object_init_subclass) {
    if (!kwargs.empty()) {
        const Class* cls = !args.empty() && args[0].is<Class>() ? args[0].as<Class>() : vm.type_of(self);
        raise(exc::TypeError, std::string(cls->name()->view()) + ".__init_subclass__() takes no keyword arguments");
    }
    return Value();
}
// object.__setattr__(self, name, value) / object.__delattr__(self, name): the
// store a class's own __setattr__ / __delattr__ ends with.
STANDIN_BUILTIN_FN(object_setattr) {
    no_kwargs("__setattr__", kwargs);
    arity("__setattr__", args, 2, 2);
    vm.object_setattr(self, attribute_name_arg(args[0]), args[1]);
    return Value();
}
STANDIN_BUILTIN_FN(object_getattribute) {
    no_kwargs("__getattribute__", kwargs);
    arity("__getattribute__", args, 1, 1);
    return vm.object_getattribute(self, attribute_name_arg(args[0]));
}
// object's slot methods read as attributes: super().__repr__(),
// object.__eq__(a, b), obj.__hash__ (CPython's object.__repr__ and its
// siblings). They stay out of object's dict, as __new__ does, so that
// `cls->lookup("__eq__")` still tells a class with a comparison of its own
// from one without; detail::object_slot (protocol.hpp) hands them out.
STANDIN_BUILTIN_FN(object_repr_slot) {
    no_kwargs("__repr__", kwargs);
    arity("__repr__", args, 0, 0);
    return standin::str(default_object_repr(vm, self));
}
STANDIN_BUILTIN_FN(object_str_slot) {
    no_kwargs("__str__", kwargs);
    arity("__str__", args, 0, 0);
    return standin::str(vm.repr(self));
}
STANDIN_BUILTIN_FN(object_hash_slot) {
    no_kwargs("__hash__", kwargs);
    arity("__hash__", args, 0, 0);
    return Value(self.is_heap() ? detail::hash_identity(self.object()) : vm.hash(self));
}
STANDIN_BUILTIN_FN(object_eq_slot) {
    no_kwargs("__eq__", kwargs);
    arity("__eq__", args, 1, 1);
    return self.identical(args[0]) ? Value(true) : vm.not_implemented();
}
// object.__ne__: the type's __eq__, inverted unless NotImplemented.
STANDIN_BUILTIN_FN(object_ne_slot) {
    no_kwargs("__ne__", kwargs);
    arity("__ne__", args, 1, 1);
    Class* cls = vm.type_of(self);
    Value eq = self.identical(args[0]) ? Value(true) : vm.not_implemented();
    if (const Value* m = cls->lookup(vm.names().eq); m && m->is<Function>()) {
        const Value both[] = {self, args[0]};
        eq = vm.call_value(*m, both);
    }
    if (eq.identical(vm.not_implemented())) return eq;
    return Value(!vm.truthy(eq));
}
STANDIN_BUILTIN_FN(object_order_slot) {
    no_kwargs("comparison", kwargs);
    arity("comparison", args, 1, 1);
    return vm.not_implemented();
}
STANDIN_BUILTIN_FN(object_format_slot) {
    no_kwargs("__format__", kwargs);
    arity("__format__", args, 1, 1);
    auto* spec = args[0].dyn<Str>();
    if (!spec) raise(exc::TypeError, "__format__() argument must be str, not " + detail::tname(args[0]));
    if (!spec->view().empty())
        raise(exc::TypeError, "unsupported format string passed to " + vm.type_of(self)->name()->text() + ".__format__");
    return standin::str(vm.str(self));
}
// f.__call__ of a function, class, built-in or bound method (a
// method-wrapper in CPython): calls it.
STANDIN_BUILTIN_FN(call_slot) { return vm.call_value(self, args, kwargs); }
// cls.__subclasses__(): the live classes that name cls as a base.
STANDIN_BUILTIN_FN(class_subclasses) {
    no_kwargs("__subclasses__", kwargs);
    arity("__subclasses__", args, 0, 0);
    std::vector<Value> out;
    for (Class* c : self.as<Class>()->subclasses()) out.push_back(Value::borrow(c));
    return list(std::move(out));
}
STANDIN_BUILTIN_FN(object_delattr) {
    no_kwargs("__delattr__", kwargs);
    arity("__delattr__", args, 1, 1);
    vm.object_delattr(self, attribute_name_arg(args[0]));
    return Value();
}
STANDIN_BUILTIN_FN(object_init) {
    if (!args.empty() || !kwargs.empty()) {
        Class* cls = vm.type_of(self);
        if (!cls->lookup(vm.names().new_) || cls->lookup(vm.names().init)->is<Builtin>())
            raise(exc::TypeError, std::string(cls->name()->view()) + "() takes no arguments");
        raise(exc::TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
    }
    return Value();
}
STANDIN_BUILTIN_FN(super_new) {
    no_kwargs("super", kwargs);
    if (args.empty()) raise(exc::RuntimeError, "super(): no arguments");
    if (args.size() != 2 || !args[0].is<Class>()) raise(exc::TypeError, "super() argument 1 must be a type");
    Class* cls = args[0].as<Class>();
    Class* of = args[1].is<Class>() ? args[1].as<Class>() : vm.type_of(args[1]);
    if (!of->is_subclass_of(cls)) raise(exc::TypeError, "super(type, obj): obj must be an instance or subtype of type");
    return make_value<Super>(ref<Class>(cls), args[1]);
}
STANDIN_BUILTIN_FN(property_new) {
    const Value* fget_kw = kwarg("property", kwargs, {"fget", "fset", "fdel", "doc"}, "fget");
    const Value* fset_kw = kwarg("property", kwargs, {"fget", "fset", "fdel", "doc"}, "fset");
    Value fget = !args.empty() ? args[0] : fget_kw ? *fget_kw : Value();
    Value fset = args.size() > 1 ? args[1] : fset_kw ? *fset_kw : Value();
    const Value* fdel_kw = kwarg("property", kwargs, {"fget", "fset", "fdel", "doc"}, "fdel");
    Value fdel = args.size() > 2 ? args[2] : fdel_kw ? *fdel_kw : Value();
    return make_value<Property>(fget, fset, nullptr, fdel);
}
STANDIN_BUILTIN_FN(property_setter) {
    arity("setter", args, 1, 1);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    return make_value<Property>(p->fget, args[0], p->name, p->fdel);
}
STANDIN_BUILTIN_FN(property_getter) {
    arity("getter", args, 1, 1);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    return make_value<Property>(args[0], p->fset, p->name, p->fdel);
}
STANDIN_BUILTIN_FN(property_deleter) {
    arity("deleter", args, 1, 1);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    return make_value<Property>(p->fget, p->fset, p->name, args[0]);
}
// p.__get__(obj[, type]) / p.__set__(obj, v) / p.__delete__(obj): the
// descriptor protocol called by hand (the class itself for obj None).
STANDIN_BUILTIN_FN(property_get) {
    arity("__get__", args, 1, 2);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    if (args[0].is_none()) return self;
    if (p->fget.is_none()) raise(exc::AttributeError, "property has no getter");
    return vm.call_value(p->fget, std::span<const Value>(&args[0], 1));
}
STANDIN_BUILTIN_FN(property_set) {
    arity("__set__", args, 2, 2);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    if (p->fset.is_none()) raise(exc::AttributeError, "property has no setter");
    vm.call_value(p->fset, args);
    return Value();
}
STANDIN_BUILTIN_FN(property_delete) {
    arity("__delete__", args, 1, 1);
    auto* p = dynamic_cast<Property*>(self.as<NativeObject>());
    if (p->fdel.is_none()) raise(exc::AttributeError, "property has no deleter");
    vm.call_value(p->fdel, args);
    return Value();
}
STANDIN_BUILTIN_FN(staticmethod_new) {
    arity("staticmethod", args, 1, 1);
    return make_value<StaticMethod>(args[0]);
}
STANDIN_BUILTIN_FN(classmethod_new) {
    arity("classmethod", args, 1, 1);
    return make_value<ClassMethod>(args[0]);
}

// --- exceptions ---------------------------------------------------------------------------
STANDIN_BUILTIN_FN(exception_new) {
    auto* cls = self.dyn<Class>();
    auto inst = make_ref<Instance>(ref<Class>(cls));
    inst->set_attr(vm.names().args, tuple(std::vector<Value>(args.begin(), args.end())));
    return Value(std::move(inst));
}
STANDIN_BUILTIN_FN(exception_init) {
    if (auto* inst = self.dyn<Instance>()) inst->set_attr(vm.names().args, tuple(std::vector<Value>(args.begin(), args.end())));
    return Value();
}
inline std::span<const Value> exception_args(Interpreter& vm, const Value& self) {
    if (auto* inst = self.dyn<Instance>())
        if (const Value* a = inst->find_attr(vm.names().args); a && a->is<Tuple>()) return a->as<Tuple>()->items();
    return {};
}
// StopIteration.value: its first argument (a generator's return value), or None.
STANDIN_BUILTIN_FN(stop_iteration_value) {
    auto a = exception_args(vm, args[0]);
    return a.empty() ? Value() : a[0];
}
// BaseException.__cause__, a data descriptor as CPython's: the value lives in
// the instance's dict; a store checks it and hides __context__ (sets
// __suppress_context__), as `raise X from Y` does.
STANDIN_BUILTIN_FN(exception_cause_get) {
    if (auto* inst = args[0].dyn<Instance>())
        if (const Value* v = inst->find_attr(intern("__cause__"))) return *v;
    return Value();
}
STANDIN_BUILTIN_FN(exception_cause_set) {
    arity("__cause__", args, 2, 2);
    if (!args[1].is_none() && !vm.isinstance(args[1], vm.exception_class(exc::BaseException)))
        raise(exc::TypeError, "exception cause must be None or derive from BaseException");
    if (auto* inst = args[0].dyn<Instance>()) {
        inst->set_attr(intern("__cause__"), args[1]);
        inst->set_attr(intern("__suppress_context__"), Value(true));
    }
    return Value();
}
// SystemExit.code: None without arguments, the argument, or the tuple of them.
STANDIN_BUILTIN_FN(system_exit_code) {
    auto a = exception_args(vm, args[0]);
    if (a.empty()) return Value();
    return a.size() == 1 ? a[0] : tuple(std::vector<Value>(a.begin(), a.end()));
}
STANDIN_BUILTIN_FN(exception_str) {
    auto a = exception_args(vm, self);
    if (a.empty()) return str("");
    bool key_error = vm.isinstance(self, vm.exception_class(exc::KeyError));
    if (a.size() == 1) return key_error ? str(vm.repr(a[0])) : str(vm.str(a[0]));
    return str(vm.repr(tuple(std::vector<Value>(a.begin(), a.end()))));
}
// OSError(errno, strerror[, filename]): the attributes CPython's sets
// (args keeps errno and strerror only), and its "[Errno N] text: 'file'".
STANDIN_BUILTIN_FN(os_error_init) {
    auto* inst = self.dyn<Instance>();
    if (!inst) return Value();
    std::vector<Value> kept(args.begin(), args.end());
    if (args.size() >= 2 && args.size() <= 5) {
        inst->set_attr(intern("errno"), args[0]);
        inst->set_attr(intern("strerror"), args[1]);
        if (args.size() >= 3) {
            inst->set_attr(intern("filename"), args[2]);
            kept.resize(2);
        }
    }
    inst->set_attr(vm.names().args, tuple(std::move(kept)));
    return Value();
}
// OSError(errno, ...) itself makes the subclass for that errno, as CPython's.
STANDIN_BUILTIN_FN(os_error_new) {
    Value cls = self;
    if (auto* c = self.dyn<Class>(); c && c->name()->view() == "OSError" && args.size() >= 2 && args[0].is_int()) {
        static constexpr std::pair<int, const char*> by_errno[] = {
            {1, "PermissionError"},  {2, "FileNotFoundError"},    {3, "ProcessLookupError"},   {4, "InterruptedError"},
            {10, "ChildProcessError"}, {11, "BlockingIOError"},   {13, "PermissionError"},     {17, "FileExistsError"},
            {20, "NotADirectoryError"}, {21, "IsADirectoryError"}, {32, "BrokenPipeError"},    {103, "ConnectionAbortedError"},
            {104, "ConnectionResetError"}, {110, "TimeoutError"}, {111, "ConnectionRefusedError"}};
        for (auto [number, name] : by_errno)
            if (args[0].as_int() == number)
                if (const Value* sub = vm.builtins().find(intern(name))) cls = *sub;
    }
    return exception_new(vm, cls, args, kwargs);
}
STANDIN_BUILTIN_FN(os_error_str) {
    auto* inst = self.dyn<Instance>();
    const Value* no = nullptr;
    auto attr = [&](const char* name) {
        const Value* v = inst ? inst->find_attr(intern(name)) : no;
        return v ? *v : Value();
    };
    const Value err = attr("errno"), text = attr("strerror"), file = attr("filename");
    if (!file.is_none()) return str("[Errno " + vm.str(err) + "] " + vm.str(text) + ": " + vm.repr(file));
    if (!err.is_none() && !text.is_none()) return str("[Errno " + vm.str(err) + "] " + vm.str(text));
    return exception_str(vm, self, args, kwargs);
}
STANDIN_BUILTIN_FN(exception_repr) {
    auto a = exception_args(vm, self);
    std::string out(vm.type_of(self)->name()->view());
    out += "(";
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (i) out += ", ";
        out += vm.repr(a[i]);
    }
    return str(out + ")");
}
STANDIN_BUILTIN_FN(exception_with_traceback) { return self; }

}  // namespace detail::builtins
STANDIN_NAMESPACE_END
