// Building an interpreter: the type objects of the built-in kinds, the
// exception hierarchy, the builtins module and the built-in modules; and the
// embedding entry points (exec, eval, globals). Destruction breaks the
// reference cycles guest code leaves (functions <-> globals, closures).
// Counterpart: CPython's pylifecycle.c and bltinmodule.c's module init.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/setup.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/builtins_prelude.hpp>
#include <standin/vm/constructors.hpp>
#include <standin/vm/eval.hpp>
#include <standin/vm/methods.hpp>
#include <standin/vm/torch.hpp>

#include <cmath>
#include <iostream>


STANDIN_NAMESPACE_BEGIN

namespace detail::builtins {
// The range a range property reads.
inline const Range& range_self(std::span<const Value> args) {
    if (args.empty() || !args[0].is<Range>()) raise(exc::TypeError, "descriptor requires a 'range' object");
    return *args[0].as<Range>();
}
}  // namespace detail::builtins


inline void init_torch_module(Interpreter& vm);

STANDIN_DECL Value Interpreter::make_builtin(std::string_view name, Builtin::Fn fn) {
    return make_value<Builtin>(intern(name), fn);
}

// Method descriptors: a Builtin whose self is null binds to the object it is
// looked up through (`xs.append` -> a Builtin with self = xs).
STANDIN_DECL void Interpreter::add_method(Class* cls, std::string_view name, Builtin::Fn fn) {
    Value method = make_value<Builtin>(intern(name), fn, Value::null());
    method.as<Builtin>()->set_owner(cls);
    cls->dict()->set(intern(name), std::move(method));
}

// Private entry points the builtins need.
struct VmAccess {
    static Value build_class(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg> kwargs) {
        return vm.build_class(args, kwargs);
    }
};

STANDIN_DECL void Interpreter::init_types() {
    auto make = [](std::string_view name, ref<Class> base) { return make_ref<Class>(intern(name), std::move(base)); };
    types_.object = make("object", nullptr);
    auto o = types_.object;
    types_.type = make("type", o);
    types_.int_ = make("int", o);
    types_.bool_ = make("bool", types_.int_);
    types_.float_ = make("float", o);
    types_.str = make("str", o);
    types_.list = make("list", o);
    types_.tuple = make("tuple", o);
    types_.dict = make("dict", o);
    types_.none = make("NoneType", o);
    types_.range = make("range", o);
    types_.slice = make("slice", o);
    types_.function = make("function", o);
    types_.method = make("method", o);
    types_.builtin = make("builtin_function_or_method", o);
    types_.module = make("module", o);
    types_.cell = make("cell", o);
    types_.code = make("code", o);
    types_.tensor = make("Tensor", o);
    types_.parameter = make_ref<Class>(intern("Parameter"), types_.tensor);  // nn.Parameter: a tensor marked as one
    // type(x) prints <class 'torch.Tensor'>, type(p) <class 'torch.nn.parameter.Parameter'>.
    types_.tensor->dict()->set(intern("__module__"), standin::str("torch"));
    types_.parameter->dict()->set(intern("__module__"), standin::str("torch.nn.parameter"));
    types_.ordered_dict = make_ref<Class>(intern("OrderedDict"), types_.dict);  // collections.OrderedDict: a dict marked as one
    types_.base_exception = make("BaseException", o);
    types_.property = make("property", o);
    types_.staticmethod = make("staticmethod", o);
    types_.classmethod = make("classmethod", o);
    types_.super = make("super", o);
    types_.dict_keys = make("dict_keys", o);
    types_.dict_values = make("dict_values", o);
    types_.dict_items = make("dict_items", o);
    types_.not_implemented = make("NotImplementedType", o);
    types_.iterator = make("iterator", o);
    not_implemented_ = make_value<NotImplementedType>();
}

STANDIN_DECL void Interpreter::init_exceptions() {
    exc_classes_[static_cast<std::size_t>(exc::BaseException)] = types_.base_exception;
    for (std::size_t k = 1; k < exc_classes_.size(); ++k) {
        exc kind = static_cast<exc>(k);
        exc_classes_[k] = make_ref<Class>(intern(exc_name(kind)), exc_classes_[static_cast<std::size_t>(exc_base(kind))]);
    }
    Class* base = types_.base_exception.get();
    base->dict()->set(names_.new_, make_value<Builtin>(names_.new_, &detail::builtins::exception_new, Value::null()));
    add_method(base, "__init__", &detail::builtins::exception_init);
    add_method(base, "__str__", &detail::builtins::exception_str);
    add_method(base, "__repr__", &detail::builtins::exception_repr);
    add_method(base, "with_traceback", &detail::builtins::exception_with_traceback);
    // Chaining defaults (an instance's own attributes are set by raise).
    base->dict()->set(intern("__context__"), Value());
    base->dict()->set(intern("__cause__"), make_value<Property>(make_builtin("__cause__", &detail::builtins::exception_cause_get),
                                                                 make_builtin("__cause__", &detail::builtins::exception_cause_set)));
    base->dict()->set(intern("__suppress_context__"), Value(false));
    for (auto& cls : exc_classes_) builtins_->set(cls->name(), Value(cls));
    auto extra = [&](std::string_view name, exc base_kind) {
        auto cls = make_ref<Class>(intern(name), ref<Class>(exception_class(base_kind)));
        builtins_->set(cls->name(), Value(cls));
        return cls;
    };
    auto indentation = extra("IndentationError", exc::SyntaxError);
    builtins_->set(intern("TabError"), make_value<Class>(intern("TabError"), indentation));
    extra("KeyboardInterrupt", exc::BaseException);
    extra("SystemExit", exc::BaseException)
        ->dict()
        ->set(intern("code"), make_value<Property>(make_builtin("code", &detail::builtins::system_exit_code), Value()));
    generator_exit_ = extra("GeneratorExit", exc::BaseException);
    exception_class(exc::StopIteration)
        ->dict()
        ->set(intern("value"), make_value<Property>(make_builtin("value", &detail::builtins::stop_iteration_value), Value()));
    extra("FloatingPointError", exc::ArithmeticError);
    extra("UnicodeError", exc::ValueError);
    extra("EOFError", exc::Exception);
    auto os_error = extra("OSError", exc::Exception);
    os_error->dict()->set(names_.new_, make_value<Builtin>(names_.new_, &detail::builtins::os_error_new, Value::null()));
    add_method(os_error.get(), "__init__", &detail::builtins::os_error_init);
    add_method(os_error.get(), "__str__", &detail::builtins::os_error_str);
    for (const char* name : {"errno", "strerror", "filename", "filename2"}) os_error->dict()->set(intern(name), Value());
    builtins_->set(intern("EnvironmentError"), Value(os_error));
    builtins_->set(intern("IOError"), Value(os_error));
    auto connection = make_ref<Class>(intern("ConnectionError"), os_error);
    builtins_->set(connection->name(), Value(connection));
    for (std::string_view name : {"BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError", "ConnectionResetError"})
        builtins_->set(intern(name), make_value<Class>(intern(name), connection));
    for (std::string_view name : {"TimeoutError", "FileNotFoundError", "FileExistsError", "PermissionError",
                                  "IsADirectoryError", "NotADirectoryError", "InterruptedError", "ChildProcessError",
                                  "ProcessLookupError", "BlockingIOError"})
        builtins_->set(intern(name), make_value<Class>(intern(name), os_error));
    extra("BufferError", exc::Exception);
    extra("StopAsyncIteration", exc::Exception);
    // The warning categories (warnings.warn's second argument).
    auto warning = extra("Warning", exc::Exception);
    for (std::string_view name : {"UserWarning", "DeprecationWarning", "PendingDeprecationWarning", "SyntaxWarning",
                                  "RuntimeWarning", "FutureWarning", "ImportWarning", "UnicodeWarning", "BytesWarning",
                                  "ResourceWarning"})
        builtins_->set(intern(name), make_value<Class>(intern(name), warning));
    extra("LookupErrorAlias", exc::LookupError);
    builtins_->erase(intern("LookupErrorAlias"));
}

