// Calls during the trace, by what is called (Dynamo's trace rules): torch
// functions and tensor methods go into the graph; builtins (len, isinstance,
// range, zip, enumerate, min, max, ...) and methods of constants are folded
// at trace time; list and dict methods update the tracked containers (side
// effects on existing ones); user functions, methods, closures, lambdas and
// objects with a Python __call__ (nn.Module) are inlined by a child
// translator; anything else is a graph break.
// Counterpart: torch/_dynamo/trace_rules.py, variables/builtin.py,
// variables/torch.py, variables/functions.py, variables/lists.py,
// variables/dicts.py, InliningInstructionTranslator in symbolic_convert.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/translator_calls.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/dynamo/translator_ops.hpp>
#include <standin/fx/passes/alias.hpp>
#include <standin/vm/call.hpp>

#include <algorithm>
#include <unordered_set>

STANDIN_NAMESPACE_BEGIN

namespace detail::dynamo {
// Builtins that only compute (no side effect, no identity): folded when every argument is a constant.
inline bool is_pure_builtin(std::string_view n) noexcept {
    static constexpr std::string_view pure[] = {"abs",  "int",    "float", "bool",   "str",  "round", "pow",
                                                "divmod", "chr",  "ord",   "repr",   "hash", "all",   "any",
                                                "sorted", "format", "callable", "min", "max", "bin", "hex",
                                                "oct",  "ascii",  "issubclass", "slice", "sqrt", "exp", "log", "log2", "log10", "sin", "cos",
                                                "tan", "atan", "atan2", "tanh", "fabs", "floor", "ceil", "trunc", "isnan",
                                                "isinf", "isfinite", "gcd", "isclose", "float", "int", "str", "bool", "type",
                                                "sum", "copysign", "fmod", "hypot", "degrees", "radians", "asin",
                                                "acos", "sinh", "cosh", "asinh", "acosh", "atanh", "expm1", "log1p",
                                                "erf", "erfc", "gamma", "lgamma", "factorial", "comb", "perm", "prod",
                                                "fsum", "isqrt", "ldexp", "frexp", "modf", "remainder", "dist", "lcm",
                                                "_linspace_values", "_check_device"};
    return std::find(std::begin(pure), std::end(pure), n) != std::end(pure);
}
}  // namespace detail::dynamo

inline VariablePtr InstructionTranslator::call(const VariablePtr& fn, std::vector<VariablePtr> args,
                                               std::vector<std::pair<Str*, VariablePtr>> kwargs) {
    VariableTracker& t = get(fn);
    if (auto* x = t.as<TorchInGraphFunctionVariable>()) return call_op(*x->op, false, args, kwargs);
    if (auto* x = t.as<GetAttrVariable>()) {
        if (x->name == vm().names().iter && args.empty() && kwargs.empty()) return iterate(x->obj);
        VariableTracker& obj = get(x->obj);
        if (obj.is<TensorVariable>()) return call_tensor_method(x->obj, x->name, args, kwargs);
        if (obj.is<ListIteratorVariable>() && kwargs.empty()) {
            if (x->name->view() == "__next__" && args.empty()) return next_or_raise(x->obj);
            if (x->name->view() != "__next__") return generator_method(x->obj, x->name->view(), args);
        }
        // super().__init__() reaching object's: nothing to do.
        if (obj.is<SuperVariable>() && x->name == vm().names().init && args.empty() && kwargs.empty())
            return constant_variable(Value());
        // super().__setattr__(name, value) reaching object's: the store itself.
        if (auto* sup = obj.as<SuperVariable>(); sup && x->name == vm().names().setattr_ && args.size() == 2 &&
            kwargs.empty() && is_constant(args[0]) && constant_of(args[0]).is<Str>()) {
            VariablePtr target = sup->obj;
            setattr(target, intern(constant_of(args[0]).as<Str>()->view()), args[1], false);
            return constant_variable(Value());
        }
        // super().__delattr__(name) reaching object's: the del itself.
        if (auto* sup = obj.as<SuperVariable>(); sup && x->name->view() == "__delattr__" && args.size() == 1 &&
            kwargs.empty() && is_constant(args[0]) && constant_of(args[0]).is<Str>()) {
            VariablePtr target = sup->obj;
            delattr(target, intern(constant_of(args[0]).as<Str>()->view()), false);
            return constant_variable(Value());
        }
        // super().__setitem__(k, v), super().__init__(...) in a dict subclass
        // reaching dict's (or OrderedDict's) own method: the dict operation.
        if (auto* sup = obj.as<SuperVariable>(); sup && get(sup->obj).is<ConstDictVariable>() &&
                                                  (vm().types().dict->dict()->find(x->name) ||
                                                   vm().types().ordered_dict->dict()->find(x->name))) {
            VariablePtr target = sup->obj;
            if (x->name == vm().names().init) {
                dict_init(target, args, kwargs);
                return constant_variable(Value());
            }
            return call_container_method(target, x->name, args, kwargs);
        }
        // super().__getattribute__(name) reaching object's: the lookup itself.
        if (auto* sup = obj.as<SuperVariable>(); sup && x->name == vm().names().getattribute_ && args.size() == 1 &&
            kwargs.empty() && is_constant(args[0]) && constant_of(args[0]).is<Str>()) {
            VariablePtr target = sup->obj;
            return getattr(target, intern(constant_of(args[0]).as<Str>()->view()), false);
        }
        return call_container_method(x->obj, x->name, args, kwargs);
    }
    if (auto* x = t.as<BuiltinVariable>()) {
        const Builtin& b = *x->fn.as<Builtin>();
        // dict.__init__(d, ...), dict.__setitem__(d, k, v), dict.get(d, k):
        // a dict subclass (defaultdict, Counter) calling dict's own methods.
        if (b.self().is_null() && !args.empty() && get(args[0]).is<ConstDictVariable>())
            for (const Class* base : {vm().types().dict.get(), vm().types().ordered_dict.get()})
                if (const Value* m = base->dict()->find(b.name()); m && m->identical(x->fn)) {
                    VariablePtr target = args[0];
                    args.erase(args.begin());
                    if (b.name() == vm().names().init) {
                        dict_init(target, args, kwargs);
                        return constant_variable(Value());
                    }
                    return call_container_method(target, b.name(), args, kwargs);
                }
        // An op's unbound Tensor method (Tensor.sub_(p, d), kept by torch's
        // guest code before it redefines the method): a call_method node.
        if (b.fn() == &detail::torch_glue::tensor_method && b.data() && b.self().is_null() && !args.empty() &&
            get(args[0]).is<TensorVariable>())
            return call_op(*static_cast<const OpDef*>(b.data()), true, args, kwargs);
        // A torch.compile'd function called from the frame: its function
        // inlined, as Dynamo traces through a nested optimize.
        if (ref<Module> dyn = vm().find_module("torch._dynamo"); dyn && !b.self().is_null() && !b.self().is_none())
            if (const Value* orig = dyn->dict()->find(intern("_orig_callable")); orig && orig->is<Builtin>()) {
                Value inner = vm().call_value(*orig, std::span<const Value>(&x->fn, 1));
                // (the wrapper's identity is guarded; it holds one function,
                // reached through it so its cells, defaults, bound self or
                // partial's arguments are guarded as the function's own)
                if (!inner.identical(x->fn))
                    return call(t.source ? lazy_variable(st_, inner, t.source->attr("_torchdynamo_orig_callable"))
                                         : build_variable(st_, inner, nullptr),
                                std::move(args), std::move(kwargs));
            }
        // A method bound to a constant ("{}".format, (1, 2).index): folded.
        if (!b.self().is_null() && !b.self().is_none()) {
            // A list, or an inlined generator, of constants passed to it
            // (", ".join(parts)) is passed as a constant list.
            if (detail::dynamo::is_python_constant_value(b.self()))
                for (auto& a : args) {
                    VariableTracker& at = get(a);
                    // A dict or tuple of constants ("".join(OrderedDict)):
                    // a copy (a constant's method cannot change it).
                    if (Value copy; (at.is<ConstDictVariable>() || at.is<TupleVariable>()) && snapshot(a, copy)) {
                        a = constant_variable(copy);
                        continue;
                    }
                    auto* it = at.as<ListIteratorVariable>();
                    if (!it && !at.is<ListVariable>()) continue;
                    if (it) {
                        drain(*it);
                        sync_iterator(*it);
                    }
                    if (!it) fill_items(st_, at);
                    std::vector<VariablePtr> items =
                        it ? std::vector<VariablePtr>(
                                 it->items.begin() + static_cast<std::ptrdiff_t>(std::min(it->index, it->items.size())),
                                 it->items.end())
                           : at.as<ListVariable>()->items;
                    std::vector<Value> values;
                    if (!constant_values(items, values)) continue;
                    if (it) exhaust(*it);  // consumed, as the call consumes it
                    a = constant_variable(list(std::move(values)));
                }
            bool constants = detail::dynamo::is_constant_tree(b.self());
            for (auto& a : args) constants = constants && is_constant(a);
            for (auto& [_, v] : kwargs) constants = constants && is_constant(v);
            if (!constants) unsupported("the builtin method '" + b.name()->text() + "'");
        }
        return call_builtin(b.name()->view(), x->fn, args, kwargs);
    }
    if (auto* m = t.as<UserMethodVariable>()) {
        if (VariablePtr members = module_members(*m, args, kwargs)) return members;
        if (get(m->fn).is<BuiltinVariable>()) {  // a builtin classmethod bound to its class
            VariablePtr builtin = m->fn;
            args.insert(args.begin(), m->self);
            return call(builtin, std::move(args), std::move(kwargs));
        }
    }
    if (t.is<UserFunctionVariable>() || t.is<NestedUserFunctionVariable>() || t.is<UserMethodVariable>())
        return inline_function(fn, std::move(args), std::move(kwargs));
    if (auto* x = t.as<UserDefinedObjectVariable>()) {
        const Value* c = class_lookup(fn, vm().names().call);
        // A torch.compile'd module called from the frame: the module itself
        // (Dynamo inlines OptimizedModule's _orig_mod), unless the wrapper
        // holds hooks of its own.
        if (c && c->is<Function>() && c->as<Function>()->code().as<Code>()->filename == "<torch._dynamo>" &&
            x->klass()->name()->view() == "OptimizedModule") {
            auto no_hooks = [&](const char* name) {  // (read through the tracker: guarded None)
                VariablePtr h = getattr(fn, intern(name));
                return is_constant(h) && constant_of(h).is_none();
            };
            if (!x->created() && no_hooks("_forward_pre_hooks") && no_hooks("_forward_hooks"))
                return call(getattr(fn, intern("_orig_mod"), false), std::move(args), std::move(kwargs));
        }
        if (!c || !c->is<Function>()) unsupported("calling an object without a Python __call__");
        args.insert(args.begin(), fn);
        return inline_function(build_variable(st_, *c, nullptr), std::move(args), std::move(kwargs));
    }
    if (auto* x = t.as<UserDefinedClassVariable>()) {
        const auto& T = vm().types();
        // An exception made of constants (raise ValueError("bad")): made now,
        // a constant of the trace.
        if (auto* cls = x->cls.dyn<Class>(); cls && cls->is_subclass_of(vm().exception_class(exc::BaseException))) {
            bool constants = true;
            for (auto& a : args) constants = constants && is_constant(a);
            for (auto& [_, v] : kwargs) constants = constants && is_constant(v);
            if (!constants) unsupported("an exception made of values that are not constants");
            return make_variable(ConstantVariable{call_on_constants(x->cls, args, kwargs, cls->name()->view())});
        }
        // super(__class__, self), as a method's zero-argument super() compiles.
        if (x->cls.object() == T.super.get() && args.size() == 2 && kwargs.empty() && is_constant(args[0]) &&
            constant_of(args[0]).is<Class>()) {
            // super(type, obj), or super(type, cls) in a classmethod or __new__.
            auto* as_class = get(args[1]).as<UserDefinedClassVariable>();
            Class* of = as_class && as_class->cls.is<Class>() ? as_class->cls.as<Class>() : python_type(args[1]);
            if (!of->is_subclass_of(constant_of(args[0]).as<Class>())) unsupported("super(type, obj): obj is not an instance of type");
            return make_variable(SuperVariable{constant_of(args[0]), args[1]});
        }
        // The built-in types (range, list, int, ...) are called like builtins.
        for (const ref<Class>* builtin_type : {&T.int_, &T.float_, &T.bool_, &T.str, &T.list, &T.tuple, &T.dict,
                                               &T.range, &T.slice, &T.type})
            if (x->cls.object() == builtin_type->get()) return call_builtin(x->cls.as<Class>()->name()->view(), x->cls, args, kwargs);
        // collections.OrderedDict(...): made as dict(...) is, marked ordered.
        if (x->cls.object() == T.ordered_dict.get()) {
            VariablePtr d = call_builtin("dict", Value(T.dict), args, kwargs);
            get(d).as<ConstDictVariable>()->ordered = true;
            return d;
        }
        if (auto* cls = x->cls.dyn<Class>()) {
            // set and frozenset are guest classes: their objects are made as any other.
            const Value* b = vm().builtins().find(cls->name());
            const Value* init = cls->lookup(vm().names().init);
            if (b && b->identical(x->cls) && !(init && init->is<Function>()))
                return call_builtin(cls->name()->view(), x->cls, args, kwargs);
        }
        const Value* size_cls = detail::dynamo::size_class(vm());
        if (size_cls && x->cls.identical(*size_cls) && args.size() == 1 && kwargs.empty()) {
            std::vector<std::int64_t> dims;
            for (auto& d : items_of(args[0])) {
                if (!is_constant(d) || !constant_of(d).is_int()) unsupported("torch.Size of non-ints");
                dims.push_back(constant_of(d).as_int());
            }
            return make_variable(SizeVariable{std::move(dims)});
        }
        // torch.return_types: a tuple that also names its two items.
        if (const Value* init = x->cls.as<Class>()->lookup(vm().names().init); init && init->is<Function>() &&
            x->cls.as<Class>()->name()->view() == "_ReturnType" &&
            init->as<Function>()->code().as<Code>()->filename == "<torch>" && args.size() == 3 && kwargs.empty() &&
            is_constant(args[0])) {
            TupleVariable r{{args[1], args[2]}};
            r.return_type = x->cls;
            r.return_name = constant_of(args[0]);
            return make_variable(std::move(r));
        }
        // torch.device('cpu') / torch.dtype-like value objects of constants: made
        // now, a constant (Dynamo's TorchVariable folds torch.device too).
        if (ref<Module> torch = vm().find_module("torch")) {
            const Value* device = torch->dict()->find(intern("device"));
            bool constants = device && device->identical(x->cls);
            for (auto& a : args) constants = constants && is_constant(a);
            for (auto& [_, v] : kwargs) constants = constants && is_constant(v);
            if (constants) return constant_variable(call_on_constants(x->cls, args, kwargs, "torch.device"));
        }
        // torch.no_grad() / enable_grad(): an object of the frame's own
        // (Dynamo's GradModeVariable), its __new__ (the bare-decorator form)
        // not inlined; its __enter__ keeps the mode it replaces in `prev`.
        if (ref<Module> torch = vm().find_module("torch"); torch && args.empty() && kwargs.empty()) {
            for (const char* name : {"no_grad", "enable_grad"}) {
                const Value* mode = torch->dict()->find(intern(name));
                if (mode && mode->identical(x->cls)) {
                    ++st_.created_objects;
                    return make_variable(UserDefinedObjectVariable{Value::null(), x->cls, t.source});
                }
            }
        }
        // torch.Tensor([1e10]) (the legacy constructor on data): torch.tensor
        // of the data as float32, as Dynamo traces it.
        if (ref<Module> torch = vm().find_module("torch"); torch && args.size() == 1 && kwargs.empty()) {
            const Value* tensor_cls = torch->dict()->find(intern("Tensor"));
            VariableTracker& data = get(args[0]);
            if (tensor_cls && tensor_cls->identical(x->cls) && (data.is<ListVariable>() || data.is<TupleVariable>())) {
                const Value* tensor_fn = torch->dict()->find(intern("tensor"));
                const Value* f32 = torch->dict()->find(intern("float32"));
                if (tensor_fn && f32)
                    return call(build_variable(st_, *tensor_fn, nullptr), {args[0]},
                                {{intern("dtype"), constant_variable(*f32)}});
            }
        }
        // E(value) of an Enum: a lookup among the members the class made
        // when it was defined (its identity is guarded), so a constant.
        if (VariablePtr member = enum_member(x->cls, args, kwargs)) return member;
        if (VariablePtr made = construct_object(fn, args, kwargs)) return made;
        unsupported("creating an instance of '" + std::string(x->cls.is<Class>() ? x->cls.as<Class>()->name()->view() : "?") + "'");
    }
    if (auto* x = t.as<SkipFunctionVariable>()) unsupported(x->reason);
    // seq[a:b](x): the slice of an nn.Sequential runs its members in turn.
    if (auto* l = t.as<ListVariable>(); l && l->sequential && args.size() == 1 && kwargs.empty()) {
        VariablePtr x = args[0];
        const std::vector<VariablePtr> members = l->items;
        for (const VariablePtr& m : members) x = call(m, {x}, {});
        return x;
    }
    unsupported("calling " + std::string(variable_kind_name(t)));
}

