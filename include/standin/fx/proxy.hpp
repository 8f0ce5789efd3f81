// Proxy: a handle over a graph node that records what is done to it, so a
// graph can be written as C++ (`x * 2`, `x.sum(1)`, `torch_call("relu", x)`)
// the way FX's symbolic tracer records a Python function. Operators record
// `operator.*` calls, named methods record call_method nodes.
// Counterpart: torch/fx/proxy.py (Proxy, its magic methods) and
// torch/fx/_symbolic_trace.py (symbolic_trace).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/graph.hpp>

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// A keyword argument for a Proxy call: `x.sum(1, kw("keepdim", true))`.
inline NodeKwarg kw(std::string_view name, Argument value) { return NodeKwarg{intern(name), std::move(value)}; }

class Proxy {
public:
    explicit Proxy(Node* node) noexcept : node_(node) {}

    Node* node() const noexcept { return node_; }
    Graph& graph() const noexcept { return node_->graph(); }
    operator Argument() const { return node_; }
    // The node's fake metadata (nullptr when not tensor-valued).
    Tensor* meta() const noexcept { return node_->tensor_meta(); }

    // `x.<method>(args..., kw(...)...)`.
    template <class... A>
    Proxy method(std::string_view name, A&&... a) const {
        Args args{Argument(node_)};
        Kwargs kwargs;
        (collect(args, kwargs, std::forward<A>(a)), ...);
        return Proxy(graph().call_method(name, std::move(args), std::move(kwargs)));
    }

#define STANDIN_FX_PROXY_METHOD(name)                                                                          \
    template <class... A>                                                                                     \
    Proxy name(A&&... a) const {                                                                              \
        return method(#name, std::forward<A>(a)...);                                                          \
    }
    STANDIN_FX_PROXY_METHOD(sum)
    STANDIN_FX_PROXY_METHOD(mean)
    STANDIN_FX_PROXY_METHOD(amax)
    STANDIN_FX_PROXY_METHOD(max)
    STANDIN_FX_PROXY_METHOD(min)
    STANDIN_FX_PROXY_METHOD(softmax)
    STANDIN_FX_PROXY_METHOD(relu)
    STANDIN_FX_PROXY_METHOD(exp)
    STANDIN_FX_PROXY_METHOD(log)
    STANDIN_FX_PROXY_METHOD(sqrt)
    STANDIN_FX_PROXY_METHOD(sin)
    STANDIN_FX_PROXY_METHOD(cos)
    STANDIN_FX_PROXY_METHOD(tanh)
    STANDIN_FX_PROXY_METHOD(sigmoid)
    STANDIN_FX_PROXY_METHOD(abs)
    STANDIN_FX_PROXY_METHOD(neg)
    STANDIN_FX_PROXY_METHOD(t)
    STANDIN_FX_PROXY_METHOD(transpose)
    STANDIN_FX_PROXY_METHOD(permute)
    STANDIN_FX_PROXY_METHOD(reshape)
    STANDIN_FX_PROXY_METHOD(view)
    STANDIN_FX_PROXY_METHOD(unsqueeze)
    STANDIN_FX_PROXY_METHOD(squeeze)
    STANDIN_FX_PROXY_METHOD(contiguous)
    STANDIN_FX_PROXY_METHOD(clone)
    STANDIN_FX_PROXY_METHOD(to)
    STANDIN_FX_PROXY_METHOD(matmul)
    STANDIN_FX_PROXY_METHOD(pow)
#undef STANDIN_FX_PROXY_METHOD

    // Proxy has no `operator bool`: control flow on a traced value cannot be
    // recorded (FX raises TraceError for it), so it does not compile.

private:
    template <class A>
    static void collect(Args& args, Kwargs& kwargs, A&& a) {
        if constexpr (std::is_same_v<std::remove_cvref_t<A>, NodeKwarg>)
            kwargs.push_back(std::forward<A>(a));
        else
            args.push_back(Argument(std::forward<A>(a)));
    }

    Node* node_;
};

// Anything a Proxy operator accepts on its other side.
template <class T>
concept ProxyOperand = std::same_as<std::remove_cvref_t<T>, Proxy> || std::is_arithmetic_v<std::remove_cvref_t<T>>;

namespace detail {

inline Graph& graph_of(const Proxy& p) { return p.graph(); }
template <class T>
Graph& graph_of(const T&) = delete;

template <class A, class B>
Graph& graph_of_pair(const A& a, const B& b) {
    if constexpr (std::is_same_v<std::remove_cvref_t<A>, Proxy>) {
        (void)b;
        return a.graph();
    } else {
        return b.graph();
    }
}

template <class A, class B>
Proxy record_operator(std::string_view target, const A& a, const B& b) {
    return Proxy(graph_of_pair(a, b).call_function(target, Args{Argument(a), Argument(b)}));
}

}  // namespace detail

template <class A, class B>
concept ProxyBinary = ProxyOperand<A> && ProxyOperand<B> &&
                      (std::same_as<std::remove_cvref_t<A>, Proxy> || std::same_as<std::remove_cvref_t<B>, Proxy>);

#define STANDIN_FX_PROXY_OPERATOR(sym, name)                                                                   \
    template <class A, class B>                                                                               \
        requires ProxyBinary<A, B>                                                                            \
    Proxy operator sym(const A& a, const B& b) {                                                              \
        return detail::record_operator("operator." name, a, b);                                               \
    }
STANDIN_FX_PROXY_OPERATOR(+, "add")
STANDIN_FX_PROXY_OPERATOR(-, "sub")
STANDIN_FX_PROXY_OPERATOR(*, "mul")
STANDIN_FX_PROXY_OPERATOR(/, "truediv")
STANDIN_FX_PROXY_OPERATOR(%, "mod")
STANDIN_FX_PROXY_OPERATOR(<, "lt")
STANDIN_FX_PROXY_OPERATOR(>, "gt")
STANDIN_FX_PROXY_OPERATOR(<=, "le")
STANDIN_FX_PROXY_OPERATOR(>=, "ge")
STANDIN_FX_PROXY_OPERATOR(==, "eq")
STANDIN_FX_PROXY_OPERATOR(!=, "ne")
#undef STANDIN_FX_PROXY_OPERATOR

// Python operators C++ lacks: `a // b`, `a ** b`, `a @ b`.
template <class A, class B>
    requires ProxyBinary<A, B>
Proxy floordiv(const A& a, const B& b) {
    return detail::record_operator("operator.floordiv", a, b);
}
template <class A, class B>
    requires ProxyBinary<A, B>
Proxy pow(const A& a, const B& b) {
    return detail::record_operator("operator.pow", a, b);
}
template <class A, class B>
    requires ProxyBinary<A, B>
Proxy matmul(const A& a, const B& b) {
    return detail::record_operator("operator.matmul", a, b);
}

inline Proxy operator-(const Proxy& a) { return Proxy(a.graph().call_function("operator.neg", Args{Argument(a)})); }

// `torch.<name>(args..., kw(...)...)`: the graph is the first Proxy's.
template <class... A>
Proxy torch_call(std::string_view name, const Proxy& first, A&&... rest) {
    Args args{Argument(first)};
    Kwargs kwargs;
    auto collect = [&](auto&& a) {
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(a)>, NodeKwarg>)
            kwargs.push_back(std::forward<decltype(a)>(a));
        else
            args.push_back(Argument(std::forward<decltype(a)>(a)));
    };
    (collect(std::forward<A>(rest)), ...);
    return Proxy(first.graph().call_function("torch." + std::string(name), std::move(args), std::move(kwargs)));
}

