// The guest `torch` module's glue to the op table: every op as a function
// (torch.add) and, when its first parameter is `self`, as a Tensor method
// (x.add); dtypes (torch.float32, ...); Tensor properties; tensor operators,
// indexing and iteration for the interpreter; and the module's setup. The
// printing is in vm/torch_print.hpp, the guest-code parts (torch.nn, ...) in
// vm/torch_prelude.hpp.
// Counterpart: torch/__init__.py, torch/_tensor.py, torch/_tensor_str.py,
// torch/nn/modules/.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/torch.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/tensor.hpp>
#include <standin/vm/constructors.hpp>
#include <standin/vm/protocol.hpp>
#include <standin/vm/autograd_prelude.hpp>
#include <standin/vm/torch_prelude.hpp>
#include <standin/vm/torch_print.hpp>

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <limits>

STANDIN_NAMESPACE_BEGIN

namespace detail::torch_glue {

// x.size(d) / x.stride(d) of a 0-dim tensor: torch's IndexError (wrap_dim
// would take dim 0 of nothing).
inline void check_has_dims(const Tensor& t, std::int64_t d) {
    if (t.dim() == 0)
        raise(exc::IndexError, "Dimension specified as " + std::to_string(d) + " but tensor has no dimensions");
}

// Ops whose sequence parameter may also come as separate ints:
// torch.zeros(2, 3), x.view(2, 3), x.permute(1, 0).
inline bool packs_sizes(std::string_view name) {
    return name == "zeros" || name == "ones" || name == "view" || name == "reshape" || name == "permute" ||
           name == "expand";
}

// torch.Size, the guest class of shapes (vm/torch_prelude.hpp), or null
// before the prelude has run.
inline const Value* size_class(Interpreter& vm) { return vm.find_module("torch")->dict()->find(intern("Size")); }

// torch.device('cuda:1'): the device a string names, with torch's errors.
inline DeviceObject* parse_device(std::string_view text) {
    static constexpr std::string_view types[] = {"cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl",
                                                 "ideep", "hip", "ve", "fpga", "ort", "xla", "lazy", "vulkan",
                                                 "mps", "meta", "hpu", "privateuseone"};
    const std::size_t colon = text.find(':');
    const std::string_view type = text.substr(0, colon);
    bool known = false;
    for (std::string_view t : types) known = known || t == type;
    if (!known) {
        std::string expected;
        for (std::string_view t : types) expected += (expected.empty() ? "" : ", ") + std::string(t);
        raise(exc::RuntimeError, "Expected one of " + expected + " device type at start of device string: " +
                                     std::string(text));
    }
    if (colon == std::string_view::npos) return device_object(type);
    const std::string_view digits = text.substr(colon + 1);
    std::int64_t index = 0;
    bool ok = !digits.empty() && digits.size() < 10 && (digits.size() == 1 || digits[0] != '0');
    for (char c : digits) {
        ok = ok && c >= '0' && c <= '9';
        index = index * 10 + (c - '0');
    }
    if (!ok) raise(exc::RuntimeError, "Invalid device string: '" + std::string(text) + "'");
    return device_object(type, index);
}

// A device argument: None, a string or a torch.device. The reference tensor
// lives on the cpu; cuda fails as torch built without CUDA does.
inline void check_device(const Value& device) {
    if (device.is_none()) return;
    const DeviceObject* d = as_device_object(device);
    if (!d && device.is<Str>()) d = parse_device(device.as<Str>()->view());
    if (!d) raise(exc::TypeError, "device must be a string or torch.device, not " + std::string(type_name(device)));
    if (d->is_cpu()) return;
    if (d->type() == "cuda") raise(exc::AssertionError, "Torch not compiled with CUDA enabled");
    raise(exc::RuntimeError, "standin's reference tensor only supports the cpu device, not '" + d->str() + "'");
}

// An op's kernel run as torch's autograd layer runs it: with grad mode on, an
// in-place op on a leaf that requires grad is refused, and the result of inputs
// that require grad records the op (runtime/tensor/grad_meta.hpp).
inline Value call_kernel(Interpreter& vm, const OpDef& op, std::span<const Value> args) {
    const bool grad = vm.global_state().grad_enabled;
    Value original = Value::null();
    if (grad) {
        check_inplace_grad(op, args);
        if (needs_original_self(op, args)) original = ops::clone(args.first(1), false);
    }
    Value result = op.kernel(args);
    if (grad) record_grad(op, args, result, original);
    return result;
}

inline Value run_op(Interpreter& vm, const OpDef& op, std::span<const Value> positional,
                    std::span<const KwArg> kwargs) {
    std::vector<Value> packed;
    const std::size_t first = op.cls == OpClass::factory ? 0 : 1;
    // Sizes as separate arguments; a one-element integer tensor counts as its int (view(n, -1)).
    auto size_item = [](const Value& v, Value& out) {
        std::int64_t i;
        if (v.is_integral()) out = v;
        else if (v.is<Tensor>() && ops::tensor_index(v, i)) out = Value(i);
        else return false;
        return true;
    };
    Value item;
    if (packs_sizes(op.name) && positional.size() > first && size_item(positional[first], item)) {
        packed.assign(positional.begin(), positional.begin() + static_cast<std::ptrdiff_t>(first));
        std::vector<Value> sizes;
        std::size_t i = first;
        while (i < positional.size() && size_item(positional[i], item)) sizes.push_back(item), ++i;
        packed.push_back(tuple(std::move(sizes)));
        packed.insert(packed.end(), positional.begin() + static_cast<std::ptrdiff_t>(i), positional.end());
        positional = packed;
    }
    if ((op.name == "cat" || op.name == "stack") && !positional.empty() && positional[0].is<List>()) {
        packed.assign(positional.begin(), positional.end());
        packed[0] = tuple(std::vector<Value>(positional[0].as<List>()->items().begin(), positional[0].as<List>()->items().end()));
        positional = packed;
    }
    // Factories take device= ('cpu' is the only device) and requires_grad=.
    std::vector<KwArg> kept;
    bool requires_grad = false;
    if (op.cls == OpClass::factory && !kwargs.empty()) {
        for (const KwArg& kw : kwargs) {
            const std::string_view key = kw.name->view();
            if (key == "device") check_device(kw.value);
            else if (key == "requires_grad") requires_grad = vm.truthy(kw.value);
            else if (key != "pin_memory" && key != "layout") kept.push_back(kw);
        }
        kwargs = kept;
    }
    std::vector<Value> args = bind_args(op, positional, kwargs);
    // A torch.Size or a namedtuple (guest instances of tuple subclasses holding
    // their items) is a tuple to the kernels.
    for (Value& a : args) {
        if (a.kind() != Kind::instance || !a.as<Instance>()->cls()->is_subclass_of(vm.types().tuple.get())) continue;
        for (const char* items : {"_dims", "_values"})
            if (const Value* held = a.as<Instance>()->find_attr(intern(items)); held && held->is<Tuple>()) {
                a = Value(*held);
                break;
            }
    }
    Value result = call_kernel(vm, op, args);
    if (requires_grad) {
        if (!is_floating(result.as<Tensor>()->dtype()))
            raise(exc::RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
        result.as<Tensor>()->set_requires_grad(true);
    }
    return result;
}

inline const OpDef& current_op(Interpreter& vm) { return *static_cast<const OpDef*>(vm.calling_builtin()->data()); }

// torch.add(x, y), torch.zeros(2, 3): the op is the calling Builtin's data.
inline Value torch_function(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg> kwargs) {
    const OpDef& op = current_op(vm);
    for (std::size_t k = 0; k < kwargs.size(); ++k) {
        if (kwargs[k].name->view() != "out") continue;
        // torch.sigmoid(x, out=y): the result lands in y (the prelude's _write_out).
        std::vector<KwArg> rest(kwargs.begin(), kwargs.end());
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(k));
        const Value out = kwargs[k].value;
        // A factory makes out's dtype unless told another: torch.zeros(2, out=longs).
        if (op.cls == OpClass::factory && out.is<Tensor>() &&
            std::none_of(rest.begin(), rest.end(), [](const KwArg& kw) { return kw.name->view() == "dtype"; }))
            rest.push_back(KwArg{intern("dtype"), dtype_value(out.as<Tensor>()->dtype())});
        Value result = run_op(vm, op, args, rest);
        const Value& write = vm.out_variants().write_out;
        if (out.is_none() || write.is_null()) return result;
        const Value call[] = {result, out, str(std::string(op.name))};
        return vm.call_value(write, call);
    }
    return run_op(vm, op, args, kwargs);
}
// x.add(y): self first.
inline Value tensor_method(Interpreter& vm, const Value& self, std::span<const Value> args, std::span<const KwArg> kwargs) {
    std::vector<Value> all;
    all.reserve(args.size() + 1);
    all.push_back(self);
    all.insert(all.end(), args.begin(), args.end());
    return run_op(vm, current_op(vm), all, kwargs);
}

inline Tensor& self_tensor(const Value& v, std::string_view what) {
    if (auto* t = v.dyn<Tensor>()) return *t;
    raise(exc::TypeError, "descriptor '" + std::string(what) + "' requires a 'Tensor' object but received a '" +
                              std::string(type_name(v)) + "'");
}

inline Value size_of(Interpreter& vm, const Tensor& t) {
    std::vector<Value> dims;
    for (auto d : t.sizes()) dims.push_back(Value(d));
    const Value* size_cls = size_class(vm);
    Value tup = tuple(std::move(dims));
    if (!size_cls) return tup;
    return vm.call_value(*size_cls, std::span<const Value>(&tup, 1));
}

// --- Tensor attributes and methods implemented here (not in the op table) --------------
// Properties receive the tensor as their one argument.
STANDIN_BUILTIN_FN(prop_shape) { return size_of(vm, self_tensor(args[0], "shape")); }
STANDIN_BUILTIN_FN(prop_dtype) { return dtype_value(self_tensor(args[0], "dtype").dtype()); }
STANDIN_BUILTIN_FN(prop_dtype_is_floating_point) {
    const DTypeObject* d = as_dtype_object(args[0]);
    return Value(d && is_floating(d->value()));
}
STANDIN_BUILTIN_FN(prop_dtype_is_signed) {
    const DTypeObject* d = as_dtype_object(args[0]);
    return Value(d && d->value() != dtype::bool_ && d->value() != dtype::uint8);
}
STANDIN_BUILTIN_FN(prop_dtype_itemsize) {
    const DTypeObject* d = as_dtype_object(args[0]);
    return Value(static_cast<std::int64_t>(d ? element_size(d->value()) : 0));
}
STANDIN_BUILTIN_FN(prop_ndim) { return Value(self_tensor(args[0], "ndim").dim()); }
STANDIN_BUILTIN_FN(prop_device) { return device_value("cpu"); }
// torch.device(type, index=None), torch.device('cuda:1'), torch.device(d).
STANDIN_BUILTIN_FN(device_new) {
    Value spec = !args.empty() ? args[0] : Value::null();
    Value index = args.size() > 1 ? args[1] : Value();
    if (args.size() > 2) raise(exc::TypeError, "device() takes at most 2 arguments (" + std::to_string(args.size()) + " given)");
    for (const auto& kw : kwargs) {
        if (kw.name->view() == "type") spec = kw.value;
        else if (kw.name->view() == "index") index = kw.value;
        else raise(exc::TypeError, "device() got an unexpected keyword argument '" + std::string(kw.name->view()) + "'");
    }
    if (spec.is_null()) raise(exc::TypeError, "device() missing required argument 'type' (pos 1)");
    if (as_device_object(spec)) return spec;
    if (spec.is_integral() && !spec.is_bool()) {
        // torch.device(0): a cuda ordinal.
        return device_value("cuda", spec.as_integral());
    }
    if (!spec.is<Str>()) raise(exc::TypeError, "device(): argument 'type' must be str, not " + std::string(type_name(spec)));
    DeviceObject* d = parse_device(spec.as<Str>()->view());
    if (index.is_none()) return Value::borrow(d);
    if (!index.is_integral() || index.is_bool())
        raise(exc::TypeError, "device(): argument 'index' must be int, not " + std::string(type_name(index)));
    if (d->index() >= 0)
        raise(exc::RuntimeError, "type (string) must not include an index because index was passed explicitly: " +
                                     std::string(spec.as<Str>()->view()));
    if (index.as_integral() < 0) raise(exc::RuntimeError, "Device index must not be negative");
    return device_value(d->type(), index.as_integral());
}
STANDIN_BUILTIN_FN(prop_device_type) { return str(as_device_object(args[0])->type()); }
STANDIN_BUILTIN_FN(prop_device_index) {
    const std::int64_t i = as_device_object(args[0])->index();
    return i < 0 ? Value() : Value(i);
}
// torch.set_printoptions(precision=None, threshold=None, edgeitems=None,
// linewidth=None, profile=None, sci_mode=None).
STANDIN_BUILTIN_FN(function_set_printoptions) {
    static constexpr std::string_view names[] = {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"};
    Value given[6];
    if (args.size() > 6) raise(exc::TypeError, "set_printoptions() takes at most 6 arguments");
    for (std::size_t i = 0; i < args.size(); ++i) given[i] = args[i];
    for (const auto& kw : kwargs) {
        std::size_t i = 0;
        while (i < 6 && names[i] != kw.name->view()) ++i;
        if (i == 6) raise(exc::TypeError, "set_printoptions() got an unexpected keyword argument '" + std::string(kw.name->view()) + "'");
        given[i] = kw.value;
    }
    PrintOptions& o = print_options();
    if (auto* profile = given[4].dyn<Str>()) {
        const std::string_view p = profile->view();
        if (p == "default") o = PrintOptions{};
        else if (p == "short") o = PrintOptions{2, 1000, 2, 80, o.sci_mode};
        else if (p == "full") o = PrintOptions{4, std::numeric_limits<std::int64_t>::max(), 3, 80, o.sci_mode};
    }
    auto integer = [&](const Value& v, const char* what) {
        if (v.is_float() && std::isinf(v.as_float())) return std::numeric_limits<std::int64_t>::max();
        if (!v.is_integral()) raise(exc::TypeError, std::string("set_printoptions(): ") + what + " must be an int");
        return v.as_integral();
    };
    if (!given[0].is_none()) o.precision = static_cast<int>(std::clamp<std::int64_t>(integer(given[0], "precision"), 0, 60));
    if (!given[1].is_none()) o.threshold = integer(given[1], "threshold");
    if (!given[2].is_none()) o.edgeitems = static_cast<std::size_t>(std::max<std::int64_t>(integer(given[2], "edgeitems"), 0));
    if (!given[3].is_none()) o.linewidth = static_cast<std::size_t>(std::max<std::int64_t>(integer(given[3], "linewidth"), 1));
    o.sci_mode = given[5].is_none() ? -1 : (vm.truthy(given[5]) ? 1 : 0);
    return Value();
}
// torch._check_device(d): None, or the error using device d raises.
STANDIN_BUILTIN_FN(function_check_device) {
    check_device(args.empty() ? Value() : args[0]);
    return Value();
}
STANDIN_BUILTIN_FN(prop_requires_grad) { return Value(self_tensor(args[0], "requires_grad").requires_grad()); }
STANDIN_BUILTIN_FN(prop_is_leaf) { return Value(self_tensor(args[0], "is_leaf").grad_fn() == nullptr); }
STANDIN_BUILTIN_FN(prop_base) {
    Tensor* base = self_tensor(args[0], "_base").base();
    return base ? Value::borrow(base) : Value();
}
STANDIN_BUILTIN_FN(prop_grad) {
    Object* grad = self_tensor(args[0], "grad").grad();
    return grad ? Value::borrow(grad) : Value();
}
// t.grad = g: None, or a tensor of t's size and dtype (torch's checks).
STANDIN_BUILTIN_FN(set_grad) {
    Tensor& t = self_tensor(args[0], "grad");
    if (args[1].is_none()) {
        t.set_grad(nullptr);
        return Value();
    }
    const Tensor* g = args[1].dyn<Tensor>();
    if (!g)
        raise(exc::TypeError, "assigned grad expected to be a Tensor or None but got grad of type" +
                                  std::string(type_name(args[1])));
    if (g->dtype() != t.dtype()) raise(exc::RuntimeError, "assigned grad has data of a different type");
    if (!std::equal(g->sizes().begin(), g->sizes().end(), t.sizes().begin(), t.sizes().end()))
        raise(exc::RuntimeError, "assigned grad has data of a different size");
    t.set_grad(ref<Object>(args[1].object()));
    // A grad with history can reach t again (x.grad = y + 1; y.grad = x + 2):
    // tracked, so the interpreter's exit breaks the cycle.
    if (g->grad_node()) vm.track(args[0]);
    return Value();
}
// t._version: how many in-place writes its storage has seen (shared by views).
STANDIN_BUILTIN_FN(prop_version) {
    return Value(static_cast<std::int64_t>(self_tensor(args[0], "_version").write_count()));
}
// t.data: what t.detach() gives (the same data, a new leaf).
STANDIN_BUILTIN_FN(prop_data) {
    self_tensor(args[0], "data");
    return ops::detach(args.first(1));
}
// t.data = other (init code's `m.weight.data = ...`): t takes other's data.
STANDIN_BUILTIN_FN(prop_set_data) {
    Tensor& t = self_tensor(args[0], "data");
    if (args.size() != 2 || !args[1].is<Tensor>())
        raise(exc::TypeError, "Variable data has to be a tensor, but got " + std::string(type_name(args.size() == 2 ? args[1] : Value())));
    t.set_data(*args[1].as<Tensor>());
    return Value();
}
// torch.linspace's values for float32 and float64, as ATen's CPU kernel
// computes them: each half from its own end (one fused multiply-add), and
// the vectorised part (whole chunks of two AVX2 vectors) in vectors whose
// first lane is that formula and whose other lanes add step * lane.
template <class T>
std::vector<Value> aten_linspace(T start, T end, std::int64_t n) {
    std::vector<Value> out;
    if (n <= 0) return out;
    if (n == 1) return {Value(static_cast<double>(start))};
    const T step = (end - start) / static_cast<T>(n - 1);
    const std::int64_t half = n / 2;
    auto scalar = [&](std::int64_t i) -> T {
        return i < half ? std::fma(step, static_cast<T>(i), start) : std::fma(-step, static_cast<T>(n - 1 - i), end);
    };
    constexpr std::int64_t width = 32 / static_cast<std::int64_t>(sizeof(T));
    const std::int64_t vectorised = n / (2 * width) * (2 * width);
    out.reserve(static_cast<std::size_t>(n));
    for (std::int64_t b = 0; b < vectorised; b += width) {
        const T base = scalar(b);
        for (std::int64_t j = 0; j < width; ++j) out.emplace_back(static_cast<double>(static_cast<T>(base + static_cast<T>(step * static_cast<T>(j)))));
    }
    for (std::int64_t i = vectorised; i < n; ++i) out.emplace_back(static_cast<double>(scalar(i)));
    return out;
}
// torch._linspace_values(start, end, steps, double): the list of values.
STANDIN_BUILTIN_FN(function_linspace_values) {
    if (args.size() != 4 || !args[0].is_number() || !args[1].is_number() || !args[2].is_integral())
        raise(exc::TypeError, "_linspace_values(start, end, steps, double)");
    const std::int64_t n = args[2].as_integral();
    if (args[3].is_integral() && args[3].as_integral() != 0)
        return list(aten_linspace<double>(args[0].as_double(), args[1].as_double(), n));
    return list(aten_linspace<float>(static_cast<float>(args[0].as_double()), static_cast<float>(args[1].as_double()), n));
}
// t.grad_fn: None for a leaf, else the node's name (torch._GradFn wraps it in
// guest code, vm/torch_prelude.hpp).
STANDIN_BUILTIN_FN(function_grad_fn_name) {
    const char* name = self_tensor(args.empty() ? Value() : args[0], "grad_fn").grad_fn();
    return name ? str(name) : Value();
}
// torch._grad_node(t): the autograd node behind t.grad_fn (a tuple, see
// runtime/tensor/grad_meta.hpp), or None.
STANDIN_BUILTIN_FN(function_grad_node) {
    Object* node = self_tensor(args.empty() ? Value() : args[0], "grad_fn").grad_node();
    return node ? Value::borrow(node) : Value();
}
// torch._record_node(t, op, args, output, name): t is output `output` of
// the guest-code op `op` on the tuple `args` (autograd.Function.apply).
STANDIN_BUILTIN_FN(function_record_node) {
    if (args.size() != 5 || !args[0].is<Tensor>() || !args[1].is<Str>() || !args[2].is<Tuple>() || !args[3].is_int() ||
        !args[4].is<Str>())
        raise(exc::TypeError, "_record_node(tensor, op, args, output, name)");
    record_node(*args[0].as<Tensor>(), args[1].as<Str>()->view(), args[2].as<Tuple>()->items(), args[3].as_int(),
                grad_fn_name(args[4].as<Str>()->view()));
    return args[0];
}
// torch._check_data(condition, message): RuntimeError(message) unless the
// condition (a bool, or a one-element tensor) holds: a check on the data a
// traced frame keeps as a graph node, run when the graph runs (F.one_hot's
// class range), where eager code would branch on .item().
STANDIN_BUILTIN_FN(function_check_data) {
    if (args.size() != 2 || !args[1].is<Str>()) raise(exc::TypeError, "_check_data(condition, message)");
    if (!vm.truthy(args[0])) raise(exc::RuntimeError, args[1].as<Str>()->text());
    return Value();
}
// torch._set_grad_fn(t, name): a guest-code function's result names the node
// torch's own op would record (F.gelu's GeluBackward0). Only a tensor that
// already records an op (requires grad through its inputs) is renamed.
STANDIN_BUILTIN_FN(function_set_grad_fn) {
    if (args.size() != 2 || !args[1].is<Str>()) raise(exc::TypeError, "_set_grad_fn(tensor, name)");
    auto rename = [&](const Value& v) {
        if (auto* t = v.dyn<Tensor>(); t && t->grad_fn()) {
            t->set_grad_fn(grad_fn_name(args[1].as<Str>()->view()));
            // the node's own name (grad_fn.next_functions of a later node)
            if (Object* node = t->grad_node()) {
                const Value held = Value::borrow(node);
                if (auto* tup = held.dyn<Tuple>(); tup && tup->size() > 4)
                    if (auto* state = (*tup)[4].dyn<List>(); state && state->size() > 0)
                        state->set(0, Value::borrow(intern(t->grad_fn())));
            }
        }
    };
    if (auto* items = args[0].dyn<Tuple>()) {
        for (const Value& item : items->items()) rename(item);
    } else {
        rename(args[0]);
    }
    return args[0];
}
STANDIN_BUILTIN_FN(prop_T) {
    // x.T reverses every dimension (torch 1.13 deprecates, but allows, more than 2).
    const std::int64_t nd = self_tensor(args[0], "T").dim();
    Value r;
    if (nd <= 2) {
        const Value a[] = {args[0]};
        r = ops::t(a);
    } else {
        std::vector<Value> dims;
        for (std::int64_t d = nd; d-- > 0;) dims.push_back(Value(d));
        const Value a[] = {args[0], tuple(std::move(dims))};
        r = ops::permute(a);
    }
    // torch's numpy-style T is a permute.
    if (vm.global_state().grad_enabled && self_tensor(args[0], "T").requires_grad()) {
        std::vector<Value> dims;
        for (std::int64_t d = nd; d-- > 0;) dims.push_back(Value(d));
        const Value a[] = {args[0], tuple(std::move(dims))};
        record_grad(*find_op("permute"), a, r);
    }
    return r;
}
// torch.is_grad_enabled() and torch._set_grad_enabled(mode): the grad mode is
// the interpreter's (GlobalState, which the GLOBAL_STATE guard compares).
STANDIN_BUILTIN_FN(function_is_grad_enabled) { return Value(vm.global_state().grad_enabled); }
STANDIN_BUILTIN_FN(function_set_grad_enabled) {
    // (A second argument, given by torch._C._set_grad_enabled, only asks a
    // trace to record the call even when it leaves the mode as it is.)
    if (args.size() != 1 && args.size() != 2) raise(exc::TypeError, "_set_grad_enabled() takes exactly one argument");
    vm.global_state().grad_enabled = vm.truthy(args[0]);
    return Value();
}
// torch.use_deterministic_algorithms(mode, *, warn_only=False) and its
// queries: a setting of the interpreter's (the GLOBAL_STATE guard compares
// it); standin's kernels are deterministic either way.
// warn_only= of the last use_deterministic_algorithms() (not a guarded setting).
inline bool& deterministic_warn_only() {
    static thread_local bool warn_only = false;
    return warn_only;
}
STANDIN_BUILTIN_FN(function_use_deterministic) {
    if (args.size() != 1) raise(exc::TypeError, "use_deterministic_algorithms() takes exactly one positional argument");
    for (const auto& kw : kwargs)
        if (kw.name->view() != "warn_only")
            raise(exc::TypeError, "use_deterministic_algorithms() got an unexpected keyword argument '" + kw.name->text() + "'");
    vm.global_state().deterministic_algorithms = vm.truthy(args[0]);
    deterministic_warn_only() = false;
    for (const auto& kw : kwargs) deterministic_warn_only() = vm.truthy(kw.value);
    return Value();
}
STANDIN_BUILTIN_FN(function_deterministic_enabled) { return Value(vm.global_state().deterministic_algorithms); }
STANDIN_BUILTIN_FN(function_deterministic_warn_only) {
    return Value(vm.global_state().deterministic_algorithms && deterministic_warn_only());
}
// x.data_ptr(): the address of the tensor's first element.
STANDIN_BUILTIN_FN(method_data_ptr) {
    return Value(static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(self_tensor(self, "data_ptr").data())));
}
// torch.set_default_dtype(d): the type of float literals, float factories and
// integer-to-float results from now on. The interpreter's GLOBAL_STATE keeps
// it too, so a graph traced under another default recompiles.
STANDIN_BUILTIN_FN(function_set_default_dtype) {
    const DTypeObject* d = args.size() == 1 ? as_dtype_object(args[0]) : nullptr;
    if (!d) raise(exc::TypeError, "set_default_dtype(d): d must be a torch.dtype");
    if (!is_floating(d->value())) raise(exc::TypeError, "only floating-point types are supported as the default type");
    detail::default_dtype_slot() = d->value();
    vm.global_state().default_dtype = d->value();
    return Value();
}
STANDIN_BUILTIN_FN(set_requires_grad) {
    Tensor& t = self_tensor(args[0], "requires_grad");
    const bool flag = vm.truthy(args[1]);
    if (t.grad_fn()) {
        if (flag) return Value();
        raise(exc::RuntimeError, "you can only change requires_grad flags of leaf variables. If you want to use a "
                                 "computed variable in a subgraph that doesn't require differentiation use "
                                 "var_no_grad = var.detach().");
    }
    if (flag && !is_floating(t.dtype()))
        raise(exc::RuntimeError, "only Tensors of floating point and complex dtype can require gradients");
    t.set_requires_grad(flag);
    return Value();
}

STANDIN_BUILTIN_FN(method_size) {
    Tensor& t = self_tensor(self, "size");
    if (args.empty() && kwargs.empty()) return size_of(vm, t);
    const Value& d = args.empty() ? kwargs[0].value : args[0];
    if (!d.is_integral()) raise(exc::TypeError, "size(): argument 'dim' must be int, not " + std::string(type_name(d)));
    detail::torch_glue::check_has_dims(t, d.as_integral());
    return Value(t.size(d.as_integral()));
}
STANDIN_BUILTIN_FN(method_stride) {
    Tensor& t = self_tensor(self, "stride");
    if (args.empty() && kwargs.empty()) {
        std::vector<Value> strides;
        for (auto st : t.strides()) strides.push_back(Value(st));
        return tuple(std::move(strides));
    }
    const Value& d = args.empty() ? kwargs[0].value : args[0];
    if (!d.is_integral()) raise(exc::TypeError, "stride(): argument 'dim' must be int, not " + std::string(type_name(d)));
    detail::torch_glue::check_has_dims(t, d.as_integral());
    return Value(t.strides()[static_cast<std::size_t>(wrap_dim(d.as_integral(), std::max<std::int64_t>(t.dim(), 1)))]);
}
STANDIN_BUILTIN_FN(method_storage_offset) {
    detail::builtins::arity("storage_offset", args, 0, 0);
    return Value(self_tensor(self, "storage_offset").storage_offset());
}
// A new tensor sharing data's storage, marked as a parameter.
inline Value make_parameter(const Value& data, bool requires_grad) {
    Tensor& t = self_tensor(data, "Parameter");
    auto p = make_ref<Tensor>(t.storage_ref(), t.dtype(), DimVector(t.sizes()), DimVector(t.strides()), t.storage_offset());
    p->set_requires_grad(requires_grad);
    p->set_parameter(true);
    return Value(std::move(p));
}
// nn.Parameter(data=None, requires_grad=True): Parameter.__new__.
STANDIN_BUILTIN_FN(parameter_new) {
    Value data = args.empty() ? Value() : args[0];
    Value requires_grad = args.size() > 1 ? args[1] : Value(true);
    if (args.size() > 2) raise(exc::TypeError, "Parameter() takes at most 2 arguments (" + std::to_string(args.size()) + " given)");
    for (const auto& kw : kwargs) {
        if (kw.name->view() == "data") data = kw.value;
        else if (kw.name->view() == "requires_grad") requires_grad = kw.value;
        else raise(exc::TypeError, "Parameter() got an unexpected keyword argument '" + std::string(kw.name->view()) + "'");
    }
    if (data.is_none()) data = make_tensor(default_dtype(), DimVector{0});
    return make_parameter(data, vm.truthy(requires_grad));
}
STANDIN_BUILTIN_FN(function_is_parameter) { return Value(!args.empty() && args[0].is<Tensor>() && args[0].as<Tensor>()->is_parameter()); }
STANDIN_BUILTIN_FN(method_dim) { return Value(self_tensor(self, "dim").dim()); }
STANDIN_BUILTIN_FN(method_numel) { return Value(self_tensor(self, "numel").numel()); }
// t.detach_(): t itself leaves the autograd graph (a leaf that does not require grad).
STANDIN_BUILTIN_FN(method_detach_) {
    detail::builtins::no_kwargs("detach_", kwargs);
    detail::builtins::arity("detach_", args, 0, 0);
    self_tensor(self, "detach_").set_requires_grad(false);
    return self;
}
// t.is_contiguous(memory_format=torch.contiguous_format): ops::is_contiguous_as.
STANDIN_BUILTIN_FN(method_is_contiguous) {
    Tensor& t = self_tensor(self, "is_contiguous");
    if (!args.empty())
        raise(exc::TypeError, "is_contiguous() takes 0 positional arguments but " + std::to_string(args.size()) +
                                  (args.size() == 1 ? " was given" : " were given"));
    std::optional<ops::MemoryFormat> format;
    for (const auto& kw : kwargs) {
        if (kw.name->view() != "memory_format")
            raise(exc::TypeError, "is_contiguous() got an unexpected keyword argument '" + kw.name->text() + "'");
        format = ops::memory_format_arg(kw.value, "is_contiguous");
    }
    return Value(ops::is_contiguous_as(t, format.value_or(ops::MemoryFormat::contiguous)));
}
inline Value reduce_bool(const Value& self, bool all) {
    Tensor& t = self_tensor(self, all ? "all" : "any");
    bool r = all;
    for (const Value& v : elements(t)) {
        bool truth = v.is_float() ? v.as_float() != 0.0 : v.as_integral() != 0;
        if (all && !truth) r = false;
        if (!all && truth) r = true;
    }
    const Value targs[] = {Value(r), Value()};
    return ops::tensor(targs, false);
}
STANDIN_BUILTIN_FN(method_all) { return reduce_bool(self, true); }
STANDIN_BUILTIN_FN(method_any) { return reduce_bool(self, false); }
inline Value scalar_of(const Value& self, const char* what) {
    Tensor& t = self_tensor(self, what);
    if (t.numel() != 1) raise(exc::ValueError, "only one element tensors can be converted to Python scalars");
    const Value a[] = {self};
    return ops::item(a);
}
STANDIN_BUILTIN_FN(method_int) {
    Value v = scalar_of(self, "__int__");
    return v.is_float() ? Value(float_to_int(v.as_float())) : Value(v.as_integral());
}
STANDIN_BUILTIN_FN(method_float) { return Value(scalar_of(self, "__float__").as_double()); }
STANDIN_BUILTIN_FN(function_is_tensor) { return Value(args.size() == 1 && args[0].is<Tensor>()); }
STANDIN_BUILTIN_FN(function_numel) { return Value(self_tensor(args.empty() ? Value() : args[0], "numel").numel()); }
STANDIN_BUILTIN_FN(function_noop) { return Value(); }
STANDIN_BUILTIN_FN(function_default_dtype) { return dtype_value(default_dtype()); }
STANDIN_BUILTIN_FN(function_is_compiling) { return Value(false); }


}  // namespace detail::torch_glue

