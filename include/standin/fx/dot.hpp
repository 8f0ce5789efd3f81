// The graph as Graphviz DOT, for looking at rather than reading: one box per
// node (name, op and target, dtype and shape), one edge per use, coloured by
// opcode. The output renders with `dot -Tsvg` as it is.
// Counterpart: torch/fx/passes/graph_drawer.py (FxGraphDrawer).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/graph.hpp>

#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL std::string to_dot(const Graph& graph, std::string_view graph_name = "forward");

#if STANDIN_DEFINITIONS

namespace detail {

// DOT double-quoted string contents: quotes and backslashes escaped, line
// breaks as DOT's centred \n.
inline std::string dot_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': break;
        default: out += c;
        }
    }
    return out;
}

inline std::string_view dot_fill(const Node& n) {
    switch (n.op()) {
    case NodeOpcode::placeholder: return "#dbeafe";
    case NodeOpcode::get_attr: return "#fef3c7";
    case NodeOpcode::call_function: return n.fused() ? "#fbcfe8" : "#dcfce7";
    case NodeOpcode::call_method: return "#e0e7ff";
    case NodeOpcode::output: return "#f3f4f6";
    }
    return "#ffffff";
}

}  // namespace detail

// `graph_name` must be a DOT identifier (letters, digits, underscores).
STANDIN_DECL std::string to_dot(const Graph& graph, std::string_view graph_name) {
    std::string out = "digraph " + std::string(graph_name) + " {\n";
    out += "    rankdir=TB;\n";
    out += "    node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];\n";
    out += "    edge [color=\"#6b7280\", arrowsize=0.7];\n";
    for (Node* n : graph.nodes()) {
        std::string label = n->name() + "\n" + std::string(node_opcode_name(n->op()));
        if (n->op() != NodeOpcode::placeholder && n->op() != NodeOpcode::output) label += " " + std::string(n->target());
        if (std::string meta = meta_string(*n); !meta.empty()) label += "\n" + meta;
        else if (n->op() == NodeOpcode::get_attr) label += "\n= " + detail::constant_repr(n->attr_value());
        out += "    \"" + detail::dot_escape(n->name()) + "\" [label=\"" + detail::dot_escape(label) +
               "\", fillcolor=\"" + std::string(detail::dot_fill(*n)) + "\"];\n";
    }
    for (Node* n : graph.nodes())
        for (Node* in : n->input_nodes())
            out += "    \"" + detail::dot_escape(in->name()) + "\" -> \"" + detail::dot_escape(n->name()) + "\";\n";
    out += "}\n";
    return out;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
