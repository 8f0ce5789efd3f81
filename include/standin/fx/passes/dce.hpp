// Dead code elimination: removes every node whose value nothing uses, unless
// running it has an effect (placeholders, the output, in-place ops).
// Counterpart: torch/fx/graph.py (Graph.eliminate_dead_code, Node.is_impure).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/graph.hpp>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL bool eliminate_dead_code(Graph& graph);

#if STANDIN_DEFINITIONS

// True when removing `n` could change what the program does even if its
// value is unused.
inline bool is_impure(const Node& n) noexcept {
    switch (n.op()) {
    case NodeOpcode::placeholder:
    case NodeOpcode::output: return true;
    case NodeOpcode::get_attr: return false;
    case NodeOpcode::call_function:
    case NodeOpcode::call_method:
        return n.op_def() && (n.op_def()->mutates_self || is_global_state_op(n.op_def()) ||
                              n.op_def() == &guest_call_random_op());
    }
    return true;
}

// Returns whether the graph changed.
STANDIN_DECL bool eliminate_dead_code(Graph& graph) {
    graph.lint();
    bool changed = false;
    // Backwards, so erasing a node frees its inputs before they are visited.
    for (Node* n = graph.last(); n;) {
        Node* prev = n->prev();
        if (n->users().empty() && !is_impure(*n)) {
            graph.erase_node(n);
            changed = true;
        }
        n = prev;
    }
    return changed;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
