// Constant folding: every call that depends on no placeholder (only on
// constants and get_attr values) is computed once, now, and the graph reads
// the result as a get_attr node (`_folded_<name>`).
//
// A folded tensor is shared by every later call, so it is only kept where
// that cannot be seen: its readers must make new tensors from it (elementwise
// ops, reductions, copies), never return it, view it or write it.
// Counterpart: torch/fx/experimental/const_fold.py (split_const_subgraphs).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/bind.hpp>
#include <standin/fx/fused_kernel.hpp>
#include <standin/fx/passes/alias.hpp>
#include <standin/fx/passes/dce.hpp>

#include <unordered_map>
#include <unordered_set>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL bool fold_constants(Graph& graph);

#if STANDIN_DEFINITIONS

namespace detail {

// Readers that copy out of their arguments and return something new.
inline bool reads_without_keeping(const Node& n) noexcept {
    if (n.fused()) return true;
    const OpDef* op = n.op_def();
    if (!op || op->mutates_self) return false;
    if (op->pointwise || op->cls == OpClass::reduction) return true;
    const std::string_view name = op->name;
    return name == "matmul" || name == "cat" || name == "stack" || name == "clone" || name == "softmax";
}

}  // namespace detail

// Returns whether the graph changed.
STANDIN_DECL bool fold_constants(Graph& graph) {
    graph.lint();
    const auto mutated = mutated_alias_set(graph);
    std::unordered_set<const Node*> foldable;
    for (Node* n : graph.nodes()) {
        bool ok = false;
        if (n->op() == NodeOpcode::get_attr) {
            ok = !mutated.contains(n);
        } else if ((n->op() == NodeOpcode::call_function || n->op() == NodeOpcode::call_method) && !mutated.contains(n) &&
                   !(n->op_def() && n->op_def()->mutates_self) && !is_guest_call(n->op_def())) {
            ok = true;
            for (Node* in : n->input_nodes()) ok = ok && foldable.contains(in);
        }
        if (ok) foldable.insert(n);
    }
    // A tensor that would escape through a reader that keeps it stays unfolded.
    for (bool again = true; again;) {
        again = false;
        for (Node* n : graph.nodes()) {
            if (!foldable.contains(n) || n->op() == NodeOpcode::get_attr) continue;
            for (Node* user : n->users()) {
                if (foldable.contains(user)) continue;
                if (!n->val().is<Tensor>() && !n->val().is_none()) continue;  // numbers cannot be mutated
                if (!detail::reads_without_keeping(*user)) {
                    foldable.erase(n);
                    again = true;
                    break;
                }
            }
        }
    }
    // Evaluate in order, each value computed once from the ones before it.
    std::unordered_map<const Node*, Value> values;
    bool changed = false;
    for (Node* n : graph.nodes_vector()) {
        if (!foldable.contains(n)) continue;
        if (n->op() == NodeOpcode::get_attr) {
            values[n] = n->attr_value();
            continue;
        }
        auto value_of = [&](Node* in) { return values.at(in); };
        std::vector<Value> args;
        if (n->op_def()) {
            for (const Argument& a : bind_node_args(*n)) args.push_back(argument_value(a, value_of));
            values[n] = n->op_def()->kernel(args);
        } else {
            for (const Argument& a : n->args()) args.push_back(argument_value(a, value_of));
            values[n] = (*n->fused())(args);
        }
        bool read_outside = false;
        for (Node* user : n->users()) read_outside = read_outside || !foldable.contains(user);
        if (!read_outside) continue;
        Node* folded;
        {
            auto at = graph.inserting_before(n);
            folded = graph.get_attr("_folded_" + n->name(), values[n]);
        }
        for (Node* user : std::vector<Node*>(n->users().begin(), n->users().end()))
            if (!foldable.contains(user)) user->replace_input_with(n, folded);
        changed = true;
    }
    if (changed) eliminate_dead_code(graph);
    return changed;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
