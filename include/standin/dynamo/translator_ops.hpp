// The operations of the translator on trackers, one visitor each, with one
// default per operation that reports the kind as unsupported: constants and
// truth (Python control flow on constants is decided here), iteration,
// attributes (tensor metadata, module attributes, user objects read
// lazily), operators (folded on constants, recorded as operator.* nodes on
// tensors), subscripts, and the conversion of trackers to fx arguments.
// Counterpart: the methods of torch/_dynamo/variables/*.py (var_getattr,
// as_python_constant, unpack_var_sequence, call_method on containers) and
// BuiltinVariable's operator handling.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/translator_ops.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/dynamo/translator.hpp>
#include <standin/vm/objects.hpp>

#include <optional>

STANDIN_NAMESPACE_BEGIN

namespace detail::dynamo {

// The `operator` module name of a BINARY_OP on tensors, or "".
inline std::string_view operator_name(std::uint32_t op) noexcept {
    switch (op % nb_inplace_offset) {
    case NB_ADD: return "add";
    case NB_SUBTRACT: return "sub";
    case NB_MULTIPLY: return "mul";
    case NB_TRUE_DIVIDE: return "truediv";
    case NB_FLOOR_DIVIDE: return "floordiv";
    case NB_REMAINDER: return "mod";
    case NB_POWER: return "pow";
    case NB_MATRIX_MULTIPLY: return "matmul";
    case NB_AND: return "and_";
    case NB_OR: return "or_";
    case NB_XOR: return "xor";
    default: return {};
    }
}
// The in-place tensor method of `x op= y`, or "".
inline std::string_view inplace_method(std::uint32_t op) noexcept {
    switch (op % nb_inplace_offset) {
    case NB_ADD: return "add_";
    case NB_SUBTRACT: return "sub_";
    case NB_MULTIPLY: return "mul_";
    case NB_TRUE_DIVIDE: return "div_";
    default: return {};
    }
}
inline std::string_view compare_operator(CompareOp op) noexcept {
    switch (op) {
    case CMP_LT: return "lt";
    case CMP_LE: return "le";
    case CMP_EQ: return "eq";
    case CMP_NE: return "ne";
    case CMP_GT: return "gt";
    case CMP_GE: return "ge";
    default: return {};
    }
}

}  // namespace detail::dynamo

inline bool InstructionTranslator::is_constant(const VariablePtr& v) {
    VariableTracker& t = get(v);
    return boost::variant2::visit(
        overloaded{
            [](const ConstantVariable&) { return true; },
            [&](const TupleVariable& x) {
                for (auto& i : x.items)
                    if (!is_constant(i)) return false;
                return true;
            },
            [](const SizeVariable&) { return true; },
            [](const RangeVariable&) { return true; },
            [](const UserFunctionVariable&) { return true; },
            [](const BuiltinVariable&) { return true; },
            [](const TorchInGraphFunctionVariable&) { return true; },
            [](const UserDefinedClassVariable&) { return true; },
            [](const PythonModuleVariable&) { return true; },
            [](const auto&) { return false; },
        },
        t.kind);
}

inline bool InstructionTranslator::constant_values(const std::vector<VariablePtr>& items, std::vector<Value>& out) {
    for (const VariablePtr& i : items) {
        if (!is_constant(i)) return false;
        out.push_back(constant_of(i));
    }
    return true;
}

inline VariablePtr InstructionTranslator::present_key_value(ConstDictVariable& d, const std::pair<Value, VariablePtr>& item) {
    if (detail::dynamo::is_sourced_key(item.first) && item.second && item.second->source) realize(st_, item.second);
    else d.keys_read = true;
    return item.second;
}

inline void InstructionTranslator::dict_put(ConstDictVariable& d, Value key, VariablePtr value) {
    for (auto& item : d.items)
        if (vm().eq(item.first, key)) {
            item.second = std::move(value);
            return;
        }
    d.items.emplace_back(std::move(key), std::move(value));
}

inline void InstructionTranslator::raise_exception(const VariablePtr& exception, bool chain) {
    const Class* type = python_type(exception);
    if (!type->is_subclass_of(vm().exception_class(exc::BaseException)))
        raise_python(exc::TypeError, {str("exceptions must derive from BaseException")});
    // Raised while one is handled: that one is its __context__ (an exception
    // object the trace made is set now, with CPython's cut of a cycle).
    const VariablePtr& handled = handling_ ? handling_ : outer_handling_;
    if (chain && handled && is_constant(handled) && is_constant(exception) && !exception->source)
        detail::set_exception_context(constant_of(exception), constant_of(handled));
    std::string text = type->name()->text();
    if (is_constant(exception)) {
        try {
            const std::string message = vm().str(constant_of(exception));
            if (!message.empty()) text += ": " + message;
        } catch (const Error&) {
        }
    }
    throw TracedRaise(text + " (" + location() + ")", exception);
}

inline void InstructionTranslator::raise_python(exc kind, std::vector<Value> args) {
    Value e;
    try {
        e = vm().call_value(Value::borrow(vm().exception_class(kind)), args);
    } catch (const Error& err) {
        unsupported(err.message());
    }
    raise_exception(make_variable(ConstantVariable{e}));
}

inline void InstructionTranslator::raise_unhashable(VariableTracker& a) {
    const std::string name = a.is<ListVariable>()                  ? std::string("list")
                             : a.is<UserDefinedObjectVariable>() ? a.as<UserDefinedObjectVariable>()->klass()->name()->text()
                                                                 : std::string("dict");
    raise_python(exc::TypeError, {str("unhashable type: '" + name + "'")});
}

inline Value InstructionTranslator::dict_key(const VariablePtr& k) {
    if (is_constant(k)) return constant_of(k);
    VariableTracker& a = get(k);
    const void* identity = nullptr;
    if (auto* tv = a.as<TensorVariable>()) {
        // An input is its real tensor (a dict from outside keys it so); one
        // the trace made is the object its traced value is (x.add_(1) is still x).
        const Source* input_source = nullptr;
        const Object* input = input_tensor_object(*tv, &input_source);
        identity = input ? static_cast<const void*>(input) : tv->node->val().object();
        // Which tensor it is decides the lookup (optimizer.state[p]): an
        // input is ID_MATCH-guarded, as its hash() is.
        if (input && input_source) st_.guard(input_source, IdMatch{Value::borrow(input)});
    } else if (auto* o = a.as<UserDefinedObjectVariable>()) {
        const Value* h = class_lookup(k, vm().names().hash);
        if (h && h->is_none()) raise_unhashable(a);
        if (!detail::dynamo::hashed_by_identity(vm(), o->klass())) unsupported("a dict key whose class defines __hash__ or __eq__");
        identity = o->created() || o->obj.is_null() ? static_cast<const void*>(&a) : o->obj.object();
    } else if (a.is<NestedUserFunctionVariable>()) {
        identity = &a;
    } else if (a.is<ListVariable>() || (a.is<ConstDictVariable>() && a.peek<ConstDictVariable>()->subclass.is_null())) {
        // A list or dict as a key: CPython's TypeError, raised in the trace.
        raise_unhashable(a);
    } else {
        unsupported("a dict key that is not a constant (" + std::string(variable_kind_name(a)) + ")");
    }
    return st_.key_token(identity, k);
}

inline VariablePtr InstructionTranslator::key_variable(const Value& k) {
    if (TraceState::is_key_token(k))
        if (auto it = st_.key_trackers.find(k.as_int()); it != st_.key_trackers.end()) return it->second;
    return constant_variable(k);
}

inline Value InstructionTranslator::constant_of(const VariablePtr& v) {
    VariableTracker& t = get(v);
    return boost::variant2::visit(
        overloaded{
            [](const ConstantVariable& x) { return x.value; },
            [&](const TupleVariable& x) {
                std::vector<Value> items;
                for (auto& i : x.items) items.push_back(constant_of(i));
                return tuple(std::move(items));
            },
            [&](const SizeVariable& x) {
                std::vector<Value> dims;
                for (auto d : x.dims) dims.push_back(Value(d));
                Value tup = tuple(std::move(dims));
                const Value* cls = detail::dynamo::size_class(vm());
                return cls ? vm().call_value(*cls, std::span<const Value>(&tup, 1)) : tup;
            },
            [](const RangeVariable& x) { return make_value<Range>(x.start, x.stop, x.step); },
            [](const UserFunctionVariable& x) { return x.fn; },
            [](const BuiltinVariable& x) { return x.fn; },
            [](const TorchInGraphFunctionVariable& x) { return x.fn; },
            [](const UserDefinedClassVariable& x) { return x.cls; },
            [](const PythonModuleVariable& x) { return x.module; },
            [&](const auto&) -> Value { unsupported(std::string(variable_kind_name(t)) + " is not a constant"); },
        },
        t.kind);
}

// `assert cond[, "msg"]` where cond is a tensor: the statement compiles to a
// jump over LOAD_ASSERTION_ERROR [LOAD_CONST msg, CALL 0] RAISE_VARARGS 1.
// As Dynamo does, the graph gets torch._assert(cond, msg), which raises the
// statement's AssertionError when the graph runs and cond is false, and the
// trace goes on past the statement. (Dynamo passes 'assertion error' for a
// bare assert; the node here passes None and raises AssertionError(), as the
// eager statement does.) `assert not t` jumps on false instead: the node
// passes negated=True. Any other shape of code is left to truth().
inline bool InstructionTranslator::tensor_assert(std::uint32_t target, bool negated) {
    const auto& ins = code_->instructions;
    if (ip_ >= ins.size() || ins[ip_].op != Opcode::LOAD_ASSERTION_ERROR) return false;
    Value message;  // None: a bare assert
    if (target == ip_ + 2 && ins[ip_ + 1].op == Opcode::RAISE_VARARGS && ins[ip_ + 1].arg == 1) {
    } else if (target == ip_ + 4 && ins[ip_ + 1].op == Opcode::LOAD_CONST && ins[ip_ + 2].op == Opcode::CALL &&
               ins[ip_ + 2].arg == 0 && ins[ip_ + 3].op == Opcode::RAISE_VARARGS && ins[ip_ + 3].arg == 1 &&
               code_->consts[ins[ip_ + 1].arg].is<Str>()) {
        message = code_->consts[ins[ip_ + 1].arg];
    } else {
        return false;
    }
    ref<Module> torch = vm().find_module("torch");
    // (_assert_statement lives beside torch._assert in the torch prelude's namespace.)
    const Value* api = torch ? torch->dict()->find(intern("_assert")) : nullptr;
    const Value* fn = api && api->is<Function>() ? api->as<Function>()->globals()->find(intern("_assert_statement")) : nullptr;
    if (!fn || !fn->is<Function>()) return false;
    VariablePtr cond = pop();
    // Kept by dead-code elimination (an impure guest call), as its effect is the raise.
    Args args{argument_of(cond), Argument(message)};
    if (negated) args.push_back(Argument(Value(true)));
    st_.graph->call_guest(NodeOpcode::call_function, "torch._assert", *fn, std::move(args), {}, Value(), false, true);
    ip_ = target;
    return true;
}

inline const Value* InstructionTranslator::dict_override(const VariablePtr& v, const char* name) {
    auto* d = get(v).peek<ConstDictVariable>();
    if (!d || d->subclass.is_null()) return nullptr;
    return dict_override(v, intern(name));
}

inline const Value* InstructionTranslator::dict_override(const VariablePtr& v, Str* key) {
    auto* d = get(v).peek<ConstDictVariable>();
    if (!d || d->subclass.is_null()) return nullptr;
    const Value* m = detail::dynamo::find_above_dict(vm(), subclass_instance(d->subclass)->cls(), key);
    return m && m->is<Function>() ? m : nullptr;
}

inline Str* InstructionTranslator::dict_method_alias(const VariablePtr& v, const char* hook) {
    auto* d = get(v).peek<ConstDictVariable>();
    if (!d || d->subclass.is_null()) return nullptr;
    return detail::dynamo::dict_method_alias(vm(), subclass_instance(d->subclass)->cls(), intern(hook));
}

inline bool InstructionTranslator::truth(const VariablePtr& v) {
    VariableTracker& t = get(v);
    for (const char* name : {"__bool__", "__len__"})
        if (const Value* m = dict_override(v, name)) return truth(inline_function(build_variable(st_, *m, nullptr), {v}, {}));
    return boost::variant2::visit(
        overloaded{
            [&](const ConstantVariable& x) { return vm().truthy(x.value); },
            [](const TupleVariable& x) { return !x.items.empty(); },
            [](const ListVariable& x) { return !x.items.empty(); },
            [](const ConstDictVariable& x) {
                x.keys_read = true;
                return !x.items.empty();
            },
            [&](const DictViewVariable& x) { return !get(x.dict).as<ConstDictVariable>()->items.empty(); },
            [](const SizeVariable& x) { return !x.dims.empty(); },
            [](const RangeVariable& x) { return make_value<Range>(x.start, x.stop, x.step).as<Range>()->length() > 0; },
            [&](const TensorVariable&) -> bool {
                unsupported("a branch on a tensor's value (data-dependent control flow)");
            },
            [&](const UserDefinedObjectVariable&) -> bool {
                // Python __bool__, else __len__, inlined; a constant answer decides.
                for (Str* name : {vm().names().bool_, vm().names().len}) {
                    const Value* m = class_lookup(v, name);
                    if (!m) continue;
                    if (!m->is<Function>()) unsupported("the truth value of an object with a built-in " + name->text());
                    VariablePtr r = inline_function(build_variable(st_, *m, nullptr), {v}, {});
                    if (!is_constant(r)) unsupported("the truth value of an object whose " + name->text() + " is not a constant");
                    Value c = constant_of(r);
                    if (name == vm().names().bool_) {
                        if (!c.is_bool()) unsupported("__bool__ should return bool");
                        return c.as_bool();
                    }
                    return constant_of(checked_len(r)).as_integral() != 0;
                }
                return true;
            },
            [](const UserFunctionVariable&) { return true; },
            [](const NestedUserFunctionVariable&) { return true; },
            [](const UserMethodVariable&) { return true; },
            [](const BuiltinVariable&) { return true; },
            [](const TorchInGraphFunctionVariable&) { return true; },
            [](const UserDefinedClassVariable&) { return true; },
            [](const PythonModuleVariable&) { return true; },
            [&](const auto&) -> bool { unsupported("the truth value of " + std::string(variable_kind_name(t))); },
        },
        t.kind);
}

inline std::vector<VariablePtr> InstructionTranslator::items_of(const VariablePtr& v) {
    VariableTracker& t = get(v);
    auto constants = [&](const Value& seq) {
        std::vector<VariablePtr> out;
        for (const Value& x : vm().to_vector(seq)) out.push_back(build_variable(st_, x, nullptr));
        return out;
    };
    return boost::variant2::visit(
        overloaded{
            [](const TupleVariable& x) { return x.items; },
            [](const ListVariable& x) { return x.items; },
            [](const SizeVariable& x) {
                std::vector<VariablePtr> out;
                for (auto d : x.dims) out.push_back(constant_variable(Value(d)));
                return out;
            },
            [&](const RangeVariable& x) {
                if (make_value<Range>(x.start, x.stop, x.step).as<Range>()->length() > 100000)
                    unsupported("a range too long to unroll");
                return constants(make_value<Range>(x.start, x.stop, x.step));
            },
            [&](const DictViewVariable& x) {
                std::vector<VariablePtr> out;
                for (auto& [k, item] : get(x.dict).as<ConstDictVariable>()->items) {
                    if (x.of == DictViewVariable::Of::keys) out.push_back(key_variable(k));
                    else if (x.of == DictViewVariable::Of::values) out.push_back(item);
                    else out.push_back(make_variable(TupleVariable{{key_variable(k), item}}));
                }
                return out;
            },
            [&](const ConstDictVariable& x) {
                x.keys_read = true;
                std::vector<VariablePtr> out;
                for (auto& [k, _] : x.items) out.push_back(key_variable(k));
                return out;
            },
            [&](const ConstantVariable& x) {
                if (!x.value.is<Str>() && !x.value.is<Tuple>()) {
                    if (x.value.is_number() || x.value.is_none())  // iter(1): its TypeError, in the trace
                        raise_python(exc::TypeError, {str("'" + vm().type_of(x.value)->name()->text() + "' object is not iterable")});
                    unsupported("iterating over a non-iterable constant");
                }
                return constants(x.value);
            },
            [&](ListIteratorVariable& x) {
                drain(x);
                sync_iterator(x);
                std::vector<VariablePtr> out(x.items.begin() + static_cast<std::ptrdiff_t>(std::min(x.index, x.items.size())),
                                             x.items.end());
                exhaust(x);
                return out;
            },
            [&](const TensorVariable& x) {
                const Tensor* meta = x.node->tensor_meta();
                if (!meta || meta->dim() == 0) unsupported("iterating over a 0-d tensor");
                std::vector<VariablePtr> out;
                for (std::int64_t i = 0; i < meta->sizes()[0]; ++i)
                    out.push_back(wrap_node(st_.graph->call_function("operator.getitem", Args{Argument(x.node), Argument(i)})));
                return out;
            },
            [&](const UserDefinedObjectVariable&) { return items_of(iterate(v)); },
            [&](const UserDefinedClassVariable& x) -> std::vector<VariablePtr> {
                // An Enum class: its members, fixed when it was defined.
                const Class* base = enum_base();
                if (!base || !x.cls.is<Class>() || !x.cls.as<Class>()->is_subclass_of(base))
                    unsupported("iterating over a class");
                std::vector<VariablePtr> out;
                try {
                    for (const Value& m : vm().to_vector(x.cls)) out.push_back(build_variable(st_, m, nullptr));
                } catch (const Error& e) {
                    unsupported(e.message());
                }
                return out;
            },
            [&](const auto&) -> std::vector<VariablePtr> {
                unsupported("iterating over " + std::string(variable_kind_name(t)));
            },
        },
        t.kind);
}

