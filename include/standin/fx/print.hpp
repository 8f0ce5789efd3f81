// Two text forms of a graph, as torch.fx prints them (str(graph) is
// to_string in graph.hpp):
//   print_tabular(graph) graph.print_tabular(): opcode | name | target | args | kwargs
//   python_code(graph)   graph.python_code("self").src: `def forward(self, x):` ...
// Counterpart: torch/fx/graph.py (print_tabular, _gen_python_code).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/graph.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL std::string print_tabular(const Graph& graph);
STANDIN_DECL std::string python_code(const Graph& graph);

#if STANDIN_DEFINITIONS

// graph.print_tabular(): tabulate's "simple" layout (each column as wide as
// its widest cell, or its header plus two; two spaces between columns;
// trailing spaces stripped).
STANDIN_DECL std::string print_tabular(const Graph& graph) {
    std::vector<std::array<std::string, 5>> rows;
    rows.push_back({"opcode", "name", "target", "args", "kwargs"});
    for (Node* n : graph.nodes())
        rows.push_back({std::string(node_opcode_name(n->op())), n->name(), target_string(*n),
                        detail::format_args_tuple(n->args(), detail::ArgStyle::python),
                        detail::format_kwargs_dict(n->kwargs(), detail::ArgStyle::python)});
    std::array<std::size_t, 5> width{};
    for (std::size_t c = 0; c < 5; ++c) {
        width[c] = rows[0][c].size() + 2;
        for (const auto& r : rows) width[c] = std::max(width[c], r[c].size());
    }
    auto line = [&](const std::array<std::string, 5>& cells) {
        std::string s;
        for (std::size_t c = 0; c < 5; ++c) {
            if (c) s += "  ";
            s += cells[c];
            s.append(width[c] - cells[c].size(), ' ');
        }
        while (!s.empty() && s.back() == ' ') s.pop_back();
        return s + "\n";
    };
    std::string out = line(rows[0]);
    std::array<std::string, 5> dashes;
    for (std::size_t c = 0; c < 5; ++c) dashes[c] = std::string(width[c], '-');
    out += line(dashes);
    for (std::size_t r = 1; r < rows.size(); ++r) out += line(rows[r]);
    return out;
}

// graph.python_code("self").src: FX's generated forward(), byte for byte,
// including its leading blank lines, the `;  x = None` that frees each value
// after its last use, and the indented empty line at the end.
STANDIN_DECL std::string python_code(const Graph& graph) {
    using detail::ArgStyle;
    // The last user of each node, found walking backwards as FX does.
    std::unordered_map<const Node*, const Node*> last_use;
    std::unordered_map<const Node*, std::vector<const Node*>> frees_after;
    for (Node* n = graph.last(); n; n = n->prev())
        for (Node* in : n->input_nodes())
            if (last_use.emplace(in, n).second) frees_after[n].push_back(in);

    auto arg = [](const Argument& a) {
        std::string s;
        detail::format_arg(a, ArgStyle::python, s);
        return s;
    };
    auto call_args = [&](const Args& args, std::size_t from, const Kwargs& kwargs) {
        std::string s;
        for (std::size_t i = from; i < args.size(); ++i) {
            if (!s.empty()) s += ", ";
            s += arg(args[i]);
        }
        for (const NodeKwarg& k : kwargs) {
            if (!s.empty()) s += ", ";
            s += std::string(k.name->view()) + " = " + arg(k.value);
        }
        return s;
    };

    std::vector<std::string> free_vars{"self"};
    std::string body;
    for (Node* n : graph.nodes()) {
        switch (n->op()) {
        case NodeOpcode::placeholder:
            free_vars.emplace_back(n->target());
            if (n->name() != n->target()) body += n->name() + " = " + std::string(n->target()) + "\n";
            continue;  // FX frees nothing after a placeholder
        case NodeOpcode::get_attr: body += n->name() + " = self." + std::string(n->target()); break;
        case NodeOpcode::call_method:
            body += n->name() + " = " + arg(n->args().at(0)) + "." + std::string(n->target()) + "(" +
                    call_args(n->args(), 1, n->kwargs()) + ")";
            break;
        case NodeOpcode::call_function: {
            const OperatorSpelling* op = find_operator(n->target());
            std::size_t holes = op ? static_cast<std::size_t>(std::count(op->format.begin(), op->format.end(), '{'))
                                   : 0;
            if (op && n->kwargs().empty() && n->args().size() == holes) {
                std::string text(op->format);
                for (const Argument& a : n->args()) text.replace(text.find("{}"), 2, arg(a));
                if (op->format.find(" = ") != std::string_view::npos)  // operator.setitem: FX's inplace form
                    body += text + ";  " + n->name() + " = " + arg(n->args().at(0));
                else
                    body += n->name() + " = " + text;
            } else {
                body += n->name() + " = " + std::string(n->target()) + "(" + call_args(n->args(), 0, n->kwargs()) + ")";
            }
            break;
        }
        case NodeOpcode::output:
            body += "return " + arg(n->args().at(0)) + "\n";
            continue;
        }
        std::vector<const Node*> frees;
        if (auto it = frees_after.find(n); it != frees_after.end()) frees = it->second;
        if (n->users().empty()) frees.push_back(n);
        if (frees.empty()) {
            body += "\n";
        } else {
            body += ";  ";
            for (const Node* f : frees) body += f->name() + " = ";
            body += "None\n";
        }
    }
    if (body.empty()) body = "pass\n";

    std::string prologue = "def forward(";
    for (std::size_t i = 0; i < free_vars.size(); ++i) prologue += (i ? ", " : "") + free_vars[i];
    prologue += "):";

    std::string code;
    std::size_t start = 0;
    while (start < body.size() && body[start] == '\n') ++start;
    // Every line, including the empty one after the final newline, is indented.
    for (std::size_t pos = start;;) {
        std::size_t nl = body.find('\n', pos);
        code += "    " + body.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        if (nl == std::string::npos) break;
        code += "\n";
        pos = nl + 1;
    }
    return "\n\n\n" + prologue + "\n" + code;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
