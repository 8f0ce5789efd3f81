// Which nodes may share memory with a tensor that an in-place op writes.
// CSE and constant folding leave those alone: merging or freezing a value
// that is later mutated would change what the program computes.
// Counterpart: the mutation checks of torch/fx/passes/dialect/common/cse_pass.py.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/graph.hpp>

#include <numeric>
#include <unordered_map>
#include <unordered_set>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// Ops whose result may be (or view) their first argument.
inline bool may_alias_first_argument(const Node& n) noexcept {
    const OpDef* op = n.op_def();
    if (!op) return false;
    // A guest call may return its argument itself (F.dropout in eval).
    if (op->cls == OpClass::view || op->mutates_self || is_guest_call(op)) return true;
    const std::string_view name = op->name;
    return name == "contiguous" || name == "to" || name == "float" || name == "double" || name == "long" ||
           name == "bool";
}

namespace detail {
// The nodes that may share memory with a node `seeds(node, mark)` marks
// (called once per node): classes of nodes joined through ops that may
// return (a view of) their first argument.
template <class Seeds>
std::unordered_set<const Node*> alias_set(const Graph& graph, Seeds seeds) {
    std::vector<Node*> nodes = graph.nodes_vector();
    std::unordered_map<const Node*, std::size_t> index;
    for (std::size_t i = 0; i < nodes.size(); ++i) index[nodes[i]] = i;
    std::vector<std::size_t> parent(nodes.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    auto find = [&](std::size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    std::vector<std::size_t> marked;
    auto mark = [&](Node* in) { marked.push_back(index[in]); };
    for (Node* n : nodes) {
        if (!may_alias_first_argument(*n) || n->args().empty()) continue;
        // Every node (and nodes inside sequences, for getitem) in args[0] aliases n.
        for_each_node(n->args()[0], [&](Node* in) { parent[find(index[in])] = find(index[n]); });
    }
    for (Node* n : nodes) seeds(*n, mark);
    std::unordered_set<std::size_t> roots;
    for (std::size_t w : marked) roots.insert(find(w));
    std::unordered_set<const Node*> out;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (roots.contains(find(i))) out.insert(nodes[i]);
    return out;
}
}  // namespace detail

// The nodes whose memory an in-place op in the graph may write.
inline std::unordered_set<const Node*> mutated_alias_set(const Graph& graph) {
    return detail::alias_set(graph, [](Node& n, auto&& mark) {
        if (n.op_def() && n.op_def()->mutates_self && !n.args().empty()) for_each_node(n.args()[0], mark);
    });
}

// The nodes an in-place op may write, or a graph output may share memory
// with (the caller gets those tensors, and may mutate one after the call).
inline std::unordered_set<const Node*> mutated_or_output_alias_set(const Graph& graph) {
    return detail::alias_set(graph, [](Node& n, auto&& mark) {
        if (n.op() == NodeOpcode::output)
            for (const Argument& a : n.args()) for_each_node(a, mark);
        else if (n.op_def() && n.op_def()->mutates_self && !n.args().empty())
            for_each_node(n.args()[0], mark);
    });
}

STANDIN_NAMESPACE_END