inline VariablePtr InstructionTranslator::call_op(const OpDef& op, bool as_method, std::vector<VariablePtr>& args,
                                                  std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    // torch.sigmoid(x, out=y): the op, then the prelude's _write_out (as the VM runs it).
    if (auto out = std::find_if(kwargs.begin(), kwargs.end(), [](auto& kw) { return kw.first->view() == "out"; });
        !as_method && out != kwargs.end() && !vm().out_variants().write_out.is_null()) {
        VariablePtr target = out->second;
        kwargs.erase(out);
        if (op.cls == OpClass::factory && get(target).is<TensorVariable>() &&
            std::none_of(kwargs.begin(), kwargs.end(), [](auto& kw) { return kw.first->view() == "dtype"; }))
            kwargs.emplace_back(intern("dtype"),
                                constant_variable(dtype_value(get(target).as<TensorVariable>()->node->tensor_meta()->dtype())));
        VariablePtr result = call_op(op, false, args, kwargs);
        if (is_constant(target) && constant_of(target).is_none()) return result;
        return call(build_variable(st_, vm().out_variants().write_out, nullptr),
                    {result, target, constant_variable(str(std::string(op.name)))}, {});
    }
    const std::size_t first = op.cls == OpClass::factory ? 0 : 1;
    if (detail::torch_glue::packs_sizes(op.name) && args.size() > first && is_constant(args[first]) &&
        constant_of(args[first]).is_integral()) {
        std::vector<VariablePtr> packed(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(first));
        std::vector<VariablePtr> sizes;
        std::size_t i = first;
        while (i < args.size() && get(args[i]).is<ConstantVariable>() && constant_of(args[i]).is_integral())
            sizes.push_back(args[i++]);
        packed.push_back(make_variable(TupleVariable{std::move(sizes)}));
        packed.insert(packed.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
        args = std::move(packed);
    }
    if ((op.name == "cat" || op.name == "stack") && !args.empty() && get(args[0]).is<ListVariable>())
        args[0] = make_variable(TupleVariable{items_of(args[0])});
    if (op.cls == OpClass::factory) {
        // device='cpu' changes nothing; requires_grad= has no graph meaning (no autograd).
        std::erase_if(kwargs, [&](auto& kw) {
            const std::string_view key = kw.first->view();
            if (key == "pin_memory") return true;
            if (key == "layout") {  // torch.strided, the one layout (x.layout)
                auto* o = get(kw.second).template as<UserDefinedObjectVariable>();
                Value layout = o && !o->created() ? o->obj : is_constant(kw.second) ? constant_of(kw.second) : Value::null();
                if (layout.is_none()) return true;
                if (layout.is_null() || vm().str(layout) != "torch.strided") unsupported("a factory's layout other than torch.strided");
                return true;
            }
            if (key != "device" && key != "requires_grad") return false;
            if (!is_constant(kw.second)) unsupported("a factory's " + std::string(key) + " that is not a constant");
            const Value v = constant_of(kw.second);
            if (key == "requires_grad" && truth(kw.second)) unsupported("requires_grad=True in a compiled frame (no autograd)");
            if (key == "device") detail::torch_glue::check_device(v);
            return true;
        });
    }
    Args fx_args;
    for (auto& a : args) fx_args.push_back(argument_of(a));
    Kwargs fx_kwargs;
    for (auto& [k, v] : kwargs) fx_kwargs.push_back(NodeKwarg{k, argument_of(v)});
    Node* node;
    try {
        node = as_method ? st_.graph->call_method(op.name, std::move(fx_args), std::move(fx_kwargs))
                         : st_.graph->call_function(op, std::move(fx_args), std::move(fx_kwargs));
    } catch (const Unsupported&) {
        throw;
    } catch (const Error& e) {
        unsupported(std::string(op.name) + ": " + e.message());
    }
    return wrap_node(node);
}

// torch.sigmoid(x, out=y): y.copy_(result) when the shapes agree; a y made
// in the frame otherwise takes the result's shape (torch's resize_output):
// its tracker moves to the result, so every reference sees the new tensor.
// A y from outside that would be resized breaks the graph, as in Dynamo.
inline VariablePtr InstructionTranslator::write_out(const VariablePtr& result, const VariablePtr& out) {
    auto* r = get(result).as<TensorVariable>();
    if (!r) unsupported("out= given a result that is not a tensor");
    const Tensor& rm = *r->node->tensor_meta();
    const Tensor& om = *get(out).as<TensorVariable>()->node->tensor_meta();
    if ((is_floating(rm.dtype()) && !is_floating(om.dtype())) || (om.dtype() == dtype::bool_ && rm.dtype() != dtype::bool_))
        unsupported("out= of a dtype the result cannot be cast to");
    std::vector<std::pair<Str*, VariablePtr>> no_kwargs;
    if (std::ranges::equal(rm.sizes(), om.sizes())) {
        std::vector<VariablePtr> a{result};
        call_tensor_method(out, intern("copy_"), a, no_kwargs);
        return out;
    }
    if (get(out).source || get(out).as<TensorVariable>()->node->op() == NodeOpcode::placeholder)
        unsupported("out variants with resizing on graph inputs");
    VariablePtr fresh = result;
    if (rm.dtype() != om.dtype()) {
        std::vector<VariablePtr> a{constant_variable(dtype_value(om.dtype()))};
        fresh = call_tensor_method(result, intern("to"), a, no_kwargs);
    }
    if (!rm.is_contiguous()) {
        std::vector<VariablePtr> a;
        fresh = call_tensor_method(fresh, intern("contiguous"), a, no_kwargs);
    }
    get(out).as<TensorVariable>()->node = get(fresh).as<TensorVariable>()->node;
    return out;
}

inline VariablePtr InstructionTranslator::call_tensor_method(const VariablePtr& self, Str* name, std::vector<VariablePtr>& args,
                                                             std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    const std::string_view n = name->view();
    const Tensor* meta = get(self).as<TensorVariable>()->node->tensor_meta();
    // x.detach_() of a tensor that needs no grad (TENSOR_MATCH fixes the
    // flag): x itself, unchanged.
    if (n == "detach_") {
        if (!args.empty() || !kwargs.empty()) unsupported("Tensor.detach_ with arguments");
        if (meta->requires_grad()) unsupported("Tensor.detach_ of a tensor that requires grad");
        return self;
    }
    // TENSOR_MATCH checks sizes and strides, not where a view starts in its
    // storage: x.storage_offset() is read at run time (a graph break), so
    // f(b[:2]) and f(b[2:4]) each see their own offset.
    if (n == "storage_offset") unsupported("Tensor.storage_offset() (not fixed by the tensor's guard)");
    // Metadata a TENSOR_MATCH guard fixes (sizes, strides, dtype): constants.
    if (n == "size" || n == "dim" || n == "ndimension" || n == "numel" || n == "is_contiguous" || n == "stride" ||
        n == "element_size" || n == "nelement") {
        for (auto& a : args)
            if (!is_constant(a)) unsupported("Tensor." + std::string(n) + " with a non-constant argument");
        // x.size(dim=1), x.stride(dim=0): the keyword as the positional argument.
        if (kwargs.size() == 1 && args.empty() && kwargs[0].first->view() == "dim" && (n == "size" || n == "stride") &&
            is_constant(kwargs[0].second)) {
            args.push_back(kwargs[0].second);
            kwargs.clear();
        }
        std::vector<KwArg> kws;  // x.is_contiguous(memory_format=torch.channels_last)
        for (auto& [k, v] : kwargs) {
            auto* o = get(v).as<UserDefinedObjectVariable>();
            if (o && !o->created()) kws.push_back(KwArg{k, o->obj});
            else if (is_constant(v)) kws.push_back(KwArg{k, constant_of(v)});
            else unsupported("Tensor." + std::string(n) + " with a non-constant keyword");
        }
        if (n == "size" && args.empty() && kws.empty())
            return make_variable(SizeVariable{std::vector<std::int64_t>(meta->sizes().begin(), meta->sizes().end())});
        std::vector<Value> values;
        for (auto& a : args) values.push_back(constant_of(a));
        try {
            const Value& fake = get(self).as<TensorVariable>()->node->val();
            return build_variable(st_, vm().call_value(vm().getattr(fake, name), values, kws), nullptr);
        } catch (const Error& e) {
            unsupported(e.message());
        }
    }
    if (n == "item" || n == "tolist" || n == "__int__" || n == "__float__" || n == "backward" || n == "numpy")
        unsupported("Tensor." + std::string(n) + "() needs the tensor's data (a graph break in Dynamo)");
    args.insert(args.begin(), self);
    // A method torch's guest code defines (x.split, x.var, x.max(dim)...) is
    // inlined, as Dynamo inlines torch's Python-level Tensor methods.
    if (const Value* m = vm().types().tensor->dict()->find(name); m && m->is<Function>())
        return inline_function(build_variable(st_, *m, nullptr), std::move(args), std::move(kwargs));
    if (const OpDef* op = find_op(n)) return call_op(*op, true, args, kwargs);
    unsupported("the tensor method '" + std::string(n) + "'");
}

inline VariablePtr InstructionTranslator::call_container_method(const VariablePtr& self, Str* name, std::vector<VariablePtr>& args,
                                                                std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    InstanceDictSync sync{*this, self};
    const std::string_view n = name->view();
    VariableTracker& t = get(self);
    auto none = [] { return constant_variable(Value()); };
    // list.sort(key=, reverse=): keys that are constants (key= inlined).
    // While it sorts, the list is empty (a key reading it sees []), and a
    // key that fills it is ValueError, as CPython's list.sort.
    if (auto* l = t.as<ListVariable>(); l && n == "sort" && args.empty() && l->backing.is_null()) {
        std::vector<VariablePtr> items = std::move(l->items);
        l->items.clear();
        st_.mark_mutated(self);
        std::vector<VariablePtr> ordered;
        try {
            ordered = sorted_items(items, kwargs, "list.sort()");
        } catch (...) {
            get(self).as<ListVariable>()->items = std::move(items);
            throw;
        }
        auto& after = get(self).as<ListVariable>()->items;
        const bool modified = !after.empty();
        after = std::move(ordered);
        if (modified) raise_python(exc::ValueError, {str("list modified during sort")});
        return none();
    }
    // xs.__getitem__(i), xs.__add__(ys), d.__or__(e), xs.__lt__(ys), ...:
    // the operation itself (a plain list, tuple or dict; a subclass's own
    // overrides were looked up before). Another type's operand to a
    // comparison is NotImplemented, as the slot wrappers answer.
    const bool plain = t.is<ListVariable>() || t.is<TupleVariable>() ||
                       (t.is<ConstDictVariable>() && t.peek<ConstDictVariable>()->subclass.is_null());
    if (plain && kwargs.empty() && args.size() <= 2 && n.size() > 4 && n.starts_with("__") && n.ends_with("__")) {
        static constexpr std::pair<std::string_view, BinaryOp> binary_ops[] = {
            {"__add__", NB_ADD}, {"__mul__", NB_MULTIPLY}, {"__iadd__", NB_INPLACE_ADD},
            {"__imul__", NB_INPLACE_MULTIPLY}, {"__or__", NB_OR}, {"__ior__", NB_INPLACE_OR}};
        static constexpr std::pair<std::string_view, CompareOp> compare_ops[] = {
            {"__lt__", CMP_LT}, {"__le__", CMP_LE}, {"__eq__", CMP_EQ}, {"__ne__", CMP_NE}, {"__gt__", CMP_GT}, {"__ge__", CMP_GE}};
        const bool is_dict = t.is<ConstDictVariable>();
        if (args.size() == 1) {
            for (auto [dunder, op] : binary_ops)
                if (n == dunder && (op == NB_OR || op == NB_INPLACE_OR) == is_dict) {
                    if (!is_dict && (op == NB_MULTIPLY || op == NB_INPLACE_MULTIPLY) &&
                        !(is_constant(args[0]) && constant_of(args[0]).is_integral())) {
                        if (!is_constant(args[0])) unsupported("a sequence's " + std::string(n) + " by a value that is not a constant");
                        raise_python(exc::TypeError, {str(detail::not_an_integer(constant_of(args[0])))});
                    }
                    // (dict's |= takes what update() takes; | only a dict)
                    if (is_dict && op == NB_OR && !get(args[0]).is<ConstDictVariable>()) return constant_variable(vm().not_implemented());
                    return binary(op, self, args[0]);
                }
            if (n == "__rmul__" && !is_dict) {
                if (is_constant(args[0]) && !constant_of(args[0]).is_integral())
                    raise_python(exc::TypeError, {str(detail::not_an_integer(constant_of(args[0])))});
                return binary(NB_MULTIPLY, self, args[0]);
            }
            for (auto [dunder, op] : compare_ops)
                if (n == dunder && (!is_dict || op == CMP_EQ || op == CMP_NE)) {
                    VariableTracker& other = get(args[0]);
                    const bool same_type = is_dict ? other.is<ConstDictVariable>()
                                           : t.is<ListVariable>() ? other.is<ListVariable>()
                                                                  : other.is<TupleVariable>();
                    if (!same_type) return constant_variable(vm().not_implemented());
                    return compare(op, self, args[0]);
                }
            if (n == "__getitem__") return subscript(self, args[0]);
            if (n == "__contains__") return compare(CMP_IN, args[0], self);
        }
        if (args.size() == 1 && n == "__delitem__" && !t.is<TupleVariable>()) {
            delete_subscript(self, args[0]);
            return none();
        }
        if (args.size() == 2 && n == "__setitem__" && !t.is<TupleVariable>()) {
            store_subscript(self, args[0], args[1]);
            return none();
        }
        if (args.empty() && n == "__len__") {
            const std::size_t size = is_dict ? t.as<ConstDictVariable>()->items.size() : items_of(self).size();
            return constant_variable(Value(static_cast<std::int64_t>(size)));
        }
        if (args.empty() && n == "__iter__") return iterate(self);
    }
    if (!kwargs.empty() && !(t.is<ConstDictVariable>() && (n == "popitem" || n == "move_to_end" || n == "update")))
        unsupported("keywords to a container method");
    if (auto* l = t.as<ListVariable>()) {
        if (n == "append" && args.size() == 1) {
            l->items.push_back(args[0]);
            st_.mark_mutated(self);
            return none();
        }
        if (n == "extend" && args.size() == 1) {
            for (auto& x : items_of(args[0])) l->items.push_back(x);
            st_.mark_mutated(self);
            return none();
        }
        if (n == "insert" && args.size() == 2 && is_constant(args[0]) && constant_of(args[0]).is_int()) {
            std::int64_t i = constant_of(args[0]).as_int(), size = static_cast<std::int64_t>(l->items.size());
            if (i < 0) i = std::max<std::int64_t>(0, i + size);
            i = std::min(i, size);
            l->items.insert(l->items.begin() + i, args[1]);
            st_.mark_mutated(self);
            return none();
        }
        if (n == "pop" && args.size() <= 1) {
            if (l->items.empty()) raise_python(exc::IndexError, {str("pop from empty list")});
            std::int64_t i = static_cast<std::int64_t>(l->items.size()) - 1;
            if (!args.empty()) {
                if (!is_constant(args[0]) || !constant_of(args[0]).is_int()) unsupported("list.pop with a non-int");
                i = constant_of(args[0]).as_int();
                if (i < 0) i += static_cast<std::int64_t>(l->items.size());
                if (i < 0 || i >= static_cast<std::int64_t>(l->items.size()))
                    raise_python(exc::IndexError, {str("pop index out of range")});
            }
            VariablePtr out = l->items[static_cast<std::size_t>(i)];
            l->items.erase(l->items.begin() + i);
            st_.mark_mutated(self);
            return out;
        }
        if (n == "clear" && args.empty()) {
            l->items.clear();
            st_.mark_mutated(self);
            return none();
        }
        if (n == "reverse" && args.empty()) {
            std::reverse(l->items.begin(), l->items.end());
            st_.mark_mutated(self);
            return none();
        }
        if (n == "copy" && args.empty()) return make_variable(ListVariable{l->items});
        if (n == "remove" && args.size() == 1) {
            for (std::size_t i = 0; i < l->items.size(); ++i)
                if (item_equals(l->items[i], args[0])) {
                    l->items.erase(l->items.begin() + static_cast<std::ptrdiff_t>(i));
                    st_.mark_mutated(self);
                    return none();
                }
            raise_python(exc::ValueError, {str("list.remove(x): x not in list")});
        }
    }
    if (auto* d = t.peek<ConstDictVariable>()) {
        auto find = [&](const VariablePtr& k) -> std::pair<Value, VariablePtr>* {
            const Value kv = dict_key(k);
            for (auto& item : d->items)
                if (vm().eq(item.first, kv)) return &item;
            return nullptr;
        };
        // d.get('a') of a present key, as d['a']; every other method depends
        // on the key set.
        if (n == "get" && kwargs.empty() && (args.size() == 1 || args.size() == 2))
            if (auto* item = find(args[0])) return present_key_value(*d, *item);
        d->keys_read = true;
        using Of = DictViewVariable::Of;
        if (n == "keys" && args.empty()) return make_variable(DictViewVariable{self, Of::keys});
        if (n == "values" && args.empty()) return make_variable(DictViewVariable{self, Of::values});
        if (n == "items" && args.empty()) return make_variable(DictViewVariable{self, Of::items});
        if (n == "get" && (args.size() == 1 || args.size() == 2)) {
            if (auto* item = find(args[0])) return item->second;
            return args.size() == 2 ? args[1] : none();
        }
        if (n == "copy" && args.empty()) return make_variable(ConstDictVariable{d->items, d->ordered});
        // popitem(): the last pair (an OrderedDict's popitem(last=False): the first).
        if (n == "popitem" && args.size() <= 1 && (args.empty() || (d->ordered && is_constant(args[0])))) {
            bool last = true;
            for (auto& [k, v] : kwargs) {
                if (!d->ordered || k->view() != "last" || !is_constant(v)) unsupported("popitem() with these arguments");
                last = truth(v);
            }
            if (!args.empty()) last = truth(args[0]);
            if (d->items.empty()) unsupported(d->ordered ? "KeyError: 'dictionary is empty'" : "KeyError: 'popitem(): dictionary is empty'");
            auto at = last ? d->items.end() - 1 : d->items.begin();
            VariablePtr pair = make_variable(TupleVariable{{key_variable(at->first), at->second}});
            d->items.erase(at);
            st_.mark_mutated(self);
            return pair;
        }
        // OrderedDict.move_to_end(key, last=True)
        if (n == "move_to_end" && d->ordered && (args.size() == 1 || args.size() == 2)) {
            bool last = args.size() == 2 ? truth(args[1]) : true;
            for (auto& [k, v] : kwargs) {
                if (k->view() != "last" || !is_constant(v)) unsupported("move_to_end() with these arguments");
                last = truth(v);
            }
            auto* item = find(args[0]);
            if (!item) unsupported("KeyError in OrderedDict.move_to_end");
            auto pair = *item;
            d->items.erase(d->items.begin() + (item - d->items.data()));
            if (last) d->items.push_back(std::move(pair));
            else d->items.insert(d->items.begin(), std::move(pair));
            st_.mark_mutated(self);
            return none();
        }
        if (n == "pop" && (args.size() == 1 || args.size() == 2)) {
            if (auto* item = find(args[0])) {
                VariablePtr out = item->second;
                d->items.erase(d->items.begin() + (item - d->items.data()));
                st_.mark_mutated(self);
                return out;
            }
            if (args.size() == 2) return args[1];
            if (is_constant(args[0])) raise_python(exc::KeyError, {constant_of(args[0])});
            unsupported("KeyError in dict.pop");
        }
        if (n == "setdefault" && (args.size() == 1 || args.size() == 2)) {
            if (auto* item = find(args[0])) return item->second;
            d->items.emplace_back(dict_key(args[0]), args.size() == 2 ? args[1] : none());
            st_.mark_mutated(self);
            return d->items.back().second;
        }
        if (n == "update" && args.size() <= 1) {
            // update(mapping or pairs, **kwargs)
            std::vector<std::pair<Value, VariablePtr>> incoming;
            if (!args.empty()) {
                if (auto* other = get(args[0]).as<ConstDictVariable>()) {
                    incoming = other->items;
                } else if (is_constant(args[0]) && (constant_of(args[0]).is_number() || constant_of(args[0]).is_none())) {
                    // (what CPython's dict_update_arg says of a non-iterable)
                    raise_python(exc::TypeError, {str("'" + detail::tname(constant_of(args[0])) + "' object is not iterable")});
                } else if (get(args[0]).is<ListVariable>() || get(args[0]).is<TupleVariable>() ||
                           get(args[0]).is<ListIteratorVariable>() || get(args[0]).is<DictViewVariable>()) {
                    for (auto& pair : items_of(args[0])) {
                        std::vector<VariablePtr> kv = items_of(pair);
                        if (kv.size() != 2) unsupported("dict.update with items that are not pairs");
                        incoming.emplace_back(dict_key(kv[0]), kv[1]);
                    }
                } else {
                    unsupported("dict.update with a non-dict");
                }
            }
            for (auto& [k, v] : kwargs) incoming.emplace_back(Value::borrow(k), v);
            for (auto& [k, v] : incoming) {
                if (auto* item = find(key_variable(k))) item->second = v;
                else d->items.emplace_back(k, v);
            }
            st_.mark_mutated(self);
            return none();
        }
        if (n == "clear" && args.empty()) {
            d->items.clear();
            st_.mark_mutated(self);
            return none();
        }
        if (n == "__contains__" && args.size() == 1) return constant_variable(Value(find(args[0]) != nullptr));
        // dict's own protocol methods, as a subclass's super().__setitem__(k, v) reaches them.
        if (n == "__setitem__" && args.size() == 2) {
            dict_put(*d, dict_key(args[0]), args[1]);
            st_.mark_mutated(self);
            return none();
        }
        if (n == "__getitem__" && args.size() == 1) {
            if (auto* item = find(args[0])) return item->second;
            if (is_constant(args[0])) raise_python(exc::KeyError, {dict_key(args[0])});
            unsupported("KeyError");
        }
        if (n == "__len__" && args.empty()) return constant_variable(Value(static_cast<std::int64_t>(d->items.size())));
    }
    if (t.is<TupleVariable>() || t.is<SizeVariable>() || (t.is<ListVariable>() && (n == "index" || n == "count")) ||
        (t.is<SizeVariable>() && n == "numel")) {
        if (t.is<SizeVariable>() && n == "numel" && args.empty()) {
            std::int64_t p = 1;
            for (auto d : t.as<SizeVariable>()->dims) p *= d;
            return constant_variable(Value(p));
        }
        if ((n == "index" || n == "count") && !args.empty()) {
            std::vector<Value> values;  // (x itself a null when it is not a constant)
            for (std::size_t k = 0; k < args.size(); ++k) {
                if (k > 0 && !is_constant(args[k])) unsupported(std::string(n) + " with a bound that is not a constant");
                values.push_back(is_constant(args[k]) ? constant_of(args[k]) : Value::null());
            }
            std::vector<Value> items;
            const std::vector<VariablePtr> tracked = items_of(self);
            bool constants = !values[0].is_null();
            for (auto& i : tracked) {
                constants = constants && is_constant(i);
                if (constants) items.push_back(constant_of(i));
            }
            // Items that are not constants (objects, tensors): each tested as
            // CPython does, identity first, then item == x.
            if (!constants && (n == "index" ? args.size() <= 3 : args.size() == 1)) {
                const auto size = static_cast<std::int64_t>(tracked.size());
                auto bound = [&](std::size_t k, std::int64_t fallback) {
                    if (args.size() <= k) return fallback;
                    std::int64_t b = values[k].as_integral();
                    if (b < 0) b = std::max<std::int64_t>(0, b + size);
                    return std::min(b, size);
                };
                for (std::size_t k = 1; k < args.size(); ++k)
                    if (!values[k].is_integral()) unsupported(std::string(n) + " with a bound that is not an int");
                std::int64_t found = 0;
                for (std::int64_t i = bound(1, 0), stop = bound(2, size); i < stop; ++i)
                    if (item_equals(tracked[static_cast<std::size_t>(i)], args[0])) {
                        if (n == "index") return constant_variable(Value(i));
                        ++found;
                    }
                if (n == "count") return constant_variable(Value(found));
                if (values[0].is_null()) unsupported("index() of an item that is not a constant, not found");
                raise_python(exc::ValueError, {str(t.is<ListVariable>() ? vm().repr(values[0]) + " is not in list"
                                                                        : std::string("tuple.index(x): x not in tuple"))});
            }
            if (!constants) unsupported(std::string(n) + " over non-constants");
            const Value seq = t.is<ListVariable>() ? list(std::move(items)) : tuple(std::move(items));
            try {
                return build_variable(st_, vm().call_method(seq, name, values), nullptr);
            } catch (const Unsupported&) {
                throw;
            } catch (const Error& e) {
                raise_folded(e, n);
            }
        }
    }
    // A call the real method refuses for its argument count or its
    // arguments' types alone (xs.append(), xs.pop(1, 2), xs.extend(1),
    // xs.__delitem__(1.5)): its TypeError, raised in the trace. The method
    // runs on an empty container of self's type with stand-ins of the
    // arguments' types (type_probe); an argument without one is None, and
    // then only an argument-count error counts.
    // (A dict subclass's or an OrderedDict's built-in method: probed on an
    // empty dict of that order, its Python overrides were inlined before.)
    Value empty;
    bool probed = type_probe(self, empty);
    if (auto* d = t.as<ConstDictVariable>(); d && !probed) {
        auto made = make_ref<Dict>();
        made->set_ordered(d->ordered);
        empty = Value(std::move(made));
        probed = true;
    }
    if (kwargs.empty() && probed) {
        std::vector<Value> probes(args.size(), Value());
        bool typed = true;
        for (std::size_t i = 0; i < args.size(); ++i) typed = type_probe(args[i], probes[i]) && typed;
        std::optional<Error> refused;
        Value ignored;
        if (vm().try_getattr(empty, name, ignored)) {
            try {
                vm().call_method(empty, name, probes);
            } catch (const Error& e) {
                refused = e;
            }
        }
        if (refused && refused->kind() == exc::TypeError &&
            (typed || refused->message().find("argument") != std::string::npos))
            raise_python(exc::TypeError, {str(refused->message())});
    }
    unsupported("the method '" + std::string(n) + "' of " + std::string(variable_kind_name(t)));
}

inline VariablePtr InstructionTranslator::call_builtin(std::string_view n, const Value& callable, std::vector<VariablePtr>& args,
                                                       std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    auto all_constant = [&] { return constant_args(args, kwargs); };
    auto fold = [&]() -> VariablePtr { return build_variable(st_, call_on_constants(callable, args, kwargs, n), nullptr); };
    // The builtin over one list of the items' constants (max(xs), any(gen)),
    // or nullptr when an item is not a constant.
    auto fold_items = [&](const std::vector<VariablePtr>& items) -> VariablePtr {
        std::vector<Value> values;
        if (!constant_values(items, values)) return nullptr;
        Value seq = list(std::move(values));
        try {
            return build_variable(st_, vm().call_value(callable, std::span<const Value>(&seq, 1)), nullptr);
        } catch (const Unsupported&) {
            throw;
        } catch (const Error& e) {
            raise_folded(e, n);
        }
    };
    if (auto* b = callable.dyn<Builtin>(); b && !b->self().is_null() && !b->self().is_none()) return fold();
    if (n == "is_compiling" || n == "is_dynamo_compiling") return constant_variable(Value(true));
    if (n == "is_exporting" && args.empty()) return constant_variable(Value(false));
    // Grad mode (Dynamo's GradModeVariable): read and set at trace time, so the
    // ops traced after a change record grad as the eager ops would. A change
    // adds a torch._C._set_grad_enabled node, as Dynamo records it (a call of
    // torch._C._set_grad_enabled itself, which passes `record`, adds the node
    // even when the mode stays: Dynamo coalesces only its GradModeVariable's
    // changes, the managers'); the outputs' grad_fn is stamped by the graph
    // interpreter from the traced
    // values. The frame restores the mode it was entered with
    // (DynamoState::compile_attempt).
    if (n == "is_grad_enabled" && args.empty() && kwargs.empty())
        return constant_variable(Value(vm().global_state().grad_enabled));
    if (n == "_set_grad_enabled" && kwargs.empty() && (args.size() == 1 || args.size() == 2)) {
        if (!all_constant()) unsupported("torch." + std::string(n) + "() with a non-constant mode");
        const bool before = vm().global_state().grad_enabled;
        const bool record = args.size() == 2 && vm().truthy(constant_of(args[1]));
        fold();
        const bool after = vm().global_state().grad_enabled;
        st_.graph->set_grad_enabled(after);
        if (after != before || record) st_.graph->call_function("torch._C._set_grad_enabled", Args{Argument(Value(after))});
        return constant_variable(Value());
    }
    // A guest function's result names its grad_fn (torch._set_grad_fn): the
    // traced value takes the name, the graph nothing.
    if (n == "_set_grad_fn" && args.size() == 2 && kwargs.empty() && is_constant(args[1]) &&
        constant_of(args[1]).is<Str>()) {
        const char* name = grad_fn_name(constant_of(args[1]).as<Str>()->view());
        auto rename = [&](const VariablePtr& v) {
            if (auto* x = get(v).as<TensorVariable>())
                if (Tensor* meta = x->node->tensor_meta(); meta && meta->grad_fn()) meta->set_grad_fn(name);
        };
        if (get(args[0]).is<TupleVariable>()) {
            for (const VariablePtr& item : items_of(args[0])) rename(item);
        } else {
            rename(args[0]);
        }
        return args[0];
    }
    // torch._record_node(t, op, args, output, name): guest code's own
    // autograd node on a tensor it computed without history (a mask
    // activation's, F.pad's, F.embedding's). A node of the graph records it
    // on the real tensor when the graph runs (impure, as an in-place call:
    // it changes t's autograd state); the traced value requires grad under
    // the name. A torch function that does this is mostly recorded as one
    // call, whose body's nodes this one goes away with.
    if (n == "_record_node" && args.size() == 5 && kwargs.empty() && is_constant(args[1]) && is_constant(args[3]) &&
        is_constant(args[4]) && constant_of(args[4]).is<Str>()) {
        auto* x = get(args[0]).as<TensorVariable>();
        if (!x) unsupported("torch._record_node() on a value that is not a tensor");
        Args node_args;
        for (auto& a : args) {
            if (!graph_argument(a)) unsupported("torch._record_node() with an argument a graph node cannot hold");
            node_args.push_back(argument_of(a));
        }
        Tensor* meta = x->node->tensor_meta();
        if (!meta) unsupported("torch._record_node() on a tensor without metadata");
        meta->set_grad_fn(grad_fn_name(constant_of(args[4]).as<Str>()->view()));
        st_.graph->call_guest(NodeOpcode::call_function, "torch._record_node", callable, std::move(node_args), {},
                              Value(), true);
        return args[0];
    }
    // torch._check_data(cond, message) on a tensor: a graph node (impure,
    // kept by dead-code elimination) that raises when the graph runs.
    if (n == "_check_data" && args.size() == 2 && kwargs.empty() && get(args[0]).is<TensorVariable>() &&
        is_constant(args[1])) {
        st_.graph->call_guest(NodeOpcode::call_function, "torch._check_data", callable,
                              Args{argument_of(args[0]), argument_of(args[1])}, {}, Value(), false, true);
        return constant_variable(Value());
    }
    if (n == "_grad_fn_name" && args.size() == 1 && kwargs.empty()) {
        if (auto* x = get(args[0]).as<TensorVariable>()) {
            const Tensor* meta = x->node->tensor_meta();
            return constant_variable(meta && meta->grad_fn() ? str(meta->grad_fn()) : Value());
        }
    }
    if (n == "is_tensor" && args.size() == 1) return constant_variable(Value(get(args[0]).is<TensorVariable>()));
    // torch.numel(t): a static size, so a constant (as t.numel() is).
    if (n == "numel" && args.size() == 1 && kwargs.empty())
        if (auto* x = get(args[0]).as<TensorVariable>()) return constant_variable(Value(x->node->tensor_meta()->numel()));
    if (n == "get_default_dtype" && args.empty()) return fold();
    if (n == "set_default_dtype") unsupported("torch.set_default_dtype() (a global side effect)");
    if (n == "graph_break") unsupported("torch._dynamo.graph_break()");
    if (n == "print") unsupported("print() (a side effect Dynamo does not trace)");
    if (n == "len" && args.size() == 1 && kwargs.empty()) {
        VariableTracker& t = get(args[0]);
        if (auto* x = t.as<TensorVariable>()) {
            const Tensor* meta = x->node->tensor_meta();
            if (meta->dim() == 0) unsupported("len() of a 0-d tensor");
            return constant_variable(Value(meta->sizes()[0]));
        }
        if (const Value* m = dict_override(args[0], "__len__"))
            return inline_function(build_variable(st_, *m, nullptr), {args[0]}, {});
        if (t.is<UserDefinedObjectVariable>()) {
            const Value* fn = class_lookup(args[0], vm().names().len);
            if (!fn || !fn->is<Function>()) unsupported("len() of an object without a Python __len__");
            return checked_len(inline_function(build_variable(st_, *fn, nullptr), {args[0]}, {}));
        }
        if (t.is<ConstantVariable>()) return fold();
        return constant_variable(Value(static_cast<std::int64_t>(items_of(args[0]).size())));
    }
    if (n == "isinstance" && args.size() == 2 && kwargs.empty()) {
        Class* tp = python_type(args[0]);
        Value cls;
        if (is_constant(args[1])) {
            cls = constant_of(args[1]);
        } else if (auto* o = get(args[1]).as<UserDefinedObjectVariable>(); o && !o->created()) {
            cls = o->obj;  // typing.Mapping and its kind: their class's __subclasscheck__
        } else {
            unsupported("isinstance() with a non-constant class");
        }
        auto check = [&](const Value& c) {
            if (auto* k = c.dyn<Class>()) {
                // Whether an input tensor is an nn.Parameter is in its TENSOR_MATCH
                // (the type, as Dynamo's); a tensor the graph made never is one.
                // An ABC (collections.abc.Mapping, an abc.ABC with register()):
                // its __subclasshook__ on the type, as isinstance asks it eagerly.
                return tp->is_subclass_of(k) || standin::detail::builtins::builtin_mixin_of(vm(), tp, k) ||
                       standin::detail::builtins::abc_subclass_hook(vm(), k, tp);
            }
            if (c.kind() == Kind::instance && vm().type_of(c)->lookup(intern("__subclasscheck__"))) {
                const Value sub = Value::borrow(tp);
                return vm().truthy(vm().call_method(c, intern("__subclasscheck__"), std::span<const Value>(&sub, 1)));
            }
            unsupported("isinstance() arg 2 is not a class");
        };
        guard_abc_registry(cls);
        if (cls.is<Tuple>()) {
            for (const Value& c : cls.as<Tuple>()->items())
                if (check(c)) return constant_variable(Value(true));
            return constant_variable(Value(false));
        }
        return constant_variable(Value(check(cls)));
    }
    if (n == "type" && args.size() == 1)
        return build_variable(st_, Value::borrow(python_type(args[0])),
                              get(args[0]).is<UserDefinedObjectVariable>() ? object_type_source(args[0]) : nullptr);
    if (n == "range" && all_constant() && kwargs.empty()) {
        std::int64_t v[3] = {0, 0, 1};
        for (auto& a : args)
            if (!constant_of(a).is_integral()) unsupported("range() of a non-int");
        if (args.size() == 1) v[1] = constant_of(args[0]).as_integral();
        else if (args.size() >= 2) {
            v[0] = constant_of(args[0]).as_integral();
            v[1] = constant_of(args[1]).as_integral();
            if (args.size() == 3) v[2] = constant_of(args[2]).as_integral();
        } else {
            unsupported("range() without arguments");
        }
        if (v[2] == 0) unsupported("range() arg 3 must not be zero");
        return make_variable(RangeVariable{v[0], v[1], v[2]});
    }
    if ((n == "list" || n == "tuple") && args.size() <= 1 && kwargs.empty()) {
        std::vector<VariablePtr> items = args.empty() ? std::vector<VariablePtr>{} : items_of(args[0]);
        if (n == "list") return make_variable(ListVariable{std::move(items)});
        return make_variable(TupleVariable{std::move(items)});
    }
    if (n == "dict" && args.size() <= 1) {
        ConstDictVariable d;
        if (!args.empty()) {
            if (auto* src = get(args[0]).as<ConstDictVariable>()) {
                d.items = src->items;
            } else if (auto* o = get(args[0]).as<UserDefinedObjectVariable>();
                       o && o->klass()->lookup(intern("keys")) && o->klass()->lookup(vm().names().getitem)) {
                for (auto& [k, v] : mapping_pairs(args[0])) dict_put(d, k, v);  // dict(mapping)
            } else {  // dict(pairs): dict(zip(names, values)), dict(enumerate(xs))
                for (auto& pair : items_of(args[0])) {
                    std::vector<VariablePtr> kv = items_of(pair);
                    if (kv.size() != 2) unsupported("dict() of items that are not pairs");
                    dict_put(d, dict_key(kv[0]), kv[1]);
                }
            }
        }
        for (auto& [k, v] : kwargs) dict_put(d, Value::borrow(k), v);
        return make_variable(std::move(d));
    }
    // dict.fromkeys / OrderedDict.fromkeys (a classmethod: the class comes first).
    if (n == "fromkeys" && !args.empty() && get(args[0]).is<UserDefinedClassVariable>() &&
        (args.size() == 2 || args.size() == 3) &&
        (kwargs.empty() || (args.size() == 2 && kwargs.size() == 1 && kwargs[0].first->view() == "value"))) {
        Class* cls = constant_of(args[0]).as<Class>();
        if (cls != vm().types().dict.get() && cls != vm().types().ordered_dict.get())
            unsupported("fromkeys() of a dict subclass");
        if (!kwargs.empty() && cls != vm().types().ordered_dict.get())
            unsupported("dict.fromkeys() with keywords (it raises TypeError)");
        ConstDictVariable d;
        d.ordered = cls == vm().types().ordered_dict.get();
        VariablePtr value = args.size() == 3 ? args[2] : !kwargs.empty() ? kwargs[0].second : constant_variable(Value());
        for (auto& k : items_of(args[1])) dict_put(d, dict_key(k), value);
        return make_variable(std::move(d));
    }
    if (n == "iter" && args.size() == 1) return iterate(args[0]);
    if (n == "next" && (args.size() == 1 || args.size() == 2)) {
        VariablePtr it = args[0];
        // next(obj) of a guest iterator object: its __next__, inlined.
        if (get(it).is<UserDefinedObjectVariable>()) it = user_iterator(it, "next() of an object without a Python __next__");
        if (!get(it).is<ListIteratorVariable>()) unsupported("next() of a non-iterator");
        if (args.size() == 1) return next_or_raise(it);
        if (VariablePtr item = next_item(it)) return item;
        return args[1];
    }
    // zip, enumerate, map and filter: lazy iterators over iter() of their
    // arguments (see ListIteratorVariable::Lazy).
    using Lazy = ListIteratorVariable::Lazy;
    auto lazy = [&](Lazy kind, VariablePtr fn, std::size_t first, std::size_t last, std::int64_t count = 0) {
        ListIteratorVariable it{{}, 0, nullptr, nullptr, 0, kind, std::move(fn), {}, count};
        for (std::size_t i = first; i < last; ++i) it.inputs.push_back(iterate(args[i]));
        return make_variable(std::move(it));
    };
    if (n == "zip") {
        bool strict = false;
        for (auto& [k, v] : kwargs) {
            if (k->view() != "strict" || !is_constant(v)) unsupported("zip() with " + k->text() + "=");
            strict = vm().truthy(constant_of(v));
        }
        if (args.empty()) return make_variable(ListIteratorVariable{{}, 0, nullptr, nullptr, 0});  // zip(): empty
        return lazy(Lazy::zip, nullptr, 0, args.size(), strict ? 1 : 0);
    }
    if (n == "enumerate" && !args.empty() && args.size() <= 2) {
        std::int64_t start = 0;
        VariablePtr s = args.size() == 2 ? args[1] : nullptr;
        for (auto& [k, v] : kwargs)
            if (k->view() == "start") s = v;
        if (s) {
            if (!is_constant(s) || !constant_of(s).is_int()) unsupported("enumerate() with a non-int start");
            start = constant_of(s).as_int();
        }
        return lazy(Lazy::enumerate, nullptr, 0, 1, start);
    }
    if (n == "reversed" && args.size() == 1) {
        if (get(args[0]).is<ListVariable>()) {
            const auto last = static_cast<std::int64_t>(items_of(args[0]).size()) - 1;
            ListIteratorVariable it{{}, 0, nullptr, nullptr, 0, Lazy::reversed, nullptr, {args[0]}, last};
            return make_variable(std::move(it));
        }
        std::vector<VariablePtr> items = items_of(args[0]);
        std::reverse(items.begin(), items.end());
        return make_variable(ListIteratorVariable{std::move(items), 0, nullptr, nullptr, 0});
    }
    // map(f, xs...) and filter(f, xs): f is inlined per item as it is pulled.
    if (n == "map" && args.size() >= 2 && kwargs.empty()) return lazy(Lazy::map, args[0], 1, args.size());
    if (n == "filter" && args.size() == 2 && kwargs.empty()) {
        const bool identity = is_constant(args[0]) && constant_of(args[0]).is_none();
        return lazy(Lazy::filter, identity ? nullptr : args[0], 1, 2);
    }
    // callable(x) from what x is (a user object: whether its class has __call__).
    // id(obj) of an object from outside: a constant, with the object
    // ID_MATCH-guarded (as Dynamo's call_id); of one the trace made it is not known.
    if (n == "id" && args.size() == 1 && kwargs.empty()) {
        VariableTracker& a = get(args[0]);
        Value known;
        if (auto* o = a.as<UserDefinedObjectVariable>(); o && !o->created() && a.source) {
            st_.guard(a.source, IdMatch{o->obj});
            known = o->obj;
        } else if (auto* tv = a.as<TensorVariable>()) {
            // An input tensor (or one in-place updated from it): the real
            // object, ID_MATCH-guarded, as Dynamo's id() of a sourced tensor.
            const Source* source = nullptr;
            if (const Object* real = input_tensor_object(*tv, &source)) {
                known = Value::borrow(real);
                st_.guard(source, IdMatch{known});
            }
        } else if (a.is<UserDefinedClassVariable>() || a.is<UserFunctionVariable>() || a.is<PythonModuleVariable>() ||
                   a.is<BuiltinVariable>()) {
            known = constant_of(args[0]);  // guarded by identity already
        }
        if (known.is_null() || known.is_none()) unsupported("id() of " + std::string(variable_kind_name(a)));
        const Value* id_fn = vm().builtins().find(intern("id"));
        if (!id_fn) unsupported("id()");
        return constant_variable(vm().call_value(*id_fn, std::span<const Value>(&known, 1)));
    }
    // str(obj) / repr(obj) of a guest class with a Python __str__/__repr__: inlined.
    if ((n == "str" || n == "repr") && args.size() == 1 && kwargs.empty())
        if (auto* o = get(args[0]).as<UserDefinedObjectVariable>()) {
            // An exception's own str/repr (BaseException's): from its args,
            // read in the trace, on a stand-in of its class.
            Class* base_exception = vm().exception_class(exc::BaseException);
            Str* method = n == "str" ? vm().names().str : vm().names().repr;
            if (const Value* own = class_lookup(args[0], method); own && own == base_exception->lookup(method)) {
                VariablePtr exc_args = getattr(args[0], vm().names().args);
                if (!is_constant(exc_args) || !constant_of(exc_args).is<Tuple>())
                    unsupported(std::string(n) + "() of an exception whose args are not constants");
                auto stand_in = make_ref<Instance>(ref<Class>(o->klass()));
                stand_in->set_attr(vm().names().args, constant_of(exc_args));
                const Value v(std::move(stand_in));
                return constant_variable(str(n == "str" ? vm().str(v) : vm().repr(v)));
            }
            const Value* m = n == "str" ? class_lookup(args[0], vm().names().str) : nullptr;
            if (!m || !m->is<Function>()) m = class_lookup(args[0], vm().names().repr);
            if (m && m->is<Function>()) {
                VariablePtr r = inline_function(build_variable(st_, *m, nullptr), {args[0]}, {});
                if (!is_constant(r) || !constant_of(r).is<Str>()) unsupported(std::string(n) + "() returned non-string");
                return r;
            }
            // object's repr, '<module.Class object at 0x...>': of an object
            // from outside its own (ID_MATCH-guarded: the address is in it);
            // of one the trace made, an address of the trace's (the object
            // is built later), as Dynamo's repr of a new object differs too.
            if (!m || m->is<Builtin>()) {
                if (!o->created() && get(args[0]).source) {
                    st_.guard(get(args[0]).source, IdMatch{o->obj});
                    return constant_variable(str(vm().repr(o->obj)));
                }
                if (o->created()) {
                    Value stand_in = make_value<Instance>(ref<Class>(o->klass()));
                    return constant_variable(str(vm().repr(stand_in)));
                }
            }
        }
    if (n == "vars" && args.size() == 1 && kwargs.empty() && get(args[0]).is<UserDefinedObjectVariable>())
        return getattr(args[0], vm().names().dict);
    if (n == "callable" && args.size() == 1 && kwargs.empty() && !is_constant(args[0])) {
        VariableTracker& a = get(args[0]);
        if (a.is<UserDefinedObjectVariable>()) return constant_variable(Value(class_lookup(args[0], vm().names().call) != nullptr));
        if (a.is<TensorVariable>() || a.is<ListVariable>() || a.is<TupleVariable>() || a.is<ConstDictVariable>() ||
            a.is<SizeVariable>())
            return constant_variable(Value(false));
        if (a.is<UserFunctionVariable>() || a.is<NestedUserFunctionVariable>() || a.is<UserMethodVariable>() ||
            a.is<BuiltinVariable>() || a.is<TorchInGraphFunctionVariable>() || a.is<UserDefinedClassVariable>())
            return constant_variable(Value(true));
    }
    if (n == "sum" && !args.empty() && args.size() <= 2 && !all_constant() &&
        (kwargs.empty() || (kwargs.size() == 1 && args.size() == 1 && kwargs[0].first->view() == "start"))) {
        VariablePtr acc = args.size() == 2 ? args[1] : !kwargs.empty() ? kwargs[0].second : constant_variable(Value(std::int64_t{0}));
        for (auto& item : items_of(args[0])) acc = binary(NB_ADD, acc, item);
        return acc;
    }
    if (n == "abs" && args.size() == 1 && get(args[0]).is<TensorVariable>()) {
        std::vector<std::pair<Str*, VariablePtr>> none;
        return call_op(*find_op("abs"), false, args, none);
    }
    if ((n == "getattr" || n == "hasattr") && (args.size() == 2 || args.size() == 3) && is_constant(args[1]) &&
        constant_of(args[1]).is<Str>()) {
        Str* attr = intern(constant_of(args[1]).as<Str>()->view());
        VariableTracker& obj = get(args[0]);
        bool present;
        // hasattr's answer on an object from outside, guarded (present or absent).
        auto guard_presence = [&](bool is_present) {
            if (obj.source) st_.guard(obj.source, is_present ? LeafGuard(HasAttr{attr}) : LeafGuard(NoHasAttr{attr}));
        };
        // Every instance has __class__ and __dict__.
        const bool always = attr->view() == "__class__" || attr->view() == "__dict__";
        // An object whose class has a Python __getattr__ or __getattribute__,
        // or a descriptor (a property) under the name: the full lookup,
        // traced, as CPython's hasattr and getattr(o, name, default) run it
        // (a property's getter runs; AttributeError means absent, any other
        // error propagates).
        if (auto* o = obj.as<UserDefinedObjectVariable>(); o && !always) {
            const Class* cls = o->klass();
            const Value* c = cls->lookup(attr);
            const bool protocol = Interpreter::attr_hook(cls, intern("__getattr__")) ||
                                  Interpreter::attr_hook(cls, intern("__getattribute__")) ||
                                  (c && (standin::detail::as_property(c) || Interpreter::descriptor_method(c, vm().names().get_)));
            if (protocol) {
                try {
                    VariablePtr v = getattr(args[0], attr);
                    return n == "hasattr" ? constant_variable(Value(true)) : v;
                } catch (const TracedRaise& r) {
                    if (!python_type(r.exception)->is_subclass_of(vm().exception_class(exc::AttributeError))) throw;
                    if (n == "hasattr") return constant_variable(Value(false));
                    if (args.size() == 3) return args[2];
                    throw;
                }
            }
        }
        if (auto* o = obj.as<UserDefinedObjectVariable>(); o && always) {
            present = true;
            if (n == "getattr") unsupported("getattr(obj, '" + attr->text() + "')");
        } else if (auto* o = obj.as<UserDefinedObjectVariable>(); o && o->created()) {
            // (object's slot methods, __repr__ and __eq__, are every instance's)
            present = o->find(attr) || o->klass()->lookup(attr) || standin::detail::is_object_slot_name(attr->view());
        } else if (auto* o = obj.as<UserDefinedObjectVariable>()) {
            const TraceState::AttrStore* last = last_attr_store(args[0], attr);
            const bool stored = last != nullptr;
            const bool in_dict = o->obj.as<Instance>()->find_attr(attr) != nullptr;
            const bool found = in_dict || o->obj.as<Instance>()->cls()->lookup(attr) ||
                               standin::detail::is_object_slot_name(attr->view());
            present = stored || found;
            // After `del o.name` in this trace only the class can answer.
            if (stored && !last->value) present = o->obj.as<Instance>()->cls()->lookup(attr) != nullptr;
            // The guard's hasattr sees the class too: an attribute found on the
            // class is guarded present (guarding it absent could never pass).
            if (!stored) guard_presence(found);
            // Absent: a __getattr__ set on the class later would answer (its
            // absence, and object's __getattribute__, guarded).
            if (!present) {
                class_lookup(args[0], intern("__getattr__"));
                class_lookup(args[0], vm().names().getattribute_);
            }
        } else if (auto* d = obj.peek<ConstDictVariable>(); d && !d->subclass.is_null() && !obj.source) {
            present = subclass_instance(d->subclass)->cls()->lookup(attr) != nullptr ||
                      std::any_of(d->attrs.begin(), d->attrs.end(), [&](auto& kv) { return kv.first == attr; });
        } else if (auto* d = obj.peek<ConstDictVariable>(); d && !d->subclass.is_null()) {
            // A dict subclass from outside (a ModelOutput): its instance
            // attributes and its class, as for any guest object.
            Instance* inst = subclass_instance(d->subclass);
            const TraceState::AttrStore* last = last_attr_store(args[0], attr);
            const bool found = inst->find_attr(attr) != nullptr || inst->cls()->lookup(attr) != nullptr ||
                               python_type(args[0])->lookup(attr) != nullptr;
            present = last ? last->value != nullptr || inst->cls()->lookup(attr) != nullptr : found;
            if (!last) guard_presence(found);
        } else if (auto* m = obj.as<PythonModuleVariable>()) {
            // (guarded: a module may gain the attribute later, math.c = 4; a
            // name of a lazy part, torch.cummax, is loaded as a lookup loads it)
            const Module* mod = m->module.as<Module>();
            present = mod->dict()->find(attr) != nullptr;
            if (!present && vm().load_lazy_member(mod, attr)) present = mod->dict()->find(attr) != nullptr;
            guard_presence(present);
        } else if (auto* k = obj.as<ConstantVariable>(); k && n == "hasattr") {
            // hasattr(torch.float32, '_legacy_dtype') (x.type(dtype)): a constant's answer.
            Value ignored;
            present = vm().try_getattr(k->value, attr, ignored);
        } else if ((obj.is<ConstDictVariable>() || obj.is<SizeVariable>() || obj.is<ListVariable>() || obj.is<TupleVariable>() ||
                    obj.is<RangeVariable>() ||
                    (obj.is<ListIteratorVariable>() && obj.as<ListIteratorVariable>()->lazy == ListIteratorVariable::Lazy::generator)) &&
                   n == "hasattr") {
            // What a dict, list, tuple, range, torch.Size or generator has is its type's.
            const Class* type = python_type(args[0]);
            present = type->lookup(attr) != nullptr;
        } else if (auto* f = obj.as<UserFunctionVariable>()) {
            // hasattr(fn, '__wrapped__'), getattr(fn, '__signature__', None):
            // the function's answer, guarded present or absent.
            Value ignored;
            present = vm().try_getattr(f->fn, attr, ignored);
            guard_presence(present);
        } else if (auto* m = obj.as<UserMethodVariable>(); m && get(m->fn).is<UserFunctionVariable>()) {
            // A bound method: __func__ and __self__, else its function's answer
            // (getattr(method, '__signature__', None) in inspect.signature).
            const std::string_view a = attr->view();
            Value ignored;
            present = a == "__func__" || a == "__self__" || vm().try_getattr(get(m->fn).as<UserFunctionVariable>()->fn, attr, ignored);
            guard_presence(present);
            if (present && n == "getattr") return getattr(args[0], attr);
        } else if (auto* c = obj.as<UserDefinedClassVariable>(); c && c->cls.is<Class>()) {
            // hasattr(Cls, name): what the class (its MRO, its type) answers now,
            // guarded present or absent when the class came from outside.
            Value ignored;
            present = vm().try_getattr(c->cls, attr, ignored);
            guard_presence(present);
        } else if (obj.is<TensorVariable>()) {
            // What a tensor has does not depend on its values: the Tensor class
            // and the op table; an input tensor's Python attributes
            // (p._no_weight_decay) are guarded present or absent.
            Value fake = obj.as<TensorVariable>()->node->val();
            Value ignored;
            present = vm().try_getattr(fake, attr, ignored);
            present = present || stored_tensor_attr(*obj.as<TensorVariable>(), attr) != nullptr;  // x.flag = v in this trace
            if (!present && obj.source)
                if (const Tensor* real = input_tensor(args[0])) {
                    auto* attrs = static_cast<const Dict*>(real->py_attrs());
                    present = attrs && attrs->find(attr);
                    guard_presence(present);
                }
            if (!present && n == "getattr" && args.size() == 2) return getattr(args[0], attr);
        } else if (auto* f = obj.as<NestedUserFunctionVariable>()) {
            // A function the trace made: what it was given, and what every function has.
            present = false;
            for (auto& [k, v] : f->attrs) present = present || k == attr;
            const std::string_view a = attr->view();
            present = present || a == "__name__" || a == "__qualname__" || a == "__doc__" || a == "__module__" ||
                      a == "__code__" || a == "__defaults__" || a == "__closure__" || a == "__dict__" || a == "__globals__";
            if (present && n == "getattr") return getattr(args[0], attr);
        } else if (n == "getattr" && args.size() == 2) {
            return getattr(args[0], attr);
        } else {
            unsupported(std::string(n) + "() on " + std::string(variable_kind_name(obj)));
        }
        if (n == "hasattr") return constant_variable(Value(present));
        if (!present && args.size() == 3) return args[2];
        return getattr(args[0], attr);
    }
    // bool(obj): the truth value the trace knows (__bool__/__len__ inlined).
    if (n == "bool" && args.size() == 1 && kwargs.empty() && !is_constant(args[0]) && !get(args[0]).is<TensorVariable>())
        return constant_variable(Value(truth(args[0])));
    // object.__getattribute__(obj, name): the lookup, past obj's own __getattribute__.
    if (n == "__getattribute__" && args.size() == 2 && kwargs.empty() && is_constant(args[1]) &&
        constant_of(args[1]).is<Str>() && get(args[0]).is<UserDefinedObjectVariable>())
        return getattr(args[0], intern(constant_of(args[1]).as<Str>()->view()), false);
    // object.__setattr__(obj, name, value): the store, past obj's own __setattr__.
    if (n == "__setattr__" && args.size() == 3 && kwargs.empty() && is_constant(args[1]) && constant_of(args[1]).is<Str>() &&
        get(args[0]).is<UserDefinedObjectVariable>()) {
        setattr(args[0], intern(constant_of(args[1]).as<Str>()->view()), args[2], false);
        return constant_variable(Value());
    }
    if (n == "setattr" && args.size() == 3 && kwargs.empty() && is_constant(args[1]) && constant_of(args[1]).is<Str>()) {
        setattr(args[0], intern(constant_of(args[1]).as<Str>()->view()), args[2]);
        return constant_variable(Value());
    }
    // min/max(xs, key=, default=): the keys must be constants (key= inlined
    // per item); the first item with the least (greatest) key, as CPython picks.
    if ((n == "min" || n == "max") && !kwargs.empty()) {
        VariablePtr key, dflt;
        for (auto& [k, v] : kwargs) {
            if (k->view() == "key") key = is_constant(v) && constant_of(v).is_none() ? VariablePtr() : v;
            else if (k->view() == "default") dflt = v;
            else unsupported(std::string(n) + "() with " + k->text() + "=");
        }
        if (dflt && args.size() != 1) unsupported(std::string(n) + "() with default= and several arguments");
        std::vector<VariablePtr> items = args.size() == 1 ? items_of(args[0]) : args;
        if (items.empty()) {
            if (dflt) return dflt;
            unsupported(std::string(n) + "() arg is an empty sequence");
        }
        VariablePtr best;
        Value best_key;
        for (auto& item : items) {
            VariablePtr k = key ? call(key, {item}, {}) : item;
            if (!is_constant(k)) unsupported(std::string(n) + "() by a key that is not a constant");
            Value kv = constant_of(k);
            bool better = !best;
            if (!better) {
                try {
                    better = vm().truthy(vm().compare(n == "max" ? CMP_GT : CMP_LT, kv, best_key));
                } catch (const Error& e) {
                    unsupported(std::string(n) + "(): " + e.message());
                }
            }
            if (better) {
                best = item;
                best_key = kv;
            }
        }
        return best;
    }
    if ((n == "min" || n == "max") && !all_constant() && kwargs.empty()) {
        std::vector<VariablePtr> items = args.size() == 1 ? items_of(args[0]) : args;
        if (!items.empty())
            if (VariablePtr folded = fold_items(items)) return folded;
        // Of tensors and numbers, as Dynamo lowers them: torch.maximum /
        // torch.minimum pairwise (a number becomes a 0-d tensor).
        bool lowerable = items.size() >= 2;
        for (auto& i : items)
            lowerable = lowerable && (get(i).is<TensorVariable>() || (is_constant(i) && constant_of(i).is_number() &&
                                                                      !constant_of(i).is_bool()));
        if (!lowerable) unsupported(std::string(n) + "() of tensors");
        // Eagerly, max(t, 2) returns t or the int 2, as the data decide, and
        // of two tensors of other dtypes one of them unchanged; torch.maximum
        // returns a tensor of the promoted dtype. Dynamo lowers them all the
        // same; here that is kept for fullgraph, and otherwise the graph
        // breaks, so the compiled call returns what the eager one does.
        if (!st_.fullgraph) {
            const Tensor* first = nullptr;
            for (auto& i : items) {
                const Tensor* t = get(i).is<TensorVariable>() ? get(i).as<TensorVariable>()->node->tensor_meta() : nullptr;
                if (!t || (first && t->dtype() != first->dtype()))
                    unsupported(std::string(n) + "() of a tensor and a number or a tensor of another dtype: eager code "
                                "returns one of them, as the data decide");
                if (t->numel() != 1)
                    unsupported(std::string(n) + "() of a tensor of " + std::to_string(t->numel()) +
                                " elements (its comparison's bool() fails eagerly)");
                // (the tensor not picked gets no gradient at all eagerly, where
                // torch.where would give it zeros)
                if (t->requires_grad() && vm().global_state().grad_enabled)
                    unsupported(std::string(n) + "() of tensors that require grad (eager code returns one of them)");
                first = t;
            }
        }
        auto as_node = [&](const VariablePtr& v) -> Argument {
            if (auto* x = get(v).as<TensorVariable>()) return x->node;
            return st_.graph->call_function("torch.tensor", Args{Argument(constant_of(v))});
        };
        VariablePtr acc = items[0];
        for (std::size_t k = 1; k < items.size(); ++k) {
            if (is_constant(acc) && is_constant(items[k])) {
                Value pair[] = {constant_of(acc), constant_of(items[k])};
                acc = build_variable(st_, vm().call_value(callable, pair), nullptr);
                continue;
            }
            // max(a, b) is b only where b > a (min: b < a), else a: the object
            // eager code returns, so a tie and a NaN pick it too, and the
            // gradient goes to it alone.
            const Argument a = as_node(acc), b = as_node(items[k]);
            Node* pick = st_.graph->call_function(n == "max" ? "operator.gt" : "operator.lt", Args{b, a});
            acc = wrap_node(st_.graph->call_function("torch.where", Args{Argument(pick), b, a}));
        }
        return acc;
    }
    // sorted(xs, key=, reverse=) where the keys are constants (tensors sorted by
    // a constant key too): the items in their new order.
    if (n == "sorted" && args.size() == 1 && !(all_constant() && kwargs.empty())) {
        return make_variable(ListVariable{sorted_items(items_of(args[0]), kwargs, "sorted()")});
    }
    // any(it) and all(it) over an iterator stop at the first item that
    // decides them, as CPython's do (a generator's body runs no further).
    if ((n == "any" || n == "all") && args.size() == 1 && kwargs.empty() &&
        (get(args[0]).is<ListIteratorVariable>() || get(args[0]).is<UserDefinedObjectVariable>())) {
        const bool want = n == "any";
        // (an object of a guest class: iter(obj), so a generator __iter__ stops early too)
        const VariablePtr it = get(args[0]).is<UserDefinedObjectVariable>() ? iterate(args[0]) : args[0];
        if (!get(it).is<ListIteratorVariable>()) {
            for (auto& item : items_of(it))
                if (truth(item) == want) return constant_variable(Value(want));
            return constant_variable(Value(!want));
        }
        while (VariablePtr item = next_item(it))
            if (truth(item) == want) return constant_variable(Value(want));
        return constant_variable(Value(!want));
    }
    // tuple.__new__(cls, items): tuple(items) for tuple itself; for a class
    // deriving from tuple, the __new__ of the base standing for tuple.
    if (n == "__new__" && !args.empty() && callable.is<Builtin>() &&
        callable.as<Builtin>()->fn() == &standin::detail::builtins::tuple_new && get(args[0]).is<UserDefinedClassVariable>()) {
        std::vector<VariablePtr> rest(args.begin() + 1, args.end());
        if (constant_of(args[0]).identical(Value(vm().types().tuple))) {
            if (!kwargs.empty()) raise_python(exc::TypeError, {str("tuple() takes no keyword arguments")});
            return call_builtin("tuple", Value(vm().types().tuple), rest, kwargs);
        }
        const Value base = vm().tuple_subclass_base();
        auto* cls = constant_of(args[0]).dyn<Class>();
        if (!cls || !cls->is_subclass_of(base.as<Class>())) unsupported("tuple.__new__ of this class");
        return inline_function(build_variable(st_, *base.as<Class>()->dict()->find(vm().names().new_), nullptr), args, kwargs);
    }
    // object.__new__(cls): a bare object of the trace's own (no __init__).
    if (n == "__new__" && !args.empty() && get(args[0]).is<UserDefinedClassVariable>()) {
        VariablePtr cls_var = args[0];
        auto* cls = constant_of(cls_var).dyn<Class>();
        const Value* own_new = cls ? cls->lookup(vm().names().new_) : nullptr;
        const bool remade = own_new && own_new->is<Builtin>() && own_new->as<Builtin>()->fn() == &standin::detail::builtins::object_new;
        if (!cls || !plain_class(cls, remade) || (own_new && own_new->is<Builtin>() && !remade))
            unsupported("object.__new__ of a built-in type");
        ++st_.created_objects;
        return make_variable(UserDefinedObjectVariable{Value::null(), constant_of(cls_var), get(cls_var).source});
    }
    // hash() of an object hashed by identity: the real object's hash, with
    // the object ID_MATCH-guarded (the value is its address), or, for one
    // the trace made, a stand-in (TraceState::fake_hash). A Python __hash__
    // is inlined.
    if (n == "hash" && args.size() == 1 && kwargs.empty() && !is_constant(args[0])) {
        VariableTracker& a = get(args[0]);
        Value real = Value::null();
        const Source* real_source = a.source;
        const void* identity = &a;
        if (auto* tv = a.as<TensorVariable>()) {
            // A tensor is the object its traced value is (`is` compares the
            // same way): x.add_(1) is x, and an input is its real tensor.
            identity = tv->node->val().object();
            if (const Object* input = input_tensor_object(*tv, &real_source)) real = Value::borrow(input);
        } else if (auto* o = a.as<UserDefinedObjectVariable>()) {
            const Value* h = class_lookup(args[0], vm().names().hash);
            if (h && h->is_none()) raise_unhashable(a);
            if (h && h->is<Function>()) return inline_function(build_variable(st_, *h, nullptr), {args[0]}, {});
            if (!o->created() && a.source) real = o->obj;
            else if (!o->created()) unsupported("hash() of an object without a source");
        } else if (a.is<TupleVariable>()) {
            // A tuple: CPython's combination of its items' hashes, each traced
            // (a tuple key of a set or dict the trace builds).
            const std::vector<VariablePtr> items = items_of(args[0]);
            standin::detail::TupleHash h;
            for (const VariablePtr& item : items) {
                std::vector<VariablePtr> one{item};
                std::vector<std::pair<Str*, VariablePtr>> none;
                VariablePtr hv = call_builtin(n, callable, one, none);
                if (!is_constant(hv) || !constant_of(hv).is_int()) unsupported("hash() of a tuple item");
                h.add(constant_of(hv).as_int());
            }
            return constant_variable(Value(h.done()));
        } else if (!a.is<TensorVariable>() && !a.is<NestedUserFunctionVariable>()) {
            if (a.is<ListVariable>() || (a.is<ConstDictVariable>() && a.peek<ConstDictVariable>()->subclass.is_null()))
                raise_unhashable(a);
            unsupported("hash() of " + std::string(variable_kind_name(a)));
        }
        if (real.is_null()) return constant_variable(Value(st_.fake_hash(identity)));
        st_.guard(real_source, IdMatch{real});
        const Value* hash_fn = vm().builtins().find(intern("hash"));
        if (!hash_fn) unsupported("hash()");
        return constant_variable(vm().call_value(*hash_fn, std::span<const Value>(&real, 1)));
    }
    if (detail::dynamo::is_pure_builtin(n)) {
        if (n == "issubclass" && args.size() == 2 && is_constant(args[1])) guard_abc_registry(constant_of(args[1]));
        if (all_constant()) return fold();
        // A builtin that consumes an iterable, over a sequence or an
        // (inlined) generator of constants, as any(p != 0 for p in pads) or
        // sorted(names): folded over the items.
        static constexpr std::string_view consumers[] = {"all", "any", "sorted", "sum", "min", "max", "prod", "fsum"};
        if (args.size() == 1 && kwargs.empty() && std::find(std::begin(consumers), std::end(consumers), n) != std::end(consumers)) {
            VariableTracker& a = get(args[0]);
            if (a.is<ListVariable>() || a.is<TupleVariable>() || a.is<ListIteratorVariable>() ||
                a.is<ConstDictVariable>() || a.is<UserDefinedObjectVariable>())
                if (VariablePtr folded = fold_items(items_of(args[0]))) return folded;
        }
        // Any other (str(xs), repr(d), hash(t), bool(xs)): folded over
        // copies of lists, tuples and dicts of constants.
        std::vector<VariablePtr> copies;
        std::vector<std::pair<Str*, VariablePtr>> kwcopies;
        bool copied = true;
        for (auto& a : args) {
            Value x;
            copied = copied && snapshot(a, x);
            copies.push_back(constant_variable(x));
        }
        for (auto& [k, a] : kwargs) {
            Value x;
            copied = copied && snapshot(a, x);
            kwcopies.emplace_back(k, constant_variable(x));
        }
        if (copied) return build_variable(st_, call_on_constants(callable, copies, kwcopies, n), nullptr);
        unsupported(std::string(n) + "() of a non-constant");
    }
    unsupported("the builtin '" + std::string(n) + "'");
}

inline std::vector<VariablePtr> InstructionTranslator::sorted_items(std::vector<VariablePtr> items,
                                                                    const std::vector<std::pair<Str*, VariablePtr>>& kwargs,
                                                                    std::string_view what) {
    VariablePtr key;
    bool reverse = false;
    for (auto& [k, v] : kwargs) {
        if (k->view() == "key") key = is_constant(v) && constant_of(v).is_none() ? VariablePtr() : v;
        else if (k->view() == "reverse" && is_constant(v)) reverse = vm().truthy(constant_of(v));
        else unsupported(std::string(what) + " with " + k->text() + "=");
    }
    // Decorate with (key, position): a stable sort, and for reverse=True the
    // position negated, so equal keys keep their order as Python's sort does.
    std::vector<VariablePtr> keys;
    keys.reserve(items.size());
    bool constants = true;
    for (const VariablePtr& item : items) {
        keys.push_back(key ? call(key, {item}, {}) : item);
        constants = constants && is_constant(keys.back());
    }
    // Keys that are not constants (objects with a Python __lt__): a stable
    // sort by the traced key < key, reversed before and after for
    // reverse=True, as Python's sort keeps equal items in order.
    if (!constants) {
        std::vector<std::size_t> order(items.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        if (reverse) std::reverse(order.begin(), order.end());
        // (the VM's algorithm: __lt__ runs on the same pairs, in the same order)
        auto less = [&](std::size_t a, std::size_t b) { return truth(compare(CMP_LT, keys[a], keys[b])); };
        if (order.size() < 64) detail::builtins::small_sort(order, less);
        else std::stable_sort(order.begin(), order.end(), less);
        if (reverse) std::reverse(order.begin(), order.end());
        std::vector<VariablePtr> out;
        out.reserve(items.size());
        for (std::size_t i : order) out.push_back(items[i]);
        return out;
    }
    std::vector<Value> decorated;
    decorated.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto pos = static_cast<std::int64_t>(i);
        decorated.push_back(tuple({constant_of(keys[i]), Value(reverse ? -pos : pos)}));
    }
    Value seq = list(std::move(decorated));
    const Value* sorted_fn = vm().builtins().find(intern("sorted"));
    if (!sorted_fn) unsupported("sorted()");
    Value ordered;
    try {
        const KwArg kws[] = {KwArg{intern("reverse"), Value(reverse)}};
        ordered = vm().call_value(*sorted_fn, std::span<const Value>(&seq, 1), kws);
    } catch (const Error& e) {
        raise_folded(e, "sorted");  // (a TypeError: '<' not supported between ...)
    }
    std::vector<VariablePtr> out;
    out.reserve(items.size());
    for (const Value& d : ordered.as<List>()->items()) {
        std::int64_t pos = (*d.as<Tuple>())[1].as_int();
        out.push_back(items[static_cast<std::size_t>(reverse ? -pos : pos)]);
    }
    return out;
}

namespace detail::dynamo {
// Where a public torch function written in guest code lives, as the graph
// names it: `torch.clamp`, `torch.nn.functional.gelu`, `torch.linalg.norm`;
// a Tensor method (`Tensor.tril`) is its method name. Empty for everything
// else (private helpers, in-place forms, nested functions, nn.Module code).
inline std::string composite_target(const Function& f, const Class& tensor) {
    // torch's @_grad_node wrapper stands for the function it wraps.
    const Function* def = &f;
    if (const Value* w = f.dict()->find(intern("__wrapped__")); w && w->is<Function>() &&
        f.code().as<Code>()->qualname->view().ends_with("<locals>.named"))
        def = w->as<Function>();
    const std::string_view file = def->code().as<Code>()->filename, name = def->name()->view(),
                           qualname = def->qualname()->view();
    static constexpr std::string_view modules[] = {"<torch>", "<torch.nn.functional>", "<torch.linalg>",
                                                   "<torch.special>", "<torch.fft>"};
    if (name.empty() || std::find(std::begin(modules), std::end(modules), file) == std::end(modules)) return {};
    const bool tensor_method = file == "<torch>" && qualname == "Tensor." + std::string(name);
    if (qualname != name && !tensor_method) return {};  // nested functions, other classes
    if (name.starts_with('_')) {
        // A helper bound as a public Tensor method (Tensor.repeat = _repeat).
        if (file != "<torch>" || name.starts_with("__")) return {};
        std::string method;
        tensor.dict()->for_each([&](const Value& k, const Value& v) {
            if (method.empty() && v.object() == &f && k.is<Str>() && !k.as<Str>()->view().starts_with('_'))
                method = k.as<Str>()->text();
        });
        return method;
    }
    if (tensor_method) return std::string(name);
    if (name.ends_with('_')) return {};  // in-place forms only as Tensor methods
    return std::string(file.substr(1, file.size() - 2)) + "." + std::string(name);
}
}  // namespace detail::dynamo

// Whether a tracker can be a graph node's argument (a tensor, a constant,
// a tuple or list of those, a torch.Size).
inline bool InstructionTranslator::graph_argument(const VariablePtr& v) {
    VariableTracker& t = get(v);
    if (t.is<TensorVariable>() || t.is<SizeVariable>()) return true;
    if (auto* c = t.as<ConstantVariable>())
        return detail::dynamo::is_python_constant_value(c->value) || c->value.is<Tuple>() || c->value.is<Slice>() ||
               detail::dynamo::is_dtype(c->value) ||
               (c->value.kind() == Kind::native && dynamic_cast<const DeviceObject*>(c->value.as<NativeObject>()));
    if (t.is<TupleVariable>() && !t.as<TupleVariable>()->return_type.is_null()) return false;
    if (t.is<TupleVariable>() || t.is<ListVariable>()) {
        fill_items(st_, t);
        for (const VariablePtr& item : items_of(v))
            if (!graph_argument(item)) return false;
        return true;
    }
    return false;
}

// A public torch function written in guest code (torch.clamp, F.gelu,
// x.tril()), recorded as one call node, as Dynamo records the C++ function
// it stands for: its body is traced (for the value's metadata and the
// errors), then its nodes are replaced by one call_function (or, for a
// Tensor method, call_method) node that runs the guest function. The body
// stays inlined when it does more than compute a tensor from its arguments:
// a store, a new graph input, an in-place op, a result that is not a tensor,
// an argument a node cannot hold.
inline VariablePtr InstructionTranslator::record_composite(const VariablePtr& fn, std::string target,
                                                           std::vector<VariablePtr> args,
                                                           std::vector<std::pair<Str*, VariablePtr>> kwargs,
                                                           bool called_as_method) {
    // x.tril() is call_method `tril`, as Dynamo records it, also where
    // torch binds its function torch.tril as the method.
    if (called_as_method) target = target.substr(target.rfind('.') + 1);
    bool recordable = true;
    for (auto& a : args) recordable = recordable && graph_argument(a);
    for (auto& [_, v] : kwargs) recordable = recordable && graph_argument(v);
    const bool method = target.find('.') == std::string::npos;
    const bool in_place = method && target.ends_with('_');
    if (method && (args.empty() || !get(args[0]).is<TensorVariable>())) recordable = false;
    Graph& graph = *st_.graph;
    Node* before = graph.last();
    // Side effects: on objects from outside, or on a list or dict argument
    // (the body's own containers are its business).
    auto effects = [&] {
        return st_.global_stores.size() + st_.attr_stores.size() + st_.mutated_containers.size() + st_.cell_stores.size() +
               st_.outer_cell_stores.size();
    };
    auto containers = [&] {
        std::vector<std::vector<const VariableTracker*>> out;
        auto add = [&](const VariablePtr& v) {
            std::vector<const VariableTracker*> items;
            if (auto* l = get(v).as<ListVariable>())
                for (auto& i : l->items) items.push_back(i.get());
            else if (auto* d = get(v).as<ConstDictVariable>())
                for (auto& [_, i] : d->items) items.push_back(i.get());
            out.push_back(std::move(items));
        };
        for (auto& a : args) add(a);
        for (auto& [_, v] : kwargs) add(v);
        return out;
    };
    const std::size_t effects_before = effects(), inputs = st_.inputs.size();
    const auto containers_before = containers();
    // The body cannot be traced (it reads the data, or raised): one node all
    // the same where the result's metadata is known without the data, else
    // nullptr (the caller passes the failure on).
    // - index_add_, scatter_add_ and their kind: torch's guest code reads
    //   the index's data, but the result has the input's shape (Dynamo
    //   records the aten op), so the node's value is the input's copy.
    // - A function whose guest code reads the data (linalg.inv, histc,
    //   multinomial) declares its result's metadata: fn.__meta__, run on the
    //   fake arguments (fn.__random__ marks a draw from the generator). An
    //   exception the body raised (a meta rule's "the output shape depends on
    //   the data" among them) is then the node's to raise, as eager code does.
    // An in-place call's self: its grad_fn before the body runs (the body's
    // in-place ops may give its traced value another).
    const char* self_grad_fn_before = nullptr;
    if (in_place && !args.empty())
        if (auto* self = get(args[0]).as<TensorVariable>())
            if (Tensor* meta = self->node->tensor_meta()) self_grad_fn_before = meta->grad_fn();
    auto one_node = [&](std::string_view why, bool raised) -> VariablePtr {
        static constexpr std::string_view shape_preserving[] = {
            "index_add_", "index_add", "scatter_add_", "scatter_add", "scatter_", "scatter", "index_copy_",
            "index_copy", "index_fill_", "index_fill", "scatter_reduce_", "scatter_reduce"};
        const std::string_view op = std::string_view(target).substr(target.rfind('.') + 1);
        const bool data_dependent = why.find("needs the tensor's data") != std::string_view::npos ||
                                    why.find("depends on the data") != std::string_view::npos;
        const bool shape_kept = data_dependent && !raised &&
                                std::find(std::begin(shape_preserving), std::end(shape_preserving), op) != std::end(shape_preserving);
        const Function& guest = *get(fn).as<UserFunctionVariable>()->fn.as<Function>();
        auto declared = [&](const char* attr) -> const Value* {
            if (const Value* v = guest.dict()->find(intern(attr))) return v;
            const Value* w = guest.dict()->find(intern("__wrapped__"));
            return w && w->is<Function>() ? w->as<Function>()->dict()->find(intern(attr)) : nullptr;
        };
        const Value* meta = declared("__meta__");
        if (!recordable || !(meta || shape_kept) || effects() != effects_before || st_.inputs.size() != inputs ||
            containers() != containers_before)
            return nullptr;
        Args node_args;
        for (auto& a : args) node_args.push_back(argument_of(a));
        Kwargs node_kwargs;
        for (auto& [k, v] : kwargs) node_kwargs.push_back({k, argument_of(v)});
        auto example = [](const Argument& a) { return argument_value(a, [](Node* n) { return n->val(); }); };
        Value val;
        try {
            if (meta) {
                std::vector<Value> values;
                for (const Argument& a : node_args) values.push_back(example(a));
                std::vector<KwArg> kws;
                for (const NodeKwarg& kw : node_kwargs) kws.push_back(KwArg{kw.name, example(kw.value)});
                const Value made = vm().call_value(*meta, values, kws);
                if (made.is<Tensor>()) val = Value(fake_like(*made.as<Tensor>()));
            } else if (Value first = node_args.empty() ? Value() : example(node_args[0]); first.is<Tensor>()) {
                val = vm().call_method(first, intern("clone"), {});
            }
        } catch (const Error&) {
            return nullptr;
        }
        if (!val.is<Tensor>()) return nullptr;
        // Autograd metadata as the eager op leaves it: with an argument that
        // requires grad, the result (and an in-place op's self, whose view's
        // base gets CopySlices) records the aten op's node.
        if (bool grad = false; vm().global_state().grad_enabled && is_floating(val.as<Tensor>()->dtype())) {
            for (const Argument& a : node_args)
                if (Value v = example(a); v.is<Tensor>() && v.as<Tensor>()->requires_grad()) grad = true;
            for (const NodeKwarg& kw : node_kwargs)
                if (Value v = example(kw.value); v.is<Tensor>() && v.as<Tensor>()->requires_grad()) grad = true;
            if (grad) {
                const char* node_name = default_grad_fn_name(op);
                val.as<Tensor>()->set_grad_fn(node_name);
                if (Value self = in_place ? example(node_args[0]) : Value(); self.is<Tensor>()) {
                    self.as<Tensor>()->set_grad_fn(node_name);
                    rebase_view_history(*self.as<Tensor>());
                }
            }
        }
        std::vector<Node*> partial;
        for (Node* n = before ? before->next() : graph.first(); n; n = n->next()) partial.push_back(n);
        for (auto it = partial.rbegin(); it != partial.rend(); ++it) graph.erase_node(*it);
        Node* call = graph.call_guest(method ? NodeOpcode::call_method : NodeOpcode::call_function, target,
                                      get(fn).as<UserFunctionVariable>()->fn, std::move(node_args), std::move(node_kwargs),
                                      std::move(val), in_place, declared("__random__") != nullptr);
        if (in_place) call->set_self_grad_fn(self_grad_fn_before);
        return wrap_node(call);
    };
    ++st_.composite_depth;
    VariablePtr result;
    const bool grad_mode_before = vm().global_state().grad_enabled;
    try {
        result = inline_function(fn, args, kwargs);
    } catch (const Unsupported& why) {
        --st_.composite_depth;
        if (VariablePtr node = one_node(why.message(), dynamic_cast<const TracedRaise*>(&why) != nullptr)) return node;
        throw;
    } catch (const Error& e) {
        --st_.composite_depth;
        if (VariablePtr node = one_node(e.message(), true)) return node;
        throw;
    }
    --st_.composite_depth;
    // The value: a tensor, or a tuple of tensors, which the graph takes
    // apart with getitem nodes.
    auto tensors_only = [&](const VariablePtr& r) {
        VariableTracker& t = get(r);
        if (t.is<TensorVariable>()) return true;
        auto* tup = t.as<TupleVariable>();
        // (torch.return_types are guest objects when the function runs: kept inlined.)
        if (!tup || !tup->return_type.is_null()) return false;
        fill_items(st_, t);
        if (tup->items.empty()) return false;
        for (const VariablePtr& item : tup->items)
            if (!get(item).is<TensorVariable>()) return false;
        return true;
    };
    if (!recordable || !tensors_only(result) || effects() != effects_before ||
        st_.inputs.size() != inputs || containers() != containers_before)
        return result;
    std::vector<Node*> body;
    for (Node* n = before ? before->next() : graph.first(); n; n = n->next()) body.push_back(n);
    std::unordered_set<const Node*> in_body(body.begin(), body.end());
    // An in-place op may only write a tensor the body made (one_hot's
    // zeros), never an argument or a view of one; an in-place method also
    // writes its receiver.
    Node* self = in_place ? get(args[0]).as<TensorVariable>()->node : nullptr;
    auto writes_own_tensor = [&](Node* n) {
        Node* root = n->args().empty() ? nullptr : n->args()[0].node();
        while (root && in_body.contains(root) && may_alias_first_argument(*root))
            root = root->args().empty() ? nullptr : root->args()[0].node();
        return root && (in_body.contains(root) || root == self);
    };
    for (Node* n : body) {
        if (n->op() != NodeOpcode::call_function && n->op() != NodeOpcode::call_method) return result;
        // (a no_grad block inside the body is the guest function's own business
        // when the body leaves the mode as it found it)
        if (!n->op_def() || (is_global_state_op(n->op_def()) && vm().global_state().grad_enabled != grad_mode_before))
            return result;
        if (n->op_def()->mutates_self && !writes_own_tensor(n)) return result;
        for (Node* user : n->users())
            if (!in_body.contains(user)) return result;
    }
    Args node_args;
    for (auto& a : args) node_args.push_back(argument_of(a));
    Kwargs node_kwargs;
    for (auto& [k, v] : kwargs) node_kwargs.push_back({k, argument_of(v)});
    Value val;
    if (auto* x = get(result).as<TensorVariable>()) {
        val = x->node->val();
    } else {
        std::vector<Value> vals;
        for (const VariablePtr& item : get(result).as<TupleVariable>()->items)
            vals.push_back(get(item).as<TensorVariable>()->node->val());
        val = tuple(std::move(vals));
    }
    // A body that draws from the generator (F.dropout) keeps the call impure.
    bool random = false;
    for (Node* n : body) random = random || n->op_def() == &guest_call_random_op();
    Node* call = graph.call_guest(method ? NodeOpcode::call_method : NodeOpcode::call_function, target,
                                  get(fn).as<UserFunctionVariable>()->fn, std::move(node_args), std::move(node_kwargs),
                                  std::move(val), in_place, random);
    if (in_place) call->set_self_grad_fn(self_grad_fn_before);
    for (auto it = body.rbegin(); it != body.rend(); ++it) graph.erase_node(*it);
    return wrap_node(call);
}

// torch.rand / randn / randint / randperm / rand_like / ... (and what torch
// builds on them: dropout, bernoulli_, normal_): one graph node that calls
// the function when the graph runs, so each call draws from the generator
// as the eager call would (Dynamo puts the aten random op in the graph). Its
// metadata comes from running the function once with the generator's state
// saved and put back. A generator= argument breaks the graph.
inline VariablePtr InstructionTranslator::record_random(const VariablePtr& fn, std::vector<VariablePtr>& args,
                                                        std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    const Function& f = *get(fn).as<UserFunctionVariable>()->fn.as<Function>();
    const std::string name = f.name()->text();
    for (auto& [k, v] : kwargs)
        if (k->view() == "generator" && !(is_constant(v) && constant_of(v).is_none()))
            unsupported("torch." + name + "(generator=...) (a generator's state is not traced)");
    Args node_args;
    Kwargs node_kwargs;
    for (auto& a : args) {
        if (!graph_argument(a)) unsupported("torch." + name + "() of an argument the graph cannot take");
        node_args.push_back(argument_of(a));
    }
    for (auto& [k, v] : kwargs) {
        if (!graph_argument(v)) unsupported("torch." + name + "() of an argument the graph cannot take");
        node_kwargs.push_back({k, argument_of(v)});
    }
    std::vector<Value> values;
    for (const Argument& a : node_args) values.push_back(argument_value(a, [](Node* n) { return n->val(); }));
    std::vector<KwArg> kws;
    for (const NodeKwarg& kw : node_kwargs) kws.push_back(KwArg{kw.name, argument_value(kw.value, [](Node* n) { return n->val(); })});
    const Value* rng = f.globals()->find(intern("_rng"));
    if (!rng || !rng->is<List>() || rng->as<List>()->size() == 0) unsupported("torch." + name + "() without torch's generator");
    List& state = *rng->as<List>();
    const Value saved = state[0];
    Value result;
    try {
        result = vm().call_value(get(fn).as<UserFunctionVariable>()->fn, values, kws);
    } catch (const Error& e) {
        state.set(0, saved);
        unsupported("torch." + name + "(): " + e.message());
    }
    state.set(0, saved);
    if (!result.is<Tensor>()) unsupported("torch." + name + "() that does not return a tensor");
    Node* call = st_.graph->call_guest(NodeOpcode::call_function, "torch." + name, get(fn).as<UserFunctionVariable>()->fn,
                                       std::move(node_args), std::move(node_kwargs), Value(fake_like(*result.as<Tensor>())),
                                       false, true);
    return wrap_node(call);
}

// itertools.product / combinations / permutations /
// combinations_with_replacement over sequences the trace knows (Dynamo's
// ItertoolsVariable): the real function runs on the items' positions, and
// each tuple it gives is made of the items at those positions. nullptr for
// the other itertools functions (inlined).
inline VariablePtr InstructionTranslator::itertools_combinatoric(const Value& fn, std::string_view name,
                                                                 const std::vector<VariablePtr>& args,
                                                                 const std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    static constexpr std::string_view combinatoric[] = {"product", "combinations", "permutations",
                                                        "combinations_with_replacement"};
    if (std::find(std::begin(combinatoric), std::end(combinatoric), name) == std::end(combinatoric)) return nullptr;
    const bool product = name == "product";
    const std::size_t pools_given = product ? args.size() : std::min<std::size_t>(args.size(), 1);
    std::vector<std::vector<VariablePtr>> pools;
    std::vector<Value> call_args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i < pools_given) {
            pools.push_back(items_of(args[i]));
            call_args.push_back(make_value<Range>(0, static_cast<std::int64_t>(pools.back().size()), 1));
        } else {
            if (!is_constant(args[i])) unsupported("itertools." + std::string(name) + " with a non-constant r");
            call_args.push_back(constant_of(args[i]));
        }
    }
    std::vector<KwArg> kws;
    for (auto& [k, v] : kwargs) {
        if (!is_constant(v)) unsupported("itertools." + std::string(name) + " with a non-constant " + k->text());
        kws.push_back(KwArg{k, constant_of(v)});
    }
    std::vector<Value> combos;
    try {
        combos = vm().to_vector(vm().call_value(fn, call_args, kws));
    } catch (const Error& e) {
        unsupported("itertools." + std::string(name) + "(): " + e.message());
    }
    std::vector<VariablePtr> out;
    for (const Value& combo : combos) {
        std::vector<VariablePtr> items;
        std::size_t position = 0;
        for (const Value& index : combo.as<Tuple>()->items()) {
            const auto& pool = pools[product ? position % pools.size() : 0];
            items.push_back(pool[static_cast<std::size_t>(index.as_int())]);
            ++position;
        }
        out.push_back(make_variable(TupleVariable{std::move(items)}));
    }
    return make_variable(ListIteratorVariable{std::move(out), 0, nullptr, nullptr, 0});
}

