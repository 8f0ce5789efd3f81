// Autograd's visible metadata, without autograd: which tensors require grad
// and the name of the node torch would record for the op that made each one
// (`grad_fn=<AddmmBackward0>` when printed, `t.grad_fn`, `t.is_leaf`).
// standin has no backward pass; this is what a model file prints and tests.
//
// An op's result requires grad when grad mode is on and some tensor input
// requires grad, and the result is floating point (torch's rule: integer and
// bool results never do). The node's name follows ATen's derivatives.yaml for
// the aten op torch 1.13's CPU path runs (F.linear of a 2-D input with bias is
// addmm, of a 3-D one addmm then view; matmul of batches is bmm then
// _unsafe_view), checked against torch 1.13. Guest-code functions (F.gelu,
// the losses) name their result themselves (torch._set_grad_fn).
// Counterpart: torch/csrc/autograd/ (VariableType's set_history, the
// generated Node names) and check_inplace's leaf check.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/runtime/tensor/grad_meta.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/runtime/tensor.hpp> instead"
#endif

#include <standin/runtime/tensor/op_def.hpp>
#include <standin/runtime/tensor/tensor.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL const char* grad_fn_name(std::string_view name) {
    // Node-based: an interned name never moves.
    static std::unordered_set<std::string> names;
    return names.emplace(name).first->c_str();
}