// A graph input for trace(): its name and an example (real or fake tensor,
// or any constant) that gives its metadata.
struct TraceInput {
    std::string_view name;
    Value example;
};

// Builds a graph by calling `fn` with one Proxy per input; `fn` returns a
// Proxy, or a std::tuple / std::vector of Proxies. The graph returns a tuple,
// as the graphs Dynamo captures do (`return (mul,)`).
template <class F, class... I>
    requires(std::same_as<I, TraceInput> && ...)
std::unique_ptr<Graph> trace(F&& fn, const I&... inputs) {
    auto graph = std::make_unique<Graph>();
    // A braced list evaluates left to right: placeholders in input order.
    Node* placeholders[] = {graph->placeholder(inputs.name, inputs.example)...};
    auto result = [&]<std::size_t... k>(std::index_sequence<k...>) {
        return std::forward<F>(fn)(Proxy(placeholders[k])...);
    }(std::index_sequence_for<I...>{});
    std::vector<Argument> outputs;
    using R = std::remove_cvref_t<decltype(result)>;
    if constexpr (std::is_same_v<R, Proxy>) {
        outputs.push_back(Argument(result));
    } else if constexpr (std::is_same_v<R, std::vector<Proxy>>) {
        for (const Proxy& p : result) outputs.push_back(Argument(p));
    } else {
        std::apply([&](const auto&... p) { (outputs.push_back(Argument(p)), ...); }, result);
    }
    graph->output(tuple_arg(std::move(outputs)));
    return graph;
}

STANDIN_NAMESPACE_END
