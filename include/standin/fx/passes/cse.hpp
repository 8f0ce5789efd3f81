// Common subexpression elimination: a call with the same target and the
// same arguments as an earlier one reuses the earlier node's value. An
// in-place op ends every earlier expression's validity, and values an
// in-place op may write, or an output may share, are never merged.
// Counterpart: torch/fx/passes/dialect/common/cse_pass.py (CSEPass).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/bind.hpp>
#include <standin/fx/passes/alias.hpp>
#include <standin/fx/passes/dce.hpp>

#include <cstdio>
#include <string>
#include <unordered_map>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL bool eliminate_common_subexpressions(Graph& graph);

#if STANDIN_DEFINITIONS

namespace detail {

// An exact key for an argument: nodes by name, constants by kind and value
// (1, 1.0 and True differ), tensor constants by identity.
inline void cse_key(const Argument& a, std::string& key) {
    if (Node* n = a.node()) {
        key += "%" + n->name();
    } else if (const Value* c = a.constant()) {
        switch (c->kind()) {
        case Kind::none: key += "N"; break;
        case Kind::bool_: key += c->as_bool() ? "bT" : "bF"; break;
        case Kind::int_: key += "i" + std::to_string(c->as_int()); break;
        case Kind::float_: {
            char buf[32];
            std::snprintf(buf, sizeof buf, "f%016llx", static_cast<unsigned long long>(c->raw_bits()));
            key += buf;
            break;
        }
        case Kind::str: key += "s" + str_repr(c->as<Str>()->view()); break;
        default: {
            if (const DTypeObject* d = as_dtype_object(*c)) {
                key += "d" + std::string(dtype_name(d->value()));
            } else {
                char buf[32];
                std::snprintf(buf, sizeof buf, "@%llx", static_cast<unsigned long long>(c->raw_bits()));
                key += buf;
            }
        }
        }
    } else {
        const ArgSeq& s = *a.seq();
        key += s.is_tuple ? "(" : "[";
        for (const Argument& item : s.items) {
            cse_key(item, key);
            key += ",";
        }
        key += s.is_tuple ? ")" : "]";
    }
    key += ";";
}

}  // namespace detail

// Returns whether the graph changed.
STANDIN_DECL bool eliminate_common_subexpressions(Graph& graph) {
    graph.lint();
    // A node an in-place op may write is not merged, and neither is one an
    // output may share memory with: two outputs computed alike are still two
    // tensors (the caller may mutate one).
    const auto kept = mutated_or_output_alias_set(graph);
    std::unordered_map<std::string, Node*> seen;
    bool changed = false;
    for (Node* n : graph.nodes_vector()) {
        if (n->op() != NodeOpcode::call_function && n->op() != NodeOpcode::call_method) continue;
        if (n->op_def() && n->op_def()->mutates_self) {
            seen.clear();  // nothing computed before may be reused after
            continue;
        }
        // A guest call is kept as it is (its arguments follow no schema).
        if (kept.contains(n) || is_global_state_op(n->op_def()) || is_guest_call(n->op_def()))
            continue;
        std::string key = std::string(node_opcode_name(n->op())) + "|" + std::string(n->target()) + "|";
        if (n->fused()) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "k%p|", static_cast<const void*>(n->fused()));
            key += buf;
        }
        // Keyword or positional, a parameter is the same parameter.
        if (n->op_def()) {
            for (const Argument& a : bind_node_args(*n)) detail::cse_key(a, key);
        } else {
            for (const Argument& a : n->args()) detail::cse_key(a, key);
        }
        auto [it, inserted] = seen.emplace(std::move(key), n);
        if (inserted) continue;
        n->replace_all_uses_with(it->second);
        graph.erase_node(n);
        changed = true;
    }
    return changed;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
