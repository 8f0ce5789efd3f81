// A call node's arguments mapped onto its op's schema: one Argument per
// parameter, keywords moved into place and defaults filled in, exactly as
// the op table's bind_args maps values (it does the mapping here, so errors
// and rules are the same).
// Counterpart: torch/fx/operator_schemas.py (normalize_function).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/node.hpp>

#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

inline std::vector<Argument> bind_node_args(const OpDef& op, const Args& args, const Kwargs& kwargs) {
    // Each argument travels through bind_args as a marker (an interned,
    // unprintable name), so where it lands is read back from the result.
    constexpr std::string_view prefix = "\x01fx-argument-";
    std::vector<const Argument*> sources;
    auto marker = [&](const Argument& a) {
        Value m = Value::borrow(intern(std::string(prefix) + std::to_string(sources.size())));
        sources.push_back(&a);
        return m;
    };
    std::vector<Value> positional;
    positional.reserve(args.size());
    for (const Argument& a : args) positional.push_back(marker(a));
    std::vector<KwArg> named;
    named.reserve(kwargs.size());
    for (const NodeKwarg& k : kwargs) named.push_back(KwArg{k.name, marker(k.value)});
    std::vector<Value> bound = bind_args(op, positional, named);
    std::vector<Argument> out;
    out.reserve(bound.size());
    for (Value& v : bound) {
        auto* s = v.dyn<Str>();
        if (s && s->view().starts_with(prefix))
            out.push_back(*sources[std::stoul(std::string(s->view().substr(prefix.size())))]);
        else
            out.push_back(std::move(v));
    }
    return out;
}

inline std::vector<Argument> bind_node_args(const Node& n) {
    return bind_node_args(*n.op_def(), n.args(), n.kwargs());
}

STANDIN_NAMESPACE_END