// Cls(args) of a plain guest class (object's __new__, no built-in base): a
// new object of the trace's own, its __init__ inlined on it (Dynamo's
// UserDefinedClassVariable.call_function making a created
// UserDefinedObjectVariable). namedtuple classes, dataclasses and
// functools.partial are such classes in standin. nullptr when it does not
// apply (the call is then a graph break).
inline VariablePtr InstructionTranslator::construct_object(const VariablePtr& cls_var, std::vector<VariablePtr>& args,
                                                           std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    VariableTracker& t = get(cls_var);
    auto* cls = t.as<UserDefinedClassVariable>()->cls.dyn<Class>();
    if (!cls) return nullptr;
    const auto& T = vm().types();
    const auto& N = vm().names();
    if (cls->is_subclass_of(T.dict.get())) return construct_dict_object(cls_var, args, kwargs);
    auto inherited_from_object = [&](Str* name) {
        const Value* mine = cls->lookup(name);
        const Value* objects = T.object->lookup(name);
        return !mine || (objects && mine->identical(*objects));
    };
    // A prelude class remade on tuple (namedtuples, torch.return_types) has
    // object's __new__ and defines every tuple behaviour in guest code.
    const Value* own_new = cls->lookup(N.new_);
    const bool remade_on_tuple = own_new && own_new->is<Builtin>() &&
                                 own_new->as<Builtin>()->fn() == &standin::detail::builtins::object_new;
    // A Python __new__ (def __new__(cls, ...)): inlined with the class first;
    // __init__ then runs on what it returns when that is an instance of cls,
    // as type.__call__ does.
    const bool python_new = own_new && own_new->is<Function>();
    if (!remade_on_tuple && !python_new && !inherited_from_object(N.new_)) return nullptr;
    if (!plain_class(cls, remade_on_tuple)) return nullptr;
    const Value* init = cls->lookup(N.init);
    const bool own_init = !inherited_from_object(N.init);
    if (own_init && !init->is<Function>()) return nullptr;
    VariablePtr obj;
    if (python_new) {
        std::vector<VariablePtr> new_args = args;
        new_args.insert(new_args.begin(), cls_var);
        std::vector<std::pair<Str*, VariablePtr>> new_kwargs = kwargs;
        obj = inline_function(build_variable(st_, *own_new, nullptr), std::move(new_args), std::move(new_kwargs));
        auto* made = get(obj).as<UserDefinedObjectVariable>();
        if (!made || !made->klass()->is_subclass_of(cls)) return obj;  // not an instance of cls: no __init__
        if (made->klass() != cls) {  // object.__new__(Other): Other's __init__ does not run for cls either
            const Value* other_init = made->klass()->lookup(N.init);
            if (other_init && !other_init->identical(*init)) return obj;
        }
    } else {
        obj = make_variable(UserDefinedObjectVariable{Value::null(), t.as<UserDefinedClassVariable>()->cls, t.source});
        ++st_.created_objects;
    }
    if (own_init) {
        args.insert(args.begin(), obj);
        VariablePtr r = inline_function(build_variable(st_, *init, t.source ? t.source->attr("__init__") : nullptr),
                                        std::move(args), std::move(kwargs));
        if (!is_constant(r) || !constant_of(r).is_none()) unsupported("__init__() should return None");
    } else if (!python_new && (!args.empty() || !kwargs.empty())) {
        unsupported(cls->name()->text() + "() takes no arguments");
    }
    return obj;
}