STANDIN_DECL void Interpreter::init_builtins() {
    auto fn = [&](std::string_view name, Builtin::Fn f) { builtins_->set(intern(name), make_builtin(name, f)); };
    using namespace detail::builtins;
    fn("print", &detail::builtins::print);
    fn("len", &detail::builtins::len);
    fn("repr", &repr_);
    fn("ascii", &ascii_);
    fn("isinstance", &detail::builtins::isinstance);
    fn("issubclass", &detail::builtins::issubclass);
    fn("getattr", &getattr_);
    fn("__import__", &import_);
    fn("setattr", &setattr_);
    fn("delattr", &delattr_);
    fn("hasattr", &hasattr_);
    fn("abs", &abs_);
    fn("min", &min_);
    fn("max", &max_);
    fn("sum", &sum_);
    fn("any", &any_);
    fn("all", &all_);
    fn("sorted", &sorted_);
    fn("reversed", &reversed_);
    fn("iter", &iter_);
    fn("next", &next_);
    fn("round", &round_);
    fn("divmod", &divmod_);
    fn("pow", &pow_);
    fn("id", &id_);
    fn("hash", &hash_);
    fn("callable", &callable_);
    fn("chr", &chr_);
    fn("ord", &ord_);
    fn("hex", &hex_);
    fn("oct", &oct_);
    fn("bin", &bin_);
    fn("format", &format_);
    fn("globals", &globals_);
    fn("vars", &vars_);
    fn("dir", &dir_);
    fn("__build_class__", &VmAccess::build_class);
    // Types callable as constructors: __new__ receives the class as self.
    auto type = [&](ref<Class>& cls, Builtin::Fn new_fn) {
        if (new_fn) cls->dict()->set(names_.new_, make_value<Builtin>(names_.new_, new_fn, Value::null()));
        builtins_->set(cls->name(), Value(cls));
    };
    type(types_.object, nullptr);
    add_method(types_.object.get(), "__init__", &object_init);
    add_method(types_.object.get(), "__setattr__", &detail::builtins::object_setattr);
    add_method(types_.object.get(), "__getattribute__", &detail::builtins::object_getattribute);
    add_method(types_.object.get(), "__delattr__", &detail::builtins::object_delattr);
    types_.object->dict()->set(intern("__init_subclass__"),
                               make_value<ClassMethod>(make_builtin("__init_subclass__", &object_init_subclass)));
    type(types_.int_, &int_new);
    type(types_.float_, &float_new);
    type(types_.str, &str_new);
    type(types_.bool_, &bool_new);
    type(types_.list, &list_new);
    type(types_.tuple, &tuple_new);
    type(types_.dict, &dict_new);
    types_.ordered_dict->dict()->set(names_.new_, make_value<Builtin>(names_.new_, &ordered_dict_new, Value::null()));
    types_.ordered_dict->dict()->set(intern("__module__"), standin::str("collections"));
    types_.method->dict()->set(names_.new_, make_value<Builtin>(names_.new_, &method_new, Value::null()));
    add_method(types_.function.get(), "__get__", &function_get);
    type(types_.range, &range_new);
    type(types_.slice, &slice_new);
    type(types_.type, &type_new);
    type(types_.super, &super_new);
    type(types_.property, &property_new);
    type(types_.staticmethod, &staticmethod_new);
    type(types_.classmethod, &classmethod_new);
    auto iter_type = [&](std::string_view name, Builtin::Fn new_fn) {
        auto cls = make_ref<Class>(intern(name), types_.iterator);
        cls->dict()->set(names_.new_, make_value<Builtin>(names_.new_, new_fn, Value::null()));
        builtins_->set(cls->name(), Value(cls));
        native_classes_[std::string(name)] = cls;
    };
    iter_type("enumerate", &enumerate_new);
    iter_type("zip", &zip_new);
    iter_type("map", &map_new);
    iter_type("filter", &filter_new);
    builtins_->set(intern("NotImplemented"), not_implemented_);
    builtins_->set(intern("Ellipsis"), ellipsis_value());
    builtins_->set(intern("__debug__"), Value(true));
}

