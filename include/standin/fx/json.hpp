// The graph as JSON, for tools: one object per node in execution order with
// its name, opcode, target, arguments, users and tensor metadata.
//   argument encoding: a node -> {"node": "x"}; a tuple -> {"tuple": [...]};
//   a list -> [...]; None/bool/int/str -> themselves; a finite float -> a
//   number, a non-finite one -> {"float": "inf"}; a dtype -> {"dtype": "float32"};
//   anything else -> {"repr": "..."}.
// No torch counterpart (torch.export's serializer plays this role).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/graph.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

STANDIN_DECL std::string to_json(const Graph& graph);

#if STANDIN_DEFINITIONS

namespace detail {

inline void json_string(std::string_view s, std::string& out) {
    out += '"';
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

inline void json_ints(std::span<const std::int64_t> xs, std::string& out) {
    out += '[';
    for (std::size_t i = 0; i < xs.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(xs[i]);
    }
    out += ']';
}

inline void json_constant(const Value& v, std::string& out) {
    switch (v.kind()) {
    case Kind::none: out += "null"; return;
    case Kind::bool_: out += v.as_bool() ? "true" : "false"; return;
    case Kind::int_: out += std::to_string(v.as_int()); return;
    case Kind::float_:
        if (std::isfinite(v.as_float())) {
            out += float_repr(v.as_float());
        } else {
            out += "{\"float\": ";
            json_string(float_repr(v.as_float()), out);
            out += '}';
        }
        return;
    case Kind::str: json_string(v.as<Str>()->view(), out); return;
    default: break;
    }
    if (const DTypeObject* d = as_dtype_object(v)) {
        out += "{\"dtype\": ";
        json_string(dtype_name(d->value()).substr(6), out);
        out += '}';
        return;
    }
    out += "{\"repr\": ";
    json_string(constant_repr(v), out);
    out += '}';
}

inline void json_argument(const Argument& a, std::string& out) {
    if (Node* n = a.node()) {
        out += "{\"node\": ";
        json_string(n->name(), out);
        out += '}';
    } else if (const Value* c = a.constant()) {
        json_constant(*c, out);
    } else {
        const ArgSeq& s = *a.seq();
        if (s.is_tuple) out += "{\"tuple\": ";
        out += '[';
        for (std::size_t i = 0; i < s.items.size(); ++i) {
            if (i) out += ", ";
            json_argument(s.items[i], out);
        }
        out += ']';
        if (s.is_tuple) out += '}';
    }
}

}  // namespace detail

STANDIN_DECL std::string to_json(const Graph& graph) {
    using namespace detail;
    std::string out = "{\"nodes\": [";
    bool first = true;
    for (Node* n : graph.nodes()) {
        out += first ? "\n  {" : ",\n  {";
        first = false;
        out += "\"name\": ";
        json_string(n->name(), out);
        out += ", \"op\": ";
        json_string(node_opcode_name(n->op()), out);
        out += ", \"target\": ";
        json_string(n->target(), out);
        out += ", \"args\": [";
        for (std::size_t i = 0; i < n->args().size(); ++i) {
            if (i) out += ", ";
            json_argument(n->args()[i], out);
        }
        out += "], \"kwargs\": {";
        for (std::size_t i = 0; i < n->kwargs().size(); ++i) {
            if (i) out += ", ";
            json_string(n->kwargs()[i].name->view(), out);
            out += ": ";
            json_argument(n->kwargs()[i].value, out);
        }
        out += "}, \"users\": [";
        for (std::size_t i = 0; i < n->users().size(); ++i) {
            if (i) out += ", ";
            json_string(n->users()[i]->name(), out);
        }
        out += ']';
        if (Tensor* t = n->tensor_meta()) {
            out += ", \"meta\": {\"dtype\": ";
            json_string(dtype_name(t->dtype()).substr(6), out);
            out += ", \"shape\": ";
            json_ints(t->sizes(), out);
            out += ", \"stride\": ";
            json_ints(t->strides(), out);
            out += '}';
        }
        out += '}';
    }
    out += first ? "]}\n" : "\n]}\n";
    return out;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
