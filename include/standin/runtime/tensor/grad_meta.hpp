// Autograd's recording half: which tensors require grad, the name of the
// node torch records for the op that made each one (`grad_fn=<AddmmBackward0>`
// when printed, `t.grad_fn`, `t.is_leaf`), and the node itself, which the
// backward engine (the torch prelude's _run_backward) walks.
//
// A node is a Tuple (op, args, output, edges, state): the op's table name,
// the arguments it ran with (an in-place op's self as a detached alias, so a
// tensor never holds itself), which output of the op this tensor is, one edge
// per tensor argument (a tuple argument's tensors each count) and a List the
// engine keeps its marks in. An edge is the node that made the argument, the
// argument itself for a leaf that requires grad, the argument's grad_fn name
// for a non-leaf made with no node, or None. Edges are taken when the op
// runs, so a later in-place op on an argument does not rewrite them (torch's
// Node::next_edges). The formulas (derivatives.yaml's) are guest code.
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
#include <standin/runtime/sequence.hpp>
#include <standin/runtime/str.hpp>
#include <standin/runtime/tensor/tensor.hpp>
#include <standin/runtime/tensor/views.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

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

namespace detail::grad {

// The tensors of an op argument, in the order nodes list them: the argument
// itself, or each tensor item of a tuple or list argument (cat's inputs).
template <class F>
void for_each_tensor(const Value& v, F&& f) {
    if (v.is<Tensor>()) return f(v);
    std::span<const Value> items;
    if (auto* tup = v.dyn<Tuple>()) items = tup->items();
    else if (auto* list = v.dyn<List>()) items = list->items();
    for (const Value& item : items)
        if (item.is<Tensor>()) f(item);
}

inline void add_edges(const Value& v, std::vector<Value>& edges) {
    for_each_tensor(v, [&](const Value& tv) {
        const Tensor* t = tv.as<Tensor>();
        if (!t->requires_grad()) edges.emplace_back();
        else if (!t->grad_fn()) edges.push_back(tv);
        else if (Object* node = t->grad_node()) edges.push_back(Value::borrow(node));
        else edges.push_back(Value::borrow(intern(t->grad_fn())));
    });
}

// What a node keeps of the forward pass beyond its arguments (torch's
// SavedVariables): `saved`, the tensor its formula reads in place of
// recomputing (the result, as a detached alias, or the indices of sort, topk
// and max/min over a dim; an in-place op's self as it was before the op),
// and the version and grad_fn of each tensor it reads when it was recorded,
// so the engine raises torch's error when one has since been written in place.
// `versions` is None for a node that reads no tensor (add, view, sum, ...).
struct Saved {
    Value saved;
    Value versions;
    Value names;
};

// `name`: the grad_fn name (the state list's first item, which
// torch._set_grad_fn renames).
inline ref<Object> make_node(std::string_view op, std::vector<Value> args, std::vector<Value> edges, std::int64_t output,
                             const char* name, const Saved& keep = {}) {
    Value node = tuple(std::vector<Value>{Value::borrow(intern(op)), tuple(std::move(args)), Value(output),
                                          tuple(std::move(edges)), list({Value::borrow(intern(name))}), keep.saved,
                                          keep.versions, keep.names});
    return ref<Object>(node.object());
}

// A node's argument as the node keeps it: a leaf that requires grad is kept
// itself (its .grad is where the gradient goes); any other tensor as a
// detached alias carrying its grad_fn and node as they are now. So a node
// never holds a tensor whose later in-place op could make the node part of
// that tensor's own history (y[0] += 1, y.abs_(), buf.add_(buf * w)): no
// reference cycle, as torch's SavedVariable keeps no strong link back. The
// alias shares the storage, so the values and `_version` are the tensor's.
inline Value snapshot(const Value& v) {
    if (auto* t = v.dyn<Tensor>()) {
        if (t->requires_grad() && !t->grad_fn()) return v;
        const Value a[] = {v};
        Value alias = ops::detach(a);
        if (t->grad_fn()) {
            Tensor* s = alias.as<Tensor>();
            s->set_grad_fn(t->grad_fn());
            s->set_grad_node(ref<Object>(t->grad_node()));
        }
        return alias;
    }
    auto each = [](std::span<const Value> items) {
        std::vector<Value> out;
        for (const Value& item : items) out.push_back(snapshot(item));
        return out;
    };
    if (auto* tup = v.dyn<Tuple>()) {
        bool tensors = false;
        for (const Value& item : tup->items()) tensors = tensors || item.is<Tensor>();
        return tensors ? tuple(each(tup->items())) : v;
    }
    if (auto* l = v.dyn<List>()) {
        bool tensors = false;
        for (const Value& item : l->items()) tensors = tensors || item.is<Tensor>();
        return tensors ? list(each(l->items())) : v;
    }
    return v;
}

inline bool one_of(std::string_view n, std::initializer_list<std::string_view> names) {
    for (std::string_view m : names)
        if (n == m) return true;
    return false;
}

// Formulas that read the result, not the input (derivatives.yaml's `result`).
inline bool reads_result(std::string_view n) {
    return one_of(n, {"exp", "expm1", "tanh", "sigmoid", "relu", "relu_", "sqrt", "rsqrt", "softmax", "log_softmax"});
}
// Formulas that read indices the op returned (its output 1).
inline bool reads_indices(std::string_view n) { return one_of(n, {"sort", "topk", "max", "min"}); }
// Formulas that read no tensor of the forward pass (shapes and dims only).
inline bool reads_nothing(std::string_view n) {
    return one_of(n, {"add", "add_", "sub", "sub_", "neg", "sum", "mean", "view", "reshape", "transpose", "t",
                      "permute", "unsqueeze", "squeeze", "expand", "slice", "select", "clone", "contiguous", "cat",
                      "stack", "to", "float", "double", "half", "bfloat16", "diagonal", "as_strided", "copy_", "zero_",
                      "fill_", "_setitem", "unfold", "where", "getitem", "index_select", "gather", "repeat", "narrow",
                      "movedim", "flip", "roll"});
}
// In-place ops whose formula reads self as it was before the op.
inline bool reads_original_self(std::string_view n) { return one_of(n, {"mul_", "div_"}); }

inline void add_versions(const Value& v, std::vector<Value>& versions, std::vector<Value>& names) {
    for_each_tensor(v, [&](const Value& tv) {
        const Tensor* t = tv.as<Tensor>();
        versions.emplace_back(static_cast<std::int64_t>(t->write_count()));
        names.push_back(t->grad_fn() ? Value::borrow(intern(t->grad_fn())) : Value());
    });
}

}  // namespace detail::grad