namespace detail::builtins {
// The operator methods of the built-in types, for explicit calls:
// (3).__add__(4), str.__eq__(a, b), list.__iadd__(xs, ys), d.__or__(e).
// Each runs the interpreter's own operator; an operand of another type
// gives NotImplemented, as CPython's slot wrappers do (a sequence's + with
// another type raises its TypeError instead, as list.__add__ does).
enum class DunderFamily { integer, real, str, list, tuple, dict };

inline bool dunder_is(DunderFamily f, const Value& v) {
    switch (f) {
    case DunderFamily::integer: return v.is_integral();
    case DunderFamily::real: return v.is_float();
    case DunderFamily::str: return v.is<Str>();
    case DunderFamily::list: return v.is<List>();
    case DunderFamily::tuple: return v.is<Tuple>();
    case DunderFamily::dict: return v.is<Dict>();
    }
    return false;
}
inline bool dunder_accepts(DunderFamily f, const Value& other) {
    return f == DunderFamily::real ? other.is_number() : dunder_is(f, other);
}
constexpr bool dunder_sequence(DunderFamily f) {
    return f == DunderFamily::str || f == DunderFamily::list || f == DunderFamily::tuple;
}

// A list or dict of a guest subclass as the built-in type sees it: a plain
// copy, so the operator does not dispatch back to the subclass's override
// (super().__eq__(o) in the override recursed).
inline Value dunder_plain(const Value& v) {
    if (!subclass_instance(v)) return v;
    if (auto* l = v.dyn<List>()) return list(std::vector<Value>(l->items().begin(), l->items().end()));
    if (auto* d = v.dyn<Dict>()) {
        auto out = make_ref<Dict>();
        out->set_ordered(d->is_ordered());
        d->for_each([&](const Value& k, const Value& x) { out->set(k, x); });
        return Value(std::move(out));
    }
    return v;
}

template <DunderFamily F, BinaryOp Op, bool Reflected>
STANDIN_BUILTIN_FN(dunder_binary) {
    arity("__op__", args, 1, 1);
    if (!dunder_is(F, self)) return vm.not_implemented();
    // In place on a subclass's object: the built-in operation on it.
    if (subclass_instance(self) && Op >= nb_inplace_offset) {
        if (F == DunderFamily::list && Op == NB_INPLACE_ADD) {
            const std::vector<Value> items = vm.to_vector(args[0]);
            self.as<List>()->extend(items);
            return self;
        }
        if (F == DunderFamily::list && Op == NB_INPLACE_MULTIPLY) {
            if (!args[0].is_integral()) raise(exc::TypeError, detail::not_an_integer(args[0]));
            return detail::repeat_list_in_place(self, args[0].as_integral());
        }
        if (F == DunderFamily::dict && Op == NB_INPLACE_OR) {
            dict_update_from(vm, *self.as<Dict>(), args[0]);
            return self;
        }
    }
    const Value plain_self = dunder_plain(self);
    const Value other = dunder_plain(args[0]);
    const std::uint32_t base = Op >= nb_inplace_offset ? Op - nb_inplace_offset : Op;
    if (dunder_sequence(F) && base == NB_MULTIPLY) {
        if (!other.is_integral())
            raise(exc::TypeError, detail::not_an_integer(other));
    } else if (dunder_sequence(F) && base == NB_ADD) {
        // (list's += takes any iterable; + of another type raises below)
    } else if (F == DunderFamily::dict && Op == NB_INPLACE_OR) {
        // (dict's |= takes what update() takes)
    } else if (!(F == DunderFamily::str && base == NB_REMAINDER) && !dunder_accepts(F, other)) {
        return vm.not_implemented();
    }
    return Reflected ? vm.binary_op(Op, other, plain_self) : vm.binary_op(Op, plain_self, other);
}

template <DunderFamily F, CompareOp Op>
STANDIN_BUILTIN_FN(dunder_compare) {
    arity("__cmp__", args, 1, 1);
    if (!dunder_is(F, self) || !dunder_accepts(F, args[0])) return vm.not_implemented();
    return vm.compare(Op, dunder_plain(self), dunder_plain(args[0]));
}

enum class DunderUnary { neg, pos, invert, abs, bool_, int_, float_, index, hash, len, contains, getitem };

template <DunderFamily F, DunderUnary U>
STANDIN_BUILTIN_FN(dunder_unary) {
    constexpr bool one_arg = U == DunderUnary::contains || U == DunderUnary::getitem;
    arity("__op__", args, one_arg ? 1 : 0, one_arg ? 1 : 0);
    if (!dunder_is(F, self)) raise(exc::TypeError, "descriptor requires a '" + std::string(vm.type_of(self)->name()->view()) + "' object of the built-in type");
    auto call_builtin = [&](const char* name) {
        return vm.call_value(*vm.builtins().find(intern(name)), std::span<const Value>(&self, 1));
    };
    switch (U) {
    case DunderUnary::neg: return vm.unary_op(Opcode::UNARY_NEGATIVE, self);
    case DunderUnary::pos: return vm.unary_op(Opcode::UNARY_POSITIVE, self);
    case DunderUnary::invert: return vm.unary_op(Opcode::UNARY_INVERT, self);
    case DunderUnary::abs: return call_builtin("abs");
    case DunderUnary::bool_: return Value(vm.truthy(self));
    case DunderUnary::int_: return call_builtin("int");
    case DunderUnary::float_: return call_builtin("float");
    case DunderUnary::index: return Value(self.as_integral());
    case DunderUnary::hash: return Value(vm.hash(self));
    case DunderUnary::len: return Value(vm.len(self));
    case DunderUnary::contains: return Value(vm.contains(self, args[0]));
    case DunderUnary::getitem: return vm.getitem(self, args[0]);
    }
    return Value();
}

template <DunderFamily F>
void add_dunders(Interpreter& vm, Class* c) {
    using U = DunderUnary;
    auto cmp = [&]<CompareOp... Ops>(std::integer_sequence<CompareOp, Ops...>) {
        constexpr std::string_view names[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
        (vm.add_method(c, names[Ops], &dunder_compare<F, Ops>), ...);
    };
    if constexpr (F == DunderFamily::dict) {
        cmp(std::integer_sequence<CompareOp, CMP_EQ, CMP_NE>{});
        vm.add_method(c, "__or__", &dunder_binary<F, NB_OR, false>);
        vm.add_method(c, "__ror__", &dunder_binary<F, NB_OR, true>);
        vm.add_method(c, "__ior__", &dunder_binary<F, NB_INPLACE_OR, false>);
        return;
    } else {
        cmp(std::integer_sequence<CompareOp, CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE>{});
    }
    auto both = [&]<BinaryOp Op>(std::string_view name, std::string_view rname) {
        vm.add_method(c, name, &dunder_binary<F, Op, false>);
        vm.add_method(c, rname, &dunder_binary<F, Op, true>);
    };
    if constexpr (F == DunderFamily::integer || F == DunderFamily::real) {
        both.template operator()<NB_ADD>("__add__", "__radd__");
        both.template operator()<NB_SUBTRACT>("__sub__", "__rsub__");
        both.template operator()<NB_MULTIPLY>("__mul__", "__rmul__");
        both.template operator()<NB_TRUE_DIVIDE>("__truediv__", "__rtruediv__");
        both.template operator()<NB_FLOOR_DIVIDE>("__floordiv__", "__rfloordiv__");
        both.template operator()<NB_REMAINDER>("__mod__", "__rmod__");
        both.template operator()<NB_POWER>("__pow__", "__rpow__");
        vm.add_method(c, "__neg__", &dunder_unary<F, U::neg>);
        vm.add_method(c, "__pos__", &dunder_unary<F, U::pos>);
        vm.add_method(c, "__abs__", &dunder_unary<F, U::abs>);
        vm.add_method(c, "__bool__", &dunder_unary<F, U::bool_>);
        vm.add_method(c, "__int__", &dunder_unary<F, U::int_>);
        vm.add_method(c, "__float__", &dunder_unary<F, U::float_>);
        vm.add_method(c, "__hash__", &dunder_unary<F, U::hash>);
    }
    if constexpr (F == DunderFamily::integer) {
        both.template operator()<NB_AND>("__and__", "__rand__");
        both.template operator()<NB_OR>("__or__", "__ror__");
        both.template operator()<NB_XOR>("__xor__", "__rxor__");
        both.template operator()<NB_LSHIFT>("__lshift__", "__rlshift__");
        both.template operator()<NB_RSHIFT>("__rshift__", "__rrshift__");
        vm.add_method(c, "__invert__", &dunder_unary<F, U::invert>);
        vm.add_method(c, "__index__", &dunder_unary<F, U::index>);
    }
    if constexpr (dunder_sequence(F)) {
        vm.add_method(c, "__add__", &dunder_binary<F, NB_ADD, false>);
        both.template operator()<NB_MULTIPLY>("__mul__", "__rmul__");
    }
    if constexpr (F == DunderFamily::str) vm.add_method(c, "__mod__", &dunder_binary<F, NB_REMAINDER, false>);
    if constexpr (F == DunderFamily::list) {
        vm.add_method(c, "__iadd__", &dunder_binary<F, NB_INPLACE_ADD, false>);
        vm.add_method(c, "__imul__", &dunder_binary<F, NB_INPLACE_MULTIPLY, false>);
    }
    if constexpr (F == DunderFamily::str || F == DunderFamily::tuple) {
        vm.add_method(c, "__len__", &dunder_unary<F, U::len>);
        vm.add_method(c, "__contains__", &dunder_unary<F, U::contains>);
        vm.add_method(c, "__getitem__", &dunder_unary<F, U::getitem>);
        vm.add_method(c, "__hash__", &dunder_unary<F, U::hash>);
    }
}
}  // namespace detail::builtins

STANDIN_DECL void Interpreter::init_methods() {
    using namespace detail::methods;
    add_method(types_.iterator.get(), "__next__", &iterator_next);
    add_method(types_.iterator.get(), "__iter__", &iterator_iter);
    {
        auto gen = make_ref<Class>(intern("generator"), types_.iterator);
        native_classes_["generator"] = gen;
        add_method(gen.get(), "send", &generator_send);
        add_method(gen.get(), "__next__", &generator_next);
        add_method(gen.get(), "__iter__", &generator_iter);
        add_method(gen.get(), "close", &generator_close);
        add_method(gen.get(), "throw", &generator_throw);
    }
    Class* s = types_.str.get();
    add_method(s, "upper", &str_upper);
    add_method(s, "lower", &str_lower);
    add_method(s, "casefold", &str_casefold);
    add_method(s, "title", &str_title);
    add_method(s, "swapcase", &str_swapcase);
    add_method(s, "capitalize", &str_capitalize);
    add_method(s, "strip", &str_strip);
    add_method(s, "lstrip", &str_lstrip);
    add_method(s, "rstrip", &str_rstrip);
    add_method(s, "split", &str_split);
    add_method(s, "rsplit", &str_rsplit);
    add_method(s, "splitlines", &str_splitlines);
    add_method(s, "join", &str_join);
    add_method(s, "replace", &str_replace);
    add_method(s, "find", &str_find);
    add_method(s, "rfind", &str_rfind);
    add_method(s, "index", &str_index);
    add_method(s, "rindex", &str_rindex);
    add_method(s, "count", &str_count);
    add_method(s, "startswith", &str_startswith);
    add_method(s, "endswith", &str_endswith);
    add_method(s, "isdigit", &str_isdigit);
    add_method(s, "isnumeric", &str_isnumeric);
    add_method(s, "isdecimal", &str_isdecimal);
    add_method(s, "isalpha", &str_isalpha);
    add_method(s, "isalnum", &str_isalnum);
    add_method(s, "isspace", &str_isspace);
    add_method(s, "isupper", &str_isupper);
    add_method(s, "istitle", &str_istitle);
    add_method(s, "islower", &str_islower);
    add_method(s, "isidentifier", &str_isidentifier);
    add_method(s, "ljust", &str_ljust);
    add_method(s, "rjust", &str_rjust);
    add_method(s, "center", &str_center);
    add_method(s, "zfill", &str_zfill);
    add_method(s, "partition", &str_partition);
    add_method(s, "rpartition", &str_rpartition);
    add_method(s, "format", &str_format_method);
    add_method(s, "removeprefix", &str_removeprefix);
    add_method(s, "removesuffix", &str_removesuffix);
    add_method(s, "encode", &str_encode);
    Class* l = types_.list.get();
    add_method(l, "append", &list_append);
    add_method(l, "extend", &list_extend);
    add_method(l, "insert", &list_insert);
    add_method(l, "pop", &list_pop);
    add_method(l, "remove", &list_remove);
    add_method(l, "index", &list_index);
    add_method(l, "count", &list_count);
    add_method(l, "sort", &list_sort);
    add_method(l, "reverse", &list_reverse);
    add_method(l, "copy", &list_copy);
    add_method(l, "clear", &list_clear);
    Class* t = types_.tuple.get();
    add_method(t, "index", &tuple_index);
    add_method(t, "count", &tuple_count);
    Class* d = types_.dict.get();
    add_method(d, "get", &dict_get);
    add_method(d, "keys", &dict_keys);
    add_method(d, "values", &dict_values);
    add_method(d, "items", &dict_items);
    add_method(d, "pop", &dict_pop);
    add_method(d, "popitem", &dict_popitem);
    add_method(d, "setdefault", &dict_setdefault);
    add_method(d, "update", &dict_update);
    add_method(d, "copy", &dict_copy);
    add_method(d, "clear", &dict_clear);
    d->dict()->set(intern("fromkeys"), make_value<ClassMethod>(make_builtin("fromkeys", &dict_fromkeys)));
    // The built-in behaviours as methods, for subclasses (super().__getitem__(k)).
    add_method(d, "__init__", &detail::builtins::dict_init);
    add_method(l, "__init__", &detail::builtins::list_init);
    for (Class* c : {l, d}) {
        add_method(c, "__getitem__", &detail::builtins::container_getitem);
        add_method(c, "__setitem__", &detail::builtins::container_setitem);
        add_method(c, "__delitem__", &detail::builtins::container_delitem);
        add_method(c, "__len__", &detail::builtins::container_len);
        add_method(c, "__contains__", &detail::builtins::container_contains);
        add_method(c, "__iter__", &detail::builtins::container_iter);
        add_method(c, "__repr__", &detail::builtins::container_repr);
    }
    for (Class* c : {types_.range.get(), types_.tuple.get(), types_.str.get(), types_.tensor.get()})
        add_method(c, "__iter__", &detail::builtins::sequence_iter);
    {
        // range(...).start, .stop, .step
        using Fn = Builtin::Fn;
        using detail::builtins::range_self;
        static const Fn getters[] = {
            [](Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) -> Value {
                return Value(range_self(args).start());
            },
            [](Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) -> Value {
                return Value(range_self(args).stop());
            },
            [](Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) -> Value {
                return Value(range_self(args).step());
            }};
        const char* names[] = {"start", "stop", "step"};
        for (int i = 0; i < 3; ++i)
            types_.range->dict()->set(intern(names[i]), make_value<Property>(make_builtin(names[i], getters[i]), Value()));
    }
    {
        using detail::builtins::DunderFamily;
        detail::builtins::add_dunders<DunderFamily::integer>(*this, types_.int_.get());
        detail::builtins::add_dunders<DunderFamily::real>(*this, types_.float_.get());
        detail::builtins::add_dunders<DunderFamily::str>(*this, types_.str.get());
        detail::builtins::add_dunders<DunderFamily::list>(*this, types_.list.get());
        detail::builtins::add_dunders<DunderFamily::tuple>(*this, types_.tuple.get());
        detail::builtins::add_dunders<DunderFamily::dict>(*this, types_.dict.get());
    }
    add_method(types_.int_.get(), "bit_length", &int_bit_length);
    add_method(types_.int_.get(), "bit_count", &int_bit_count);
    {
        // The numbers.Integral / numbers.Real views: x.real, x.imag,
        // x.numerator, x.denominator (an int's are ints, bool's too).
        using Fn = Builtin::Fn;
        static const Fn int_views[] = {
            [](Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) -> Value {
                return Value(args[0].as_integral());
            },
            [](Interpreter&, const Value&, std::span<const Value>, std::span<const KwArg>) -> Value { return Value(std::int64_t{0}); },
            [](Interpreter&, const Value&, std::span<const Value>, std::span<const KwArg>) -> Value { return Value(std::int64_t{1}); }};
        static const Fn float_views[] = {
            [](Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) -> Value { return args[0]; },
            [](Interpreter&, const Value&, std::span<const Value>, std::span<const KwArg>) -> Value { return Value(0.0); }};
        auto view = [&](Class* cls, const char* name, Fn fn) {
            cls->dict()->set(intern(name), make_value<Property>(make_builtin(name, fn), Value()));
        };
        view(types_.int_.get(), "real", int_views[0]);
        view(types_.int_.get(), "numerator", int_views[0]);
        view(types_.int_.get(), "imag", int_views[1]);
        view(types_.int_.get(), "denominator", int_views[2]);
        view(types_.float_.get(), "real", float_views[0]);
        view(types_.float_.get(), "imag", float_views[1]);
    }
    add_method(types_.int_.get(), "conjugate", &number_conjugate);
    add_method(types_.int_.get(), "as_integer_ratio", &int_as_integer_ratio);
    add_method(types_.float_.get(), "as_integer_ratio", &float_as_integer_ratio);
    add_method(types_.float_.get(), "hex", &float_hex);
    types_.float_->dict()->set(intern("fromhex"), make_value<ClassMethod>(make_builtin("fromhex", &float_fromhex)));
    add_method(types_.float_.get(), "is_integer", &float_is_integer);
    add_method(types_.float_.get(), "conjugate", &number_conjugate);
    add_method(types_.property.get(), "setter", &detail::builtins::property_setter);
    add_method(types_.property.get(), "getter", &detail::builtins::property_getter);
    add_method(types_.property.get(), "deleter", &detail::builtins::property_deleter);
    add_method(types_.property.get(), "__get__", &detail::builtins::property_get);
    add_method(types_.property.get(), "__set__", &detail::builtins::property_set);
    add_method(types_.property.get(), "__delete__", &detail::builtins::property_delete);
}

namespace detail {
// A math function's argument: a number, or what an object's __float__ or
// __index__ gives (a one-element tensor), as CPython's PyFloat_AsDouble.
inline Value math_real(Interpreter& vm, const Value& v) {
    if (v.is_number()) return v;
    Class* cls = vm.type_of(v);
    for (std::string_view hook : {"__float__", "__index__"})
        if (cls->lookup(intern(hook)) && !v.is<Class>()) {
            Value r = vm.call_value(vm.getattr(v, intern(hook)), {});
            if (r.is_number()) return r;
            raise(exc::TypeError, std::string(hook) + " returned non-" + (hook == "__float__" ? "float" : "int") +
                                      " (type " + tname(r) + ")");
        }
    raise(exc::TypeError, "must be real number, not " + tname(v));
}
// CPython's math_1 rule for a libm result: NaN from a non-NaN argument is a
// domain error, an infinity from a finite one a range error (OverflowError)
// or, where the function has a pole there (lgamma(0)), a domain error.
inline Value math_checked(double x, double r, bool can_overflow) {
    if (std::isnan(r) && !std::isnan(x)) raise(exc::ValueError, "math domain error");
    if (std::isinf(r) && std::isfinite(x)) {
        if (can_overflow) raise(exc::OverflowError, "math range error");
        raise(exc::ValueError, "math domain error");
    }
    return Value(r);
}
#define STANDIN_MATH1(fname, expr)                                                                          \
    inline Value math_##fname(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) { \
        detail::builtins::arity(#fname, args, 1, 1);                                                        \
        const Value arg = math_real(vm, args[0]);                                                           \
        double x = arg.as_double();                                                                         \
        return expr;                                                                                        \
    }
STANDIN_MATH1(sqrt, (x < 0 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::sqrt(x))))
STANDIN_MATH1(exp, math_checked(x, std::exp(x), true))
STANDIN_MATH1(log2, (x <= 0 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::log2(x))))
STANDIN_MATH1(log10, (x <= 0 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::log10(x))))
STANDIN_MATH1(sin, math_checked(x, std::sin(x), false))
STANDIN_MATH1(cos, math_checked(x, std::cos(x), false))
STANDIN_MATH1(tan, math_checked(x, std::tan(x), false))
STANDIN_MATH1(atan, Value(std::atan(x)))
STANDIN_MATH1(tanh, Value(std::tanh(x)))
STANDIN_MATH1(fabs, Value(std::fabs(x)))
STANDIN_MATH1(floor, (arg.is_integral() ? Value(arg.as_integral()) : Value(float_to_int(std::floor(x)))))
STANDIN_MATH1(ceil, (arg.is_integral() ? Value(arg.as_integral()) : Value(float_to_int(std::ceil(x)))))
STANDIN_MATH1(trunc, (arg.is_integral() ? Value(arg.as_integral()) : Value(float_to_int(std::trunc(x)))))
STANDIN_MATH1(isnan, Value(std::isnan(x)))
STANDIN_MATH1(isinf, Value(std::isinf(x)))
STANDIN_MATH1(isfinite, Value(std::isfinite(x)))
STANDIN_MATH1(erf, Value(std::erf(x)))
STANDIN_MATH1(erfc, Value(std::erfc(x)))
STANDIN_MATH1(expm1, math_checked(x, std::expm1(x), true))
STANDIN_MATH1(log1p, (x <= -1 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::log1p(x))))
STANDIN_MATH1(asin, (x < -1 || x > 1 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::asin(x))))
STANDIN_MATH1(acos, (x < -1 || x > 1 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::acos(x))))
STANDIN_MATH1(sinh, math_checked(x, std::sinh(x), true))
STANDIN_MATH1(cosh, math_checked(x, std::cosh(x), true))
STANDIN_MATH1(asinh, Value(std::asinh(x)))
STANDIN_MATH1(acosh, (x < 1 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::acosh(x))))
STANDIN_MATH1(atanh, (x <= -1 || x >= 1 ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::atanh(x))))
STANDIN_MATH1(degrees, Value(x * (180.0 / 3.141592653589793)))
STANDIN_MATH1(radians, Value(x * (3.141592653589793 / 180.0)))
STANDIN_MATH1(cbrt, Value(std::cbrt(x)))
STANDIN_MATH1(exp2, math_checked(x, std::exp2(x), true))
// ulp(x): the distance from |x| to the next float away from zero (CPython 3.9).
STANDIN_MATH1(ulp, (std::isnan(x) || std::isinf(x) ? Value(std::fabs(x)) : [](double a) {
    const double up = std::nextafter(a, INFINITY);
    return Value(std::isinf(up) ? a - std::nextafter(a, -INFINITY) : up - a);
}(std::fabs(x))))
STANDIN_MATH1(lgamma, (std::isinf(std::lgamma(x)) && std::isfinite(x) && x > 0 ? (raise(exc::OverflowError, "math range error"), Value()) : math_checked(x, std::lgamma(x), false)))
STANDIN_MATH1(gamma, (x <= 0 && x == std::floor(x) ? (raise(exc::ValueError, "math domain error"), Value()) : math_checked(x, std::tgamma(x), true)))
#undef STANDIN_MATH1
#define STANDIN_MATH2(fname, expr)                                                                          \
    inline Value math_##fname(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) { \
        detail::builtins::arity(#fname, args, 2, 2);                                                        \
        double x = math_real(vm, args[0]).as_double(), y = math_real(vm, args[1]).as_double();              \
        return expr;                                                                                        \
    }