inline Class* InstructionTranslator::python_type(const VariablePtr& v) {
    VariableTracker& t = get(v);
    const auto& T = vm().types();
    return boost::variant2::visit(
        overloaded{
            [&](const ConstantVariable& x) { return vm().type_of(x.value); },
            [&](const TensorVariable& x) { return x.parameter ? T.parameter.get() : T.tensor.get(); },
            [&](const TupleVariable& x) { return x.return_type.is_null() ? T.tuple.get() : x.return_type.as<Class>(); },
            [&](const ListVariable&) { return T.list.get(); },
            [&](const ConstDictVariable& x) {
                if (!x.subclass.is_null()) return subclass_instance(x.subclass)->cls();
                return x.ordered ? T.ordered_dict.get() : T.dict.get();
            },
            [&](const DictViewVariable& x) {
                return (x.of == DictViewVariable::Of::keys ? T.dict_keys : x.of == DictViewVariable::Of::values ? T.dict_values : T.dict_items).get();
            },
            [&](const RangeVariable&) { return T.range.get(); },
            [&](const SizeVariable&) -> Class* {
                const Value* cls = detail::dynamo::size_class(vm());
                if (!cls) unsupported("torch.Size is not set up");
                return cls->as<Class>();
            },
            [&](const UserFunctionVariable&) { return T.function.get(); },
            [&](const NestedUserFunctionVariable&) { return T.function.get(); },
            [&](const UserMethodVariable&) { return T.method.get(); },
            [&](const UserDefinedObjectVariable& x) { return x.klass(); },
            [&](const UserDefinedClassVariable& x) { return vm().type_of(x.cls); },
            [&](const BuiltinVariable&) { return T.builtin.get(); },
            [&](const TorchInGraphFunctionVariable&) { return T.builtin.get(); },
            [&](const PythonModuleVariable&) { return T.module.get(); },
            [&](const ListIteratorVariable& x) {
                using Lazy = ListIteratorVariable::Lazy;
                if (x.lazy == Lazy::user) return python_type(x.inputs[0]);
                return vm().native_class(x.lazy == Lazy::map         ? "map"
                                         : x.lazy == Lazy::filter    ? "filter"
                                         : x.lazy == Lazy::zip       ? "zip"
                                         : x.lazy == Lazy::enumerate ? "enumerate"
                                         : x.lazy == Lazy::generator ? "generator"
                                         : x.lazy == Lazy::reversed  ? "reversed"
                                                                     : "list_iterator");
            },
            [&](const auto&) -> Class* { unsupported("the type of " + std::string(variable_kind_name(t))); },
        },
        t.kind);
}

inline VariablePtr InstructionTranslator::materialize(const VariablePtr& v) { return constant_variable(constant_of(v)); }

inline bool InstructionTranslator::snapshot(const VariablePtr& v, Value& out, int depth) {
    if (depth > 64) return false;
    VariableTracker& t = get(v);
    if (is_constant(v) && !t.is<TupleVariable>()) {
        out = constant_of(v);
        return true;
    }
    if (t.is<ListVariable>() || t.is<TupleVariable>()) {
        std::vector<Value> items;
        for (const VariablePtr& item : items_of(v)) {
            if (!snapshot(item, items.emplace_back(), depth + 1)) return false;
        }
        out = t.is<TupleVariable>() ? tuple(std::move(items)) : list(std::move(items));
        return true;
    }
    // (a dict subclass that leaves to dict what a builtin over the copy
    // would call, str(d) of a plain `class D(dict): pass`, copies as a dict)
    auto plain_protocol = [&](const ConstDictVariable& d) {
        if (d.subclass.is_null()) return true;
        for (const char* name : {"__repr__", "__str__", "__format__", "__len__", "__bool__", "__iter__", "__hash__",
                                 "__eq__", "__contains__", "__getitem__", "keys", "values", "items"})
            if (dict_override(v, name)) return false;
        return true;
    };
    if (auto* d = t.as<ConstDictVariable>(); d && plain_protocol(*d)) {
        auto copy = make_ref<Dict>();
        copy->set_ordered(d->ordered);  // (an OrderedDict's repr names it)
        for (auto& [k, item] : d->items) {
            Value x;
            if (TraceState::is_key_token(k) || !snapshot(item, x, depth + 1)) return false;
            copy->set(k, std::move(x));
        }
        out = Value(std::move(copy));
        return true;
    }
    return false;
}

inline VariablePtr InstructionTranslator::wrap_node(Node* node) {
    const Value& val = node->val();
    if (val.is<Tensor>()) return make_variable(TensorVariable{node});
    if (val.is<Tuple>() || val.is<List>()) {
        std::vector<VariablePtr> items;
        const std::size_t n = val.is<Tuple>() ? val.as<Tuple>()->size() : val.as<List>()->size();
        for (std::size_t i = 0; i < n; ++i)
            items.push_back(wrap_node(st_.graph->call_function(
                "operator.getitem", Args{Argument(node), Argument(static_cast<std::int64_t>(i))})));
        return make_variable(TupleVariable{std::move(items)});
    }
    unsupported("an op whose result depends on the data (" + std::string(node->target()) + ")");
}

inline Argument InstructionTranslator::argument_of(const VariablePtr& v) {
    VariableTracker& t = get(v);
    return boost::variant2::visit(
        overloaded{
            [](const TensorVariable& x) { return Argument(x.node); },
            [](const ConstantVariable& x) { return Argument(x.value); },
            [&](const TupleVariable& x) {
                std::vector<Argument> items;
                for (auto& i : x.items) items.push_back(argument_of(i));
                return tuple_arg(std::move(items));
            },
            [&](const ListVariable& x) {
                std::vector<Argument> items;
                for (auto& i : x.items) items.push_back(argument_of(i));
                return list_arg(std::move(items));
            },
            [](const SizeVariable& x) {
                std::vector<Argument> items;
                for (auto d : x.dims) items.push_back(Argument(d));
                return tuple_arg(std::move(items));
            },
            [&](const UserDefinedObjectVariable& x) -> Argument {
                // A namedtuple is the tuple of its items (what the kernels get).
                if (!x.klass()->is_subclass_of(vm().types().tuple.get()))
                    unsupported(std::string(variable_kind_name(t)) + " as an argument of a tensor op");
                return argument_of(getattr(v, intern("_values")));
            },
            [&](const RangeVariable& x) -> Argument {  // torch.tensor(range(n)): the ints
                const std::int64_t span = x.step > 0 ? x.stop - x.start : x.start - x.stop;
                if (span / (x.step > 0 ? x.step : -x.step) > 1'000'000) unsupported("a range of over a million ints as a tensor op's argument");
                std::vector<Argument> items;
                for (std::int64_t i = x.start; x.step > 0 ? i < x.stop : i > x.stop; i += x.step) items.push_back(Argument(i));
                return list_arg(std::move(items));
            },
            [&](const UserDefinedClassVariable& x) -> Argument {
                // float, int, bool where a dtype goes (x.to(float)): torch's
                // float64, int64, bool, as the op reads them.
                if (auto dt = ops::dtype_arg(x.cls, "to", "dtype")) return Argument(dtype_value(*dt));
                unsupported(std::string(variable_kind_name(t)) + " as an argument of a tensor op");
            },
            [&](const auto&) -> Argument {
                unsupported(std::string(variable_kind_name(t)) + " as an argument of a tensor op");
            },
        },
        t.kind);
}

inline VariablePtr InstructionTranslator::iterate(const VariablePtr& v) {
    if (v->is<ListIteratorVariable>()) return v;
    if (const Value* m = dict_override(v, "__iter__")) return iterate(inline_function(build_variable(st_, *m, nullptr), {v}, {}));
    VariableTracker& t = get(v);
    // iter(obj) of a guest class: its __iter__, inlined; an object with a
    // Python __next__ (often obj itself) is pulled lazily, one __next__ per item.
    if (t.is<UserDefinedObjectVariable>()) {
        const Value* iter = class_lookup(v, vm().names().iter);
        if (!iter || !iter->is<Function>()) unsupported("iterating over an object without a Python __iter__");
        VariablePtr it = inline_function(build_variable(st_, *iter, nullptr), {v}, {});
        if (get(it).is<UserDefinedObjectVariable>()) return user_iterator(it, "an iterator without a Python __next__");
        return iterate(it);
    }
    ListIteratorVariable it{items_of(v), 0, nullptr, nullptr, 0};
    // (a view's iterator raises when the dict changes, as the dict's does)
    if (t.is<ListVariable>() || t.is<ConstDictVariable>() || t.is<DictViewVariable>()) {
        it.live = v;
        it.live_size = it.items.size();
        VariableTracker& live = t.is<DictViewVariable>() ? get(t.as<DictViewVariable>()->dict) : t;
        if (auto* d = live.as<ConstDictVariable>())
            for (const auto& item : d->items) it.live_keys.push_back(item.first);
    }
    return make_variable(std::move(it));
}

inline VariablePtr InstructionTranslator::user_iterator(const VariablePtr& obj, const char* missing) {
    const Value* next = class_lookup(obj, intern("__next__"));
    if (!next || !next->is<Function>()) unsupported(missing);
    ListIteratorVariable lazy{{}, 0, nullptr, nullptr, 0, ListIteratorVariable::Lazy::user};
    lazy.inputs.push_back(obj);
    return make_variable(std::move(lazy));
}

inline VariablePtr InstructionTranslator::next_item(const VariablePtr& itv) {
    auto* it = get(itv).as<ListIteratorVariable>();
    using Lazy = ListIteratorVariable::Lazy;
    switch (it->lazy) {
    case Lazy::none:
        sync_iterator(*it);
        if (it->index < it->items.size()) return it->items[it->index++];
        exhaust(*it);
        return nullptr;
    case Lazy::map:
    case Lazy::zip: {
        std::vector<VariablePtr> row;
        for (std::size_t i = 0; i < it->inputs.size(); ++i) {
            VariablePtr input = it->inputs[i];
            VariablePtr v = next_item(input);
            if (!v) {
                // zip(..., strict=True) (count 1): every input ends at once,
                // or CPython's ValueError, raised in the trace, names which
                // argument ran short (or long) against which.
                if (it->lazy == Lazy::zip && it->count == 1) {
                    if (i > 0) raise_python(exc::ValueError, {str(standin::detail::zip_strict_message(i, true))});
                    const std::vector<VariablePtr> inputs = it->inputs;  // (next_item may move `it`)
                    for (std::size_t j = 1; j < inputs.size(); ++j)
                        if (VariablePtr other = inputs[j]; next_item(other))
                            raise_python(exc::ValueError, {str(standin::detail::zip_strict_message(j, false))});
                }
                return nullptr;
            }
            row.push_back(std::move(v));
        }
        if (it->lazy == Lazy::zip) return make_variable(TupleVariable{std::move(row)});
        VariablePtr fn = it->fn;
        return call(fn, std::move(row), {});
    }
    case Lazy::filter:
        for (;;) {
            VariablePtr input = it->inputs[0];
            VariablePtr v = next_item(input);
            if (!v) return nullptr;
            VariablePtr fn = it->fn;
            if (truth(fn ? call(fn, {v}, {}) : v)) return v;
            it = get(itv).as<ListIteratorVariable>();
        }
    case Lazy::enumerate: {
        VariablePtr input = it->inputs[0];
        VariablePtr v = next_item(input);
        if (!v) return nullptr;
        it = get(itv).as<ListIteratorVariable>();
        return make_variable(TupleVariable{{constant_variable(Value(it->count++)), std::move(v)}});
    }
    case Lazy::user: {
        VariablePtr obj = it->inputs[0];
        const Value* next = class_lookup(obj, intern("__next__"));
        try {
            return inline_function(build_variable(st_, *next, nullptr), {obj}, {});
        } catch (const TracedRaise& r) {
            // StopIteration ends the iteration, as FOR_ITER and next() take it.
            if (python_type(r.exception)->is_subclass_of(vm().exception_class(exc::StopIteration))) return nullptr;
            throw;
        }
    }
    case Lazy::generator: return resume(itv);
    case Lazy::reversed: {
        VariablePtr seq = it->inputs[0];
        fill_items(st_, get(seq));
        const auto& items = get(seq).as<ListVariable>()->items;
        it = get(itv).as<ListIteratorVariable>();
        const std::int64_t at = it->count;
        if (at < 0 || at >= static_cast<std::int64_t>(items.size())) {
            it->count = -1;  // exhausted for good, as CPython's
            return nullptr;
        }
        --it->count;
        return items[static_cast<std::size_t>(at)];
    }
    }
    return nullptr;
}

inline VariablePtr InstructionTranslator::resume(const VariablePtr& itv, const VariablePtr& sent, const VariablePtr& thrown) {
    std::shared_ptr<InstructionTranslator> body = get(itv).as<ListIteratorVariable>()->generator;
    if (!body) return nullptr;
    // A generator's body runs here, nested in its consumer's: counted as
    // inlining (`def g(): yield from g()` stops at the limit, not the native stack).
    if (st_.inline_depth >= max_inline_depth) unsupported("inlining is too deep (recursion through a generator?)");
    InlineDepth depth_guard(st_.inline_depth);
    VariablePtr returned, item;
    try {
        item = body->resume_generator(returned, sent, thrown);
    } catch (const TracedRaise&) {
        get(itv).as<ListIteratorVariable>()->generator = nullptr;  // an exception finished it
        throw;
    }
    if (!item) {
        auto* it = get(itv).as<ListIteratorVariable>();
        it->result = returned;
        it->generator = nullptr;
    }
    return item;
}

inline VariablePtr InstructionTranslator::generator_method(const VariablePtr& itv, std::string_view n,
                                                           const std::vector<VariablePtr>& args) {
    auto* it = get(itv).as<ListIteratorVariable>();
    std::shared_ptr<InstructionTranslator> body = it->generator;
    auto stop = [&](const VariablePtr& value) -> VariablePtr {
        if (!value || (is_constant(value) && constant_of(value).is_none())) raise_python(exc::StopIteration, {});
        if (!is_constant(value)) unsupported("a generator's return value that is not a constant, in StopIteration");
        raise_python(exc::StopIteration, {constant_of(value)});
    };
    if (n == "send") {
        if (args.size() != 1)
            raise_python(exc::TypeError, {str("generator.send() takes exactly one argument (" + std::to_string(args.size()) + " given)")});
        if (!body) raise_python(exc::StopIteration, {});
        const bool none = is_constant(args[0]) && constant_of(args[0]).is_none();
        if (!body->generator_started() && !none)
            raise_python(exc::TypeError, {str("can't send non-None value to a just-started generator")});
        if (VariablePtr item = resume(itv, args[0])) return item;
        return stop(get(itv).as<ListIteratorVariable>()->result);
    }
    if (n == "throw") {
        if (args.empty() || args.size() > 3)
            raise_python(exc::TypeError, {str("throw expected at least 1 argument, got " + std::to_string(args.size()))});
        VariablePtr e = args[0];
        if (auto* c = get(e).as<UserDefinedClassVariable>(); c && c->cls.is<Class>())
            e = args.size() >= 2 && !(is_constant(args[1]) && constant_of(args[1]).is_none()) ? call(e, {args[1]}, {})
                                                                                                 : call(e, {}, {});
        if (!body || !body->generator_started()) {
            // A finished or unstarted generator: raised here, and it is finished.
            it->generator = nullptr;
            raise_exception(e);
        }
        if (VariablePtr item = resume(itv, nullptr, e)) return item;
        return stop(get(itv).as<ListIteratorVariable>()->result);
    }
    // close(): GeneratorExit raised at the paused yield; the body must let it
    // (or a StopIteration) out, or return.
    if (!args.empty())
        raise_python(exc::TypeError, {str("generator.close() takes no arguments (" + std::to_string(args.size()) + " given)")});
    if (!body || !body->generator_started()) {
        it->generator = nullptr;
        return constant_variable(Value());
    }
    Class* exit_class = vm().generator_exit_class();
    const Value exit = vm().call_value(Value::borrow(exit_class), {});
    try {
        if (resume(itv, nullptr, constant_variable(exit))) {
            get(itv).as<ListIteratorVariable>()->generator = nullptr;
            raise_python(exc::RuntimeError, {str("generator ignored GeneratorExit")});
        }
    } catch (const TracedRaise& r) {
        const Class* type = python_type(r.exception);
        if (!type->is_subclass_of(exit_class) &&
            !type->is_subclass_of(vm().exception_class(exc::StopIteration)))
            throw;
    }
    return constant_variable(Value());
}

