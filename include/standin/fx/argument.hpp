// Arguments of graph nodes: another node, a constant, or a (nested) list or
// tuple of arguments, walked by map_arg / for_each_node.
// Counterpart: torch/fx/node.py's Argument type and map_arg / map_aggregate.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/repr.hpp>
#include <standin/runtime/sequence.hpp>
#include <standin/runtime/str.hpp>

#include <concepts>
#include <memory>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Node;
struct Argument;

// A list or tuple of arguments, kept as such so printing and binding see the
// same container the tracer saw (`cat([a, b])` vs `cat((a, b))`).
struct ArgSeq {
    bool is_tuple = true;
    std::vector<Argument> items;
};

// One of three things, a closed set: a node, a constant, or a sequence.
// (A tagged struct rather than a variant: GCC 12 reports spurious
// maybe-uninitialized warnings for a variant holding a vector.)
struct Argument {
    Argument() = default;  // the constant None
    Argument(Node* n) : node_(n) {}
    Argument(Value c) : constant_(std::move(c)) {}
    Argument(ArgSeq s) : seq_(std::make_shared<const ArgSeq>(std::move(s))) {}
    template <std::integral I>
    Argument(I i) : constant_(Value(i)) {}
    Argument(double d) : constant_(Value(d)) {}
    Argument(float d) : constant_(Value(static_cast<double>(d))) {}

    Node* node() const noexcept { return node_; }
    const Value* constant() const noexcept { return node_ || seq_ ? nullptr : &constant_; }
    // Sequences are immutable once built, so copies share them.
    const ArgSeq* seq() const noexcept { return seq_.get(); }

private:
    Node* node_ = nullptr;
    Value constant_;
    std::shared_ptr<const ArgSeq> seq_;
};

// One keyword argument of a node; names are interned.
struct NodeKwarg {
    Str* name;
    Argument value;
};

using Args = std::vector<Argument>;
using Kwargs = std::vector<NodeKwarg>;

inline Argument tuple_arg(std::vector<Argument> items) { return ArgSeq{true, std::move(items)}; }
inline Argument list_arg(std::vector<Argument> items) { return ArgSeq{false, std::move(items)}; }

// Calls f(Node*) for every node inside `a`, depth first, left to right.
template <class F>
void for_each_node(const Argument& a, F&& f) {
    if (Node* n = a.node()) {
        f(n);
    } else if (const ArgSeq* s = a.seq()) {
        for (const Argument& item : s->items) for_each_node(item, f);
    }
}

// A copy of `a` with every node replaced by f(Node*) (an Argument).
template <class F>
Argument map_arg(const Argument& a, F&& f) {
    if (Node* n = a.node()) return f(n);
    if (const ArgSeq* s = a.seq()) {
        ArgSeq out{s->is_tuple, {}};
        out.items.reserve(s->items.size());
        for (const Argument& item : s->items) out.items.push_back(map_arg(item, f));
        return out;
    }
    return a;
}

// Structural equality, with nodes compared by identity and constants by
// type and value (1 and 1.0 and True differ: they give different graphs).
inline bool same_argument(const Argument& a, const Argument& b) {
    if (Node* n = a.node()) return n == b.node();
    if (b.node() || (a.seq() == nullptr) != (b.seq() == nullptr)) return false;
    if (const Value* c = a.constant()) {
        const Value& d = *b.constant();
        if (c->kind() != d.kind()) return false;
        if (c->is_heap()) {
            if (c->identical(d)) return true;
            if (auto* s = c->dyn<Str>()) return s->view() == d.as<Str>()->view();
            return false;
        }
        return c->identical(d);
    }
    const ArgSeq& s = *a.seq();
    const ArgSeq& t = *b.seq();
    if (s.is_tuple != t.is_tuple || s.items.size() != t.items.size()) return false;
    for (std::size_t i = 0; i < s.items.size(); ++i)
        if (!same_argument(s.items[i], t.items[i])) return false;
    return true;
}

STANDIN_NAMESPACE_END