STANDIN_MATH2(copysign, Value(std::copysign(x, y)))
STANDIN_MATH2(nextafter, Value(std::nextafter(x, y)))
STANDIN_MATH2(fmod, ((y == 0 && !std::isnan(x)) || (std::isinf(x) && !std::isnan(y)) ? (raise(exc::ValueError, "math domain error"), Value()) : Value(std::fmod(x, y))))
// IEEE 754 remainder: x - n*y, n the integer nearest x/y (ties to even).
STANDIN_MATH2(remainder, ((y == 0 && !std::isnan(x)) || (std::isinf(x) && !std::isnan(y))
                              ? (raise(exc::ValueError, "math domain error"), Value())
                              : Value(std::remainder(x, y))))
#undef STANDIN_MATH2
inline Value math_ldexp(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    detail::builtins::arity("ldexp", args, 2, 2);
    const double x = math_real(vm, args[0]).as_double();
    if (!args[1].is_integral() && !args[1].is_bool()) raise(exc::TypeError, "Expected an int as second argument to ldexp.");
    const std::int64_t e = args[1].as_integral();
    const double r = std::ldexp(x, static_cast<int>(std::clamp<std::int64_t>(e, -100000, 100000)));
    if (std::isinf(r) && std::isfinite(x)) raise(exc::OverflowError, "math range error");
    return Value(r);
}
// log(x[, base]): log(x) / log(base), as CPython's math_log computes it.
inline Value math_log(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    detail::builtins::arity("log", args, 1, 2);
    auto ln = [&vm](const Value& v) {
        const double x = math_real(vm, v).as_double();
        if (x <= 0) raise(exc::ValueError, "math domain error");
        return std::log(x);
    };
    const double num = ln(args[0]);
    if (args.size() == 1) return Value(num);
    const double den = ln(args[1]);
    if (den == 0) raise(exc::ZeroDivisionError, "float division by zero");
    return Value(num / den);
}
inline Value math_pow(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    detail::builtins::arity("pow", args, 2, 2);
    const double x = math_real(vm, args[0]).as_double(), y = math_real(vm, args[1]).as_double();
    const double r = std::pow(x, y);
    // (CPython's math_pow: 0 ** negative and a negative base to a fractional
    // power are domain errors, a finite overflow a range error)
    if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) raise(exc::ValueError, "math domain error");
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) {
        if (x == 0) raise(exc::ValueError, "math domain error");
        raise(exc::OverflowError, "math range error");
    }
    return Value(r);
}
inline Value math_atan2(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    detail::builtins::arity("atan2", args, 2, 2);
    return Value(std::atan2(math_real(vm, args[0]).as_double(), math_real(vm, args[1]).as_double()));
}
inline Value math_gcd(Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    std::int64_t g = 0;
    for (const Value& a : args) {
        std::int64_t x = int_abs(detail::builtins::as_index(a));
        while (x) {
            std::int64_t r = g % x;
            g = x;
            x = r;
        }
    }
    return Value(g);
}
inline Value math_isclose(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg> kwargs) {
    detail::builtins::arity("isclose", args, 2, 2);
    double rel = 1e-9, abs_tol = 0.0;
    for (const auto& kw : kwargs) {
        if (kw.name->view() == "rel_tol") rel = math_real(vm, kw.value).as_double();
        else if (kw.name->view() == "abs_tol") abs_tol = math_real(vm, kw.value).as_double();
        else raise(exc::TypeError, "isclose() got an unexpected keyword argument '" + std::string(kw.name->view()) + "'");
    }
    if (rel < 0 || abs_tol < 0) raise(exc::ValueError, "tolerances must be non-negative");
    double a = math_real(vm, args[0]).as_double(), b = math_real(vm, args[1]).as_double();
    if (a == b) return Value(true);
    if (std::isinf(a) || std::isinf(b)) return Value(false);  // (inf against -inf: a difference of inf)
    double diff = std::fabs(b - a);
    return Value(diff <= std::fabs(rel * b) || diff <= std::fabs(rel * a) || diff <= abs_tol);
}
}  // namespace detail