// Cls(args) of a guest subclass of dict or OrderedDict (a Hugging Face
// ModelOutput dataclass): a dict of the trace's own that knows its class
// (an empty instance stands for it), its Python __init__ inlined on it, else
// dict's filling it. The protocol its class overrides is inlined where dict's
// would run (dict_override); nullptr where that cannot be done.
inline VariablePtr InstructionTranslator::construct_dict_object(const VariablePtr& cls_var, std::vector<VariablePtr>& args,
                                                                std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    Class* cls = get(cls_var).as<UserDefinedClassVariable>()->cls.as<Class>();
    const auto& T = vm().types();
    const auto& N = vm().names();
    const Value* new_fn = cls->lookup(N.new_);
    if (!new_fn || !new_fn->is<Builtin>()) return nullptr;
    if (!new_fn->identical(*T.dict->lookup(N.new_)) && !new_fn->identical(*T.ordered_dict->lookup(N.new_))) return nullptr;
    if (!dict_subclass_refusal(vm(), cls).empty()) return nullptr;
    Value instance;
    try {
        instance = new_fn->as<Builtin>()->fn()(vm(), Value::borrow(cls), {}, {});
    } catch (const Error& e) {
        unsupported(e.message());
    }
    VariablePtr obj = make_variable(ConstDictVariable{{}, instance.as<Dict>()->is_ordered(), instance});
    ++st_.created_objects;
    const Value* init = cls->lookup(N.init);
    if (init && init->is<Function>()) {
        args.insert(args.begin(), obj);
        VariablePtr r = inline_function(build_variable(st_, *init, nullptr), std::move(args), std::move(kwargs));
        if (!is_constant(r) || !constant_of(r).is_none()) unsupported("__init__() should return None");
    } else if (!args.empty() || !kwargs.empty()) {
        dict_init(obj, args, kwargs);
    }
    return obj;
}

