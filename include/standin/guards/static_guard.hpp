// Static guards: expression templates over compile-time sources.
//   auto premise = (G<"cfg">.attr<"scale">() == 2) && tensor_match(L<"x">(), dtype::float32, {3});
//   evaluate(premise, frame)  -> bool, inline: each source's accesses are
//                                 spelled out by its type, names interned once per type
//   print(premise)            -> "G['cfg'].scale == 2 and check_tensor(L['x'], ...)"
// In the Boost.YAP way, a node only holds its operands; evaluation and
// printing are two separate walks. Leaves run the same checks as the runtime
// tree (guards/leaf.hpp).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/guards/leaf.hpp>
#include <standin/guards/manager.hpp>
#include <standin/source/frame_view.hpp>
#include <standin/source/resolve.hpp>
#include <standin/source/static_source.hpp>

#include <array>
#include <atomic>
#include <concepts>
#include <initializer_list>
#include <string>

STANDIN_NAMESPACE_BEGIN

// ---- nodes -------------------------------------------------------------------
template <static_source S, class Leaf>
struct guard_leaf_expr {
    Leaf leaf;
};
template <class A, class B>
struct guard_and_expr {
    A left;
    B right;
};

template <class T>
struct is_guard_expr : std::false_type {};
template <class S, class L>
struct is_guard_expr<guard_leaf_expr<S, L>> : std::true_type {};
template <class A, class B>
struct is_guard_expr<guard_and_expr<A, B>> : std::true_type {};
template <class T>
concept guard_expr = is_guard_expr<std::remove_cvref_t<T>>::value;

// ---- builders ----------------------------------------------------------------
namespace detail {
template <class T>
Value constant_value(const T& c) {
    if constexpr (std::same_as<T, Value>) return c;
    else if constexpr (std::same_as<T, bool> || std::integral<T> || std::floating_point<T>) return Value(c);
    else return Value::borrow(intern(std::string_view(c)));
}
}  // namespace detail

// `source == constant`: EQUALS_MATCH (same type, equal value).
template <static_source S, class T>
    requires(!static_source<T> && !guard_expr<T>)
guard_leaf_expr<S, EqualsMatch> operator==(S, const T& constant) {
    return {EqualsMatch{detail::constant_value(constant)}};
}

// TENSOR_MATCH with the rank known at compile time: sizes and strides live
// in the expression itself, checked by Tensor::metadata_matches<N>, as the
// compiled runtime tree checks them; converts to the runtime leaf to print
// or to join a runtime tree.
template <std::size_t N>
struct StaticTensorMatch {
    dtype dt;
    bool requires_grad;
    std::uint64_t header;                // Tensor::header_word(dt, requires_grad, N)
    std::array<std::int64_t, 2 * N> dims;  // sizes, then strides

    operator TensorMatch() const {
        return {dt, requires_grad, {dims.begin(), dims.begin() + N}, {dims.begin() + N, dims.end()}};
    }
};
template <std::size_t N>
STANDIN_ALWAYS_INLINE bool check_leaf(const StaticTensorMatch<N>& g, const Value& v) noexcept {
    return v.kind() == Kind::tensor && v.as<Tensor>()->template metadata_matches<N>(g.header, g.dims.data());
}

// TENSOR_MATCH; strides default to the contiguous ones of `sizes`.
template <static_source S, std::size_t N>
guard_leaf_expr<S, StaticTensorMatch<N>> tensor_match(S, dtype dt, const std::int64_t (&sizes)[N],
                                                      bool requires_grad = false) {
    StaticTensorMatch<N> g{dt, requires_grad, Tensor::header_word(dt, requires_grad, N), {}};
    std::int64_t stride = 1;
    for (std::size_t i = N; i-- > 0;) {
        g.dims[i] = sizes[i];
        g.dims[N + i] = stride;
        stride *= sizes[i] > 1 ? sizes[i] : 1;
    }
    return {g};
}
template <static_source S>
guard_leaf_expr<S, SequenceLength> len_equals(S, std::size_t n) {
    return {SequenceLength{n}};
}
template <static_source S>
guard_leaf_expr<S, NoneMatch> is_none(S) {
    return {NoneMatch{}};
}
template <static_source S>
guard_leaf_expr<S, IdMatch> id_match(S, Value object) {
    return {IdMatch{std::move(object)}};
}

template <guard_expr A, guard_expr B>
guard_and_expr<std::remove_cvref_t<A>, std::remove_cvref_t<B>> operator&&(A&& a, B&& b) {
    return {std::forward<A>(a), std::forward<B>(b)};
}

