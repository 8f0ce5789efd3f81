// Broadcasting and type promotion: the shape and dtype rules every
// elementwise op shares. Promotion has three tiers (tensors with dimensions,
// 0-dim tensors, Python scalars) combined by category (bool < integral <
// floating), exactly as c10 does.
// Counterpart: ATen's native/TypeProperties.cpp (ResultTypeState,
// update_result_type_state, combine_categories) and ExpandUtils.cpp (infer_size).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/tensor.hpp>

#include <optional>
#include <span>
#include <string>

STANDIN_NAMESPACE_BEGIN

// The dtype a Python scalar takes when it meets tensors: bool, int64, or the
// default float dtype (torch's wrapped-number rule).
inline std::optional<dtype> scalar_dtype(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::bool_: return dtype::bool_;
    case Kind::int_: return dtype::int64;
    case Kind::float_: return default_dtype();
    default: return std::nullopt;
    }
}

struct ResultTypeState {
    std::optional<dtype> dim_result;      // tensors with at least one dimension
    std::optional<dtype> zero_dim_result; // 0-dim tensors
    std::optional<dtype> wrapped_result;  // Python scalars

    static std::optional<dtype> promote(std::optional<dtype> a, dtype b) noexcept {
        return a ? promote_types(*a, b) : b;
    }

    // A tensor or a Python scalar takes part; other values are ignored.
    void update(const Value& v) noexcept {
        if (auto* t = v.dyn<Tensor>()) {
            if (t->dim() > 0)
                dim_result = promote(dim_result, t->dtype());
            else
                zero_dim_result = promote(zero_dim_result, t->dtype());
        } else if (auto dt = scalar_dtype(v)) {
            wrapped_result = promote(wrapped_result, *dt);
        }
    }

    // c10's combine_categories: a lower tier changes the result only when it
    // is of a higher category (an int scalar never widens a float32 tensor, a
    // float scalar turns an int64 tensor into float32).
    static std::optional<dtype> combine(std::optional<dtype> higher, std::optional<dtype> lower) noexcept {
        if (higher && is_floating(*higher)) return higher;
        if (higher && lower && (*higher == dtype::bool_ || is_floating(*lower))) return promote_types(*higher, *lower);
        return higher ? higher : lower;
    }

    dtype result() const noexcept {
        return combine(dim_result, combine(zero_dim_result, wrapped_result)).value_or(default_dtype());
    }
};

// torch.result_type over any mix of tensors and Python scalars.
inline dtype result_type(std::span<const Value> operands) noexcept {
    ResultTypeState state;
    for (const auto& v : operands) state.update(v);
    return state.result();
}

// Broadcasts `shape` with `other` in place (infer_size): `shape` plays torch's
// tensor a, `other` tensor b in the error message.
inline void broadcast_into(DimVector& shape, std::span<const std::int64_t> other) {
    std::size_t na = shape.size(), nb = other.size(), n = na > nb ? na : nb;
    if (na < n) {
        for (std::size_t i = 0; i < n - na; ++i) shape.insert(0, 1);
    }
    for (std::size_t i = n; i-- > 0;) {  // from the right, as ATen's infer_size (the first mismatch it names)
        std::size_t offset = n - 1 - i;
        std::int64_t a = shape[i];
        std::int64_t b = offset < nb ? other[nb - 1 - offset] : 1;
        if (a == b || b == 1) continue;
        if (a == 1) {
            shape[i] = b;
            continue;
        }
        raise(exc::RuntimeError, "The size of tensor a (" + std::to_string(a) + ") must match the size of tensor b (" +
                                     std::to_string(b) + ") at non-singleton dimension " + std::to_string(i));
    }
}

inline DimVector broadcast_shapes(std::span<const std::int64_t> a, std::span<const std::int64_t> b) {
    DimVector shape(a);
    broadcast_into(shape, b);
    return shape;
}

// The strides `t` has when broadcast to `shape` (0 along broadcast dimensions).
inline DimVector broadcast_strides(const Tensor& t, std::span<const std::int64_t> shape) {
    DimVector strides(shape.size(), 0);
    std::size_t offset = shape.size() - static_cast<std::size_t>(t.dim());
    for (std::size_t i = 0; i < static_cast<std::size_t>(t.dim()); ++i)
        if (t.sizes()[i] != 1 || shape[offset + i] == 1) strides[offset + i] = t.strides()[i];
    return strides;
}

STANDIN_NAMESPACE_END
