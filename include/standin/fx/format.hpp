// How nodes and their arguments read in text: Python's repr of constants,
// FX's `%x` node references, `f32[4, 4]` metadata, one line per node.
// Counterpart: torch/fx/node.py (format_node, _format_arg) and the
// dtype_abbrs of torch/utils/_dtype_abbrs.py.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/node.hpp>
#include <standin/fx/target.hpp>
#include <standin/runtime/tensor/device.hpp>

#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

// FX's dtype_abbrs: `f32[4, 4]` in annotations and DOT labels.
inline constexpr std::string_view dtype_abbr(dtype dt) noexcept {
    constexpr std::string_view names[] = {"b8", "i64", "f32", "f64", "u8", "i8", "i16", "i32", "f16", "bf16"};
    return names[index_of(dt)];
}

// `f32[4, 4]` (a tuple of tensors: `(f32[3], i64[3])`), or an empty string
// for a node without tensor metadata.
inline std::string meta_string(const Value& val) {
    if (Tensor* t = val.dyn<Tensor>()) return std::string(dtype_abbr(t->dtype())) + shape_string(t->sizes());
    if (auto* tuple = val.dyn<Tuple>()) {
        std::string s = "(";
        for (std::size_t i = 0; i < tuple->size(); ++i) {
            std::string item = meta_string(tuple->items()[i]);
            if (item.empty()) return {};
            s += (i ? ", " : "") + item;
        }
        return s + ")";
    }
    return {};
}
inline std::string meta_string(const Node& n) { return meta_string(n.val()); }

namespace detail {

// Python's repr for the constants a graph holds, plus the torch objects the
// runtime cannot print on its own (dtypes, tensors).
class ConstantRepr final : public ReprHook {
public:
    bool repr(const Value& v, std::string& out) override {
        if (const DTypeObject* d = as_dtype_object(v)) {
            out += dtype_name(d->value());
            return true;
        }
        if (const DeviceObject* d = as_device_object(v)) {
            out += d->repr();
            return true;
        }
        if (const Str* name = torch_constant_name(v)) {  // torch.channels_last
            out += "torch.";
            out += name->view();
            return true;
        }
        if (Tensor* t = v.dyn<Tensor>()) {
            // FX's _get_repr for a tensor constant.
            std::string_view name = dtype_name(t->dtype());
            out += "torch.Tensor(size=" + shape_string(t->sizes()) + ", dtype=" + std::string(name.substr(6)) + ")";
            return true;
        }
        return false;
    }
};

inline std::string constant_repr(const Value& v) {
    ConstantRepr hook;
    return repr(v, &hook);
}

enum class ArgStyle {
    python,  // nodes as `x`: Python's repr of FX's args (tabular, code)
    fx,      // nodes as `%x`: node.py's _format_arg (str(graph))
};

inline void format_arg(const Argument& a, ArgStyle style, std::string& out) {
    if (Node* n = a.node()) {
        if (style == ArgStyle::fx) out += '%';
        out += n->name();
    } else if (const Value* c = a.constant()) {
        out += constant_repr(*c);
    } else {
        const ArgSeq& s = *a.seq();
        out += s.is_tuple ? '(' : '[';
        for (std::size_t i = 0; i < s.items.size(); ++i) {
            if (i) out += ", ";
            format_arg(s.items[i], style, out);
        }
        if (s.is_tuple && s.items.size() == 1) out += ',';
        out += s.is_tuple ? ')' : ']';
    }
}

inline std::string format_args_tuple(const Args& args, ArgStyle style) {
    std::string out;
    format_arg(ArgSeq{true, args}, style, out);
    return out;
}

// str(node.kwargs): `{'dim': 1}`; FX's _format_arg drops the quotes: `{dim: 1}`.
inline std::string format_kwargs_dict(const Kwargs& kwargs, ArgStyle style) {
    std::string out = "{";
    for (std::size_t i = 0; i < kwargs.size(); ++i) {
        if (i) out += ", ";
        out += style == ArgStyle::python ? str_repr(kwargs[i].name->view()) : std::string(kwargs[i].name->view());
        out += ": ";
        format_arg(kwargs[i].value, style, out);
    }
    return out + "}";
}

}  // namespace detail

// How str(node.target) reads: `<built-in function mul>` for the operator
// module's functions, the qualified name otherwise (FX prints torch's own
// functions with their address, `<built-in method relu of type object at
// 0x...>`, which no golden file could hold).
inline std::string target_string(const Node& n) {
    if (n.op() == NodeOpcode::call_function) {
        std::string_view t = n.target();
        if (find_operator(t)) return "<built-in function " + std::string(t.substr(9)) + ">";
    }
    return std::string(n.target());
}

// node.format_node(): one line of str(graph).
inline std::string format_node(const Node& n) {
    std::string users = "[num_users=" + std::to_string(n.users().size()) + "]";
    std::string head = "%" + n.name() + " : " + users + " = " + std::string(node_opcode_name(n.op()));
    switch (n.op()) {
    case NodeOpcode::placeholder:
    case NodeOpcode::get_attr: return head + "[target=" + std::string(n.target()) + "]";
    case NodeOpcode::output: {
        std::string out = "return ";
        detail::format_arg(n.args().at(0), detail::ArgStyle::python, out);
        return out;
    }
    default:
        return head + "[target=" + std::string(n.target()) + "](args = " +
               detail::format_args_tuple(n.args(), detail::ArgStyle::fx) +
               ", kwargs = " + detail::format_kwargs_dict(n.kwargs(), detail::ArgStyle::fx) + ")";
    }
}

STANDIN_NAMESPACE_END
