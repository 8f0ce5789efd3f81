// What a call node calls, and how it is spelled. A call_function target is a
// qualified name: `operator.mul` (what `x * 2` traces to, printed `x * 2`) or
// `torch.relu` (printed `torch.relu(x)`); a call_method target is a method
// name (`sum`, printed `x.sum(1)`). Each resolves, once, when the node is
// built, to an op-table entry: nothing is looked up by name when a graph runs.
// Counterpart: the targets of torch/fx/node.py and graph.py's magic_methods.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/callable.hpp>
#include <standin/runtime/repr.hpp>
#include <standin/runtime/tensor.hpp>

#include <array>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

struct OperatorSpelling {
    std::string_view name;    // operator.<name>
    std::string_view op;      // the op-table entry it runs
    std::string_view format;  // how FX prints a call ("{} * {}")
};

// The `operator` module functions Dynamo records for Python's operators on
// tensors (FX's magic_methods, restricted to those the op table implements).
inline constexpr std::array<OperatorSpelling, 21> operator_spellings = {{
    {"add", "add", "{} + {}"},
    {"sub", "sub", "{} - {}"},
    {"mul", "mul", "{} * {}"},
    {"truediv", "div", "{} / {}"},
    {"floordiv", "floor_divide", "{} // {}"},
    {"mod", "remainder", "{} % {}"},
    {"pow", "pow", "{} ** {}"},
    {"matmul", "matmul", "{} @ {}"},
    {"eq", "eq", "{} == {}"},
    {"ne", "ne", "{} != {}"},
    {"lt", "lt", "{} < {}"},
    {"gt", "gt", "{} > {}"},
    {"le", "le", "{} <= {}"},
    {"ge", "ge", "{} >= {}"},
    {"and_", "bitwise_and", "{} & {}"},
    {"or_", "bitwise_or", "{} | {}"},
    {"xor", "bitwise_xor", "{} ^ {}"},
    {"neg", "neg", "-{}"},
    {"invert", "bitwise_not", "~{}"},
    {"getitem", "getitem", "{}[{}]"},
    {"setitem", "_setitem", "{}[{}] = {}"},  // in place: FX prints the store, then names self
}};

inline const OperatorSpelling* find_operator(std::string_view qualified_target) noexcept {
    if (!qualified_target.starts_with("operator.")) return nullptr;
    std::string_view name = qualified_target.substr(9);
    for (const auto& s : operator_spellings)
        if (s.name == name) return &s;
    return nullptr;
}

namespace detail {

// operator.getitem indexes whatever it is given: a tensor (the op table's
// view op) or the tuple an op such as max(dim) returns.
inline Value getitem_any(std::span<const Value> args, bool meta) {
    const Value& self = args[0];
    if (self.is<Tuple>() || self.is<List>()) {
        std::span<const Value> items = self.is<Tuple>() ? self.as<Tuple>()->items() : self.as<List>()->items();
        const char* kind = self.is<Tuple>() ? "tuple" : "list";
        if (!args[1].is_integral())
            raise(exc::TypeError, std::string(kind) + " indices must be integers or slices, not " +
                                      std::string(type_name(args[1])));
        std::int64_t i = args[1].as_integral();
        if (!normalize_index(i, items.size())) raise(exc::IndexError, std::string(kind) + " index out of range");
        return items[static_cast<std::size_t>(i)];
    }
    const OpDef* tensor_getitem = find_op("getitem");
    return meta ? tensor_getitem->meta(args) : tensor_getitem->kernel(args);
}
inline Value getitem_meta(std::span<const Value> args) { return getitem_any(args, true); }
inline Value getitem_kernel(std::span<const Value> args) { return getitem_any(args, false); }

}  // namespace detail

// The op `operator.getitem` runs: tensor indexing, or tuple/list indexing.
inline const OpDef& operator_getitem_op() {
    static const OpDef def{"getitem", OpClass::view, ops::schema::getitem, &detail::getitem_meta,
                           &detail::getitem_kernel, nullptr, false};
    return def;
}