STANDIN_DECL void record_node(Tensor& t, std::string_view op, std::span<const Value> args, std::int64_t output,
                              const char* name) {
    std::vector<Value> edges;
    for (const Value& a : args) detail::grad::add_edges(a, edges);
    std::vector<Value> kept;
    for (const Value& a : args) kept.push_back(detail::grad::snapshot(a));
    t.set_grad_fn(name);
    t.set_grad_node(detail::grad::make_node(op, std::move(kept), std::move(edges), output, name));
}

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

STANDIN_DECL bool needs_original_self(const OpDef& op, std::span<const Value> args) {
    if (!op.mutates_self || !detail::grad::reads_original_self(op.name) || args.size() < 2) return false;
    return detail::grad::requires_grad(args[1]);
}

STANDIN_DECL void record_grad(const OpDef& op, std::span<const Value> args, const Value& result, const Value& original) {
    if (op.cls == OpClass::factory || op.name == "requires_grad_" || op.name == "detach" || !op.meta) return;
    // An item of a multi-output op's tuple (max(dim)[0], chunk(...)[1]) in a
    // graph: the op's own node, not a select.
    if (op.name == "getitem" && !args.empty() && !args[0].is<Tensor>()) return;
    bool any = false;
    for (const Value& a : args) any = any || detail::grad::requires_grad(a);
    if (!any) return;
    // The node's inputs, taken before the results are marked (an in-place
    // op's self is one of them). A fake tensor's node would never run.
    const Value& first = result.is<Tuple>() && !result.as<Tuple>()->items().empty() ? result.as<Tuple>()->items()[0] : result;
    const bool real = !(first.is<Tensor>() && first.as<Tensor>()->is_fake());
    std::vector<Value> edges;
    std::vector<Value> node_args;
    detail::grad::Saved keep;
    auto* self = op.mutates_self ? args[0].dyn<Tensor>() : nullptr;
    // The view an in-place op writes through, and its base's edge before.
    Value base_edge;
    if (real) {
        for (const Value& a : args) detail::grad::add_edges(a, edges);
        for (const Value& a : args) node_args.push_back(detail::grad::snapshot(a));
        // An in-place op's self is kept as a detached alias: a tensor never
        // holds itself through its node.
        if (self) {
            if (Tensor* base = self->base()) {
                std::vector<Value> b;
                detail::grad::add_edges(Value::borrow(base), b);
                base_edge = b[0];
            }
            node_args[0] = ops::detach(args.first(1));
        }
        const std::string_view n = op.name;
        if (!detail::grad::reads_nothing(n)) {
            std::vector<Value> versions;
            std::vector<Value> names;
            const bool result_only = detail::grad::reads_result(n);
            // One entry per tensor argument (None: not read), then the result's.
            for (const Value& a : node_args) detail::grad::add_versions(a, versions, names);
            if (result_only) std::fill(versions.begin(), versions.end(), Value());
            // (an in-place op's self is its output: read, if at all, as the
            // result or as the copy taken before the op)
            if (self && !versions.empty()) versions[0] = Value();
            // x * y reads x for y's gradient only, and y for x's (a product
            // with a number reads nothing); x / y reads y either way.
            if ((n == "mul" || n == "div") && node_args.size() >= 2 && node_args[0].is<Tensor>() &&
                node_args[1].is<Tensor>() && versions.size() == 2) {
                if (!detail::grad::requires_grad(node_args[1])) versions[0] = Value();
                if (n == "mul" && !detail::grad::requires_grad(node_args[0])) versions[1] = Value();
            }
            if ((n == "mul" || n == "div") && versions.size() == 1 && (n == "mul" || node_args[0].is<Tensor>()))
                versions[0] = Value();
            if (result_only && first.is<Tensor>()) {
                const Value alias[] = {first};
                keep.saved = ops::detach(alias);
                detail::grad::add_versions(first, versions, names);
                names.back() = Value::borrow(intern(detail::grad::node_name(op, args, *first.as<Tensor>())));
            } else if (detail::grad::reads_indices(n) && result.is<Tuple>() && result.as<Tuple>()->items().size() > 1) {
                keep.saved = result.as<Tuple>()->items()[1];
            } else if (!original.is_null() && !original.is_none()) {
                keep.saved = original;
            }
            keep.versions = tuple(std::move(versions));
            keep.names = tuple(std::move(names));
        }
    }
    std::int64_t output = 0;
    auto mark = [&](const Value& v) {
        auto* t = v.dyn<Tensor>();
        const std::int64_t index = output++;
        if (!t || !is_floating(t->dtype())) return;
        // An op handing back an input unchanged (contiguous() of a contiguous
        // tensor, to() its own dtype) records nothing.
        if (!op.mutates_self)
            for (const Value& a : args)
                if (a.identical(v)) return;
        const char* name = grad_fn_name(detail::grad::node_name(op, args, *t));
        t->set_grad_fn(name);
        t->set_grad_node(real ? detail::grad::make_node(op.name, node_args, edges, index, name, keep) : nullptr);
    };
    if (auto* tup = result.dyn<Tuple>()) {
        for (const Value& item : tup->items()) mark(item);
    } else {
        mark(result);
    }
    // An in-place op on a view rewrites its base's history: the base gets
    // CopySlices and the view is replayed from it (AsStridedBackward0). The
    // base's node takes its old history and the view's new node; its
    // arguments are detached aliases of the base and the view (the view's
    // place in the base is in their strides and offsets).
    if (self && self->base()) {
        Tensor* base = self->base();
        if (real && is_floating(base->dtype()) && self->grad_node()) {
            const Value base_alias[] = {Value::borrow(base)};
            std::vector<Value> slice_args{ops::detach(base_alias), ops::detach(args.first(1))};
            std::vector<Value> slice_edges{base_edge, Value::borrow(self->grad_node())};
            rebase_view_history(*self);
            base->set_grad_node(detail::grad::make_node("_copy_slices", std::move(slice_args), std::move(slice_edges), 0,
                                                        base->grad_fn()));
        } else {
            rebase_view_history(*self);
        }
    }
}

STANDIN_NAMESPACE_END