STANDIN_DECL void Interpreter::init_modules() {
    auto math = make_ref<Module>(intern("math"));
    auto fn = [&](std::string_view name, Builtin::Fn f) { math->dict()->set(intern(name), make_builtin(name, f)); };
    fn("sqrt", &detail::math_sqrt);
    fn("exp", &detail::math_exp);
    fn("log", &detail::math_log);
    fn("log2", &detail::math_log2);
    fn("log10", &detail::math_log10);
    fn("sin", &detail::math_sin);
    fn("cos", &detail::math_cos);
    fn("tan", &detail::math_tan);
    fn("atan", &detail::math_atan);
    fn("atan2", &detail::math_atan2);
    fn("tanh", &detail::math_tanh);
    fn("fabs", &detail::math_fabs);
    fn("floor", &detail::math_floor);
    fn("ceil", &detail::math_ceil);
    fn("trunc", &detail::math_trunc);
    fn("isnan", &detail::math_isnan);
    fn("isinf", &detail::math_isinf);
    fn("isfinite", &detail::math_isfinite);
    fn("pow", &detail::math_pow);
    for (auto [name, f] : {std::pair<std::string_view, Builtin::Fn>{"erf", &detail::math_erf}, {"erfc", &detail::math_erfc},
                           {"expm1", &detail::math_expm1}, {"log1p", &detail::math_log1p}, {"asin", &detail::math_asin},
                           {"acos", &detail::math_acos}, {"sinh", &detail::math_sinh}, {"cosh", &detail::math_cosh},
                           {"asinh", &detail::math_asinh}, {"acosh", &detail::math_acosh}, {"atanh", &detail::math_atanh},
                           {"degrees", &detail::math_degrees}, {"radians", &detail::math_radians},
                           {"lgamma", &detail::math_lgamma}, {"gamma", &detail::math_gamma},
                           {"copysign", &detail::math_copysign}, {"fmod", &detail::math_fmod},
                           {"remainder", &detail::math_remainder}, {"ldexp", &detail::math_ldexp}})
        fn(name, f);
    fn("gcd", &detail::math_gcd);
    fn("isclose", &detail::math_isclose);
    fn("cbrt", &detail::math_cbrt);
    fn("exp2", &detail::math_exp2);
    fn("ulp", &detail::math_ulp);
    fn("nextafter", &detail::math_nextafter);
    math->dict()->set(intern("pi"), Value(3.141592653589793));
    math->dict()->set(intern("e"), Value(2.718281828459045));
    math->dict()->set(intern("tau"), Value(6.283185307179586));
    math->dict()->set(intern("inf"), Value(INFINITY));
    math->dict()->set(intern("nan"), Value(NAN));
    register_module("math", math);
    // The rest of math in guest code: prod, fsum, factorial, comb, perm, lcm, isqrt, hypot, dist, modf, frexp.
    exec_prelude(detail::stdlib::math_extra_source, "<math>", *math->dict());
    {
        // set and frozenset, in guest code (vm/builtins_prelude.hpp).
        auto ns = make_ref<Dict>();
        ns->set(names_.name, standin::str("builtins"));
        exec_prelude(detail::builtins_glue::set_prelude, "<builtins>", *ns);
        for (const char* name : {"set", "frozenset", "_callable_iterator"})
            builtins_->set(intern(name), *ns->find(intern(name)));
    }
    init_torch_module(*this);
}