// dict.__init__(d, *args, **kwargs) on a dict subclass's object: the items
// dict(*args, **kwargs) would hold, added; an OrderedDict's __init__ stores
// each through the class's Python __setitem__, as CPython's does.
inline void InstructionTranslator::dict_init(const VariablePtr& d, std::vector<VariablePtr>& args,
                                             std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    VariablePtr made = call_builtin("dict", *vm().builtins().find(intern("dict")), args, kwargs);
    auto* m = get(made).as<ConstDictVariable>();
    if (!m) unsupported("dict.__init__ of these arguments");
    const std::vector<std::pair<Value, VariablePtr>> items = m->items;
    const bool via_setitem = get(d).as<ConstDictVariable>()->ordered && dict_override(d, "__setitem__");
    for (auto& [k, v] : items) {
        if (via_setitem) store_subscript(d, key_variable(k), v);
        else dict_put(*get(d).as<ConstDictVariable>(), k, v);
    }
    if (!items.empty() && !via_setitem) st_.mark_mutated(d);
}

// module.parameters(), named_modules(), children(), ... of torch's nn.Module
// on a module read from outside, as Dynamo's NNModuleVariable answers them:
// the walk runs on the real module (it only reads), and each member is
// reached from the module by its dotted name, so it gets that attribute
// path as its source (L['model'].layers.0.weight) and its guards there.
// nullptr when the shortcut does not apply; the method is then inlined.
inline VariablePtr InstructionTranslator::module_members(const UserMethodVariable& m, const std::vector<VariablePtr>& args,
                                                         const std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    auto* fn = get(m.fn).as<UserFunctionVariable>();
    VariableTracker& self = get(m.self);
    auto* obj = self.as<UserDefinedObjectVariable>();
    if (!fn || !obj || !self.source || !st_.attr_stores.empty() || !fn->fn.is<Function>()) return nullptr;
    const Code* code = fn->fn.as<Function>()->code().as<Code>();
    if (code->filename != "<torch.nn>") return nullptr;
    const std::string_view n = code->name->view();
    static constexpr std::string_view methods[] = {"parameters", "named_parameters", "buffers", "named_buffers",
                                                   "children", "named_children", "modules", "named_modules"};
    if (std::find(std::begin(methods), std::end(methods), n) == std::end(methods)) return nullptr;
    for (auto& a : args)
        if (!is_constant(a)) return nullptr;
    for (auto& [k, v] : kwargs)
        if (!is_constant(v) || k->view() == "memo") return nullptr;
    const bool named = n.starts_with("named_");
    // The unnamed forms walk as their named forms do; they take recurse only.
    const std::string named_name = named ? std::string(n) : "named_" + std::string(n);
    const Value* walk = obj->obj.as<Instance>()->cls()->lookup(intern(named_name));
    if (!walk || !walk->is<Function>() || walk->as<Function>()->code().as<Code>()->filename != "<torch.nn>") return nullptr;
    std::vector<Value> values{obj->obj};
    std::vector<KwArg> kws;
    std::string prefix;
    for (auto& [k, v] : kwargs) {
        kws.push_back(KwArg{k, constant_of(v)});
        if (k->view() == "prefix" && constant_of(v).is<Str>()) prefix = constant_of(v).as<Str>()->text();
    }
    if (named) {
        for (auto& a : args) values.push_back(constant_of(a));
        if (!args.empty() && constant_of(args[0]).is<Str>()) prefix = constant_of(args[0]).as<Str>()->text();
    } else if (!args.empty()) {
        if (args.size() > 1 || n == "children" || n == "modules") return nullptr;
        kws.push_back(KwArg{intern("recurse"), constant_of(args[0])});
    }
    std::vector<Value> items;
    try {
        items = vm().to_vector(vm().call_value(*walk, values, kws));
    } catch (const Error& e) {
        unsupported(std::string(n) + "(): " + e.message());
    }
    auto reach = [&](std::string_view path) {
        VariablePtr member = m.self;
        for (std::size_t pos = 0; !path.empty() && pos <= path.size();) {
            const std::size_t dot = std::min(path.find('.', pos), path.size());
            member = getattr(member, intern(path.substr(pos, dot - pos)));
            pos = dot + 1;
        }
        return member;
    };
    // What the walk yields depends on the attributes of every module it
    // visits: their names are guarded (a parameter, buffer or submodule added
    // later recompiles, as Dynamo's guards on _parameters/_buffers/_modules
    // keys do), and an attribute that is None (bias = None, downsample = None)
    // is guarded None, so a module or parameter stored there later is seen.
    bool recurse = n != "children" && n != "named_children";
    for (auto& [k, v] : kwargs)
        if (k->view() == "recurse") recurse = vm().truthy(constant_of(v));
    if (!named && !args.empty()) recurse = vm().truthy(constant_of(args[0]));
    if (named && (n == "named_parameters" || n == "named_buffers") && args.size() >= 2) recurse = vm().truthy(constant_of(args[1]));
    std::vector<Value> visited;
    try {
        if (recurse) {
            const Value* modules = obj->obj.as<Instance>()->cls()->lookup(intern("named_modules"));
            if (!modules) return nullptr;
            visited = vm().to_vector(vm().call_value(*modules, std::span<const Value>(&obj->obj, 1)));
        } else {
            visited.push_back(tuple({standin::str(""), obj->obj}));
        }
    } catch (const Error& e) {
        unsupported(std::string(n) + "(): " + e.message());
    }
    for (const Value& entry : visited) {
        auto* pair = entry.dyn<Tuple>();
        if (!pair || pair->size() != 2 || !(*pair)[0].is<Str>() || !(*pair)[1].is<Instance>()) return nullptr;
        VariablePtr module = reach((*pair)[0].as<Str>()->view());
        const Source* module_src = get(module).source;
        if (!module_src) return nullptr;
        std::vector<Value> keys;
        std::vector<Str*> nones;
        (*pair)[1].as<Instance>()->dict()->for_each([&](const Value& k, const Value& v) {
            keys.push_back(k);
            if (v.is_none() && k.is<Str>()) nones.push_back(k.as<Str>());
        });
        st_.guard(module_src->attr("__dict__"), DictKeysMatch{std::move(keys)});
        for (Str* name : nones) getattr(module, name);
    }
    std::vector<VariablePtr> out;
    for (const Value& item : items) {
        auto* pair = item.dyn<Tuple>();
        if (!pair || pair->size() != 2 || !(*pair)[0].is<Str>()) unsupported(std::string(n) + "() gave an unexpected item");
        std::string path = (*pair)[0].as<Str>()->text();
        if (!prefix.empty()) {
            if (path == prefix) path.clear();
            else if (path.starts_with(prefix + ".")) path = path.substr(prefix.size() + 1);
            else unsupported(std::string(n) + "() gave a name outside its prefix");
        }
        VariablePtr member = reach(path);
        out.push_back(named ? make_variable(TupleVariable{{constant_variable((*pair)[0]), member}}) : member);
    }
    return make_variable(ListIteratorVariable{std::move(out), 0, constant_variable(Value()), nullptr, 0});
}