// torch._C._set_grad_enabled(mode): the grad mode switches Dynamo records
// where a traced frame enters or leaves torch.no_grad(). Only the trace-time
// values depend on the mode (their grad_fn, which the graph interpreter
// stamps on outputs), so running the node changes nothing; it keeps the
// graph Dynamo's, and passes keep it (is_global_state_op).
inline const OpDef& set_grad_enabled_op() {
    static constexpr OpParam params[] = {{"mode", ParamDefault{}}};
    static const OpDef def{"_set_grad_enabled", OpClass::other, params,
                           [](std::span<const Value>) { return Value(); },
                           [](std::span<const Value>) { return Value(); }, nullptr, false};
    return def;
}
inline bool is_global_state_op(const OpDef* op) noexcept { return op == &set_grad_enabled_op(); }

// A torch function written in guest code (torch.clamp, F.gelu, Tensor.tril)
// recorded as one call, as Dynamo records the C++ function it stands for: the
// node keeps the guest function (Node::attr_value), and running the node
// calls it back through the guest interpreter of this thread. The op-table
// entry only marks such nodes; it is never bound or run as an op.
inline const OpDef& guest_call_op() {
    static const OpDef def{"guest_call", OpClass::other, {},
                           [](std::span<const Value>) -> Value { raise(exc::RuntimeError, "a guest call has no meta rule"); },
                           [](std::span<const Value>) -> Value { raise(exc::RuntimeError, "a guest call runs through its hook"); },
                           nullptr, false};
    return def;
}
// The same for an in-place Tensor method (x.masked_fill_): it writes args[0].
inline const OpDef& guest_call_inplace_op() {
    static const OpDef def{"guest_call_", OpClass::other, {}, guest_call_op().meta, guest_call_op().kernel, nullptr, true};
    return def;
}
// A draw from torch's random generator (torch.rand, randn, randint, ...):
// impure, so dead-code elimination keeps it (the stream advances as eagerly).
// torch._assert (an assert on a tensor) is recorded with it for the same reason.
inline const OpDef& guest_call_random_op() {
    static const OpDef def{"guest_call_random", OpClass::other, {}, guest_call_op().meta, guest_call_op().kernel, nullptr, false};
    return def;
}
inline bool is_guest_call(const OpDef* op) noexcept {
    return op == &guest_call_op() || op == &guest_call_inplace_op() || op == &guest_call_random_op();
}

inline Value call_guest_function(const Value& fn, std::span<const Value> args, std::span<const KwArg> kwargs,
                                 bool grad_enabled) {
    const detail::GuestCallHook& h = detail::guest_call_hook();
    if (!h.call) raise(exc::RuntimeError, "a graph that calls guest code runs only where a standin interpreter lives");
    return h.call(h.context, fn, args, kwargs, grad_enabled);
}

inline const OpDef& resolve_function_target(std::string_view target) {
    const OpDef* op = nullptr;
    if (target == "operator.getitem") return operator_getitem_op();
    if (target == "torch._C._set_grad_enabled") return set_grad_enabled_op();
    if (const OperatorSpelling* s = find_operator(target)) {
        op = find_op(s->op);
    } else if (target.starts_with("torch.")) {
        op = find_op(target.substr(6));
    }
    if (!op)
        raise(exc::RuntimeError, "call_function target '" + std::string(target) +
                                     "' is not an op of the reference tensor (expected operator.<name> or "
                                     "torch.<name>)");
    return *op;
}

inline const OpDef& resolve_method_target(std::string_view method) {
    const OpDef* op = find_op(method);
    if (!op)
        raise(exc::AttributeError, "'Tensor' object has no attribute '" + std::string(method) + "'");
    return *op;
}

STANDIN_NAMESPACE_END