STANDIN_DECL bool tensor_as_index(const Value& v, std::int64_t& out) { return ops::tensor_index(v, out); }

STANDIN_DECL Value tensor_binary_op(Interpreter& vm, BinaryOp op, const Value& a, const Value& b) {
    const std::uint32_t base = op >= nb_inplace_offset ? op - nb_inplace_offset : op;
    const char* name = nullptr;
    switch (base) {
    case NB_ADD: name = "add"; break;
    case NB_SUBTRACT: name = "sub"; break;
    case NB_MULTIPLY: name = "mul"; break;
    case NB_TRUE_DIVIDE: name = "div"; break;
    case NB_FLOOR_DIVIDE: name = "floor_divide"; break;
    case NB_REMAINDER: name = "remainder"; break;
    case NB_POWER: name = "pow"; break;
    case NB_MATRIX_MULTIPLY: name = "matmul"; break;
    case NB_AND: name = "bitwise_and"; break;
    case NB_OR: name = "bitwise_or"; break;
    case NB_XOR: name = "bitwise_xor"; break;
    case NB_LSHIFT:
    case NB_RSHIFT: {
        // x << n, x >> n: torch's bitwise shifts, written in the torch prelude.
        ref<Module> torch = vm.find_module("torch");
        const Value* fn = torch ? torch->dict()->find(intern(base == NB_LSHIFT ? "bitwise_left_shift" : "bitwise_right_shift")) : nullptr;
        if (!fn) break;
        const Value args[] = {a, b};
        Value r = vm.call_value(*fn, args);
        if (op >= nb_inplace_offset && a.is<Tensor>()) {
            const Value copy_args[] = {a, r};
            return detail::torch_glue::call_kernel(vm, *find_op("copy_"), std::span<const Value>(copy_args));
        }
        return r;
    }
    default: break;
    }
    if (!name)
        raise(exc::TypeError, "unsupported operand type(s) for " + std::string(binary_op_symbol(op)) + ": '" +
                                  std::string(type_name(a)) + "' and '" + std::string(type_name(b)) + "'");
    // In-place forms mutate the left tensor, as torch's x += y does.
    if (op >= nb_inplace_offset && a.is<Tensor>() &&
        (base == NB_ADD || base == NB_SUBTRACT || base == NB_MULTIPLY || base == NB_TRUE_DIVIDE)) {
        const OpDef* inplace = find_op(std::string(name) + "_");
        const Value args[] = {a, b};
        return detail::torch_glue::call_kernel(vm, *inplace, std::span<const Value>(args));
    }
    if (base == NB_MATRIX_MULTIPLY && !(a.is<Tensor>() && b.is<Tensor>()))
        raise(exc::TypeError, "unsupported operand type(s) for @: '" + std::string(type_name(a)) + "' and '" +
                                  std::string(type_name(b)) + "'");
    const Value args[] = {a, b};
    return detail::torch_glue::call_kernel(vm, *find_op(name), std::span<const Value>(args));
}