inline VariablePtr InstructionTranslator::inline_function(const VariablePtr& fn, std::vector<VariablePtr> args,
                                                          std::vector<std::pair<Str*, VariablePtr>> kwargs) {
    VariableTracker& t = get(fn);
    if (auto* m = t.as<UserMethodVariable>()) {
        const bool on_tensor = get(m->self).is<TensorVariable>();
        args.insert(args.begin(), m->self);
        if (on_tensor && get(m->fn).is<UserFunctionVariable>() && st_.composite_depth == 0) {
            const Function& f = *get(m->fn).as<UserFunctionVariable>()->fn.as<Function>();
            if (std::string target = detail::dynamo::composite_target(f, *vm().types().tensor); !target.empty())
                return record_composite(m->fn, std::move(target), std::move(args), std::move(kwargs), true);
        }
        return inline_function(m->fn, std::move(args), std::move(kwargs));
    }
    if (auto* u = t.as<UserFunctionVariable>()) {
        const Function& f = *u->fn.as<Function>();
        const Code* code = f.code().as<Code>();
        if (!code->filename.empty() && code->filename.front() != '<') st_.inlined_codes.insert(code->unique_id);
        if (auto& ov = vm().out_variants(); f.globals() == ov.ns.get() && !ov.write_out.is_null()) {
            // torch's out=, as the VM runs it (vm/call.hpp): _write_out into a
            // tensor is traced here; a public function without the parameter
            // runs through _call_with_out.
            if (&f == ov.write_out.as<Function>() && args.size() == 3 && kwargs.empty() &&
                get(args[1]).is<TensorVariable>())
                return write_out(args[0], args[1]);
            if (std::any_of(kwargs.begin(), kwargs.end(), [](auto& kw) { return kw.first->view() == "out"; }) &&
                ov.redirects(f)) {
                args.insert(args.begin(), fn);
                return inline_function(build_variable(st_, ov.call_with_out, nullptr), std::move(args), std::move(kwargs));
            }
        }
        if (code->filename == "<torch>" && code->name->view() == "manual_seed")
            unsupported("torch.manual_seed() (the random generator's state is not traced)");
        // Inference mode is not part of the guarded global state: read at run time.
        if (code->filename == "<torch>" && code->name->view() == "is_inference_mode_enabled")
            unsupported("torch.is_inference_mode_enabled() (inference mode is not guarded)");
        if (code->filename == "<torch>" && code->name->view().starts_with("rand")) return record_random(fn, args, kwargs);
        // warnings.warn reads the filters and the once-registry, which a later
        // call may find changed: a graph break, as Dynamo's skipfiles make it.
        if (code->filename == "<warnings>" && (code->name->view() == "warn" || code->name->view() == "warn_explicit"))
            unsupported("warnings." + code->name->text() + "() (the warning filters are read when it runs)");
        if (code->filename == "<torch._dynamo>" && (code->name->view() == "is_compiling" || code->name->view() == "is_dynamo_compiling"))
            return constant_variable(Value(true));
        // torch.compile(fn, ...) in a compiled frame: ignored while tracing,
        // as Dynamo ignores it (fn itself, inlined when called).
        if (code->filename == "<torch._dynamo>" && code->name->view() == "compile" && !args.empty()) return args[0];
        // assume_constant_result(fn): called now, with the trace's constants;
        // the result is a constant of the graph, not guarded (Dynamo's
        // invoke_and_store_as_constant).
        if (const Value* marked = f.dict()->find(intern("_dynamo_marked_constant")); marked && vm().truthy(*marked)) {
            if (!constant_args(args, kwargs))
                unsupported("assume_constant_result function " + f.qualname()->text() + " called with a non-constant argument");
            Value result = call_on_constants(u->fn, args, kwargs, f.qualname()->view());
            // A tensor: an attribute of the graph (`self.<name>`), the same
            // tensor at every call.
            if (result.is<Tensor>()) {
                std::string attr = f.name()->text();
                for (char& c : attr)
                    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                return wrap_node(st_.graph->get_attr(attr, result));
            }
            return build_variable(st_, result, nullptr);
        }
        if ((code->filename.starts_with("<torch._dynamo") && !detail::dynamo::traced_harness(vm(), code->filename)) ||
            (st_.disabled && st_.disabled->count(code->unique_id)))
            unsupported("a call to " + f.qualname()->text() + " is skipped (torch._dynamo.disable or torch internals)");
        if (code->filename == "<itertools>")
            if (VariablePtr combos = itertools_combinatoric(u->fn, code->name->view(), args, kwargs)) return combos;
        // A functools.lru_cache wrapper called with a tensor or another
        // object (a key the trace cannot hold in the cache dict): the wrapped
        // function traced through, the cache left alone, as Dynamo does.
        // Called with constants, the wrapper itself is inlined, cache and all.
        if (code->filename == "<functools>" && code->qualname->view() == "lru_cache.<locals>.decorator.<locals>.wrapper" &&
            !constant_args(args, kwargs))
            if (const Value* wrapped = f.dict()->find(intern("__wrapped__")))
                return call(lazy_variable(st_, *wrapped, t.source ? t.source->attr("__wrapped__") : nullptr), std::move(args),
                            std::move(kwargs));
        // collections.namedtuple(...) of constants: the class made now (its
        // class statement is not traced), a constant of the trace.
        if (code->filename == "<collections>" && code->name->view() == "namedtuple") {
            // A list of field names (a ListVariable) passed as the list of its constants.
            auto plain = [&](VariablePtr v) {
                if (auto* l = get(v).as<ListVariable>()) {
                    std::vector<Value> items;
                    for (auto& i : l->items) {
                        if (!is_constant(i)) unsupported("collections.namedtuple() of non-constant fields");
                        items.push_back(constant_of(i));
                    }
                    return constant_variable(list(std::move(items)));
                }
                if (!is_constant(v)) unsupported("collections.namedtuple() of non-constant arguments");
                return v;
            };
            for (auto& a : args) a = plain(a);
            for (auto& kw : kwargs) kw.second = plain(kw.second);
            return build_variable(st_, call_on_constants(u->fn, args, kwargs, "collections.namedtuple"), nullptr);
        }
        if (st_.composite_depth == 0)
            if (std::string target = detail::dynamo::composite_target(f, *vm().types().tensor); !target.empty())
                return record_composite(fn, std::move(target), std::move(args), std::move(kwargs));
        std::vector<VariablePtr> defaults, kwdefaults, closure;
        if (auto* d = f.defaults().dyn<Tuple>())
            for (std::size_t i = 0; i < d->size(); ++i)
                defaults.push_back(lazy_variable(st_, (*d)[i], t.source ? t.source->defaults(static_cast<std::int64_t>(i)) : nullptr));
        if (const Value* kd = f.dict()->find(vm().names().kwdefaults); kd && kd->is<Dict>())
            kd->as<Dict>()->for_each([&](const Value& k, const Value& v) {
                // (read through the function: g.__kwdefaults__['k'] = 5 recompiles)
                const Source* s = t.source && k.is<Str>() ? t.source->attr("__kwdefaults__")->item(k.as<Str>()->view()) : nullptr;
                kwdefaults.push_back(constant_variable(k));
                kwdefaults.push_back(s ? lazy_variable(st_, v, s) : build_variable(st_, v, nullptr));
            });
        if (auto* c = f.closure().dyn<Tuple>())
            for (std::size_t i = 0; i < c->size(); ++i) {
                auto* cell = (*c)[i].dyn<Cell>();
                // A cell the trace already holds (a free variable or cell of
                // the frame, another closure's) is that tracker: a store
                // through one is seen through the others.
                if (auto known = cell ? st_.objects.find(cell) : st_.objects.end(); known != st_.objects.end()) {
                    closure.push_back(known->second);
                    continue;
                }
                const Source* s = t.source ? t.source->closure(static_cast<std::int64_t>(i)) : nullptr;
                VariablePtr contents = cell && !cell->empty() ? lazy_variable(st_, cell->get(), s) : nullptr;
                auto cv = make_variable(CellVariable{contents, s});
                cv->mutation = MutationType::existing;
                if (cell) st_.objects[cell] = cv;
                closure.push_back(cv);
            }
        return inline_call(code, f.globals(), f.qualname(), std::move(defaults), std::move(kwdefaults), std::move(closure),
                           std::move(args), std::move(kwargs));
    }
    if (auto* nf = t.as<NestedUserFunctionVariable>())
        return inline_call(nf->code.as<Code>(), nf->globals, nf->qualname, nf->defaults, {}, nf->closure, std::move(args),
                           std::move(kwargs));
    unsupported("inlining " + std::string(variable_kind_name(t)));
}