// ---- the evaluation walk -----------------------------------------------------
namespace detail {

// Names interned once per spelling, at start-up: reading one is a plain
// load, with no initialisation guard on the hot path.
template <fixed_string N>
inline Str* const interned_name = intern(N.view());

// Per-chain lookup hints. Hints only (a stale one costs a hash lookup), kept
// in relaxed atomics so that threads evaluating the same guard do not race.
template <class S>
inline std::atomic<std::uint32_t> access_hint{0};
// The slot of a local in the code object last seen, keyed by its unique id
// (one word, so threads never see a torn pair).
template <class S>
inline std::atomic<std::uint64_t> slot_hint{0};

// Each chain type fetches its value with its own names.
template <class S>
struct static_access;

template <fixed_string N>
struct static_access<local_source<N>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        if (!frame.code) return nullptr;
        // hint = unique_id << 16 | slot, for plain (non-cell) locals only;
        // ids stay far below 2**48.
        const std::uint64_t hint = slot_hint<local_source<N>>.load(std::memory_order_relaxed);
        if ((hint >> 16) == frame.code->unique_id) {
            const std::size_t slot = hint & 0xFFFF;
            if (slot < frame.localsplus.size()) {
                const Value* v = &frame.localsplus[slot];
                return v->is_null() ? nullptr : v;
            }
        }
        std::int64_t found = frame.slot_of(interned_name<N>);
        if (found < 0) return nullptr;
        const auto slot = static_cast<std::size_t>(found);
        if (slot < frame.code->nlocals() && slot < 0xFFFF)
            slot_hint<local_source<N>>.store(frame.code->unique_id << 16 | slot, std::memory_order_relaxed);
        return frame.local(slot);
    }
};
template <fixed_string N>
struct static_access<global_source<N>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        if (!frame.globals) return nullptr;
        auto& hint = access_hint<global_source<N>>;
        const std::uint32_t old = hint.load(std::memory_order_relaxed);
        std::uint32_t h = old;
        const Value* v = frame.globals->find(interned_name<N>, h);
        if (h != old) hint.store(h, std::memory_order_relaxed);
        return v;
    }
};
template <class B, fixed_string N>
struct static_access<attr_source<B, N>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        const Value* base = static_access<B>::get(frame);
        if (!base) return nullptr;
        Str* const name = interned_name<N>;
        if (auto* inst = base->dyn<Instance>()) {
            auto& hint = access_hint<attr_source<B, N>>;
            const std::uint32_t old = hint.load(std::memory_order_relaxed);
            std::uint32_t h = old;
            const Value* v = inst->dict()->find(name, h);
            if (h != old) hint.store(h, std::memory_order_relaxed);
            return v ? v : inst->cls()->lookup(name);
        }
        return static_getattr(*base, name);
    }
};
template <class B, std::int64_t I>
struct static_access<getitem_source<B, I>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        const Value* base = static_access<B>::get(frame);
        return base ? static_getitem(*base, I) : nullptr;
    }
};
template <class B, fixed_string K>
struct static_access<dict_getitem_source<B, K>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        const Value* base = static_access<B>::get(frame);
        return base ? static_getitem(*base, interned_name<K>) : nullptr;
    }
};
template <class B>
struct static_access<type_source<B>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        thread_local Value scratch;
        const Value* base = static_access<B>::get(frame);
        auto* inst = base ? base->dyn<Instance>() : nullptr;
        if (!inst) return nullptr;
        if (scratch.object() != inst->cls()) scratch = Value::borrow(inst->cls());
        return &scratch;
    }
};
template <class B>
struct static_access<nn_module_source<B>> : static_access<B> {};
template <class B, std::int64_t I>
struct static_access<defaults_source<B, I>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        const Value* base = static_access<B>::get(frame);
        auto* f = base ? base->dyn<Function>() : nullptr;
        return f ? static_getitem(f->defaults(), I) : nullptr;
    }
};
template <class B, std::int64_t I>
struct static_access<closure_source<B, I>> {
    STANDIN_ALWAYS_INLINE static const Value* get(const FrameView& frame) noexcept {
        const Value* base = static_access<B>::get(frame);
        return base ? cell_contents(closure_cell(*base, I)) : nullptr;
    }
};

}  // namespace detail

template <class S, class L>
STANDIN_ALWAYS_INLINE bool evaluate(const guard_leaf_expr<S, L>& e, const FrameView& frame) noexcept {
    const Value* v = detail::static_access<S>::get(frame);
    return v && check_leaf(e.leaf, *v);
}
template <class A, class B>
STANDIN_ALWAYS_INLINE bool evaluate(const guard_and_expr<A, B>& e, const FrameView& frame) noexcept {
    return evaluate(e.left, frame) && evaluate(e.right, frame);
}

// ---- the printing walk -------------------------------------------------------
template <class L>
LeafGuard to_leaf(const L& leaf) {
    if constexpr (requires { TensorMatch(leaf); } && !std::same_as<L, TensorMatch>) return LeafGuard(TensorMatch(leaf));
    else return LeafGuard(leaf);
}

template <class S, class L>
std::string print(const guard_leaf_expr<S, L>& e) {
    return leaf_code(to_leaf(e.leaf), std::string(S::name().view()));
}
template <class A, class B>
std::string print(const guard_and_expr<A, B>& e) {
    return print(e.left) + " and " + print(e.right);
}

// The (source, leaf) pairs of an expression, to install in a runtime tree.
template <class S, class L>
void add_to(RootGuardManager& root, const guard_leaf_expr<S, L>& e) {
    root.add(to_runtime(S{}), to_leaf(e.leaf));
}
template <class A, class B>
void add_to(RootGuardManager& root, const guard_and_expr<A, B>& e) {
    add_to(root, e.left);
    add_to(root, e.right);
}

STANDIN_NAMESPACE_END