namespace detail {
STANDIN_DECL std::int64_t vm_instance_hash(void* vm, const Value& v) { return static_cast<Interpreter*>(vm)->hash(v); }
STANDIN_DECL bool vm_instance_equals(void* vm, const Value& a, const Value& b) { return static_cast<Interpreter*>(vm)->eq(a, b); }
STANDIN_DECL Value vm_guest_call(void* vm, const Value& fn, std::span<const Value> args, std::span<const KwArg> kwargs,
                                 bool grad_enabled) {
    auto& interp = *static_cast<Interpreter*>(vm);
    const bool saved = interp.global_state().grad_enabled;
    interp.global_state().grad_enabled = grad_enabled;
    struct Restore {
        Interpreter& vm;
        bool mode;
        ~Restore() { vm.global_state().grad_enabled = mode; }
    } restore{interp, saved};
    return interp.call_value(fn, args, kwargs);
}
}  // namespace detail

STANDIN_DECL Interpreter::Interpreter() {
    detail::instance_hooks() = {&detail::vm_instance_hash, &detail::vm_instance_equals, this};
    detail::guest_call_hook() = {&detail::vm_guest_call, this};
    detail::default_dtype_slot() = global_state_.default_dtype;
    out_ = &std::cout;
    auto n = [](std::string_view s) { return intern(s); };
    names_.init = n("__init__");
    names_.call = n("__call__");
    names_.repr = n("__repr__");
    names_.str = n("__str__");
    names_.len = n("__len__");
    names_.getitem = n("__getitem__");
    names_.setitem = n("__setitem__");
    names_.delitem = n("__delitem__");
    names_.contains = n("__contains__");
    names_.iter = n("__iter__");
    names_.next = n("__next__");
    names_.bool_ = n("__bool__");
    names_.eq = n("__eq__");
    names_.ne = n("__ne__");
    names_.lt = n("__lt__");
    names_.le = n("__le__");
    names_.gt = n("__gt__");
    names_.ge = n("__ge__");
    names_.hash = n("__hash__");
    names_.add = n("__add__");
    names_.radd = n("__radd__");
    names_.new_ = n("__new__");
    names_.name = n("__name__");
    names_.qualname = n("__qualname__");
    names_.module = n("__module__");
    names_.classcell = n("__classcell__");
    names_.args = n("args");
    names_.traceback = n("__traceback__");
    names_.dict = n("__dict__");
    names_.class_ = n("__class__");
    names_.enter = n("__enter__");
    names_.exit = n("__exit__");
    names_.doc = n("__doc__");
    names_.getattr_ = n("__getattr__");
    names_.setattr_ = n("__setattr__");
    names_.delattr_ = n("__delattr__");
    names_.getattribute_ = n("__getattribute__");
    names_.get_ = n("__get__");
    names_.set_ = n("__set__");
    names_.delete_ = n("__delete__");
    names_.set_name_ = n("__set_name__");
    names_.kwdefaults = n("__kwdefaults__");
    names_.main = n("__main__");
    names_.builtins = n("builtins");
    names_.format = n("__format__");
    names_.neg = n("__neg__");
    names_.pos = n("__pos__");
    names_.invert = n("__invert__");
    names_.abs = n("__abs__");
    names_.self = n("self");
    names_.defaults = n("__defaults__");
    names_.code = n("__code__");
    names_.func = n("__func__");
    names_.forward = n("forward");
    names_.float_ = n("__float__");
    names_.int_ = n("__int__");
    names_.index = n("__index__");
    static constexpr std::string_view ops[] = {"add", "and", "floordiv", "lshift", "matmul", "mul", "mod",
                                               "or",  "pow", "rshift",   "sub",    "truediv", "xor"};
    for (std::size_t i = 0; i < 13; ++i) {
        names_.binary[i] = n("__" + std::string(ops[i]) + "__");
        names_.binary[i + 13] = n("__i" + std::string(ops[i]) + "__");
        names_.rbinary[i] = n("__r" + std::string(ops[i]) + "__");
    }

    builtins_ = make_ref<Dict>();
    init_types();
    init_builtins();
    init_exceptions();
    init_methods();
    main_ = make_ref<Module>(names_.main);
    main_->dict()->set(names_.name, Value::borrow(names_.main));
    main_->dict()->set(names_.doc, Value());
    register_module("__main__", main_);
    auto bmod = make_ref<Module>(names_.builtins, builtins_);
    register_module("builtins", bmod);
    init_modules();
    detail::install_dynamo(*this);
}