STANDIN_DECL Value tensor_unary_op(Interpreter& vm, Opcode op, const Value& a) {
    if (op == Opcode::UNARY_POSITIVE) return a;
    if (op == Opcode::UNARY_NEGATIVE) {
        const Value args[] = {a};
        return detail::torch_glue::call_kernel(vm, *find_op("neg"), std::span<const Value>(args));
    }
    if (auto* t = a.dyn<Tensor>(); t && is_floating(t->dtype()))
        raise(exc::TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
    const Value args[] = {a};
    return find_op("bitwise_not")->kernel(std::span<const Value>(args));
}

STANDIN_DECL Value tensor_compare(Interpreter&, CompareOp op, const Value& a, const Value& b) {
    static constexpr const char* names[] = {"lt", "le", "eq", "ne", "gt", "ge"};
    const bool a_ok = a.is<Tensor>() || a.is_number(), b_ok = b.is<Tensor>() || b.is_number();
    if (!a_ok || !b_ok) {
        if (op == CMP_EQ) return Value(false);
        if (op == CMP_NE) return Value(true);
        raise(exc::TypeError, "'" + std::string(compare_op_symbol(op)) + "' not supported between instances of '" +
                                  std::string(type_name(a)) + "' and '" + std::string(type_name(b)) + "'");
    }
    const Value args[] = {a, b};
    return find_op(names[op])->kernel(std::span<const Value>(args));
}

namespace detail::torch_glue {
// An index object of a guest class with __index__ (x[I()]) is the int it
// gives, as torch reads it, inside a tuple index and as a slice bound too.
inline Value index_key(Interpreter& vm, const Value& key) {
    auto as_int = [&](const Value& k) -> Value {
        if (k.is<Slice>()) return vm.slice_of_indexes(k);
        if (k.kind() != Kind::instance) return k;
        if (!vm.type_of(k)->lookup(vm.names().index)) return k;
        return vm.call_value(vm.getattr(k, vm.names().index), {});
    };
    if (auto* t = key.dyn<Tuple>()) {
        std::vector<Value> items;
        bool changed = false;
        for (const Value& k : t->items()) {
            items.push_back(as_int(k));
            changed = changed || !items.back().identical(k);
        }
        return changed ? tuple(std::move(items)) : key;
    }
    return as_int(key);
}
}  // namespace detail::torch_glue

STANDIN_DECL Value tensor_getitem(Interpreter& vm, const Value& t, const Value& key) {
    static const OpDef* const op = find_op("getitem");
    const Value args[] = {t, detail::torch_glue::index_key(vm, key)};
    return detail::torch_glue::call_kernel(vm, *op, std::span<const Value>(args));
}

STANDIN_DECL void tensor_setitem(Interpreter& vm, const Value& t, const Value& key, const Value& v) {
    static const OpDef* const op = find_op("_setitem");
    const Value args[] = {t, detail::torch_glue::index_key(vm, key), v};
    detail::torch_glue::call_kernel(vm, *op, std::span<const Value>(args));
}

STANDIN_DECL bool tensor_is_parameter(const Value& t) { return t.as<Tensor>()->is_parameter(); }

STANDIN_DECL bool tensor_truthy(const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    if (x.numel() != 1) raise(exc::RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
    Value v = detail::torch_glue::scalar_of(t, "__bool__");
    return v.is_float() ? v.as_float() != 0.0 : v.as_integral() != 0;
}

STANDIN_DECL std::int64_t tensor_len(const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    if (x.dim() == 0) raise(exc::TypeError, "len() of a 0-d tensor");
    return x.sizes()[0];
}

STANDIN_DECL std::string tensor_repr(const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    return (x.is_parameter() ? "Parameter containing:\n" : "") + detail::torch_glue::repr_tensor(x);
}

STANDIN_DECL Value tensor_iter(Interpreter& vm, const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    if (x.dim() == 0) raise(exc::TypeError, "iteration over a 0-d tensor");
    // Rows that carry gradients: torch's unbind(0) (UnbindBackward0), so
    // `q, k, v = qkv` and `for row in t` keep the history.
    if ((x.requires_grad() || x.grad_fn()) && vm.global_state().grad_enabled)
        return vm.iter(vm.call_method(t, intern("unbind"), {}));
    std::vector<Value> rows;
    for (std::int64_t i = 0; i < x.sizes()[0]; ++i) {
        const Value args[] = {t, Value(std::int64_t{0}), Value(i)};
        rows.push_back(ops::select(args));
    }
    return vm.iter(list(std::move(rows)));
}

STANDIN_DECL std::string tensor_format(Interpreter& vm, const Value& t, std::string_view spec) {
    // A 0-dim tensor formats as its number, whatever the spec (torch 1.13's
    // Tensor.__format__): f"loss {loss}" prints 1.2339999675750732.
    if (t.as<Tensor>()->dim() == 0 && !t.as<Tensor>()->is_fake())
        return vm.format(detail::torch_glue::scalar_of(t, "__format__"), spec);
    if (spec.empty()) return vm.repr(t);
    raise(exc::TypeError, "unsupported format string passed to Tensor.__format__");
}

STANDIN_DECL bool torch_native_repr(const Value& v, std::string& out) {
    if (const DTypeObject* d = as_dtype_object(v)) {
        out += dtype_name(d->value());
        return true;
    }
    if (const DeviceObject* d = as_device_object(v)) {
        out += d->repr();
        return true;
    }
    return false;
}

inline void init_torch_module(Interpreter& vm) {
    using namespace detail::torch_glue;
    auto torch = make_ref<Module>(intern("torch"));
    auto nn = make_ref<Module>(intern("torch.nn"));
    auto functional = make_ref<Module>(intern("torch.nn.functional"));
    Dict& td = *torch->dict();
    Class* tensor_cls = vm.types().tensor.get();
    td.set(intern("Tensor"), Value::borrow(tensor_cls));
    td.set(intern("__name__"), str("torch"));
    // Every op as torch.<name>; those taking `self` also as Tensor.<name>.
    for (const OpDef& op : all_ops()) {
        Str* name = intern(op.name);
        // Real torch has no torch.getitem or torch.slice (they are aten ops only).
        if (op.name != "getitem" && op.name != "slice")
            td.set(name, make_value<Builtin>(name, &torch_function, Value(), &op));
        if (!op.params.empty() && op.params[0].name == "self")
            tensor_cls->dict()->set(name, make_value<Builtin>(name, &tensor_method, Value::null(), &op));
    }
    for (std::size_t i = 0; i < dtype_count; ++i) {
        std::string_view name = dtype_name(static_cast<dtype>(i));
        if (name.starts_with("torch.")) name.remove_prefix(6);
        td.set(intern(name), dtype_value(static_cast<dtype>(i)));
    }
    // torch's aliases (they hide the conversion ops of the same names, which
    // stay Tensor methods: x.int(), x.half()).
    for (auto [alias, dt] : {std::pair{"float", dtype::float32}, {"double", dtype::float64}, {"long", dtype::int64},
                             {"bool", dtype::bool_}, {"int", dtype::int32}, {"short", dtype::int16},
                             {"half", dtype::float16}})
        td.set(intern(alias), dtype_value(dt));
    // torch.char and torch.byte do not exist: the ops of those names are methods only.
    td.erase(intern("char"));
    td.erase(intern("byte"));
    td.erase(intern("unfold"));  // Tensor.unfold only (torch.nn.functional.unfold is another function)
    // torch.dtype, the class of the dtype objects, with their properties.
    {
        Class* dtype_cls = vm.type_of(dtype_value(dtype::float32));
        td.set(intern("dtype"), Value::borrow(dtype_cls));
        auto dprop = [&](std::string_view name, Builtin::Fn get) {
            dtype_cls->dict()->set(intern(name), make_value<Property>(vm.make_builtin(name, get), Value()));
        };
        dprop("is_floating_point", &prop_dtype_is_floating_point);
        dprop("is_signed", &prop_dtype_is_signed);
        dprop("itemsize", &prop_dtype_itemsize);
    }
    auto fn = [&](Dict& d, std::string_view name, Builtin::Fn f) { d.set(intern(name), vm.make_builtin(name, f)); };
    // The PyTorch whose behaviour (printing, numerics, errors) the module
    // follows: Debian's python3-torch 1.13.1, which reports itself so.
    td.set(intern("__version__"), str("1.13.0a0"));
    fn(td, "is_tensor", &function_is_tensor);
    fn(td, "numel", &function_numel);
    fn(td, "manual_seed", &function_noop);
    fn(td, "_check_device", &function_check_device);
    fn(td, "set_printoptions", &function_set_printoptions);
    // torch.device, the class of the device objects.
    {
        Class* device_cls = vm.type_of(device_value("cpu"));
        td.set(intern("device"), Value::borrow(device_cls));
        device_cls->dict()->set(vm.names().new_, make_value<Builtin>(vm.names().new_, &device_new, Value::null()));
        for (auto [name, get] : {std::pair<std::string_view, Builtin::Fn>{"type", &prop_device_type}, {"index", &prop_device_index}})
            device_cls->dict()->set(intern(name), make_value<Property>(vm.make_builtin(name, get), Value()));
    }
    fn(td, "get_default_dtype", &function_default_dtype);
    fn(td, "_linspace_values", &function_linspace_values);
    // Tensor properties and methods not in the op table.
    auto prop = [&](std::string_view name, Builtin::Fn get, Builtin::Fn set = nullptr) {
        tensor_cls->dict()->set(intern(name), make_value<Property>(vm.make_builtin(name, get),
                                                                   set ? vm.make_builtin(name, set) : Value()));
    };
    prop("shape", &prop_shape);
    prop("dtype", &prop_dtype);
    prop("ndim", &prop_ndim);
    prop("device", &prop_device);
    prop("requires_grad", &prop_requires_grad, &set_requires_grad);
    prop("is_leaf", &prop_is_leaf);
    prop("_base", &prop_base);
    prop("grad", &prop_grad, &set_grad);
    prop("_grad", &prop_grad, &set_grad);  // torch's own name for the slot (optimizers write p._grad)
    prop("data", &prop_data, &prop_set_data);
    prop("_version", &prop_version);
    prop("T", &prop_T);
    vm.add_method(tensor_cls, "size", &method_size);
    vm.add_method(tensor_cls, "dim", &method_dim);
    vm.add_method(tensor_cls, "data_ptr", &method_data_ptr);
    vm.add_method(tensor_cls, "stride", &method_stride);
    vm.add_method(tensor_cls, "storage_offset", &method_storage_offset);
    fn(td, "_is_parameter", &function_is_parameter);
    fn(td, "is_grad_enabled", &function_is_grad_enabled);
    fn(td, "_set_grad_enabled", &function_set_grad_enabled);
    fn(td, "use_deterministic_algorithms", &function_use_deterministic);
    fn(td, "are_deterministic_algorithms_enabled", &function_deterministic_enabled);
    fn(td, "is_deterministic_algorithms_warn_only_enabled", &function_deterministic_warn_only);
    fn(td, "set_default_dtype", &function_set_default_dtype);
    fn(td, "_grad_fn_name", &function_grad_fn_name);
    fn(td, "_set_grad_fn", &function_set_grad_fn);
    fn(td, "_grad_node", &function_grad_node);
    fn(td, "_record_node", &function_record_node);
    fn(td, "_check_data", &function_check_data);
    vm.add_method(tensor_cls, "ndimension", &method_dim);
    vm.add_method(tensor_cls, "numel", &method_numel);
    vm.add_method(tensor_cls, "is_contiguous", &method_is_contiguous);
    vm.add_method(tensor_cls, "detach_", &method_detach_);
    vm.add_method(tensor_cls, "all", &method_all);
    vm.add_method(tensor_cls, "any", &method_any);
    vm.add_method(tensor_cls, "__int__", &method_int);
    vm.add_method(tensor_cls, "__float__", &method_float);
    vm.register_module("torch", torch);
    vm.register_module("torch.nn", nn);
    vm.register_module("torch.nn.functional", functional);
    auto compiler = make_ref<Module>(intern("torch.compiler"));
    fn(*compiler->dict(), "is_compiling", &function_is_compiling);
    fn(*compiler->dict(), "is_dynamo_compiling", &function_is_compiling);
    fn(*compiler->dict(), "is_exporting", &function_is_compiling);  // False: standin never exports
    vm.register_module("torch.compiler", compiler);
    // The guest-code parts. torch's own prelude runs in a namespace of its
    // own and its names are copied into the module: run in the module's dict,
    // its code would see the ops and dtypes (torch.slice, torch.float,
    // torch.bool) where it means the builtins.
    {
        auto ns = make_ref<Dict>();
        ns->set(intern("__name__"), str("torch"));
        ns->set(intern("torch"), Value(torch));
        ns->set(intern("Tensor"), Value::borrow(tensor_cls));
        vm.exec_prelude(torch_prelude, "<torch>", *ns);
        // torch.Size is a tuple subclass (isinstance(x.shape, tuple)), and so are
        // the named results of max/min/sort/topk.
        detail::builtins::remake_on_tuple(vm, *ns, "Size");
        detail::builtins::remake_on_tuple(vm, *ns, "_ReturnType");
        vm.out_variants() = {ns, *ns->find(intern("_call_with_out")), *ns->find(intern("_write_out"))};
        ns->for_each([&](const Value& key, const Value& value) {
            if (!key.is<Str>()) return;
            const std::string_view k = key.as<Str>()->view();
            static constexpr std::string_view private_api[] = {"_assert", "_check", "_check_index", "_check_value",
                                                               "_check_type", "_check_not_implemented", "_check_is_size"};
            const bool api = std::find(std::begin(private_api), std::end(private_api), k) != std::end(private_api);
            if ((!k.starts_with("_") || api) && k != "torch") td.set(key, value);
        });
        // The dtype checks torch.nn.functional shares with the torch prelude.
        for (std::string_view shared : {"_float_kernel", "_no_half", "_scalar_type_names", "_fma"})
            functional->dict()->set(intern(shared), *ns->find(intern(shared)));
        vm.add_lazy_part(torch, torch_extra_prelude, "<torch>", {{torch, "range"}}, ns);
    }
    {
        Class* param_cls = vm.types().parameter.get();
        param_cls->dict()->set(vm.names().new_, make_value<Builtin>(vm.names().new_, &parameter_new, Value::null()));
        nn->dict()->set(intern("Parameter"), Value::borrow(param_cls));
    }
    nn->dict()->set(intern("torch"), Value(torch));
    nn->dict()->set(intern("functional"), Value(functional));
    vm.exec_prelude(nn_prelude, "<torch.nn>", *nn->dict());
    if (const Value* m = nn->dict()->find(intern("Module")); m && m->is<Class>()) vm.set_nn_module_class(m->as<Class>());
    vm.add_lazy_part(nn, nn_extra_prelude, "<torch.nn>");
    functional->dict()->set(intern("torch"), Value(torch));
    vm.exec_prelude(functional_prelude, "<torch.nn.functional>", *functional->dict());
    vm.add_lazy_part(functional, functional_extra_prelude, "<torch.nn.functional>");
    auto init = make_ref<Module>(intern("torch.nn.init"));
    init->dict()->set(intern("torch"), Value(torch));
    vm.exec_prelude(init_prelude, "<torch.nn.init>", *init->dict());
    nn->dict()->set(intern("init"), Value(init));
    vm.register_module("torch.nn.init", init);
    // Submodules in guest code, each an attribute of its parent (parents first).
    struct Submodule {
        std::string_view name;  // under torch.
        std::string_view source;
    };
    for (auto [name, source] : {Submodule{"cuda", cuda_prelude}, Submodule{"jit", jit_prelude}, Submodule{"amp", amp_prelude},
                                Submodule{"cuda.amp", cuda_amp_prelude}, Submodule{"cpu", {}}, Submodule{"cpu.amp", cpu_amp_prelude},
                                Submodule{"backends", backends_prelude}, Submodule{"backends.cudnn", cudnn_prelude},
                                Submodule{"autograd", autograd_prelude},
                                Submodule{"onnx", onnx_prelude}, Submodule{"version", version_prelude},
                                Submodule{"distributed", distributed_prelude},
                                Submodule{"fx", {}}, Submodule{"fx._symbolic_trace", fx_symbolic_trace_prelude},
                                Submodule{"_C", c_prelude}, Submodule{"_utils", utils_private_prelude},
                                Submodule{"overrides", overrides_prelude},
                                Submodule{"autograd.function", autograd_function_prelude},
                                Submodule{"autograd.functional", autograd_functional_prelude},
                                Submodule{"nn.parameter", nn_alias_prelude}, Submodule{"nn.modules", nn_alias_prelude},
                                Submodule{"nn.modules.module", nn_alias_prelude},
                                Submodule{"nn.modules.utils", nn_modules_utils_prelude},
                                Submodule{"nn.parallel", nn_parallel_prelude},
                                Submodule{"nn.common_types", common_types_prelude}, Submodule{"types", common_types_prelude},
                                Submodule{"hub", hub_prelude},
                                Submodule{"utils", {}}, Submodule{"utils.data", utils_data_prelude},
                                Submodule{"utils._pytree", pytree_prelude}, Submodule{"utils.model_zoo", hub_prelude},
                                Submodule{"utils.checkpoint", utils_checkpoint_prelude},
                                Submodule{"nn.utils", nn_utils_prelude}, Submodule{"nn.utils.rnn", nn_utils_rnn_prelude},
                                Submodule{"optim", optim_prelude}, Submodule{"optim.lr_scheduler", lr_scheduler_prelude},
                                Submodule{"optim.swa_utils", swa_utils_prelude},
                                Submodule{"nn.utils.stateless", nn_utils_stateless_prelude},
                                Submodule{"nn.utils.fusion", nn_utils_fusion_prelude},
                                Submodule{"optim.optimizer", optim_alias_prelude}, Submodule{"optim.sgd", optim_alias_prelude},
                                Submodule{"optim.adam", optim_alias_prelude}, Submodule{"optim.adamw", optim_alias_prelude},
                                Submodule{"utils.data.dataloader", utils_data_alias_prelude},
                                Submodule{"utils.data.dataset", utils_data_alias_prelude},
                                Submodule{"utils.data.sampler", utils_data_alias_prelude},
                                Submodule{"utils.data.distributed", utils_data_alias_prelude},
                                Submodule{"utils.data._utils", {}},
                                Submodule{"utils.data._utils.collate", utils_data_alias_prelude},
                                Submodule{"linalg", linalg_prelude}, Submodule{"special", special_prelude},
                                Submodule{"random", random_prelude}, Submodule{"profiler", profiler_prelude},
                                Submodule{"autograd.profiler", profiler_prelude},
                                Submodule{"distributions", distributions_prelude},
                                Submodule{"distributions.normal", distributions_alias_prelude},
                                Submodule{"distributions.bernoulli", distributions_alias_prelude},
                                Submodule{"distributions.categorical", distributions_alias_prelude},
                                Submodule{"distributions.one_hot_categorical", distributions_alias_prelude},
                                Submodule{"distributions.uniform", distributions_alias_prelude},
                                Submodule{"distributions.independent", distributions_alias_prelude},
                                Submodule{"distributions.distribution", distributions_alias_prelude},
                                Submodule{"distributions.kl", distributions_alias_prelude},
                                Submodule{"distributions.utils", distributions_alias_prelude},
                                // torch.nn.modules.<file>: the paths model files import torch.nn's names from.
                                Submodule{"nn.modules.activation", nn_alias_prelude}, Submodule{"nn.modules.batchnorm", nn_alias_prelude},
                                Submodule{"nn.modules.container", nn_alias_prelude}, Submodule{"nn.modules.conv", nn_alias_prelude},
                                Submodule{"nn.modules.dropout", nn_alias_prelude}, Submodule{"nn.modules.linear", nn_alias_prelude},
                                Submodule{"nn.modules.loss", nn_alias_prelude}, Submodule{"nn.modules.normalization", nn_alias_prelude},
                                Submodule{"nn.modules.pooling", nn_alias_prelude}, Submodule{"nn.modules.rnn", nn_alias_prelude},
                                Submodule{"nn.modules.sparse", nn_alias_prelude}, Submodule{"nn.modules.transformer", nn_alias_prelude},
                                Submodule{"nn.modules.padding", nn_alias_prelude}, Submodule{"nn.modules.flatten", nn_alias_prelude},
                                Submodule{"nn.modules.fold", nn_alias_prelude}, Submodule{"nn.modules.pixelshuffle", nn_alias_prelude},
                                Submodule{"nn.modules.upsampling", nn_alias_prelude}, Submodule{"nn.modules.distance", nn_alias_prelude},
                                Submodule{"nn.modules.instancenorm", nn_alias_prelude}, Submodule{"nn.modules.channelshuffle", nn_alias_prelude}}) {
        const std::string full = "torch." + std::string(name);
        auto m = make_ref<Module>(intern(full));
        m->dict()->set(intern("__name__"), str(full));
        m->dict()->set(intern("torch"), Value(torch));
        // The alias modules fill themselves on their first attribute lookup.
        // So do the alias modules, and torch.distributions (rarely used: its
        // guest code compiles on first use, not at every start).
        if (source.data() == nn_alias_prelude.data() || source.data() == distributions_alias_prelude.data() ||
            source.data() == common_types_prelude.data() || source.data() == pytree_prelude.data() ||
            source.data() == hub_prelude.data() || source.data() == autograd_functional_prelude.data() ||
            source.data() == distributions_prelude.data() || source.data() == optim_alias_prelude.data() ||
            source.data() == utils_data_alias_prelude.data())
            vm.add_lazy_part(m, source, "<" + full + ">", {{m, "*"}});
        else if (source.data() == swa_utils_prelude.data() || source.data() == nn_utils_stateless_prelude.data() ||
                 source.data() == nn_utils_fusion_prelude.data())
            vm.add_lazy_part(m, source, "<" + full + ">", {{m, "*"}});
        else if (source.data() == nn_parallel_prelude.data())  // (nn.DataParallel loads it too)
            vm.add_lazy_part(m, source, "<" + full + ">", {{m, "*"}, {nn, "DataParallel"}});
        else if (!source.empty()) vm.exec_prelude(source, "<" + full + ">", *m->dict());
        if (name == "autograd") vm.add_lazy_part(m, autograd_engine_prelude, "<torch.autograd>");
        if (name == "linalg")
            vm.add_lazy_part(m, linalg_lapack_prelude, "<torch.linalg>", {{torch, "cholesky"}, {torch, "qr"}, {torch, "svd"}});
        const std::size_t dot = full.rfind('.');
        ref<Module> parent = vm.find_module(std::string_view(full).substr(0, dot));
        parent->dict()->set(intern(std::string_view(full).substr(dot + 1)), Value(m));
        vm.register_module(full, m);
    }
}

STANDIN_NAMESPACE_END

