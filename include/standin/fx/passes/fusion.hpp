// Elementwise fusion: a maximal DAG of elementwise ops over tensors of one
// shape (inputs may broadcast into it) becomes one call_function node whose
// FusedKernel makes a single pass over memory. A group grows from its last
// node (the sink) backwards, taking a producer when all of the producer's
// readers are already in the group, so only the sink's value leaves it.
// Results are bitwise identical to the unfused graph (see fused_kernel.hpp).
// Counterpart: TorchInductor's pointwise fusion (torch/_inductor/scheduler.py).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/bind.hpp>
#include <standin/fx/fused_kernel.hpp>
#include <standin/fx/graph.hpp>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL std::size_t fuse_elementwise(Graph& graph, std::size_t min_group_size = 2);

// Some node's traced value records autograd history (a grad_fn): the graph
// must keep one node per op, each recording its backward node when run.
inline bool graph_records_grad(const Graph& graph) {
    for (const Node* n : graph.nodes()) {
        if (n->op() == NodeOpcode::placeholder) continue;
        if (auto* t = n->val().dyn<Tensor>(); t && t->grad_fn()) return true;
        if (auto* tup = n->val().dyn<Tuple>())
            for (const Value& item : tup->items())
                if (auto* t = item.dyn<Tensor>(); t && t->grad_fn()) return true;
    }
    return false;
}

#if STANDIN_DEFINITIONS

namespace detail {

// An out-of-place elementwise call on tensors and numbers, whose value is a
// tensor with known metadata.
inline bool is_fusible(const Node& n) {
    if (n.op() != NodeOpcode::call_function && n.op() != NodeOpcode::call_method) return false;
    const OpDef* op = n.op_def();
    if (!op || !op->pointwise || op->mutates_self || !n.tensor_meta()) return false;
    // A narrow dtype rounds (or wraps) after every op: fused, it would not.
    if (is_narrow(n.tensor_meta()->dtype())) return false;
    for (const Argument& a : bind_node_args(n)) {
        if (Node* in = a.node()) {
            if (!in->tensor_meta() && !in->val().is_number()) return false;
            if (in->tensor_meta() && is_narrow(in->tensor_meta()->dtype())) return false;
        } else if (const Value* c = a.constant()) {
            if (!c->is_number()) return false;
        } else {
            return false;
        }
    }
    return true;
}

inline bool same_shape(const Node& a, const Node& b) {
    return std::ranges::equal(a.tensor_meta()->sizes(), b.tensor_meta()->sizes());
}

}  // namespace detail

// Returns how many fused nodes were made.
STANDIN_DECL std::size_t fuse_elementwise(Graph& graph, std::size_t min_group_size) {
    graph.lint();
    std::unordered_set<const Node*> grouped;
    std::size_t fused_count = 0;
    std::vector<Node*> order = graph.nodes_vector();
    std::unordered_map<const Node*, std::size_t> position;
    for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
    // The fused node runs where its sink was, so a producer may join only if
    // nothing between it and the sink can write memory it reads: an in-place
    // op (y = x + 2; x.add_(1); y * 3), an item store, or an unknown call.
    // mutations_before[i]: how many such nodes come before position i.
    std::vector<std::size_t> mutations_before(order.size() + 1, 0);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Node& n = *order[i];
        const bool call = n.op() == NodeOpcode::call_function || n.op() == NodeOpcode::call_method;
        const bool mutates = call && (!n.op_def() || n.op_def()->mutates_self);
        mutations_before[i + 1] = mutations_before[i] + (mutates ? 1 : 0);
    }

    for (std::size_t i = order.size(); i-- > 0;) {
        Node* sink = order[i];
        if (grouped.contains(sink) || !detail::is_fusible(*sink)) continue;
        std::unordered_set<const Node*> members{sink};
        auto external_inputs = [&](const std::unordered_set<const Node*>& group) {
            std::unordered_set<const Node*> ins;
            for (const Node* m : group)
                for (Node* in : m->input_nodes())
                    if (!group.contains(in)) ins.insert(in);
            return ins.size();
        };
        for (bool grew = true; grew;) {
            grew = false;
            std::vector<Node*> candidates;
            for (const Node* m : members)
                for (Node* in : m->input_nodes())
                    if (!members.contains(in) && !grouped.contains(in)) candidates.push_back(in);
            // Latest first: a producer's own producers come after it.
            std::sort(candidates.begin(), candidates.end(),
                      [&](Node* a, Node* b) { return position.at(a) > position.at(b); });
            candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
            for (Node* p : candidates) {
                if (!detail::is_fusible(*p) || !detail::same_shape(*p, *sink)) continue;
                if (mutations_before[position.at(sink)] != mutations_before[position.at(p) + 1]) continue;
                bool all_users_inside = std::ranges::all_of(p->users(), [&](Node* u) { return members.contains(u); });
                if (!all_users_inside) continue;
                members.insert(p);
                if (external_inputs(members) > FusedKernel::max_inputs) {
                    members.erase(p);
                    continue;
                }
                grew = true;
            }
        }
        if (members.size() < std::max<std::size_t>(min_group_size, 1)) continue;

        // Steps in graph order; inputs numbered as first read.
        std::vector<Node*> steps_nodes(members.size());
        std::transform(members.begin(), members.end(), steps_nodes.begin(), [](const Node* n) {
            return const_cast<Node*>(n);
        });
        std::sort(steps_nodes.begin(), steps_nodes.end(),
                  [&](Node* a, Node* b) { return position.at(a) < position.at(b); });
        std::unordered_map<const Node*, std::uint32_t> step_index, input_index;
        Args inputs;
        std::vector<FusedKernel::Step> steps;
        std::string name = "fused";
        std::vector<std::string_view> op_names;
        for (Node* n : steps_nodes) {
            FusedKernel::Step step{n->op_def(), {}};
            for (const Argument& a : bind_node_args(*n)) {
                FusedKernel::Operand o{FusedKernel::Operand::Kind::constant, 0, Value()};
                if (Node* in = a.node()) {
                    if (auto it = step_index.find(in); it != step_index.end()) {
                        o.kind = FusedKernel::Operand::Kind::step;
                        o.index = it->second;
                    } else {
                        auto [jt, added] = input_index.emplace(in, static_cast<std::uint32_t>(inputs.size()));
                        if (added) inputs.push_back(in);
                        o.kind = FusedKernel::Operand::Kind::input;
                        o.index = jt->second;
                    }
                } else {
                    o.constant = *a.constant();
                }
                step.operands.push_back(std::move(o));
            }
            step_index[n] = static_cast<std::uint32_t>(steps.size());
            steps.push_back(std::move(step));
            if (op_names.size() < 4 && std::find(op_names.begin(), op_names.end(), n->op_def()->name) == op_names.end())
                op_names.push_back(n->op_def()->name);
        }
        for (std::string_view op : op_names) name += "_" + std::string(op);
        auto kernel = std::make_shared<const FusedKernel>(name, inputs.size(), std::move(steps));

        Node* fused;
        {
            auto at = graph.inserting_before(sink);
            fused = graph.insert_new(NodeOpcode::call_function, intern("standin." + name), nullptr, std::move(inputs), {},
                                     name, sink->val(), kernel);
        }
        sink->replace_all_uses_with(fused);
        for (auto it = steps_nodes.rbegin(); it != steps_nodes.rend(); ++it) {
            grouped.insert(*it);
            graph.erase_node(*it);
        }
        grouped.insert(fused);
        ++fused_count;
    }
    return fused_count;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