// The enum module's Enum class, when the program has imported it.
inline const Class* InstructionTranslator::enum_base() {
    ref<Module> m = vm().find_module("enum");
    const Value* e = m ? m->dict()->find(intern("Enum")) : nullptr;
    return e && e->is<Class>() ? e->as<Class>() : nullptr;
}

inline VariablePtr InstructionTranslator::enum_member(const Value& cls, const std::vector<VariablePtr>& args,
                                                      const std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
    const Class* base = enum_base();
    if (!base || !cls.is<Class>() || cls.object() == base || !cls.as<Class>()->is_subclass_of(base)) return nullptr;
    if (args.size() != 1 || !kwargs.empty() || !is_constant(args[0])) return nullptr;
    const Value value = constant_of(args[0]);
    try {
        return build_variable(st_, vm().call_value(cls, std::span<const Value>(&value, 1)), nullptr);
    } catch (const Error& e) {
        unsupported(e.message());
    }
}

inline VariablePtr InstructionTranslator::inline_call(const Code* code, Dict* globals, Str* qualname,
                                                      std::vector<VariablePtr> defaults, std::vector<VariablePtr> kwdefaults,
                                                      std::vector<VariablePtr> closure, std::vector<VariablePtr> args,
                                                      std::vector<std::pair<Str*, VariablePtr>> kwargs) {
    if (st_.inline_depth >= max_inline_depth) unsupported("inlining is too deep (recursion in " + qualname->text() + "?)");
    // On the heap: a generator's body lives on in the iterator it returns.
    auto body = std::make_shared<InstructionTranslator>(st_, code, globals, this);
    InstructionTranslator& child = *body;
    child.outer_handling_ = handling_ ? handling_ : outer_handling_;  // what a bare `raise` in it re-raises
    std::vector<VariablePtr>& locals = child.locals();
    const std::size_t argcount = code->argcount, total_named = argcount + code->kwonlyargcount;
    // A call that does not fit the parameters raises CPython's TypeError in
    // the trace (an except of the frame may catch it).
    const std::string qual = qualname->text();
    auto refuse = [&](const std::string& message) { raise_python(exc::TypeError, {str(message)}); };
    const std::size_t npos = std::min(args.size(), argcount);
    for (std::size_t i = 0; i < npos; ++i) locals[i] = args[i];
    if (code->flags & CO_VARARGS) {
        locals[total_named] = make_variable(TupleVariable{std::vector<VariablePtr>(args.begin() + static_cast<std::ptrdiff_t>(npos), args.end())});
    } else if (args.size() > argcount) {
        std::size_t kwonly_given = 0;
        for (auto& [name, _] : kwargs)
            for (std::size_t j = argcount; j < total_named; ++j) kwonly_given += code->varnames[j] == name;
        refuse(detail::too_many_positional(qual, argcount, defaults.size(), args.size(), kwonly_given));
    }
    ConstDictVariable extra;
    for (auto& [name, v] : kwargs) {
        std::size_t slot = total_named;
        for (std::size_t j = code->posonlyargcount; j < total_named; ++j)
            if (code->varnames[j] == name) slot = j;
        if (slot == total_named) slot = detail::numpy_alias_slot(code, name->view(), code->posonlyargcount, total_named);
        if (slot == total_named) {
            if (!(code->flags & CO_VARKEYWORDS)) refuse(qual + "() got an unexpected keyword argument '" + name->text() + "'");
            extra.items.emplace_back(Value::borrow(name), v);
            continue;
        }
        if (locals[slot]) refuse(qual + "() got multiple values for argument '" + name->text() + "'");
        locals[slot] = v;
    }
    if (code->flags & CO_VARKEYWORDS)
        locals[total_named + ((code->flags & CO_VARARGS) ? 1 : 0)] = make_variable(std::move(extra));
    const std::size_t first_default = argcount >= defaults.size() ? argcount - defaults.size() : 0;
    std::vector<std::string> missing;
    for (std::size_t i = npos; i < argcount; ++i) {
        if (locals[i]) continue;
        if (i >= first_default) locals[i] = defaults[i - first_default];
        else missing.push_back(code->varnames[i]->text());
    }
    if (!missing.empty()) refuse(detail::missing_arguments(qual, missing, false));
    for (std::size_t i = argcount; i < total_named; ++i) {
        if (locals[i]) continue;
        for (std::size_t k = 0; k + 1 < kwdefaults.size(); k += 2)
            if (constant_of(kwdefaults[k]).as<Str>()->view() == code->varnames[i]->view()) locals[i] = kwdefaults[k + 1];
        if (!locals[i]) missing.push_back(code->varnames[i]->text());
    }
    if (!missing.empty()) refuse(detail::missing_arguments(qual, missing, true));
    const std::size_t nlocals = code->nlocals();
    st_.created_objects += code->cellvars.size();  // (a closure over one may be rebuilt: a temporary each)
    for (std::size_t c = 0; c < code->cellvars.size(); ++c) {
        const int param = c < code->cell_params.size() ? code->cell_params[c] : -1;
        locals[nlocals + c] = make_variable(CellVariable{param >= 0 ? locals[static_cast<std::size_t>(param)] : nullptr});
    }
    if (closure.size() != code->freevars.size()) unsupported("a closure that does not match its code");
    for (std::size_t f = 0; f < closure.size(); ++f) locals[nlocals + code->cellvars.size() + f] = closure[f];
    InlineDepth depth_guard(st_.inline_depth);
    if (code->flags & CO_GENERATOR) {
        // Lazy, as the eager program's generator is: the body runs to its
        // next yield when the consumer pulls an item, so its stores and
        // reads interleave with the consumer's, and any()/all() stop it early.
        // (The body's translator keeps `this` as its parent only to know
        // it is inlined; it is never followed.)
        ListIteratorVariable it{{}, 0, nullptr, nullptr, 0, ListIteratorVariable::Lazy::generator};
        it.generator = std::move(body);
        VariablePtr g = make_variable(std::move(it));
        st_.generators.push_back(g);  // (closed at the frame's return if left suspended)
        return g;
    }
    return child.run();
}

STANDIN_NAMESPACE_END
