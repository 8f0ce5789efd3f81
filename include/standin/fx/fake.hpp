// Fake metadata ("fake tensors"): every tensor-valued node carries a tensor
// with dtype, sizes, strides and aliasing but no bytes, computed by the op
// table's meta rules. The meta rules raise the kernels' own errors, so a
// graph that could not run fails while it is being built.
// Counterpart: torch/_subclasses/fake_tensor.py and node.meta["val"].
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/node.hpp>
#include <standin/runtime/tensor.hpp>

#include <span>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// A fake tensor with t's dtype, sizes, strides, offset, requires_grad and grad_fn.
inline ref<Tensor> fake_like(const Tensor& t) {
    auto fake = make_ref<Tensor>(Storage::fake(t.storage()->nbytes()), t.dtype(), DimVector(t.sizes()),
                                 DimVector(t.strides()), t.storage_offset());
    if (t.grad_fn()) fake->set_grad_fn(t.grad_fn());
    else if (t.requires_grad()) fake->set_requires_grad(true);
    // A view that requires grad of a leaf stays one (in-place ops on it raise).
    if (t.is_view_of_leaf()) fake->set_base(fake_like(*t.base()));
    return fake;
}

// The Value an argument stands for, with each node replaced by f(node):
// constants as they are, sequences rebuilt as guest tuples and lists.
template <class F>
Value argument_value(const Argument& a, F&& f) {
    if (Node* n = a.node()) return f(n);
    if (const Value* c = a.constant()) return *c;
    const ArgSeq& s = *a.seq();
    std::vector<Value> items;
    items.reserve(s.items.size());
    for (const Argument& item : s.items) items.push_back(argument_value(item, f));
    if (s.is_tuple) return Value(make_ref<Tuple>(std::move(items)));
    return Value(make_ref<List>(std::move(items)));
}

// True when every node `a` mentions has metadata.
inline bool metadata_known(const Argument& a) {
    bool known = true;
    for_each_node(a, [&](Node* n) { known = known && !n->val().is_none(); });
    return known;
}

// The metadata of `op(*args, **kwargs)` over the argument nodes' metadata:
// None when some input's metadata is unknown; raises what the op would.
inline Value infer_val(const OpDef& op, const Args& args, const Kwargs& kwargs, bool grad_enabled = true) {
    // An op whose result depends on data (item, tolist) has no meta rule.
    if (!op.meta) return Value();
    for (const Argument& a : args)
        if (!metadata_known(a)) return Value();
    for (const NodeKwarg& k : kwargs)
        if (!metadata_known(k.value)) return Value();
    auto meta_of = [](Node* n) { return n->val(); };
    std::vector<Value> positional;
    positional.reserve(args.size());
    for (const Argument& a : args) positional.push_back(argument_value(a, meta_of));
    std::vector<KwArg> named;
    named.reserve(kwargs.size());
    for (const NodeKwarg& k : kwargs) named.push_back(KwArg{k.name, argument_value(k.value, meta_of)});
    std::vector<Value> bound = bind_args(op, positional, named);
    // Autograd metadata as the eager op gives it, under the graph's grad mode.
    if (grad_enabled) check_inplace_grad(op, bound);
    Value val = op.meta(bound);
    if (grad_enabled) record_grad(op, bound, val);
    return val;
}

STANDIN_NAMESPACE_END