namespace detail {
// Empties every container reachable from `v` (once), so reference cycles
// among guest objects cannot outlive the interpreter.
inline void break_cycles(const Value& root) {
    std::vector<Value> work{root};
    std::unordered_map<const Object*, bool> seen;
    while (!work.empty()) {
        Value v = std::move(work.back());
        work.pop_back();
        if (!v.is_heap() || !seen.emplace(v.object(), true).second) continue;
        auto push_dict = [&](Dict* d) {
            d->for_each([&](const Value& k, const Value& x) {
                work.push_back(k);
                work.push_back(x);
            });
        };
        switch (v.kind()) {
        case Kind::list:
            for (const Value& x : v.as<List>()->items()) work.push_back(x);
            v.as<List>()->clear();
            if (Instance* inst = subclass_instance(v)) push_dict(inst->dict()), inst->dict()->clear();
            break;
        case Kind::tuple:
            for (const Value& x : v.as<Tuple>()->items()) work.push_back(x);
            break;
        case Kind::dict:
            if (Instance* inst = subclass_instance(v)) push_dict(inst->dict()), inst->dict()->clear();
            push_dict(v.as<Dict>());
            v.as<Dict>()->clear();
            break;
        case Kind::instance:
            work.push_back(Value::borrow(v.as<Instance>()->cls()));
            push_dict(v.as<Instance>()->dict());
            v.as<Instance>()->dict()->clear();
            break;
        case Kind::class_:
            push_dict(v.as<Class>()->dict());
            v.as<Class>()->dict()->clear();
            break;
        case Kind::module:
            push_dict(v.as<Module>()->dict());
            v.as<Module>()->dict()->clear();
            break;
        case Kind::function: {
            auto* f = v.as<Function>();
            work.push_back(f->defaults());
            work.push_back(f->closure());
            work.push_back(Value::borrow(f->globals()));
            push_dict(f->dict());
            f->dict()->clear();
            f->set_defaults(Value());
            f->set_closure(Value());
            break;
        }
        case Kind::tensor: {
            Tensor* t = v.as<Tensor>();
            if (auto* attrs = static_cast<Dict*>(t->py_attrs())) {
                push_dict(attrs);
                attrs->clear();
            }
            // A .grad made with create_graph holds a node that holds the
            // tensor (torch warns of the same cycle).
            if (Object* g = t->grad()) work.push_back(Value::borrow(g));
            if (Object* n = t->grad_node()) work.push_back(Value::borrow(n));
            t->set_grad(nullptr);
            t->set_grad_node(nullptr);
            break;
        }
        case Kind::bound_method:
            work.push_back(v.as<BoundMethod>()->function());
            work.push_back(v.as<BoundMethod>()->self());
            break;
        case Kind::builtin: work.push_back(v.as<Builtin>()->self()); break;
        case Kind::cell:
            work.push_back(v.as<Cell>()->get());
            v.as<Cell>()->set(Value::null());
            break;
        case Kind::native: {
            auto* n = v.as<NativeObject>();
            if (auto* p = dynamic_cast<Property*>(n)) work.push_back(p->fget), work.push_back(p->fset);
            else if (auto* s = dynamic_cast<StaticMethod*>(n)) work.push_back(s->fn);
            else if (auto* c = dynamic_cast<ClassMethod*>(n)) work.push_back(c->fn);
            else if (auto* dv = dynamic_cast<DictView*>(n)) work.push_back(Value(dv->dict));
            else if (auto* li = dynamic_cast<ListIterator*>(n)) work.push_back(Value(li->list));
            else if (auto* g = dynamic_cast<Generator*>(n)) {
                // A suspended generator's frame may hold the generator itself.
                if (Frame* f = g->frame()) {
                    const std::size_t slots = f->code->nlocalsplus() + f->code->stacksize;
                    for (std::size_t i = 0; i < slots; ++i) work.push_back(f->localsplus[i]);
                    work.push_back(f->function);
                    if (g->state != Generator::State::running) g->release_frame();
                }
            }
            break;
        }
        default: break;
        }
    }
}
}  // namespace detail