// What a generator run to its end early reads from state made before the
// run: its eager run, pulled later, would read that state then, and see any
// change the caller made in between. The trackers are looked at as they are
// (a lazy one is not realized: that would install guards).
inline void InstructionTranslator::note_drain_read(const Instruction& ins, bool after) {
    auto older = [&](auto& self, const VariablePtr& p, int depth) -> bool {
        if (!p || depth > 4) return false;
        const VariableTracker& v = *p;
        const bool made_before = v.serial < st_.drain_mark || v.mutation == MutationType::existing;
        if (auto* it = boost::variant2::get_if<ListIteratorVariable>(&v.kind)) {
            if (it->live && made_before && self(self, it->live, depth + 1)) return true;
            for (auto& in : it->inputs)
                if (self(self, in, depth + 1)) return true;
            return false;
        }
        if (!made_before) return false;
        if (auto* lazy = boost::variant2::get_if<LazyVariableTracker>(&v.kind))
            return lazy->value.is<List>() || lazy->value.is<Dict>() || lazy->value.is<Instance>();
        return v.is<ListVariable>() || v.is<ConstDictVariable>() || v.is<UserDefinedObjectVariable>() ||
               v.is<CellVariable>() || v.is<DictViewVariable>();
    };
    auto operand = [&](std::size_t from_top) -> const VariablePtr& {
        static const VariablePtr none;
        return from_top < stack_.size() ? stack_[stack_.size() - 1 - from_top] : none;
    };
    auto note = [&](std::string what) { st_.drain_read = std::move(what); };
    auto name_of = [&](const VariablePtr& p) { return p ? std::string(variable_kind_name(*p)) : std::string(); };
    // A value that is code (a function, class, module): reading it by name is
    // not reading state the program changes.
    auto code_like = [](const VariablePtr& p) {
        if (!p) return true;
        if (auto* lazy = p->peek<LazyVariableTracker>())
            return lazy->value.is<Function>() || lazy->value.is<Class>() || lazy->value.is<Module>() ||
                   lazy->value.is<Builtin>();
        return p->is<UserFunctionVariable>() || p->is<UserDefinedClassVariable>() || p->is<BuiltinVariable>() ||
               p->is<TorchInGraphFunctionVariable>() || p->is<PythonModuleVariable>() || p->is<SkipFunctionVariable>();
    };
    const std::uint32_t arg = ins.arg;
    if (after) {
        if (ins.op == Opcode::LOAD_GLOBAL && !code_like(operand(0)))
            note("the global '" + code_->names[arg >> 1]->text() + "'");
        // a free variable: a cell the generator shares with the code around it
        if (ins.op == Opcode::LOAD_DEREF && arg >= code_->nlocals() + code_->cellvars.size() && !code_like(operand(0)))
            note("the free variable '" + code_->localsplus_name(arg)->text() + "'");
        return;
    }
    std::size_t operands = 0;
    switch (ins.op) {
    case Opcode::LOAD_ATTR:
    case Opcode::LOAD_METHOD:
    case Opcode::UNARY_POSITIVE:
    case Opcode::UNARY_NEGATIVE:
    case Opcode::UNARY_INVERT:
    case Opcode::UNARY_NOT:
    case Opcode::UNPACK_SEQUENCE:
    case Opcode::UNPACK_EX:
    case Opcode::GET_ITER:
    case Opcode::GET_YIELD_FROM_ITER:
    case Opcode::FOR_ITER:
    case Opcode::FORMAT_VALUE:
    case Opcode::POP_JUMP_IF_FALSE:
    case Opcode::POP_JUMP_IF_TRUE:
    case Opcode::JUMP_IF_FALSE_OR_POP:
    case Opcode::JUMP_IF_TRUE_OR_POP:
    case Opcode::LIST_EXTEND:
    case Opcode::DICT_UPDATE:
    case Opcode::SET_UPDATE: operands = 1; break;
    case Opcode::BINARY_OP:
    case Opcode::COMPARE_OP:
    case Opcode::CONTAINS_OP:
    case Opcode::BINARY_SUBSCR: operands = 2; break;
    case Opcode::CALL: {
        // A call of user code is looked into instruction by instruction; a
        // builtin (len, sorted, list.index, dict.get ...) reads its arguments.
        const std::size_t n = arg + 2;
        if (n > stack_.size()) return;
        const VariablePtr& below = operand(arg + 1);
        const VariablePtr& fn = below && !below->is<NullVariable>() ? below : operand(arg);
        if (fn && (fn->is<UserFunctionVariable>() || fn->is<NestedUserFunctionVariable>() ||
                   fn->is<UserMethodVariable>() || fn->is<UserDefinedClassVariable>()))
            return;
        operands = below && !below->is<NullVariable>() ? arg + 1 : arg;
        break;
    }
    default: return;
    }
    for (std::size_t i = 0; i < operands; ++i)
        if (older(older, operand(i), 0)) return note("a " + name_of(operand(i)) + " made before it");
}

inline void InstructionTranslator::drain_generators(const VariablePtr& v, int depth) {
    // Containers are looked into two levels deep (a list may hold itself).
    if (!v || depth > 2) return;
    // Run to its end early, a body must change nothing the program could see
    // before it would have run (Dynamo's rule for rebuilding a generator).
    // Nor may it read anything from outside the frame that it had not read
    // before (a global, an attribute): the caller could change it before it
    // pulls the items, and the eager generator would see the change.
    struct NoStores {
        TraceState& st;
        const InstructionTranslator& tx;
        std::size_t before = st.stores(), guards = st.guards.size(), nodes = st.graph->size();
        void check() const {
            if (st.stores() != before)
                tx.unsupported("Generator reconstruction with mutations: Cannot reconstruct a generator with variable "
                               "mutations. Dynamo needs to fully exhaust the generator, which may cause unintended "
                               "variable modifications.");
            // (an input tensor's own guard does not count, nor the identity
            // of a function, class or module it calls)
            bool read_outside = false;
            for (std::size_t i = guards; i < st.guards.size(); ++i) {
                const LeafGuard& g = st.guards[i].second;
                read_outside = read_outside || !(boost::variant2::holds_alternative<TensorMatch>(g) ||
                                                 boost::variant2::holds_alternative<FunctionMatch>(g) ||
                                                 boost::variant2::holds_alternative<ClosureMatch>(g) ||
                                                 boost::variant2::holds_alternative<IdMatch>(g));
            }
            if (read_outside)
                tx.unsupported("a generator that outlives the frame and reads values from outside it (run to its end "
                               "early, it would miss their changes)");
            if (!st.drain_read.empty())
                tx.unsupported("a generator that outlives the frame reads " + st.drain_read +
                               " (run to its end early, it would miss changes made before its items are pulled)");
            // Nor compute with tensors: an input changed in place before the
            // items are pulled would give the eager generator other values.
            if (st.graph->size() != nodes)
                tx.unsupported("a generator that outlives the frame computes with tensors (run to its end early, it "
                               "would miss in-place changes to its inputs)");
        }
    } no_stores{st_, *this};
    auto has_generator = [](auto& self, VariableTracker& t) -> bool {
        auto* it = t.as<ListIteratorVariable>();
        if (!it) return false;
        if (it->lazy == ListIteratorVariable::Lazy::generator) return it->generator != nullptr;
        for (auto& in : it->inputs)
            if (self(self, *in)) return true;
        return false;
    };
    VariableTracker& t = *v;
    if (auto* it = t.as<ListIteratorVariable>()) {
        if (has_generator(has_generator, t)) {
            struct Mark {
                TraceState& st;
                std::uint32_t saved = st.drain_mark;
                ~Mark() { st.drain_mark = saved; }
            } mark{st_};
            if (!st_.drain_mark) {
                st_.drain_mark = detail::dynamo::tracker_serial + 1;
                st_.drain_read.clear();
            }
            drain(*it);
            no_stores.check();
        }
        return;
    }
    if (auto* x = t.as<TupleVariable>())
        for (auto& item : std::vector<VariablePtr>(x->items)) drain_generators(item, depth + 1);
    if (auto* x = t.as<ListVariable>())
        for (auto& item : std::vector<VariablePtr>(x->items)) drain_generators(item, depth + 1);
}

// What the trace's values can still reach: from `result`, what the side
// effects store, and (`frame`) this frame's locals and stack, with the
// locals and stack of every suspended generator reached.
inline std::unordered_set<const VariableTracker*> InstructionTranslator::reachable(const VariablePtr& result, bool frame) {
    std::unordered_set<const VariableTracker*> reached;
    std::vector<VariablePtr> todo;
    auto reach = [&](const VariablePtr& v) {
        if (v && reached.insert(v.get()).second) todo.push_back(v);
    };
    auto reach_all = [&](const auto& attrs) {
        for (const auto& [_, v] : attrs) reach(v);
    };
    reach(result);
    if (frame) {
        std::for_each(locals_.begin(), locals_.end(), reach);
        std::for_each(stack_.begin(), stack_.end(), reach);
    }
    for (const auto& store : st_.global_stores) reach(store.value);
    for (const auto& store : st_.attr_stores) reach(store.value);
    for (const auto& v : st_.mutated_containers) reach(v);
    for (const auto& [_, v] : st_.cell_stores) reach(v);
    for (const auto& [_, v] : st_.outer_cell_stores) reach(v);
    for (const auto& [_, v] : st_.key_trackers) reach(v);  // (an object used as a dict key: kept, to be safe)
    while (!todo.empty()) {
        const VariablePtr v = std::move(todo.back());
        todo.pop_back();
        boost::variant2::visit(
            overloaded{
                [&](const TupleVariable& x) { std::for_each(x.items.begin(), x.items.end(), reach); },
                [&](const ListVariable& x) { std::for_each(x.items.begin(), x.items.end(), reach); },
                [&](const ConstDictVariable& x) {
                    reach_all(x.items);
                    reach_all(x.attrs);
                },
                [&](const UserDefinedObjectVariable& x) { reach_all(x.attrs); },
                [&](const NestedUserFunctionVariable& x) {
                    std::for_each(x.defaults.begin(), x.defaults.end(), reach);
                    std::for_each(x.closure.begin(), x.closure.end(), reach);
                    reach_all(x.attrs);
                },
                [&](const UserMethodVariable& x) {
                    reach(x.fn);
                    reach(x.self);
                },
                [&](const CellVariable& x) { reach(x.contents); },
                [&](const ListIteratorVariable& x) {
                    std::for_each(x.items.begin(), x.items.end(), reach);
                    std::for_each(x.inputs.begin(), x.inputs.end(), reach);
                    reach(x.live);
                    reach(x.fn);
                    reach(x.result);
                    if (frame && x.generator) {
                        std::for_each(x.generator->locals_.begin(), x.generator->locals_.end(), reach);
                        std::for_each(x.generator->stack_.begin(), x.generator->stack_.end(), reach);
                    }
                },
                [&](const SuperVariable& x) { reach(x.obj); },
                [&](const DictViewVariable& x) { reach(x.dict); },
                [&](const GetAttrVariable& x) { reach(x.obj); },
                [](const auto&) {},
            },
            v->kind);
    }
    return reached;
}

// A generator paused inside a try or with block, no longer reachable: closed
// now (its finally runs), as CPython's refcounting closes it at once
// (`for x in gen(): break`, `g = None`, next() of a generator expression).
// Checked between the frame's own instructions.
inline void InstructionTranslator::close_unreachable_generators() {
    auto pending = [](const VariablePtr& v) {
        auto* it = v->as<ListIteratorVariable>();
        return it && it->lazy == ListIteratorVariable::Lazy::generator && it->generator &&
               it->generator->generator_started() && it->generator->yield_at_ > 0 &&
               it->generator->code_->handler_for(static_cast<std::uint32_t>(it->generator->yield_at_ - 1));
    };
    // (A generator that returned, or was drained into items, never needs
    // closing: dropped, so this check, run after every instruction, scans
    // only the live ones.)
    std::erase_if(st_.generators, [](const VariablePtr& v) {
        auto* it = v->as<ListIteratorVariable>();
        return !it || it->lazy != ListIteratorVariable::Lazy::generator || !it->generator;
    });
    if (std::none_of(st_.generators.begin(), st_.generators.end(), pending)) return;
    const std::unordered_set<const VariableTracker*> reached = reachable(nullptr, true);
    for (std::size_t i = 0; i < st_.generators.size(); ++i) {
        const VariablePtr v = st_.generators[i];
        if (!pending(v) || reached.count(v.get())) continue;
        try {
            generator_method(v, "close", {});
        } catch (const TracedRaise& r) {
            unsupported("a generator the frame drops raised when closed: " + r.message());
        }
    }
}

inline void InstructionTranslator::close_abandoned_generators(const VariablePtr& result) {
    if (st_.generators.empty()) return;  // (the common case: no walk)
    // What outlives the frame: its result and what its side effects store.
    const std::unordered_set<const VariableTracker*> reached = reachable(result, false);
    for (std::size_t i = 0; i < st_.generators.size(); ++i) {  // (closing may make generators)
        const VariablePtr v = st_.generators[i];
        auto* it = v->as<ListIteratorVariable>();
        if (!it || it->lazy != ListIteratorVariable::Lazy::generator || !it->generator || !it->generator->generator_started() ||
            reached.count(v.get()))
            continue;
        try {
            generator_method(v, "close", {});
        } catch (const TracedRaise& r) {
            unsupported("a generator the frame leaves suspended raised when closed: " + r.message());
        }
    }
}

inline void InstructionTranslator::drain(ListIteratorVariable& it) {
    if (it.lazy == ListIteratorVariable::Lazy::none) return;
    // Pulled through a tracker of its own: `it` is not moved by the calls.
    auto self = make_variable(ListIteratorVariable{{}, 0, nullptr, nullptr, 0, it.lazy, it.fn, it.inputs, it.count, it.generator});
    std::vector<VariablePtr> rest;
    while (VariablePtr v = next_item(self)) rest.push_back(std::move(v));
    it.result = self->as<ListIteratorVariable>()->result;
    it.generator = nullptr;
    it.items = std::move(rest);
    it.index = 0;
    it.lazy = ListIteratorVariable::Lazy::none;
    it.fn = nullptr;
    it.inputs.clear();
}

// An iterator that reached its end stays there, as CPython's list and dict
// iterators drop their container: a list grown later is not seen.
inline void InstructionTranslator::exhaust(ListIteratorVariable& it) {
    it.live = nullptr;
    it.live_keys.clear();
    it.items.clear();
    it.index = 0;
}

inline void InstructionTranslator::sync_iterator(ListIteratorVariable& it) {
    if (!it.live) return;
    VariableTracker* t = &get(it.live);
    if (auto* view = t->as<DictViewVariable>()) t = &get(view->dict);
    if (auto* l = t->as<ListVariable>()) {
        it.items = l->items;
    } else if (auto* d = t->as<ConstDictVariable>()) {
        // CPython's RuntimeError, raised in the trace (an except of the frame
        // may catch it); the state stays, so a later next() raises again.
        const std::string kind = d->ordered ? "OrderedDict" : "dictionary";
        if (d->items.size() != it.live_size) raise_python(exc::RuntimeError, {str(kind + " changed size during iteration")});
        for (std::size_t i = 0; i < d->items.size() && i < it.live_keys.size(); ++i)
            if (!d->items[i].first.identical(it.live_keys[i]))
                raise_python(exc::RuntimeError,
                             {str(d->ordered ? "OrderedDict mutated during iteration" : "dictionary keys changed during iteration")});
    }
}

// The real tensor an input's tracker stands for, or null (a tensor the trace made).
inline const Tensor* InstructionTranslator::input_tensor(const VariablePtr& v) const {
    for (const auto& [real, tracker] : st_.tensors)
        if (tracker.get() == v.get()) return static_cast<const Tensor*>(real);
    return nullptr;
}

inline const Object* InstructionTranslator::input_tensor_object(const TensorVariable& t, const Source** source) const {
    for (const auto& [real, tracker] : st_.tensors)
        if (auto* w = tracker->as<TensorVariable>(); w && tracker->source && w->node->val().identical(t.node->val())) {
            if (source) *source = tracker->source;
            return real;
        }
    return nullptr;
}

inline VariablePtr InstructionTranslator::stored_tensor_attr(const TensorVariable& t, const Str* name) {
    for (auto it = st_.attr_stores.rbegin(); it != st_.attr_stores.rend(); ++it)
        if (it->name == name)
            if (auto* w = get(it->object).as<TensorVariable>(); w && w->node->val().identical(t.node->val()))
                return it->value;
    return nullptr;
}

inline VariablePtr InstructionTranslator::stored_instance_attr(const VariablePtr& obj, Str* name) {
    const Source* src = get(obj).source;
    // After vars(obj) / obj.__dict__, the dict's tracker holds the attributes.
    if (auto d = src ? st_.by_source.find(src->attr("__dict__")) : st_.by_source.end(); d != st_.by_source.end()) {
        for (auto& [k, v] : get(d->second).as<ConstDictVariable>()->items)
            if (k.is<Str>() && k.as<Str>()->view() == name->view()) return v;
        Instance* inst = guest_instance(get(obj).is<ConstDictVariable>() ? get(obj).as<ConstDictVariable>()->subclass
                                                                          : get(obj).as<UserDefinedObjectVariable>()->obj);
        if (inst && inst->find_attr(name)) unsupported("an attribute removed through __dict__");
    }
    const TraceState::AttrStore* last = last_attr_store(obj, name);
    return last ? last->value : nullptr;
}