namespace detail::grad {

inline bool requires_grad(const Value& v) {
    if (auto* t = v.dyn<Tensor>()) return t->requires_grad();
    if (auto* tup = v.dyn<Tuple>()) {
        for (const Value& item : tup->items())
            if (requires_grad(item)) return true;
    }
    if (auto* list = v.dyn<List>()) {
        for (const Value& item : list->items())
            if (requires_grad(item)) return true;
    }
    return false;
}

inline std::int64_t rank(const Value& v) { return v.as<Tensor>()->dim(); }

// t[key]: torch applies the index left to right (select, slice, unsqueeze),
// then any advanced index; the last step names the node.
inline std::string_view getitem_node(const Value& key) {
    std::span<const Value> items = key.is<Tuple>() ? key.as<Tuple>()->items() : std::span<const Value>(&key, 1);
    std::string_view last = "AliasBackward0";
    for (const Value& ix : items) {
        if (ix.is<Tensor>() || ix.is<List>() || ix.is_bool()) return "IndexBackward0";
        if (is_ellipsis(ix)) continue;
        if (ix.is_integral()) last = "SelectBackward0";
        else if (ix.is<Slice>()) last = "SliceBackward0";
        else if (ix.is_none()) last = "UnsqueezeBackward0";
    }
    return last;
}

// matmul's node by the operands' ranks (ATen's matmul: dot, mv, mm, the
// 1-D @ 2-D case squeezing an mm, and batches folded into bmm or mm then
// _unsafe_view; a 2-D left operand of a batch comes out of a transpose's clone).
inline std::string_view matmul_node(std::int64_t a, std::int64_t b) {
    if (a == 1 && b == 1) return "DotBackward0";
    if (a == 2 && b == 1) return "MvBackward0";
    if (a == 1 && b == 2) return "SqueezeBackward3";
    if (a == 2 && b == 2) return "MmBackward0";
    if (a == 2 && b >= 3) return "CloneBackward0";
    return "UnsafeViewBackward0";
}

// ToCamelCase + "Backward0": the name of most ops' nodes.
inline std::string camel_node(std::string_view op) {
    std::string out;
    bool upper = true;
    for (char c : op) {
        if (c == '_') {
            upper = true;
            continue;
        }
        out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out + "Backward0";
}

// The node torch records for `op(args)` producing `result`.
inline std::string node_name(const OpDef& op, std::span<const Value> args, const Tensor& result) {
    const std::string_view n = op.name;
    auto has = [&](std::size_t i) { return i < args.size() && !args[i].is_none(); };
    if (n == "add" || n == "add_") return "AddBackward0";
    if (n == "sub" || n == "sub_") return args[0].is<Tensor>() ? "SubBackward0" : "RsubBackward1";
    if (n == "mul" || n == "mul_") return "MulBackward0";
    if (n == "div" || n == "div_") return args[0].is<Tensor>() ? "DivBackward0" : "MulBackward0";
    if (n == "pow" || n == "_pow_std") return args[1].is<Tensor>() || !args[0].is<Tensor>() ? "PowBackward1" : "PowBackward0";
    if (n == "floor_divide") return "torch::autograd::NotImplemented";
    if (n == "log1p") return "Log1PBackward0";
    if (n == "relu_") return "ReluBackward0";
    // Reductions name the overload: the full reduction and the one over dims
    // are different nodes (SumBackward0 / SumBackward1, MaxBackward1 / ...0).
    const bool full_reduction = n == "sum" || n == "mean" || n == "prod";
    if (full_reduction || n == "max" || n == "min") {
        std::string name = camel_node(n);
        name.back() = has(1) == full_reduction ? '1' : '0';
        return name;
    }
    if (n == "layer_norm") return "NativeLayerNormBackward0";
    if (n == "_var") return args.size() > 4 && args[4].is_bool() && args[4].as_bool() ? "StdBackward0" : "VarBackward0";
    if (n == "matmul") return std::string(matmul_node(rank(args[0]), rank(args[1])));
    if (n == "linear") {
        const std::int64_t r = rank(args[0]);
        const bool bias = has(2);
        if (r == 2) return bias ? "AddmmBackward0" : "MmBackward0";
        if (r == 3 && bias && args[0].as<Tensor>()->is_contiguous()) return "ViewBackward0";
        if (bias) return "AddBackward0";
        return std::string(matmul_node(r, 2));
    }
    if (n == "clone" || n == "contiguous") return "CloneBackward0";
    if (n == "to" || n == "float" || n == "double" || n == "half" || n == "bfloat16") return "ToCopyBackward0";
    if (n == "t") return "TBackward0";
    if (n == "squeeze") return has(1) ? "SqueezeBackward1" : "SqueezeBackward0";
    if (n == "reshape")
        return result.storage() == args[0].as<Tensor>()->storage() ? "ReshapeAliasBackward0" : "UnsafeViewBackward0";
    if (n == "getitem") return std::string(getitem_node(args[1]));
    if (n == "zero_") return "ZeroBackward0";
    if (n == "fill_") return "FillBackward2";
    if (n == "copy_") return "torch::autograd::CopyBackwards";
    if (n == "_setitem") return "torch::autograd::CopySlices";
    return camel_node(n);
}

}  // namespace detail::grad

STANDIN_DECL const char* default_grad_fn_name(std::string_view op) { return grad_fn_name(detail::grad::camel_node(op)); }

STANDIN_DECL void rebase_view_history(Tensor& view) {
    Tensor* base = view.base();
    if (!base || !view.grad_fn() || !is_floating(base->dtype())) return;
    base->set_grad_fn(grad_fn_name("torch::autograd::CopySlices"));
    view.set_grad_fn(grad_fn_name("AsStridedBackward0"));
}

STANDIN_DECL void check_inplace_grad(const OpDef& op, std::span<const Value> args) {
    if (!op.mutates_self || op.name == "requires_grad_" || args.empty()) return;
    auto* self = args[0].dyn<Tensor>();
    if (!self) return;
    // (torch's test, made first: a leaf made as a view,
    // arange(8.).reshape(2, 4).requires_grad_(), is such a view too)
    if (self->is_view_of_leaf())
        raise(exc::RuntimeError, "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    if (self->requires_grad() && !self->grad_fn()) {
        // leaf[i] = v writes through a view of the leaf (select, slice,
        // unsqueeze) unless the index is advanced only (index_put_ on the
        // leaf itself) or x[...]: torch names the view then.
        if (op.name == "_setitem" && args.size() > 1) {
            auto makes_view = [](const Value& i) {
                if (i.is_none() || i.is_int() || i.is<Slice>()) return true;
                auto* t = i.dyn<Tensor>();
                return t && t->dim() == 0 && !is_floating(t->dtype()) && t->dtype() != dtype::bool_;
            };
            bool view = makes_view(args[1]);
            if (auto* tup = args[1].dyn<Tuple>())
                for (const Value& i : tup->items()) view = view || makes_view(i);
            if (view) raise(exc::RuntimeError, "a view of a leaf Variable that requires grad is being used in an in-place operation.");
        }
        raise(exc::RuntimeError, "a leaf Variable that requires grad is being used in an in-place operation.");
    }
}

STANDIN_DECL void record_grad(const OpDef& op, std::span<const Value> args, const Value& result) {
    if (op.cls == OpClass::factory || op.name == "requires_grad_" || op.name == "detach" || !op.meta) return;
    // An item of a multi-output op's tuple (max(dim)[0], chunk(...)[1]) in a
    // graph: the op's own node, not a select.
    if (op.name == "getitem" && !args.empty() && !args[0].is<Tensor>()) return;
    bool any = false;
    for (const Value& a : args) any = any || detail::grad::requires_grad(a);
    if (!any) return;
    auto mark = [&](const Value& v) {
        auto* t = v.dyn<Tensor>();
        if (!t || !is_floating(t->dtype())) return;
        // An op handing back an input unchanged (contiguous() of a contiguous
        // tensor, to() its own dtype) records nothing.
        if (!op.mutates_self)
            for (const Value& a : args)
                if (a.identical(v)) return;
        t->set_grad_fn(grad_fn_name(detail::grad::node_name(op, args, *t)));
    };
    if (auto* tup = result.dyn<Tuple>()) {
        for (const Value& item : tup->items()) mark(item);
    } else {
        mark(result);
    }
    // An in-place op on a view rewrites its base's history: the base gets
    // CopySlices and the view is replayed from it (AsStridedBackward0).
    if (op.mutates_self)
        if (auto* self = args[0].dyn<Tensor>()) rebase_view_history(*self);
}

STANDIN_NAMESPACE_END
