// What the op table and the graph layer's fusion know of an elementwise op
// without its kernels: its arity, dtype rule and block kernels by dtype
// (PointwiseInfo). The kernels themselves are in pointwise.hpp.
// Counterpart: the dtype-rule half of ATen's TensorIterator configuration.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/dtype.hpp>
#include <standin/runtime/value.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

// A contiguous block kernel: n elements of each input (already of the op's
// compute dtype, or bool for the op's bool inputs) -> n elements of the
// result dtype. `out` may be the same pointer as an input.
using BlockFn = void (*)(const void* const* inputs, void* out, std::size_t n);

// How the dtype an op computes in derives from its promoted input dtype.
enum class ComputeRule : std::uint8_t {
    promoted,  // the promoted dtype itself (add, mul, relu, comparisons...)
    floating,  // bool and int64 compute in the default float dtype (div, exp, sigmoid...)
};
// How the result dtype derives from the compute dtype.
enum class ResultRule : std::uint8_t {
    compute,  // the compute dtype
    boolean,  // bool (comparisons)
};

struct PointwiseInfo {
    std::uint8_t arity;
    // Bit k set: input k is a bool condition outside promotion (where's first input).
    std::uint8_t bool_inputs;
    ComputeRule compute;
    ResultRule result;
    // The name in torch's "\"abs_cpu\" not implemented for 'Bool'" errors.
    std::string_view kernel_name;
    // Op-specific argument checks run before promotion (bool subtraction, integer
    // negative powers, where's condition), or nullptr.
    void (*check)(std::span<const Value> args);
    // Indexed by the (kernel) compute dtype; nullptr where the op does not support it.
    BlockFn block[kernel_dtype_count];

    // The dtype the op's values have: the promoted dtype, or the default
    // float for a floating op on integers. May be narrow (int32 + int32).
    constexpr dtype value_dtype(dtype promoted) const noexcept {
        return compute == ComputeRule::floating && !is_floating(promoted) ? default_dtype() : promoted;
    }
    // The kernel dtype the block kernel computes in: the value dtype widened.
    constexpr dtype compute_dtype(dtype promoted) const noexcept { return kernel_dtype(value_dtype(promoted)); }
    constexpr dtype result_dtype(dtype compute_dt) const noexcept {
        return result == ResultRule::boolean ? dtype::bool_ : compute_dt;
    }
    constexpr dtype input_dtype(std::size_t k, dtype compute_dt) const noexcept {
        return (bool_inputs >> k) & 1u ? dtype::bool_ : compute_dt;
    }
};

inline constexpr std::size_t max_pointwise_arity = 3;

STANDIN_NAMESPACE_END