// Keeps an object the frame made and its __dict__ tracker in step: the
// attributes become the dict's str keys (after a dict operation), or the
// dict becomes the attributes (after a del of one). Keys that are not str
// are kept in the dict only (no attribute can name them).
inline void InstructionTranslator::sync_instance_dict(const VariablePtr& dict, bool to_attrs) {
    auto found = st_.instance_dicts.find(dict.get());
    if (found == st_.instance_dicts.end()) return;
    auto& x = *get(found->second).as<UserDefinedObjectVariable>();
    auto& d = *get(dict).as<ConstDictVariable>();
    if (to_attrs) {
        x.attrs.clear();
        for (auto& [k, v] : d.items)
            if (k.is<Str>()) x.attrs.emplace_back(intern(k.as<Str>()->view()), v);
        return;
    }
    std::vector<std::pair<Value, VariablePtr>> items;
    for (auto& [k, v] : x.attrs) items.emplace_back(Value::borrow(k), v);
    for (auto& [k, v] : d.items)
        if (!k.is<Str>()) items.emplace_back(k, v);
    d.items = std::move(items);
}

inline const Source* InstructionTranslator::object_type_source(const VariablePtr& obj) {
    const auto& x = *get(obj).as<UserDefinedObjectVariable>();
    const Source* src = get(obj).source;
    return x.created() ? x.cls_source : (src ? src->type() : nullptr);
}

inline const Value* InstructionTranslator::class_lookup(const VariablePtr& obj, Str* name, const Value* v) {
    const Source* type_src = object_type_source(obj);
    if (!type_src) return v;  // a class the trace made
    // (torch's and the standard library's own methods are taken as fixed, as
    // Dynamo takes nn.Module's)
    if (v && v->is<Function>() && v->as<Function>()->code().as<Code>()->filename.starts_with("<")) return v;
    const Source* at = class_attr_source(obj, type_src, name, v);
    if (v) guard_class_attr(at, *unwrap_class_attr(v));  // what the guard's lookup gives
    else if (st_.class_attr_guards.insert(at).second) st_.guard(type_src, NoHasAttr{name});
    return v;
}

inline VariablePtr InstructionTranslator::class_descriptor(const VariablePtr& obj, Str* name, const Value& d) {
    const Source* type_src = object_type_source(obj);
    return build_variable(st_, d, type_src ? class_attr_source(obj, type_src, name, &d) : nullptr);
}

// type(o).name; for a descriptor written in Python, the dict of the class
// that holds it (type(o).__mro__[k].__dict__['name']), since a guard's
// getattr on the class would call its __get__(None, cls).
inline const Source* InstructionTranslator::class_attr_source(const VariablePtr& obj, const Source* type_src, Str* name,
                                                               const Value* v) {
    if (v && v->kind() == Kind::instance && Interpreter::descriptor_method(v, vm().names().get_)) {
        const std::vector<Class*>& mro = python_type(obj)->mro();
        for (std::size_t k = 0; k < mro.size(); ++k)
            if (mro[k]->dict()->find(name))
                return type_src->attr("__mro__")->item(static_cast<std::int64_t>(k))->attr("__dict__")->item(name->view());
    }
    return type_src->attr(name->view());
}

// t.append on a plain tuple (or a plain list's missing attribute): the
// AttributeError, raised in the trace (the stores before it then happen, as
// eagerly; a graph break there would rebuild `t.append` before them).
inline void InstructionTranslator::no_builtin_attribute(const VariablePtr& obj, Str* name) {
    const Class* type = python_type(obj);
    if ((type == vm().types().tuple.get() || type == vm().types().list.get()) && !type->lookup(name))
        raise_python(exc::AttributeError, {str("'" + type->name()->text() + "' object has no attribute '" + name->text() + "'")});
}

