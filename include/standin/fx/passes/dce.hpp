// Dead code elimination: removes every node whose value nothing uses, unless
// running it has an effect (placeholders, the output, in-place ops).
// Counterpart: torch/fx/graph.py (Graph.eliminate_dead_code, Node.is_impure).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/graph.hpp>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL bool eliminate_dead_code(Graph& graph);
// Drops each pair of consecutive torch._C._set_grad_enabled nodes whose
// second undoes the first (set_grad_enabled(False); set_grad_enabled(True)),
// given the grad mode the graph starts in, as Dynamo's
// OutputGraph.cleanup_graph does. Returns whether the graph changed.
STANDIN_DECL bool remove_grad_mode_toggles(Graph& graph, bool grad_enabled);

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

STANDIN_DECL bool remove_grad_mode_toggles(Graph& graph, bool grad_enabled) {
    auto toggle = [](const Node* n, bool from) {
        if (!n || n->op() != NodeOpcode::call_function || n->target() != "torch._C._set_grad_enabled" ||
            n->args().size() != 1)
            return false;
        const Value* v = n->args()[0].constant();
        return v && v->is_bool() && v->as_bool() == !from;
    };
    bool changed = false;
    for (Node* n = graph.first(); n;) {
        Node* next = n->next();
        if (toggle(n, grad_enabled)) {
            grad_enabled = !grad_enabled;
            if (toggle(next, grad_enabled)) {
                grad_enabled = !grad_enabled;
                Node* after = next->next();
                graph.erase_node(next);
                graph.erase_node(n);
                changed = true;
                n = after;
                continue;
            }
        }
        n = next;
    }
    return changed;
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