STANDIN_DECL Interpreter::~Interpreter() {
    // Generators dropped from here on do not run guest code (no close()).
    *lifetime_ = nullptr;
    lifetime_.reset();
    if (detail::instance_hooks().context == this) detail::instance_hooks() = {};
    if (detail::guest_call_hook().context == this) detail::guest_call_hook() = {};
    handled_exception_ = Value();
    std::vector<Value> roots;
    for (auto& [name, m] : modules_) roots.push_back(Value(m));
    for (auto& obj : tracked_) roots.push_back(obj);
    tracked_.clear();
    for (const Value& r : roots) detail::break_cycles(r);
    modules_.clear();
}

STANDIN_DECL void Interpreter::track(const Value& v) {
    tracked_.push_back(v);
    if (tracked_.size() >= track_threshold_) {
        std::size_t live = 0;
        for (auto& t : tracked_)
            if (t.object()->refcount() > 1) tracked_[live++] = std::move(t);
        tracked_.resize(live);
        track_threshold_ = std::max<std::size_t>(4096, live * 2);
    }
}

STANDIN_DECL void Interpreter::exec(std::string_view source, const std::string& filename) {
    detail::InstanceHooksScope hooks(*this);
    ref<Code> code = compile_source(source, filename);
    run_code(code);
}

STANDIN_DECL void Interpreter::exec_in(std::string_view source, const std::string& filename, Dict& globals) {
    detail::InstanceHooksScope hooks(*this);
    ref<Code> code = compile_source(source, filename);
    Frame* f = push_code_frame(code.get(), Value(), &globals, nullptr);
    run(f);
}

STANDIN_DECL void Interpreter::exec_prelude(std::string_view source, const std::string& filename, Dict& globals) {
    // Code objects are immutable once built, but for their inline caches,
    // which check the dict versions they were filled from (process-wide
    // unique), so interpreters can share them; per thread, as their counts
    // are not atomic.
    thread_local std::vector<std::pair<const char*, ref<Code>>> compiled;
    ref<Code> code;
    for (const auto& [text, c] : compiled)
        if (text == source.data()) code = c;
    if (!code) {
        code = compile_source(source, filename);
        compiled.emplace_back(source.data(), code);
    }
    detail::InstanceHooksScope hooks(*this);
    Frame* f = push_code_frame(code.get(), Value(), &globals, nullptr);
    run(f);
}

STANDIN_DECL void Interpreter::add_lazy_part(const ref<Module>& module, std::string_view source, std::string filename,
                                             std::vector<std::pair<ref<Module>, std::string_view>> also, ref<Dict> ns) {
    const std::size_t part = lazy_parts_.size();
    lazy_parts_.push_back({module, std::move(ns), source, std::move(filename)});
    // The part's top-level names: `def name`, `class name`, `name = ...` at column 0.
    auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t pos = 0; pos < source.size();) {
        std::size_t end = source.find('\n', pos);
        if (end == std::string_view::npos) end = source.size();
        std::string_view line = source.substr(pos, end - pos);
        pos = end + 1;
        for (std::string_view kw : {"def ", "class "})
            if (line.starts_with(kw)) line = line.substr(kw.size());
        std::size_t n = 0;
        while (n < line.size() && is_ident(line[n])) ++n;
        if (n == 0 || std::isdigit(static_cast<unsigned char>(line[0]))) continue;
        const std::string_view rest = line.substr(n);
        if (rest.starts_with("(") || rest.starts_with(":") || rest.starts_with(" = "))
            lazy_names_.emplace_back(module.get(), intern(line.substr(0, n)), part);
    }
    for (auto& [m, name] : also) lazy_names_.emplace_back(m.get(), intern(name), part);
}

STANDIN_DECL bool Interpreter::load_lazy_member(const Module* module, const Str* name) {
    static const Str* const any = intern("*");  // a part loaded by any missing name
    for (const auto& [m, n, part] : lazy_names_) {
        if (m != module || (n != name && n != any) || lazy_parts_[part].loaded) continue;
        LazyPart& p = lazy_parts_[part];
        p.loaded = true;
        if (!p.ns) {
            exec_prelude(p.source, p.filename, *p.module->dict());
            return true;
        }
        exec_prelude(p.source, p.filename, *p.ns);
        Dict* exported = p.module->dict();
        p.ns->for_each([&](const Value& key, const Value& value) {
            if (key.is<Str>() && !key.as<Str>()->view().starts_with("_") && key.as<Str>()->view() != "torch" &&
                !exported->find(key))
                exported->set(key, value);
        });
        return true;
    }
    return false;
}

STANDIN_DECL Value Interpreter::eval(std::string_view expression, const std::string& filename) {
    ref<Code> code = compile_expression(expression, filename);
    check_native_stack();
    Frame* f = push_code_frame(code.get(), Value(), main_->dict(), nullptr);
    try {
        return run(f);
    } catch (const GuestException&) {
        throw;
    } catch (const Error& e) {
        throw make_guest_exception(exception_from_error(e));
    }
}

STANDIN_DECL Value Interpreter::global(std::string_view name) const {
    if (const Value* v = main_->dict()->find(intern(name))) return *v;
    raise(exc::NameError, "name '" + std::string(name) + "' is not defined");
}

STANDIN_DECL void Interpreter::set_global(std::string_view name, Value v) { main_->dict()->set(intern(name), std::move(v)); }

STANDIN_NAMESPACE_END