inline VariablePtr InstructionTranslator::getattr(const VariablePtr& obj, Str* name, bool hooks) {
    VariableTracker& t = get(obj);
    const std::string_view n = name->view();
    const Source* src = t.source;
    // x.__iter__ of a built-in iterable: called, it is iter(x).
    if (n == "__iter__" && (t.is<TensorVariable>() || t.is<RangeVariable>() || t.is<ListVariable>() || t.is<ListIteratorVariable>() ||
                            t.is<TupleVariable>() || t.is<ConstDictVariable>() || t.is<DictViewVariable>() ||
                            (t.is<ConstantVariable>() && t.as<ConstantVariable>()->value.is<Str>())))
        return make_variable(GetAttrVariable{obj, name});
    // it.__next__, and an inlined generator's send, throw and close: called
    // in call().
    if (auto* it = t.as<ListIteratorVariable>();
        it && (n == "__next__" || (it->lazy == ListIteratorVariable::Lazy::generator && (n == "send" || n == "throw" || n == "close"))))
        return make_variable(GetAttrVariable{obj, name});
    // obj.__class__ is type(obj) (the weights_init idiom m.__class__.__name__).
    // So is a container's (x.__class__(items) rebuilds a list, tuple or namedtuple;
    // its type is what TYPE_MATCH fixes).
    if (n == "__class__" && (t.is<UserDefinedObjectVariable>() || t.is<TensorVariable>() || t.is<ListVariable>() ||
                             t.is<TupleVariable>() || t.is<ConstDictVariable>() || t.is<SizeVariable>() || t.is<RangeVariable>()))
        return build_variable(st_, Value::borrow(python_type(obj)),
                              t.is<UserDefinedObjectVariable>() ? object_type_source(obj) : nullptr);
    // obj.__dict__ (and vars(obj)) of an object from outside: a dict of its
    // attributes, each read through the dict (tracked and guarded), the key
    // set guarded; a mutation is written back into the live __dict__.
    auto* dict_sub = t.peek<ConstDictVariable>();
    if (dict_sub && dict_sub->subclass.is_null()) dict_sub = nullptr;
    if (auto* o = t.as<UserDefinedObjectVariable>(); (o || dict_sub) && n == "__dict__") {
        // An object the frame made: a dict of the attributes the trace gave
        // it, one per object, kept in step with them both ways.
        if (o && o->created()) {
            if (o->dict_view) return o->dict_view;
            ConstDictVariable d;
            for (auto& [k, v] : o->attrs) d.items.emplace_back(Value::borrow(k), v);
            o->dict_view = make_variable(std::move(d));
            st_.instance_dicts[o->dict_view.get()] = obj;
            return o->dict_view;
        }
        if (o && !o->obj.is<Instance>()) unsupported("__dict__ of an object made in the frame");
        if (!src) unsupported("__dict__ of an object without a source");
        Instance* inst = o ? o->obj.as<Instance>() : subclass_instance(dict_sub->subclass);
        const Source* dict_src = src->attr("__dict__");
        // One tracker per __dict__: vars(o) twice is the same dict (stores
        // keep it in step).
        if (auto seen = st_.by_source.find(dict_src); seen != st_.by_source.end()) return seen->second;
        std::vector<Value> keys;
        ConstDictVariable d;
        // Each value as the dict holds it (a property of the same name is not
        // asked), read through L['o'].__dict__['name'].
        inst->dict()->for_each([&](const Value& k, const Value& v) {
            if (!k.is<Str>()) unsupported("an instance __dict__ with a key that is not a str");
            keys.push_back(k);
            d.items.emplace_back(k, lazy_variable(st_, v, dict_src->item(k.as<Str>()->view())));
        });
        st_.guard(dict_src, DictKeysMatch{keys});
        // Then what the frame stored (or deleted) so far, in order: the dict
        // as it is now (the stores themselves are replayed after the graph).
        for (auto& s : st_.attr_stores) {
            if (s.object.get() != obj.get()) continue;
            if (s.value) {
                dict_put(d, Value::borrow(s.name), s.value);
                continue;
            }
            for (auto it = d.items.begin(); it != d.items.end(); ++it)
                if (it->first.is<Str>() && it->first.as<Str>()->view() == s.name->view()) {
                    d.items.erase(it);
                    break;
                }
        }
        VariablePtr out = make_variable(std::move(d));
        out->source = dict_src;
        out->mutation = MutationType::existing;
        st_.by_source[dict_src] = out;
        return out;
    }
    return boost::variant2::visit(
        overloaded{
            [&](const TensorVariable& x) -> VariablePtr {
                const Tensor* meta = x.node->tensor_meta();
                if (n == "shape") return make_variable(SizeVariable{std::vector<std::int64_t>(meta->sizes().begin(), meta->sizes().end())});
                if (n == "is_leaf" && x.node->op() == NodeOpcode::placeholder) st_.leaf_read.insert(x.node);
                if (n == "dtype" || n == "ndim" || n == "requires_grad" || n == "is_leaf" || n == "device" ||
                    n == "is_cuda" || n == "is_sparse" || n == "is_quantized" || n == "is_meta" || n == "is_mkldnn" ||
                    n == "is_nested" || n == "layout") {
                    Value fake = x.node->val();
                    Value v = vm().getattr(fake, name);
                    if ((n == "device" || n == "layout") && !detail::dynamo::is_python_constant_value(v)) return constant_variable(v);
                    return build_variable(st_, v, nullptr);
                }
                if (n == "T" || n == "mT") {
                    if (n == "mT" && meta->dim() == 1) unsupported("tensor.mT of a 1-D tensor (torch raises)");
                    std::vector<Argument> dims;
                    for (std::int64_t d = meta->dim(); d-- > 0;) dims.push_back(Argument(d));
                    if (n == "mT" && meta->dim() >= 2) {
                        dims.clear();
                        for (std::int64_t d = 0; d < meta->dim(); ++d) dims.push_back(Argument(d));
                        std::swap(dims[dims.size() - 1], dims[dims.size() - 2]);
                    }
                    return wrap_node(st_.graph->call_method("permute", Args{Argument(x.node), tuple_arg(std::move(dims))}));
                }
                // An attribute the trace stored on this tensor (x.flag = v).
                if (VariablePtr stored = stored_tensor_attr(x, name)) return stored;
                // x.data: the tensor's values without its history, as detach() (Dynamo's reading).
                if (n == "data") return wrap_node(st_.graph->call_method("detach", Args{Argument(x.node)}));
                if (n == "grad" || n == "_grad" || n == "grad_fn")
                    unsupported("Tensor." + std::string(n) + " is not traced");
                if (find_op(n) || n == "size" || n == "dim" || n == "ndimension" || n == "numel" || n == "stride" || n == "storage_offset" ||
                    n == "element_size" || n == "nelement" ||
                    n == "is_contiguous" || n == "item" || n == "tolist" || n == "__int__" || n == "__float__" ||
                    n == "type_as" || n == "all" || n == "any" || n == "new_zeros" ||
                    n == "new_ones" || n == "backward" || n == "detach_")
                    return make_variable(GetAttrVariable{obj, name});
                // Tensor methods written in guest code (torch's prelude: masked_fill, tril, ...).
                if (const Value* m = vm().types().tensor->lookup(name); m && m->is<Function>())
                    return make_variable(UserMethodVariable{build_variable(st_, *m, nullptr), obj});
                // A Python attribute of an input tensor (p._scale): the value
                // read through L['p']._scale and guarded, as Dynamo's
                // dynamic_getattr does.
                if (const Tensor* real = src ? input_tensor(obj) : nullptr) {
                    auto* attrs = static_cast<const Dict*>(real->py_attrs());
                    if (const Value* a = attrs ? attrs->find(name) : nullptr) {
                        VariablePtr out = lazy_variable(st_, *a, src->attr(n));
                        realize(st_, out);
                        return out;
                    }
                }
                unsupported("'Tensor' object has no attribute '" + std::string(n) + "'");
            },
            [&](const ConstantVariable& x) -> VariablePtr {
                Value v;
                try {
                    v = vm().getattr(x.value, name);
                } catch (const Unsupported&) {
                    throw;
                } catch (const Error& e) {
                    raise_folded(e, "getattr");  // (5).pop: AttributeError, in the trace
                }
                if (v.is<Builtin>()) return make_variable(BuiltinVariable{Value(v)});
                return build_variable(st_, v, nullptr);
            },
            [&](const SizeVariable&) { return make_variable(GetAttrVariable{obj, name}); },
            [&](const TupleVariable& x) {
                if (!x.return_type.is_null() && (n == "values" || n == "indices")) return x.items[n == "values" ? 0 : 1];
                no_builtin_attribute(obj, name);
                return make_variable(GetAttrVariable{obj, name});
            },
            [&](const ListVariable&) {
                no_builtin_attribute(obj, name);
                return make_variable(GetAttrVariable{obj, name});
            },
            [&](const ConstDictVariable& x) -> VariablePtr {
                if (x.subclass.is_null()) return make_variable(GetAttrVariable{obj, name});
                // A dict subclass: its class's Python methods and properties,
                // its instance attributes (read through the path), dict's own
                // methods, then the class's __getattr__.
                Instance* inst = subclass_instance(x.subclass);
                Class* cls = inst->cls();
                const Value* a = cls->lookup(name);
                const bool dicts = vm().types().dict->lookup(name) != nullptr;
                if (a && a->is<Function>() && (!dicts || dict_override(obj, name)))
                    return make_variable(UserMethodVariable{build_variable(st_, *a, nullptr), obj});
                if (auto* p = standin::detail::as_property(a); p && p->fget.is<Function>())
                    return inline_function(build_variable(st_, p->fget, nullptr), {obj}, {});
                for (auto& [k, v] : x.attrs)  // one the frame made: the attributes the trace gave it
                    if (k == name) return v;
                if (VariablePtr stored = stored_instance_attr(obj, name)) return stored;
                if (const Value* v = inst->find_attr(name)) {
                    VariablePtr out = lazy_variable(st_, *v, src ? src->attr(n) : nullptr);
                    realize(st_, out);
                    return out;
                }
                if (a && !dicts && a->kind() != Kind::native) return build_variable(st_, *a, nullptr);
                if (dicts || n == "__class__") return make_variable(GetAttrVariable{obj, name});
                if (const Value* hook = cls->lookup(intern("__getattr__")); hook && hook->is<Function>())
                    return inline_function(build_variable(st_, *hook, nullptr), {obj, constant_variable(Value::borrow(name))}, {});
                if (Str* method = dict_method_alias(obj, "__getattr__")) {  // __getattr__ = dict.get
                    std::vector<VariablePtr> key{constant_variable(Value::borrow(name))};
                    std::vector<std::pair<Str*, VariablePtr>> no_kwargs;
                    return call_container_method(obj, method, key, no_kwargs);
                }
                unsupported("'" + cls->name()->text() + "' object has no attribute '" + std::string(n) + "'");
            },
            [&](const PythonModuleVariable& x) -> VariablePtr {
                const Value* v = x.module.as<Module>()->dict()->find(name);
                if (!v && vm().load_lazy_member(x.module.as<Module>(), name)) v = x.module.as<Module>()->dict()->find(name);
                if (!v) unsupported("module has no attribute '" + std::string(n) + "'");
                return build_variable(st_, *v, src ? src->attr(n) : nullptr);
            },
            [&](UserDefinedObjectVariable& x) -> VariablePtr {
                const auto& N = vm().names();
                // A Python __getattribute__ answers every lookup: inlined (its
                // object.__getattribute__ / super().__getattribute__ comes back
                // here with hooks off).
                if (const Value* hook = hooks ? Interpreter::attr_hook(x.klass(), N.getattribute_) : nullptr) {
                    if (!hook->is<Function>()) unsupported("a lookup through a built-in __getattribute__");
                    return inline_function(build_variable(st_, *hook, nullptr), {obj, constant_variable(Value::borrow(name))}, {});
                }
                const Value* cattr = x.klass()->lookup(name);
                // A descriptor written in Python: its __get__(obj, type(obj)),
                // inlined; a data descriptor (with __set__ or __delete__) comes
                // before the instance's own attribute, as a property does.
                const Value* dget = Interpreter::descriptor_method(cattr, N.get_);
                // A data descriptor (a property, a descriptor with __set__ or
                // __delete__) comes before the instance's own attribute; a
                // staticmethod, classmethod or __get__-only one after it.
                const bool non_data_native = cattr && cattr->kind() == Kind::native &&
                                             (dynamic_cast<const StaticMethod*>(cattr->as<NativeObject>()) ||
                                              dynamic_cast<const ClassMethod*>(cattr->as<NativeObject>()));
                const bool descriptor = (cattr && cattr->kind() == Kind::native && !non_data_native) || vm().is_data_descriptor(cattr);
                if (descriptor || dget || non_data_native) class_lookup(obj, name, cattr);  // a property replaced on the class recompiles
                // A non-data descriptor found on the class: what the instance's
                // lookup gives is guarded too (an instance attribute set later
                // shadows it, as the guard's getattr then sees).
                if (!descriptor && (dget || non_data_native) && src && !x.created() &&
                    !x.obj.as<Instance>()->find_attr(name) && !stored_instance_attr(obj, name))
                    guard_class_attr(src->attr(n), *unwrap_class_attr(cattr));
                // Where a class attribute is read from: through the instance
                // (L['obj'].name: the guard's lookup sees an instance attribute
                // that later shadows it); for an object the trace made, through
                // its class (G['Point'].name), which no instance attribute can
                // shadow unseen; after the trace deleted the instance's own
                // attribute, through its type (the instance's path named that
                // attribute when the trace read it).
                const auto* last_store = x.created() ? nullptr : last_attr_store(obj, name);
                const Source* deleted_src = last_store && !last_store->value ? object_type_source(obj) : nullptr;
                const Source* class_src = x.created()  ? (x.cls_source ? x.cls_source->attr(n) : nullptr)
                                          : deleted_src ? deleted_src->attr(n)
                                                      : (src ? src->attr(n) : nullptr);
                if (x.created()) {
                    if (!descriptor)
                        if (VariablePtr* v = x.find(name)) return *v;
                } else if (!last_store || last_store->value) {  // not after a del
                    if (!descriptor)
                        if (VariablePtr stored = stored_instance_attr(obj, name)) return stored;
                    if (!descriptor)
                        if (const Value* v = x.obj.as<Instance>()->find_attr(name)) {
                            VariablePtr out = lazy_variable(st_, *v, src ? src->attr(n) : nullptr);
                            realize(st_, out);
                            return out;
                        }
                }
                if (cattr) {
                    if (cattr->is<Function>()) return make_variable(UserMethodVariable{build_variable(st_, *cattr, class_src), obj});
                    if (dget) {
                        if (!dget->is<Function>()) unsupported("a descriptor with a built-in __get__");
                        // (the descriptor's class's __get__ replaced recompiles)
                        if (const Source* type_src = object_type_source(obj)) guard_class_attr(type_src->attr(n)->type()->attr("__get__"), *dget);
                        VariablePtr klass = build_variable(st_, Value::borrow(x.klass()), object_type_source(obj));
                        return inline_function(build_variable(st_, *dget, nullptr),
                                               {class_descriptor(obj, name, *cattr), obj, std::move(klass)}, {});
                    }
                    if (auto* native = cattr->dyn<NativeObject>()) {
                        if (auto* prop = dynamic_cast<Property*>(native); prop && prop->fget.is<Function>())
                            return inline_function(build_variable(st_, prop->fget, nullptr), {obj}, {});
                        // self.act(x) of a @staticmethod: the plain function (what
                        // the guard's getattr also returns); self.scale() of a
                        // @classmethod: the function bound to the object's class.
                        if (auto* sm = dynamic_cast<StaticMethod*>(native); sm && sm->fn.is<Function>())
                            return build_variable(st_, sm->fn, class_src);
                        if (auto* cm = dynamic_cast<ClassMethod*>(native); cm && cm->fn.is<Function>()) {
                            const Source* type_src = x.created() ? x.cls_source : (src ? src->attr("__class__") : nullptr);
                            VariablePtr klass = build_variable(st_, Value(ref<Class>(x.klass())), type_src);
                            return make_variable(UserMethodVariable{
                                build_variable(st_, cm->fn, type_src ? type_src->attr(n)->attr("__func__") : nullptr),
                                std::move(klass)});
                        }
                        unsupported("the class attribute '" + std::string(n) + "' is a " +
                                    std::string(native->type_name()));
                    }
                    if (cattr->is<Builtin>()) unsupported("a builtin method of a user object");
                    return build_variable(st_, *cattr, class_src);
                }
                // object's own slot method (p.__repr__, p.__eq__, read or
                // called): the frame runs it eagerly.
                if (standin::detail::is_object_slot_name(n)) unsupported("object's slot method '" + std::string(n) + "'");
                // Not found: the class's Python __getattr__, inlined (obj.name
                // of a config object that computes missing attributes).
                if (const Value* hook = class_lookup(obj, intern("__getattr__")); hook && hook->is<Function>()) {
                    // (an instance attribute set later answers instead)
                    if (src && !x.created()) st_.guard(src, NoHasAttr{name});
                    return inline_function(build_variable(st_, *hook, nullptr), {obj, constant_variable(Value::borrow(name))}, {});
                }
                // Missing (an except of the frame may catch it: the lazy-init
                // `try: self.n except AttributeError`): its absence guarded,
                // unless the trace itself deleted it.
                if (src && !x.created() && !last_attr_store(obj, name)) st_.guard(src, NoHasAttr{name});
                raise_python(exc::AttributeError, {str("'" + x.klass()->name()->text() + "' object has no attribute '" + std::string(n) + "'")});
            },
            [&](const SuperVariable& x) -> VariablePtr {
                // The classes after x.cls in the MRO of the object's type.
                const Class* of = x.cls.as<Class>();
                VariableTracker& self = get(x.obj);
                if (auto* o = self.as<UserDefinedObjectVariable>()) of = o->klass();
                else if (auto* c = self.as<UserDefinedClassVariable>(); c && c->cls.is<Class>()) of = c->cls.as<Class>();
                else if (auto* d = self.as<ConstDictVariable>(); d && !d->subclass.is_null()) of = subclass_instance(d->subclass)->cls();
                const Value* v = of->lookup_after(x.cls.as<Class>(), name);
                // super().__setitem__(k, v) in a dict subclass reaching dict's
                // (or OrderedDict's) own method: the dict operation itself.
                if (v && self.is<ConstDictVariable>() && (v->kind() == Kind::builtin || v->kind() == Kind::native)) {
                    const Value* dicts = vm().types().dict->dict()->find(name);
                    const Value* ordered = vm().types().ordered_dict->dict()->find(name);
                    if ((dicts && v->identical(*dicts)) || (ordered && v->identical(*ordered)))
                        return make_variable(GetAttrVariable{obj, name});  // called in call()
                }
                if (!v && name == vm().names().new_) return object_new_variable();  // super().__new__(cls)
                // Where super().name is read from: type(L['self']).__mro__[k].name,
                // guarded; the classes between super()'s start and the owner keep
                // their dicts unchanged (none gains `name` unseen). A base
                // method replaced between calls fails the guard. torch's and the
                // standard library's own classes are taken as fixed.
                auto mro_source = [&]() -> const Source* {
                    if (v && v->is<Function>() && v->as<Function>()->code().as<Code>()->filename.starts_with("<")) return nullptr;
                    const Source* type_src = self.is<UserDefinedObjectVariable>() ? object_type_source(x.obj)
                                             : self.is<UserDefinedClassVariable>() ? self.source
                                                                                    : nullptr;
                    const auto& mro = of->mro();
                    bool past = false;
                    for (std::size_t k = 0; k < mro.size() && type_src; ++k) {
                        const Source* klass = type_src->attr("__mro__")->item(static_cast<std::int64_t>(k));
                        if (past && mro[k]->dict()->find(name)) return klass->attr(n);
                        if (past) st_.guard(klass->attr("__dict__"), DictVersion{mro[k]->dict()->version()});
                        past = past || mro[k] == x.cls.as<Class>();
                    }
                    return nullptr;
                };
                if (v && v->is<Function>() && name == vm().names().new_)  // a base's __new__ (a static method)
                    return build_variable(st_, *v, mro_source());
                if (v && v->is<Function>()) return make_variable(UserMethodVariable{build_variable(st_, *v, mro_source()), x.obj});
                // super().cm(x) of a @classmethod: bound to the object's class;
                // super().st(x) of a @staticmethod: the function.
                if (v && v->kind() == Kind::native) {
                    if (auto* cm = dynamic_cast<ClassMethod*>(v->as<NativeObject>()); cm && cm->fn.is<Function>())
                        return make_variable(UserMethodVariable{build_variable(st_, cm->fn, nullptr),
                                                                build_variable(st_, Value::borrow(const_cast<Class*>(of)), nullptr)});
                    if (auto* sm = dynamic_cast<StaticMethod*>(v->as<NativeObject>()); sm && sm->fn.is<Function>())
                        return build_variable(st_, sm->fn, nullptr);
                }
                const Value* object_attr = vm().types().object->lookup(name);
                if (v && object_attr && v->identical(*object_attr)) return make_variable(GetAttrVariable{obj, name});
                // super().a of a plain class attribute: read through the MRO, as above.
                if (v && v->kind() != Kind::native && v->kind() != Kind::builtin && !Interpreter::descriptor_method(v, vm().names().get_)) {
                    VariablePtr out = lazy_variable(st_, *v, mro_source());
                    realize(st_, out);
                    return out;
                }
                unsupported("super()." + std::string(n));
            },
            [&](const UserDefinedClassVariable& x) -> VariablePtr {
                auto* cls = x.cls.dyn<Class>();
                // A class's name, module and bases: read now; the name is
                // guarded through the class when it came from outside
                // (C.__name__ = ... between calls recompiles).
                if (cls && (n == "__name__" || n == "__qualname__" || n == "__module__" || n == "__mro__" ||
                            n == "__bases__" || n == "__base__")) {
                    if (n == "__mro__" || n == "__bases__" || n == "__base__")  // the classes (their identities)
                        return build_variable(st_, vm().getattr(x.cls, name), nullptr);
                    try {
                        const Value v = vm().getattr(x.cls, name);
                        if (src && n == "__name__" && v.is<Str>()) st_.guard(src->attr(n), ConstantMatch{v});
                        return constant_variable(v);
                    } catch (const Error& e) {
                        unsupported(e.message());
                    }
                }
                // cls.__subclasses__: the bound builtin, folded when called.
                if (cls && n == "__subclasses__") {
                    try {
                        return build_variable(st_, vm().getattr(x.cls, name), nullptr);
                    } catch (const Error& e) {
                        unsupported(e.message());
                    }
                }
                const Value* v = cls ? cls->lookup(name) : nullptr;
                // A static method of a built-in type (dict.fromkeys): its builtin.
                if (v && v->kind() == Kind::native && cls->dict()->find(name) == v)
                    if (auto* sm = dynamic_cast<StaticMethod*>(v->as<NativeObject>()); sm && sm->fn.is<Builtin>())
                        return make_variable(BuiltinVariable{sm->fn});
                // A.st(x) of a @staticmethod, A.cm(x) of a @classmethod (bound to A).
                if (v && v->kind() == Kind::native) {
                    if (auto* sm = dynamic_cast<StaticMethod*>(v->as<NativeObject>()); sm && sm->fn.is<Function>())
                        return build_variable(st_, sm->fn, src ? src->attr(n) : nullptr);
                    if (auto* cm = dynamic_cast<ClassMethod*>(v->as<NativeObject>()); cm && cm->fn.is<Function>())
                        return make_variable(UserMethodVariable{
                            build_variable(st_, cm->fn, src ? src->attr(n)->attr("__func__") : nullptr), obj});
                    // A builtin classmethod (dict.fromkeys): called with the class first.
                    if (auto* cm = dynamic_cast<ClassMethod*>(v->as<NativeObject>()); cm && cm->fn.is<Builtin>())
                        return make_variable(UserMethodVariable{make_variable(BuiltinVariable{cm->fn}), obj});
                }
                if (!v && name == vm().names().new_) return object_new_variable();  // object.__new__
                if (!v || v->kind() == Kind::native) unsupported("class attribute '" + std::string(n) + "'");
                // C.attr of a descriptor with a Python __get__ (a classproperty):
                // __get__(None, C), inlined. The descriptor is read from the
                // owner's __dict__, whose version is guarded (C.attr itself
                // would run __get__).
                if (auto* inst = v->dyn<Instance>())
                    if (const Value* get = inst->cls()->lookup(vm().names().get_); get && get->is<Function>()) {
                        if (src) {
                            const auto& mro = cls->mro();
                            for (std::size_t k = 0; k < mro.size(); ++k) {
                                const Source* klass = src->attr("__mro__")->item(static_cast<std::int64_t>(k));
                                st_.guard(klass->attr("__dict__"), DictVersion{mro[k]->dict()->version()});
                                if (mro[k]->dict()->find(name)) break;
                            }
                        }
                        VariablePtr desc = build_variable(st_, *v, nullptr);
                        return inline_function(build_variable(st_, *get, nullptr), {desc, constant_variable(Value()), obj}, {});
                    }
                return build_variable(st_, *v, src ? src->attr(n) : nullptr);
            },
            // A function's name: read now, and guarded when the function came
            // from outside (fn.__name__ = ... between calls recompiles).
            [&](const UserFunctionVariable& x) -> VariablePtr {
                if (n == "__name__" || n == "__qualname__" || n == "__module__") {
                    try {
                        const Value v = vm().getattr(x.fn, name);
                        if (src && n != "__module__" && v.is<Str>() &&
                            !x.fn.as<Function>()->code().as<Code>()->filename.starts_with("<"))
                            st_.guard(src->attr(n), ConstantMatch{v});
                        return constant_variable(v);
                    } catch (const Error& e) {
                        unsupported(e.message());
                    }
                }
                // An attribute stored on the function (fn.pred = True,
                // chain.from_iterable, functools.wraps' __wrapped__): read
                // through fn.<name> and guarded there.
                if (const Value* v = x.fn.as<Function>()->dict()->find(name)) {
                    VariablePtr out = lazy_variable(st_, *v, src ? src->attr(n) : nullptr);
                    realize(st_, out);
                    return out;
                }
                if (n == "__doc__") {  // the docstring (functools.wraps copies it)
                    try {
                        return constant_variable(vm().getattr(x.fn, name));
                    } catch (const Error& e) {
                        unsupported(e.message());
                    }
                }
                // Its defaults (read through fn.__defaults__, guarded) and its
                // code object (a constant: the function's identity is guarded).
                if (n == "__defaults__" || n == "__kwdefaults__" || n == "__code__") {
                    Value v;
                    try {
                        v = vm().getattr(x.fn, name);
                    } catch (const Error& e) {
                        unsupported(e.message());
                    }
                    if (n == "__code__") return constant_variable(v);
                    VariablePtr out = lazy_variable(st_, v, src ? src->attr(n) : nullptr);
                    realize(st_, out);
                    return out;
                }
                // Its attribute dict (functools.update_wrapper reads it), through fn.__dict__.
                if (n == "__dict__") {
                    VariablePtr out = lazy_variable(st_, Value::borrow(x.fn.as<Function>()->dict()), src ? src->attr(n) : nullptr);
                    realize(st_, out);
                    return out;
                }
                if (n == "__globals__" || n == "__closure__")
                    unsupported("attribute '" + std::string(n) + "' of a function");
                raise_python(exc::AttributeError, {str("'function' object has no attribute '" + std::string(n) + "'")});
            },
            [&](const NestedUserFunctionVariable& x) -> VariablePtr {
                for (auto& [k, v] : x.attrs)
                    if (k == name) return v;
                if (n == "__name__") return constant_variable(Value::borrow(x.name));
                if (n == "__qualname__") return constant_variable(Value::borrow(x.qualname));
                if (n == "__doc__") return constant_variable(x.code.as<Code>()->doc);
                if (n == "__module__") {
                    const Value* m = x.globals->find(vm().names().name);
                    return constant_variable(m ? *m : Value());
                }
                // Its attribute dict: a copy of what the trace stored on it
                // (functools.update_wrapper reads a wrapped function's; it
                // writes through setattr).
                if (n == "__dict__") {
                    std::vector<std::pair<Value, VariablePtr>> items;
                    for (auto& [k, v] : x.attrs)  // (the slots CPython keeps off __dict__ are not in it)
                        if (k->view() != "__name__" && k->view() != "__qualname__" && k->view() != "__doc__" &&
                            k->view() != "__module__")
                            items.emplace_back(Value::borrow(k), v);
                    return make_variable(ConstDictVariable{std::move(items)});
                }
                // (standin's functions keep no annotations, as in eager code)
                if (n == "__annotations__")
                    raise_python(exc::AttributeError, {str("'function' object has no attribute '__annotations__'")});
                unsupported("attribute '" + std::string(n) + "' of a function made in the trace");
            },
            // A bound method's __func__ and __self__; its other attributes
            // are its function's (as CPython's method_getattro forwards them).
            [&](const UserMethodVariable& x) -> VariablePtr {
                if (n == "__func__") return x.fn;
                if (n == "__self__") return x.self;
                if (get(x.fn).is<UserFunctionVariable>() || get(x.fn).is<NestedUserFunctionVariable>())
                    return getattr(x.fn, name);
                unsupported("attribute '" + std::string(n) + "' of " + std::string(variable_kind_name(t)));
            },
            [&](const auto&) -> VariablePtr {
                unsupported("attribute '" + std::string(n) + "' of " + std::string(variable_kind_name(t)));
            },
        },
        t.kind);
}

inline void InstructionTranslator::setattr(const VariablePtr& obj, Str* name, VariablePtr value, bool hooks) {
    VariableTracker& t = get(obj);
    // x.flag = v on a tensor (an input or one the graph made): a Python
    // attribute, replayed on the real tensor after the graph runs; reads
    // later in the trace see it (TensorVariable's getattr).
    if (t.is<TensorVariable>()) {
        if (vm().types().tensor->lookup(name) || find_op(name->view()) || name->view().starts_with("__"))
            unsupported("a store to Tensor." + name->text());
        st_.attr_stores.push_back({obj, name, std::move(value)});
        return;
    }
    // fn.attr = v on a function the trace made (functools.wraps in the frame).
    if (auto* f = t.as<NestedUserFunctionVariable>()) {
        const std::string_view n = name->view();
        if (n == "__code__" || n == "__defaults__" || n == "__kwdefaults__" || n == "__closure__" || n == "__dict__" ||
            n == "__globals__")
            unsupported("a store to a function's " + name->text());
        if (n == "__name__" || n == "__qualname__") {
            if (!is_constant(value) || !constant_of(value).is<Str>()) unsupported(name->text() + " must be set to a string");
            (n == "__name__" ? f->name : f->qualname) = intern(constant_of(value).as<Str>()->view());
        }
        ++st_.container_mutations;
        put_attr(f->attrs, name, std::move(value));
        return;
    }
    // obj.name = v on a dict subclass from outside (an AttrDict-style
    // config): its property's setter inlined, else an attribute store.
    if (auto* d = t.as<ConstDictVariable>(); d && !d->subclass.is_null()) {
        const Class* dcls = subclass_instance(d->subclass)->cls();
        // A Python __setattr__ (a ModelOutput's): inlined; its super().__setattr__ comes back with hooks off.
        if (const Value* hook = hooks ? dict_override(obj, "__setattr__") : nullptr) {
            inline_function(build_variable(st_, *hook, nullptr), {obj, constant_variable(Value::borrow(name)), std::move(value)}, {});
            return;
        }
        if (Str* method = hooks ? dict_method_alias(obj, "__setattr__") : nullptr) {  // __setattr__ = dict.__setitem__
            std::vector<VariablePtr> key_value{constant_variable(Value::borrow(name)), std::move(value)};
            std::vector<std::pair<Str*, VariablePtr>> no_kwargs;
            call_container_method(obj, method, key_value, no_kwargs);
            return;
        }
        const Value* c = dcls->lookup(name);
        if (auto* p = standin::detail::as_property(c)) {
            if (!p->fset.is<Function>()) unsupported("a store through a property without a Python setter");
            inline_function(build_variable(st_, p->fset, nullptr), {obj, std::move(value)}, {});
            return;
        }
        if (c && c->kind() == Kind::native) unsupported("a store through a descriptor");
        if (Interpreter::descriptor_method(c, vm().names().set_)) unsupported("a store through a descriptor");
        if (!t.source) {  // an object the frame made: its own attributes
            put_attr(d->attrs, name, std::move(value));
            return;
        }
        if (auto dd = st_.by_source.find(t.source->attr("__dict__")); dd != st_.by_source.end()) {
            dict_put(*get(dd->second).as<ConstDictVariable>(), Value::borrow(name), value);
            st_.mark_mutated(dd->second);
        }
        st_.attr_stores.push_back({obj, name, std::move(value)});
        return;
    }
    // e.name = v on an exception the trace made (a constant holding a real
    // exception object that nothing outside the trace has seen): set on it
    // now, as __cause__'s setter does (it also sets __suppress_context__).
    if (auto* c = t.as<ConstantVariable>(); c && !t.source && c->value.kind() == Kind::instance &&
                                            vm().isinstance(c->value, vm().exception_class(exc::BaseException))) {
        if (!is_constant(value)) unsupported("a store of a value that is not a constant to an exception's attribute");
        c->value.as<Instance>()->set_attr(name, constant_of(value));
        if (name->view() == "__cause__") c->value.as<Instance>()->set_attr(intern("__suppress_context__"), Value(true));
        return;
    }
    auto* x = t.as<UserDefinedObjectVariable>();
    if (!x || (!t.source && !x->created())) unsupported("STORE_ATTR on " + std::string(variable_kind_name(t)));
    // obj.__class__ = Other changes what every later lookup and isinstance
    // sees: the store runs eagerly (a graph break), as the trace's view of
    // the object's type cannot follow it.
    if (name == vm().names().class_ || name->view() == "__class__") unsupported("a store to obj.__class__");
    const Class* cls = x->klass();
    // A Python __setattr__: inlined (its object.__setattr__ / super().__setattr__
    // comes back here with hooks off).
    if (const Value* hook = hooks ? Interpreter::attr_hook(cls, vm().names().setattr_) : nullptr) {
        if (!hook->is<Function>()) unsupported("a store through a built-in __setattr__");
        inline_function(build_variable(st_, *hook, nullptr), {obj, constant_variable(Value::borrow(name)), std::move(value)}, {});
        return;
    }
    // A data descriptor written in Python: its __set__(obj, value), inlined.
    if (const Value* c = cls->lookup(name)) {
        if (const Value* dset = Interpreter::descriptor_method(c, vm().names().set_)) {
            if (!dset->is<Function>()) unsupported("a store through a descriptor with a built-in __set__");
            inline_function(build_variable(st_, *dset, nullptr), {class_descriptor(obj, name, *c), obj, std::move(value)}, {});
            return;
        }
        if (Interpreter::descriptor_method(c, vm().names().delete_)) unsupported("a store through a descriptor without __set__");
    }
    if (const Value* c = cls->lookup(name); c && c->kind() == Kind::native) {
        // A property's setter is inlined, as Dynamo inlines it.
        auto* p = standin::detail::as_property(c);
        if (!p || !p->fset.is<Function>()) unsupported("a store through a descriptor");
        inline_function(build_variable(st_, p->fset, nullptr), {obj, std::move(value)}, {});
        return;
    }
    if (x->created()) {  // the trace's own object: no side effect, its state is what gets built
        ++st_.container_mutations;
        if (x->dict_view) dict_put(*get(x->dict_view).as<ConstDictVariable>(), Value::borrow(name), value);
        put_attr(x->attrs, name, std::move(value));
        return;
    }
    // Keep a traced __dict__ of the object (vars(obj)) in step with the store.
    if (auto d = st_.by_source.find(t.source->attr("__dict__")); d != st_.by_source.end()) {
        auto* dict = get(d->second).as<ConstDictVariable>();
        dict_put(*dict, Value::borrow(name), value);
        st_.mark_mutated(d->second);
    }
    st_.attr_stores.push_back({obj, name, std::move(value)});
}

// del obj.name on an object of a guest class: on an object the trace made,
// the attribute leaves its state; on one from outside, the attribute is
// guarded present and the `del` is replayed after the graph (an AttrStore
// with no value), and later reads in the trace no longer see it. A Python
// __delattr__ or a descriptor's __delete__ is not traced.
inline void InstructionTranslator::delattr(const VariablePtr& obj, Str* name, bool hooks) {
    VariableTracker& t = get(obj);
    auto* x = t.as<UserDefinedObjectVariable>();
    if (!x || (!t.source && !x->created()) || (!x->created() && !x->obj.is<Instance>()))
        unsupported("del of an attribute of " + std::string(variable_kind_name(t)));
    const Class* cls = x->klass();
    if (hooks && Interpreter::attr_hook(cls, intern("__delattr__"))) {
        const Value* hook = cls->lookup(intern("__delattr__"));
        if (!hook || !hook->is<Function>()) unsupported("a del through a __delattr__ that is not a Python function");
        inline_function(build_variable(st_, *hook, nullptr), {obj, constant_variable(str(name->text()))}, {});
        return;
    }
    const Value* c = cls->lookup(name);
    if (c && (c->kind() == Kind::native || vm().is_data_descriptor(c))) unsupported("a del through a descriptor");
    auto missing = [&] {
        raise_python(exc::AttributeError, {str("'" + cls->name()->text() + "' object has no attribute '" + name->text() + "'")});
    };
    if (x->created()) {
        auto& attrs = x->attrs;
        for (auto it = attrs.begin(); it != attrs.end(); ++it)
            if (it->first == name) {
                attrs.erase(it);
                ++st_.container_mutations;
                if (x->dict_view) sync_instance_dict(x->dict_view, false);
                return;
            }
        missing();
    }
    if (st_.by_source.count(t.source->attr("__dict__"))) unsupported("del of an attribute after reading the object's __dict__");
    const TraceState::AttrStore* last = last_attr_store(obj, name);
    bool present = last && last->value;
    if (!last) {
        present = x->obj.as<Instance>()->find_attr(name) != nullptr;
        // (As hasattr guards it: an attribute on the class is present to the
        // guard, so only an instance attribute is guarded present here.)
        if (present) st_.guard(t.source, LeafGuard(HasAttr{name}));
        else if (!c) st_.guard(t.source, LeafGuard(NoHasAttr{name}));
    }
    if (!present) missing();
    st_.attr_stores.push_back({obj, name, nullptr});
}

inline const TraceState::AttrStore* InstructionTranslator::last_attr_store(const VariablePtr& obj, const Str* name) const {
    for (auto it = st_.attr_stores.rbegin(); it != st_.attr_stores.rend(); ++it)
        if (it->name == name && it->object.get() == obj.get()) return &*it;
    return nullptr;
}

inline VariablePtr InstructionTranslator::unary(Opcode op, const VariablePtr& a) {
    if (op == Opcode::UNARY_NOT) return constant_variable(Value(!truth(a)));
    VariableTracker& t = get(a);
    if (auto* x = t.as<TensorVariable>()) {
        if (op == Opcode::UNARY_NEGATIVE) return wrap_node(st_.graph->call_function("operator.neg", Args{Argument(x->node)}));
        if (op == Opcode::UNARY_POSITIVE) return a;
        if (op == Opcode::UNARY_INVERT) return wrap_node(st_.graph->call_function("operator.invert", Args{Argument(x->node)}));
        unsupported("~ on a tensor");
    }
    if (auto* c = t.as<ConstantVariable>()) {
        try {
            return build_variable(st_, vm().unary_op(op, c->value), nullptr);
        } catch (const Unsupported&) {
            throw;
        } catch (const Error& e) {
            raise_folded(e, "unary operator");  // -None: TypeError, in the trace
        }
    }
    // -obj, +obj, ~obj of a guest class: its Python method, inlined.
    if (t.is<UserDefinedObjectVariable>()) {
        const auto& N = vm().names();
        Str* name = op == Opcode::UNARY_NEGATIVE ? N.neg : op == Opcode::UNARY_POSITIVE ? N.pos : N.invert;
        if (const Value* m = class_lookup(a, name); m && m->is<Function>())
            return inline_function(build_variable(st_, *m, nullptr), {a}, {});
    }
    if (t.is<ConstDictVariable>()) {  // +counter, -counter
        const char* name = op == Opcode::UNARY_NEGATIVE ? "__neg__" : op == Opcode::UNARY_POSITIVE ? "__pos__" : "__invert__";
        if (const Value* m = dict_override(a, name)) return inline_function(build_variable(st_, *m, nullptr), {a}, {});
    }
    unsupported("a unary operator on " + std::string(variable_kind_name(t)));
}

inline VariablePtr InstructionTranslator::binary(BinaryOp op, const VariablePtr& a, const VariablePtr& b) {
    VariableTracker& ta = get(a);
    VariableTracker& tb = get(b);
    // a.keys() | b.keys() (and &, -, ^; the other side any iterable): a set,
    // as the views' set operators give (d |= view is dict's |=, below).
    if ((is_keys_view(ta) || is_keys_view(tb)) && !(op == NB_INPLACE_OR && ta.is<ConstDictVariable>()) &&
        (op == NB_OR || op == NB_AND || op == NB_SUBTRACT || op == NB_XOR || op == NB_INPLACE_OR ||
         op == NB_INPLACE_AND || op == NB_INPLACE_SUBTRACT || op == NB_INPLACE_XOR)) {
        auto as_set = [&](const VariablePtr& v) -> VariablePtr {
            VariableTracker& t = get(v);
            const bool iterable = t.is<ListVariable>() || t.is<TupleVariable>() || t.is<RangeVariable>() ||
                                  t.is<ListIteratorVariable>() || t.is<DictViewVariable>() || t.is<ConstDictVariable>();
            return iterable ? make_set(v) : v;
        };
        return binary(op, as_set(a), as_set(b));
    }
    const bool tensor_a = ta.is<TensorVariable>(), tensor_b = tb.is<TensorVariable>();
    // x << n, x >> n: torch's guest functions (no op-table kernel), inlined.
    if ((tensor_a || tensor_b) && (op == NB_LSHIFT || op == NB_RSHIFT)) {
        ref<Module> torch = vm().find_module("torch");
        const Value* f = torch ? torch->dict()->find(intern(op == NB_LSHIFT ? "bitwise_left_shift" : "bitwise_right_shift")) : nullptr;
        if (!f || !f->is<Function>()) unsupported("a shift of a tensor");
        return inline_function(build_variable(st_, *f, nullptr), {a, b}, {});
    }
    // tensor * obj: a tensor's operator returns NotImplemented for an object
    // of a guest class, so the object's reflected method answers (below).
    const bool user_object = ta.is<UserDefinedObjectVariable>() || tb.is<UserDefinedObjectVariable>();
    if ((tensor_a || tensor_b) && !user_object) {
        auto operand = [&](VariableTracker& t, const VariablePtr& p) -> Argument {
            if (t.is<TensorVariable>()) return argument_of(p);
            if (auto* c = t.as<ConstantVariable>(); c && c->value.is_number()) return Argument(c->value);
            unsupported("a tensor operator with " + std::string(variable_kind_name(t)));
        };
        Argument x = operand(ta, a), y = operand(tb, b);
        const bool inplace = op >= nb_inplace_offset;
        if (inplace && tensor_a) {
            std::string_view m = detail::dynamo::inplace_method(op);
            if (m.empty() || !find_op(m)) unsupported("an in-place operator on a tensor");
            return wrap_node(st_.graph->call_method(m, Args{x, y}));
        }
        std::string_view name = detail::dynamo::operator_name(op);
        if (name.empty()) unsupported(std::string("the operator ") + std::string(binary_op_symbol(op)) + " on tensors");
        return wrap_node(st_.graph->call_function("operator." + std::string(name), Args{x, y}));
    }
    const std::uint32_t base = op % nb_inplace_offset;
    if ((ta.is<TupleVariable>() && tb.is<TupleVariable>()) || (ta.is<ListVariable>() && tb.is<ListVariable>())) {
        if (base == NB_ADD) {
            std::vector<VariablePtr> items = items_of(a);
            for (auto& i : items_of(b)) items.push_back(i);
            if (ta.is<TupleVariable>()) return make_variable(TupleVariable{std::move(items)});
            if (op >= nb_inplace_offset) {
                ta.as<ListVariable>()->items = items;
                st_.mark_mutated(a);
                return a;
            }
            return make_variable(ListVariable{std::move(items)});
        }
    }
    // xs += (a, b): a list extended in place by any iterable it knows.
    auto iterable_constant = [](VariableTracker& t) {
        auto* c = t.as<ConstantVariable>();
        return c && (c->value.is<Str>() || c->value.is<Tuple>() || c->value.is_number() || c->value.is_none());
    };
    if (ta.is<ListVariable>() && op == NB_INPLACE_ADD &&
        (tb.is<TupleVariable>() || tb.is<ListIteratorVariable>() || tb.is<RangeVariable>() || tb.is<DictViewVariable>() ||
         tb.is<ConstDictVariable>() || iterable_constant(tb))) {
        std::vector<VariablePtr> items = items_of(a);
        for (auto& i : items_of(b)) items.push_back(i);
        ta.as<ListVariable>()->items = std::move(items);
        st_.mark_mutated(a);
        return a;
    }
    // n * xs is xs * n.
    if ((tb.is<ListVariable>() || tb.is<TupleVariable>()) && base == NB_MULTIPLY && op < nb_inplace_offset &&
        is_constant(a) && constant_of(a).is_int())
        return binary(op, b, a);
    if ((ta.is<ListVariable>() || ta.is<TupleVariable>()) && base == NB_MULTIPLY && is_constant(b) &&
        constant_of(b).is_int()) {
        std::vector<VariablePtr> items, one = items_of(a);
        const std::int64_t n = constant_of(b).as_int();
        // The VM's MemoryError bound, raised in the trace; a list too long to
        // hold a tracker per item runs eagerly.
        if (n > 0 && !one.empty()) {
            if (static_cast<std::uint64_t>(n) > (std::uint64_t{1} << 30) / one.size()) raise_python(exc::MemoryError, {});
            if (static_cast<std::uint64_t>(n) * one.size() > (std::uint64_t{1} << 20))
                unsupported("a sequence of over 2**20 items (" + std::to_string(n) + " repeats)");
        }
        for (std::int64_t i = 0; i < n; ++i) items.insert(items.end(), one.begin(), one.end());
        if (ta.is<TupleVariable>()) return make_variable(TupleVariable{std::move(items)});
        if (op >= nb_inplace_offset) {  // xs *= n changes xs
            ta.as<ListVariable>()->items = std::move(items);
            st_.mark_mutated(a);
            return a;
        }
        return make_variable(ListVariable{std::move(items)});
    }
    if (is_constant(a) && is_constant(b)) {
        std::optional<Error> failed;
        try {
            return build_variable(st_, vm().binary_op(op, constant_of(a), constant_of(b)), nullptr);
        } catch (const Unsupported&) {
            throw;
        } catch (const Error& e) {
            failed = e;
        }
        // 1 / 0, 2 ** 10000.0, 'a' + 1: the exception is raised in the
        // trace (an except of the frame may catch it, as Dynamo's does).
        raise_folded(*failed, "operator");
    }
    // An object of a guest class (or a dict subclass: Counter's +, |):
    // its Python operator methods, inlined, in the VM's order (in-place,
    // plain, then the other's reflected one).
    auto dict_subclass = [](VariableTracker& t) {
        auto* d = t.as<ConstDictVariable>();
        return d && !d->subclass.is_null();
    };
    if (ta.is<UserDefinedObjectVariable>() || tb.is<UserDefinedObjectVariable>() || dict_subclass(ta) ||
        dict_subclass(tb)) {
        const auto& N = vm().names();
        auto try_method = [&](const VariablePtr& self, Str* name, const VariablePtr& other, VariablePtr& out) {
            auto* o = get(self).as<UserDefinedObjectVariable>();
            const Value* m = o ? class_lookup(self, name) : dict_override(self, name);
            if (!m) return false;
            if (!m->is<Function>()) unsupported("a built-in operator method of a user object");
            out = inline_function(build_variable(st_, *m, nullptr), {self, other}, {});
            return !(is_constant(out) && constant_of(out).identical(vm().not_implemented()));
        };
        VariablePtr out;
        // The reflected method as the VM's instance_binary tries it: not for
        // one class on both sides, first for a subclass on the right that
        // overrides it.
        const Class* ca = ta.is<UserDefinedObjectVariable>() ? python_type(a) : nullptr;
        const Class* cb = tb.is<UserDefinedObjectVariable>() ? python_type(b) : nullptr;
        const bool right_first = ca && cb && ca != cb && op < nb_inplace_offset && cb->is_subclass_of(ca) &&
                                 class_lookup(b, N.rbinary[base]) &&
                                 cb->lookup(N.rbinary[base]) != ca->lookup(N.rbinary[base]);
        if (right_first && try_method(b, N.rbinary[base], a, out)) return out;
        if (op >= nb_inplace_offset && try_method(a, N.binary[op], b, out)) return out;
        const bool builtin_inplace = op == NB_INPLACE_OR && dict_subclass(ta);  // dict's own |= (as the VM)
        if (!builtin_inplace && try_method(a, N.binary[base], b, out)) return out;
        if (!builtin_inplace && !right_first && !(ca && ca == cb) && try_method(b, N.rbinary[base], a, out)) return out;
        // Neither side has the operator for the other (frozenset - 1): the
        // VM's TypeError, when the other side's type is one the trace knows
        // (a str's % formats any object: not this).
        Value probe;
        const bool objects = ta.is<UserDefinedObjectVariable>() && tb.is<UserDefinedObjectVariable>();
        const bool formats = base == NB_REMAINDER && get(a).is<ConstantVariable>() && constant_of(a).is<Str>();
        if (!dict_subclass(ta) && !dict_subclass(tb) && !formats &&
            (objects || type_probe(ta.is<UserDefinedObjectVariable>() ? b : a, probe))) {
            std::string sym(binary_op_symbol(op));
            if (base == NB_POWER && op < nb_inplace_offset) sym = "** or pow()";
            raise_python(exc::TypeError, {str("unsupported operand type(s) for " + sym + ": '" + python_type(a)->name()->text() +
                                              "' and '" + python_type(b)->name()->text() + "'")});
        }
    }
    // d |= pairs takes what d.update(pairs) takes.
    if (op == NB_INPLACE_OR && ta.is<ConstDictVariable>() && !tb.is<ConstDictVariable>()) {
        std::vector<VariablePtr> args{b};
        std::vector<std::pair<Str*, VariablePtr>> no_kwargs;
        call_container_method(a, intern("update"), args, no_kwargs);
        return a;
    }
    // d | e (a new dict, an OrderedDict's stays ordered) and d |= e (d updated).
    if (base == NB_OR && ta.is<ConstDictVariable>() && tb.is<ConstDictVariable>()) {
        auto& da = *ta.as<ConstDictVariable>();
        const std::vector<std::pair<Value, VariablePtr>> from = tb.as<ConstDictVariable>()->items;
        if (op >= nb_inplace_offset) {
            for (const auto& [k, v] : from) dict_put(da, k, v);
            st_.mark_mutated(a);
            return a;
        }
        // (dict's | on a dict subclass gives a plain dict, as CPython's
        // dict_or copies into one; an OrderedDict subclass's gives its class)
        if (!da.subclass.is_null() && (da.ordered || tb.as<ConstDictVariable>()->ordered))
            unsupported("the operator | on an OrderedDict subclass without __or__");
        ConstDictVariable merged{da.items, da.ordered || tb.as<ConstDictVariable>()->ordered};
        for (const auto& [k, v] : from) dict_put(merged, k, v);
        return make_variable(std::move(merged));
    }
    // Operands whose types alone make the operator fail ([1] + {}, xs += 1):
    // the VM's TypeError on stand-ins of those types, raised in the trace.
    // (Not %: "%s" % (x,) fails on an empty tuple, not on x's.)
    if (Value pa, pb; base != NB_REMAINDER && type_probe(a, pa) && type_probe(b, pb)) {
        std::optional<Error> failed;
        try {
            vm().binary_op(op, pa, pb);
        } catch (const Error& e) {
            failed = e;
        }
        if (failed && failed->kind() == exc::TypeError) raise_python(exc::TypeError, {str(failed->message())});
    }
    unsupported(std::string("the operator ") + std::string(binary_op_symbol(op)) + " on " +
                std::string(variable_kind_name(ta)) + " and " + std::string(variable_kind_name(tb)));
}

// del obj[key] (DELETE_SUBSCR, xs.__delitem__(key)) on a tracked list or dict.
inline void InstructionTranslator::delete_subscript(const VariablePtr& obj, const VariablePtr& key) {
    InstanceDictSync sync{*this, obj};
    if (const Value* m = dict_override(obj, "__delitem__")) {
        inline_function(build_variable(st_, *m, nullptr), {obj, key}, {});
        return;
    }
    VariableTracker& t = get(obj);
    if (!t.is<ConstDictVariable>() && !is_constant(key)) unsupported("del with a non-constant key");
    const Value k = t.is<ConstDictVariable>() ? dict_key(key) : constant_of(key);
    if (auto* d = t.as<ConstDictVariable>()) {
        for (auto it = d->items.begin(); it != d->items.end(); ++it)
            if (vm().eq(it->first, k)) {
                d->items.erase(it);
                st_.mark_mutated(obj);
                return;
            }
        if (is_constant(key)) raise_python(exc::KeyError, {k});
        unsupported("KeyError in del");
    }
    if (auto* l = t.as<ListVariable>(); l && k.is_int()) {
        std::int64_t i = k.as_int();
        if (i < 0) i += static_cast<std::int64_t>(l->items.size());
        if (i < 0 || i >= static_cast<std::int64_t>(l->items.size())) raise_python(exc::IndexError, {str("list assignment index out of range")});
        l->items.erase(l->items.begin() + i);
        st_.mark_mutated(obj);
        return;
    }
    if (auto* l = t.as<ListVariable>(); l && k.is<Slice>()) {  // del xs[a:b:c]
        std::vector<Value> positions;
        for (std::size_t i = 0; i < l->items.size(); ++i) positions.push_back(Value(static_cast<std::int64_t>(i)));
        Value doomed;
        try {
            doomed = vm().getitem(list(std::move(positions)), k);
        } catch (const Error& e) {
            raise_folded(e, "del");
        }
        std::vector<bool> drop(l->items.size(), false);
        for (const Value& p : doomed.as<List>()->items()) drop[static_cast<std::size_t>(p.as_int())] = true;
        std::vector<VariablePtr> kept;
        for (std::size_t i = 0; i < l->items.size(); ++i)
            if (!drop[i]) kept.push_back(l->items[i]);
        l->items = std::move(kept);
        st_.mark_mutated(obj);
        return;
    }
    if (t.is<ListVariable>())
        raise_python(exc::TypeError, {str("list indices must be integers or slices, not " + vm().type_of(k)->name()->text())});
    if (t.is<TupleVariable>()) raise_python(exc::TypeError, {str("'tuple' object doesn't support item deletion")});
    unsupported("del on " + std::string(variable_kind_name(t)));
}

// CPython's item test for `in`, index, count and remove: identity first,
// then item == x (traced: a user __eq__ inlined, a tensor against a str or
// None is False; a tensor == tensor is data and breaks the graph in truth()).
inline bool InstructionTranslator::item_equals(const VariablePtr& item, const VariablePtr& x) {
    if (item.get() == x.get()) return true;
    if (is_constant(item) && is_constant(x)) return vm().eq(constant_of(item), constant_of(x));
    return truth(compare(CMP_EQ, item, x));
}

inline VariablePtr InstructionTranslator::compare(CompareOp op, const VariablePtr& a, const VariablePtr& b) {
    VariableTracker& ta = get(a);
    VariableTracker& tb = get(b);
    // == and != of a dict subclass that defines them (Counter): inlined, the
    // reflected one when the first gives NotImplemented.
    if ((op == CMP_EQ || op == CMP_NE) && (dict_override(a, "__eq__") || dict_override(b, "__eq__"))) {
        const char* name = op == CMP_EQ ? "__eq__" : "__ne__";
        for (const auto& [self, other] : {std::pair{a, b}, std::pair{b, a}}) {
            const Value* m = dict_override(self, name);
            if (!m) continue;
            VariablePtr r = inline_function(build_variable(st_, *m, nullptr), {self, other}, {});
            if (!(is_constant(r) && constant_of(r).identical(vm().not_implemented()))) return r;
        }
    }
    if (op <= CMP_GE && (dict_override(a, "__eq__") || dict_override(b, "__eq__")))
        unsupported("comparing a dict subclass that defines __eq__");
    // d.keys() == other (a view or a set): keys and items views compare as sets do.
    if (op <= CMP_GE && (is_keys_view(ta) || is_keys_view(tb))) {
        auto set_like = [&](VariableTracker& t) {
            if (is_keys_view(t)) return true;
            auto* o = t.as<UserDefinedObjectVariable>();
            const Value* s = vm().builtins().find(intern("set"));
            const Value* fs = vm().builtins().find(intern("frozenset"));
            return o && ((s && s->is<Class>() && o->klass()->is_subclass_of(s->as<Class>())) ||
                         (fs && fs->is<Class>() && o->klass()->is_subclass_of(fs->as<Class>())));
        };
        if (set_like(ta) && set_like(tb)) return compare(op, keys_view_as_set(a), keys_view_as_set(b));
    }
    if (op == CMP_IS || op == CMP_IS_NOT) {
        const bool want = op == CMP_IS;
        if (a.get() == b.get()) return constant_variable(Value(want));
        auto identity = [&](VariableTracker& t, const VariablePtr& p, Value& out) {
            if (t.is<ConstantVariable>() || t.is<UserFunctionVariable>() || t.is<BuiltinVariable>() ||
                t.is<TorchInGraphFunctionVariable>() || t.is<UserDefinedClassVariable>() || t.is<PythonModuleVariable>()) {
                out = constant_of(p);
                return true;
            }
            if (auto* o = t.as<UserDefinedObjectVariable>(); o && !o->created()) {
                out = o->obj;
                return true;
            }
            return false;
        };
        // An object made in the trace is none of those known objects.
        auto made = [](VariableTracker& t) {
            auto* o = t.as<UserDefinedObjectVariable>();
            return o && o->created();
        };
        Value x, y;
        const bool kx = identity(ta, a, x), ky = identity(tb, b, y);
        if (kx && ky) {
            // Two objects from outside: which objects they are decides it, so
            // both are ID_MATCH-guarded (`y is E.A`, `m is model`). Against a
            // constant, function or class the answer follows from the type,
            // which TYPE_MATCH already guards.
            // An object of no source was read from a place the trace takes
            // as constant (another module's globals, as dataclasses' MISSING).
            if (ta.is<UserDefinedObjectVariable>() && tb.is<UserDefinedObjectVariable>()) {
                for (VariableTracker* t : {&ta, &tb})
                    if (t->source) st_.guard(t->source, IdMatch{t->as<UserDefinedObjectVariable>()->obj});
            }
            return constant_variable(Value(x.identical(y) == want));
        }
        // Two tensors are one object when their traced values are (an
        // in-place op returns its receiver's value; distinct inputs are
        // distinct objects, which the guards keep so), as Dynamo compares
        // example values.
        if (ta.is<TensorVariable>() && tb.is<TensorVariable>())
            return constant_variable(Value(ta.as<TensorVariable>()->node->val().identical(tb.as<TensorVariable>()->node->val()) == want));
        // A tensor is never a tuple, list or dict.
        auto container = [](VariableTracker& t) { return t.is<TupleVariable>() || t.is<ListVariable>() || t.is<ConstDictVariable>(); };
        if ((ta.is<TensorVariable>() && container(tb)) || (tb.is<TensorVariable>() && container(ta)))
            return constant_variable(Value(!want));
        // A tensor, container, range, function or bound method (g.throw,
        // x.add) made in the trace is never None or a known object.
        auto fresh = [&](VariableTracker& t) {
            return t.is<TensorVariable>() || t.is<TupleVariable>() || t.is<ListVariable>() || t.is<ConstDictVariable>() ||
                   t.is<NestedUserFunctionVariable>() || t.is<SizeVariable>() || t.is<DictViewVariable>() ||
                   t.is<ListIteratorVariable>() || t.is<UserMethodVariable>() || t.is<GetAttrVariable>() ||
                   t.is<RangeVariable>() || made(t);
        };
        const bool fresh_a = fresh(ta), fresh_b = fresh(tb);
        if ((kx && fresh_b) || (ky && fresh_a)) return constant_variable(Value(!want));
        // An object the trace made has one tracker: another tracker is another object.
        if (made(ta) || made(tb)) return constant_variable(Value(!want));
        // Two tuples, lists or dicts the trace built (no source): two
        // trackers are two objects (the set table's `k is key or k == key`
        // over tuple keys).
        auto built = [](VariableTracker& t) {
            return !t.source && (t.is<TupleVariable>() || t.is<ListVariable>() || t.is<ConstDictVariable>());
        };
        if (built(ta) && built(tb)) return constant_variable(Value(!want));
        unsupported("'is' between " + std::string(variable_kind_name(ta)) + " and " + std::string(variable_kind_name(tb)));
    }
    if (op == CMP_IN || op == CMP_NOT_IN) {
        const bool want = op == CMP_IN;
        if (const Value* m = dict_override(b, "__contains__")) {
            VariablePtr found = inline_function(build_variable(st_, *m, nullptr), {b, a}, {});
            return constant_variable(Value(truth(found) == want));
        }
        if (tb.is<ConstDictVariable>()) {
            const Value k = dict_key(a);
            for (auto& [key, _] : tb.as<ConstDictVariable>()->items)
                if (vm().eq(key, k)) return constant_variable(Value(want));
            return constant_variable(Value(!want));
        }
        // x in obj: the object's Python __contains__, inlined (else its iteration).
        if (tb.is<UserDefinedObjectVariable>())
            if (const Value* m = class_lookup(b, vm().names().contains); m && m->is<Function>()) {
                VariablePtr found = inline_function(build_variable(st_, *m, nullptr), {b, a}, {});
                return constant_variable(Value(truth(found) == want));
            }
        if (tb.is<ConstantVariable>() || tb.is<RangeVariable>()) {
            if (!is_constant(a)) unsupported("'in' with a non-constant item");
            try {
                return constant_variable(Value(vm().contains(constant_of(b), constant_of(a)) == want));
            } catch (const Unsupported&) {
                throw;
            } catch (const Error& e) {
                raise_folded(e, "in");  // 1 in None: TypeError, in the trace
            }
        }
        // CPython's containment: identity first, then item == x (traced: a
        // user __eq__ inlined, a tensor against a str or None is False; a
        // tensor == tensor is data and breaks the graph in truth()). An
        // iterator is consumed up to the match only.
        // (An object of a guest class without __contains__: its iterator, so
        // a generator __iter__ runs up to the match only.)
        const VariablePtr seq = tb.is<UserDefinedObjectVariable>() ? iterate(b) : b;
        if (get(seq).is<ListIteratorVariable>()) {
            while (VariablePtr item = next_item(seq))
                if (item_equals(item, a)) return constant_variable(Value(want));
            return constant_variable(Value(!want));
        }
        for (auto& item : items_of(seq))
            if (item_equals(item, a)) return constant_variable(Value(want));
        return constant_variable(Value(!want));
    }
    // An object of a guest class: its Python rich comparison, inlined, then
    // the other's reflected one; == and != fall back to identity.
    // A tensor against an int-like object (an IntEnum member: a Python
    // __index__): the number it stands for, as torch takes an int subclass.
    if ((ta.is<TensorVariable>() && tb.is<UserDefinedObjectVariable>()) ||
        (tb.is<TensorVariable>() && ta.is<UserDefinedObjectVariable>())) {
        const bool left = ta.is<UserDefinedObjectVariable>();
        const VariablePtr& obj = left ? a : b;
        if (const Value* index = class_lookup(obj, intern("__index__"));
            index && index->is<Function>()) {
            VariablePtr number = inline_function(build_variable(st_, *index, nullptr), {obj}, {});
            return left ? compare(op, number, b) : compare(op, a, number);
        }
    }
    if ((ta.is<UserDefinedObjectVariable>() || tb.is<UserDefinedObjectVariable>()) && op <= CMP_GE) {
        const auto& N = vm().names();
        Str* const names[] = {N.lt, N.le, N.eq, N.ne, N.gt, N.ge};
        static constexpr CompareOp reflected[] = {CMP_GT, CMP_GE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE};
        auto try_method = [&](const VariablePtr& self, Str* name, const VariablePtr& other, VariablePtr& out) {
            auto* o = get(self).as<UserDefinedObjectVariable>();
            const Value* m = o ? class_lookup(self, name) : nullptr;
            if (m && m->is<Function>()) {
                out = inline_function(build_variable(st_, *m, nullptr), {self, other}, {});
                return !(is_constant(out) && constant_of(out).identical(vm().not_implemented()));
            }
            // object's own __ne__ inverts a Python __eq__; its others are NotImplemented
            const Value* eq = o && name == N.ne ? class_lookup(self, N.eq) : nullptr;
            if (!eq || !eq->is<Function>()) return false;
            VariablePtr equal = inline_function(build_variable(st_, *eq, nullptr), {self, other}, {});
            if (is_constant(equal) && constant_of(equal).identical(vm().not_implemented())) return false;
            out = constant_variable(Value(!truth(equal)));
            return true;
        };
        VariablePtr out;
        if (try_method(a, names[op], b, out) || try_method(b, names[reflected[op]], a, out)) return out;
        if (op == CMP_EQ || op == CMP_NE) {
            VariablePtr same = compare(CMP_IS, a, b);
            return op == CMP_EQ ? same : constant_variable(Value(!truth(same)));
        }
        unsupported(std::string("'") + std::string(compare_op_symbol(op)) + "' between " +
                    std::string(variable_kind_name(ta)) + " and " + std::string(variable_kind_name(tb)));
    }
    // x == None, x != 'mean': torch's == of a tensor and an object it cannot
    // compare is False (identity), a constant here.
    if ((op == CMP_EQ || op == CMP_NE) && (ta.is<TensorVariable>() || tb.is<TensorVariable>())) {
        const VariablePtr& other = ta.is<TensorVariable>() ? b : a;
        if (is_constant(other) && (constant_of(other).is_none() || constant_of(other).is<Str>()))
            return constant_variable(Value(op == CMP_NE));
    }
    if (ta.is<TensorVariable>() || tb.is<TensorVariable>()) {
        auto operand = [&](VariableTracker& t, const VariablePtr& p) -> Argument {
            if (t.is<TensorVariable>()) return argument_of(p);
            if (auto* c = t.as<ConstantVariable>(); c && c->value.is_number()) return Argument(c->value);
            unsupported("comparing a tensor with " + std::string(variable_kind_name(t)));
        };
        Argument x = operand(ta, a), y = operand(tb, b);
        return wrap_node(st_.graph->call_function("operator." + std::string(detail::dynamo::compare_operator(op)), Args{x, y}));
    }
    // == and != of two dicts, or of two lists or tuples with items the
    // trace holds (tensors, objects): CPython's item by item (identity
    // first, then ==), each item comparison traced.
    if (op == CMP_EQ || op == CMP_NE) {
        auto* da = ta.as<ConstDictVariable>();
        auto* db = tb.as<ConstDictVariable>();
        // (a dict subclass that defines __eq__ was inlined above; any other
        // compares as a dict)
        if (da && db) {
            bool equal = da->items.size() == db->items.size();
            // Two OrderedDicts are equal only in the same order.
            const bool in_order = da->ordered && db->ordered;
            for (std::size_t i = 0; equal && i < da->items.size(); ++i) {
                const std::pair<Value, VariablePtr>* match = nullptr;
                if (in_order) {
                    if (vm().eq(db->items[i].first, da->items[i].first)) match = &db->items[i];
                } else {
                    for (auto& item : db->items)
                        if (vm().eq(item.first, da->items[i].first)) match = &item;
                }
                equal = match && (match->second.get() == da->items[i].second.get() ||
                                  truth(compare(CMP_EQ, da->items[i].second, match->second)));
            }
            return constant_variable(Value(equal == (op == CMP_EQ)));
        }
        const bool lists = ta.is<ListVariable>() && tb.is<ListVariable>();
        const bool tuples = ta.is<TupleVariable>() && tb.is<TupleVariable>() && ta.as<TupleVariable>()->return_type.is_null() &&
                            tb.as<TupleVariable>()->return_type.is_null();
        if (lists || tuples) {
            std::vector<VariablePtr> xs = items_of(a), ys = items_of(b);
            bool equal = xs.size() == ys.size();
            for (std::size_t i = 0; equal && i < xs.size(); ++i)
                equal = xs[i].get() == ys[i].get() || truth(compare(CMP_EQ, xs[i], ys[i]));
            return constant_variable(Value(equal == (op == CMP_EQ)));
        }
        // A dict against a list, a constant, ...: different types, unequal.
        if ((da || db) && !(da && db) && (is_constant(da ? b : a) || get(da ? b : a).is<ListVariable>() ||
                                          get(da ? b : a).is<TupleVariable>()))
            return constant_variable(Value(op == CMP_NE));
    }
    auto sequence_like = [](VariableTracker& t) {
        return t.is<TupleVariable>() || t.is<ListVariable>() || t.is<SizeVariable>();
    };
    if ((is_constant(a) || sequence_like(ta)) && (is_constant(b) || sequence_like(tb))) {
        auto value = [&](VariableTracker& t, const VariablePtr& p) -> Value {
            if (auto* l = t.as<ListVariable>()) {
                std::vector<Value> items;
                for (auto& i : l->items) {
                    if (!is_constant(i)) unsupported("comparing lists of non-constants");
                    items.push_back(constant_of(i));
                }
                return list(std::move(items));
            }
            if (!is_constant(p)) unsupported("comparing sequences of non-constants");
            return constant_of(p);
        };
        try {
            return build_variable(st_, vm().compare(op, value(ta, a), value(tb, b)), nullptr);
        } catch (const Unsupported&) {
            throw;
        } catch (const Error& e) {
            raise_folded(e, "comparison");  // 1 < 'a': TypeError, in the trace
        }
    }
    unsupported("comparing " + std::string(variable_kind_name(ta)) + " and " + std::string(variable_kind_name(tb)));
}

inline VariablePtr InstructionTranslator::subscript(const VariablePtr& obj, const VariablePtr& key) {
    if (const Value* m = dict_override(obj, "__getitem__")) return inline_function(build_variable(st_, *m, nullptr), {obj, key}, {});
    // xs[i] of a list read from outside makes only item i's tracker.
    {
        VariableTracker& lazy = realize(st_, obj);
        auto one = [&](auto& seq) -> VariablePtr {
            if (seq.backing.is_null() || !is_constant(key) || !constant_of(key).is_int()) return nullptr;
            std::int64_t i = constant_of(key).as_int();
            const auto n = static_cast<std::int64_t>(length_of(seq));
            if (i < 0) i += n;
            if (i < 0 || i >= n)  // (the length is guarded)
                raise_python(exc::IndexError, {str(lazy.is<ListVariable>() ? "list index out of range" : "tuple index out of range")});
            return item_of(st_, lazy, seq, static_cast<std::size_t>(i));
        };
        if (auto* x = lazy.as<TupleVariable>())
            if (VariablePtr v = one(*x)) return v;
        if (auto* x = lazy.as<ListVariable>())
            if (VariablePtr v = one(*x)) return v;
    }
    VariableTracker& t = get(obj);
    VariableTracker& k = get(key);
    if (auto* x = t.as<TensorVariable>())
        return wrap_node(st_.graph->call_function("operator.getitem", Args{Argument(x->node), argument_of(key)}));
    auto pick = [&](std::vector<VariablePtr> items, bool is_list) -> VariablePtr {
        if (!is_constant(key)) unsupported("an index that is not a constant");
        Value kv = constant_of(key);
        if (kv.is_integral()) {
            std::int64_t i = kv.as_integral();
            if (i < 0) i += static_cast<std::int64_t>(items.size());
            if (i < 0 || i >= static_cast<std::int64_t>(items.size()))
                raise_python(exc::IndexError, {str(is_list ? "list index out of range" : "tuple index out of range")});
            return items[static_cast<std::size_t>(i)];
        }
        if (kv.is<Slice>()) {
            std::vector<Value> idx;
            for (std::size_t i = 0; i < items.size(); ++i) idx.push_back(Value(static_cast<std::int64_t>(i)));
            Value picked = vm().getitem(list(std::move(idx)), kv);
            std::vector<VariablePtr> out;
            for (const Value& i : picked.as<List>()->items()) out.push_back(items[static_cast<std::size_t>(i.as_int())]);
            if (is_list) return make_variable(ListVariable{std::move(out)});
            return make_variable(TupleVariable{std::move(out)});
        }
        unsupported("an index of type " + std::string(type_name(kv)));
    };
    if (auto* x = t.as<TupleVariable>()) return pick(x->items, false);
    if (auto* x = t.as<ListVariable>()) return pick(x->items, true);
    if (t.is<SizeVariable>()) {
        VariablePtr r = pick(items_of(obj), false);
        if (auto* tup = r->as<TupleVariable>()) {
            std::vector<std::int64_t> dims;
            for (auto& d : tup->items) dims.push_back(constant_of(d).as_int());
            return make_variable(SizeVariable{std::move(dims)});
        }
        return r;
    }
    if (auto* x = t.peek<ConstDictVariable>()) {
        const Value kv = dict_key(key);
        for (auto& item : x->items)
            if (vm().eq(item.first, kv)) return present_key_value(*x, item);
        x->keys_read = true;
        // A subclass's __missing__ (defaultdict, Counter) answers a missing key.
        if (const Value* m = dict_override(obj, "__missing__")) return inline_function(build_variable(st_, *m, nullptr), {obj, key}, {});
        if (is_constant(key)) raise_python(exc::KeyError, {kv});
        unsupported("KeyError");
    }
    if (auto* x = t.as<UserDefinedObjectVariable>()) {
        const Value* fn = class_lookup(obj, vm().names().getitem);
        if (!fn || !fn->is<Function>()) unsupported("subscript of an object without a Python __getitem__");
        // layers[1:] of an nn.ModuleList or nn.Sequential from outside: the
        // members, each by its attribute path (torch's __getitem__ would
        // build a new container module, which the trace does not make).
        if (!x->created() && t.source && is_constant(key) && constant_of(key).is<Slice>() &&
            fn->as<Function>()->code().as<Code>()->filename == "<torch.nn>" &&
            (fn->as<Function>()->code().as<Code>()->qualname->view() == "ModuleList.__getitem__" ||
             fn->as<Function>()->code().as<Code>()->qualname->view() == "Sequential.__getitem__") &&
            x->obj.as<Instance>()->find_attr(intern("_names"))) {
            std::vector<Value> names;
            for (auto& name : items_of(getattr(obj, intern("_names")))) {
                if (!is_constant(name) || !constant_of(name).is<Str>()) unsupported("a module list with odd names");
                names.push_back(constant_of(name));
            }
            std::vector<VariablePtr> members;
            for (const Value& name : vm().to_vector(vm().getitem(list(std::move(names)), constant_of(key))))
                members.push_back(getattr(obj, intern(name.as<Str>()->view())));
            ListVariable slice{std::move(members)};
            slice.sequential = fn->as<Function>()->code().as<Code>()->qualname->view() == "Sequential.__getitem__";
            return make_variable(std::move(slice));
        }
        return inline_function(build_variable(st_, *fn, nullptr), {obj, key}, {});
    }
    if ((t.is<ConstantVariable>() || t.is<RangeVariable>()) && is_constant(key)) {
        try {
            return build_variable(st_, vm().getitem(constant_of(obj), constant_of(key)), nullptr);
        } catch (const Error& e) {
            unsupported(e.message());
        }
    }
    unsupported("subscript of " + std::string(variable_kind_name(t)) + " by " + std::string(variable_kind_name(k)));
}

inline void InstructionTranslator::store_subscript(const VariablePtr& obj, const VariablePtr& key, const VariablePtr& value) {
    InstanceDictSync sync{*this, obj};
    if (const Value* m = dict_override(obj, "__setitem__")) {
        inline_function(build_variable(st_, *m, nullptr), {obj, key, value}, {});
        return;
    }
    VariableTracker& t = get(obj);
    if (auto* x = t.as<TensorVariable>()) {
        VariableTracker& tv = get(value);
        const bool number = tv.is<ConstantVariable>() && tv.as<ConstantVariable>()->value.is_number();
        if (!tv.is<TensorVariable>() && !number) unsupported("assigning " + std::string(variable_kind_name(tv)) + " into a tensor");
        // An integer or bool tensor (or a list) in the index makes x[key] a
        // copy, not a view: the store is one index_put_ node on x.
        auto advanced = [&](const VariablePtr& k) {
            VariableTracker& kv = get(k);
            if (kv.is<TensorVariable>() || kv.is<ListVariable>()) return true;
            if (auto* c = kv.as<ConstantVariable>()) return c->value.is<List>();
            return false;
        };
        bool is_advanced = advanced(key);
        if (get(key).is<TupleVariable>())
            for (const VariablePtr& item : items_of(key)) is_advanced = is_advanced || advanced(item);
        // x's autograd metadata as the eager store gives it: with x or the
        // value requiring grad, x records the store (its view's copy_ does not).
        auto record = [&](const char* node_name) {
            Tensor* m = x->node->tensor_meta();
            Tensor* v = tv.is<TensorVariable>() ? tv.as<TensorVariable>()->node->tensor_meta() : nullptr;
            if (m && (m->requires_grad() || (v && v->requires_grad())) && vm().global_state().grad_enabled &&
                is_floating(m->dtype())) {
                m->set_grad_fn(grad_fn_name(node_name));
                rebase_view_history(*m);
            }
        };
        if (is_advanced) {
            st_.graph->call_function("operator.setitem", Args{Argument(x->node), argument_of(key), argument_of(value)});
            record("IndexPutBackward0");
            return;
        }
        Node* view = st_.graph->call_function("operator.getitem", Args{Argument(x->node), argument_of(key)});
        if (tv.is<TensorVariable>()) st_.graph->call_method("copy_", Args{Argument(view), argument_of(value)});
        else st_.graph->call_method("fill_", Args{Argument(view), Argument(tv.as<ConstantVariable>()->value)});
        record("torch::autograd::CopySlices");
        return;
    }
    if (auto* x = t.as<ListVariable>(); x && is_constant(key) && constant_of(key).is<Slice>()) {
        // xs[a:b] = items: the VM's slice store, run on positions (an old
        // item's index, or -1-k for the k-th new item).
        fill_items(st_, t);
        if (auto* c = get(value).as<ConstantVariable>(); c && !c->value.is<Str>() && !c->value.is<Tuple>()) {
            try {  // xs[a:b] = 1: the VM's TypeError for that slice
                vm().setitem(list(std::vector<Value>{}), constant_of(key), c->value);
            } catch (const Error& e) {
                raise_folded(e, "list.__setitem__");
            }
        }
        std::vector<VariablePtr> fresh = items_of(value);
        std::vector<Value> positions, markers;
        for (std::size_t i = 0; i < x->items.size(); ++i) positions.push_back(Value(static_cast<std::int64_t>(i)));
        for (std::size_t k = 0; k < fresh.size(); ++k) markers.push_back(Value(-1 - static_cast<std::int64_t>(k)));
        Value order = list(std::move(positions));
        try {
            vm().setitem(order, constant_of(key), list(std::move(markers)));
        } catch (const Error& e) {
            raise_folded(e, "list.__setitem__");
        }
        std::vector<VariablePtr> items;
        for (const Value& p : order.as<List>()->items()) {
            const std::int64_t i = p.as_int();
            items.push_back(i >= 0 ? x->items[static_cast<std::size_t>(i)] : fresh[static_cast<std::size_t>(-1 - i)]);
        }
        x->items = std::move(items);
        st_.mark_mutated(obj);
        return;
    }
    if (auto* x = t.as<ListVariable>()) {
        if (!is_constant(key)) unsupported("a list store with a non-constant index");
        if (!constant_of(key).is_integral())
            raise_python(exc::TypeError, {str("list indices must be integers or slices, not " + vm().type_of(constant_of(key))->name()->text())});
        std::int64_t i = constant_of(key).as_integral();
        if (i < 0) i += static_cast<std::int64_t>(x->items.size());
        if (i < 0 || i >= static_cast<std::int64_t>(x->items.size()))
            raise_python(exc::IndexError, {str("list assignment index out of range")});
        x->items[static_cast<std::size_t>(i)] = value;
        st_.mark_mutated(obj);
        return;
    }
    if (auto* x = t.as<ConstDictVariable>()) {
        Value kv = dict_key(key);
        st_.mark_mutated(obj);
        dict_put(*x, std::move(kv), value);
        return;
    }
    // obj[key] = value on a guest class with a Python __setitem__
    // (collections.defaultdict, user containers): inlined.
    if (t.is<UserDefinedObjectVariable>()) {
        const Value* fn = class_lookup(obj, intern("__setitem__"));
        if (fn && fn->is<Function>()) {
            inline_function(build_variable(st_, *fn, nullptr), {obj, key, value}, {});
            return;
        }
    }
    unsupported("item assignment on " + std::string(variable_kind_name(t)));
}

STANDIN_NAMESPACE_END
