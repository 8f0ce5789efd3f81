// Element conversion between dtypes: the casts torch performs when it copies
// or promotes (float -> int64 truncates, NaN and out-of-range values become
// INT64_MIN as on x86, anything -> bool is `!= 0`), and the strided copy loop
// every kernel uses to gather inputs and scatter outputs.
// Counterpart: c10/util/TypeCast.h (static_cast_with_inter_type) and ATen's
// copy kernel (native/cpu/CopyKernel.cpp).
#pragma once

#include <standin/detail/abi_macros.hpp>
#include <standin/detail/macro_scope.hpp>

#include <standin/runtime/tensor/dtype.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <algorithm>
#include <limits>
#include <type_traits>

STANDIN_NAMESPACE_BEGIN

template <class To, class From>
inline To cast_element(From v) noexcept {
    if constexpr (std::is_same_v<To, From>) {
        return v;
    } else if constexpr (std::is_same_v<To, bool>) {
        return v != From(0);
    } else if constexpr (std::is_same_v<To, std::int64_t> && std::is_floating_point_v<From>) {
        // The C++ cast is undefined outside int64's range; torch on x86 yields INT64_MIN.
        if (!(v >= From(-9.2233720368547758e18) && v < From(9.2233720368547758e18)))
            return std::numeric_limits<std::int64_t>::min();
        return static_cast<std::int64_t>(v);
    } else {
        return static_cast<To>(v);
    }
}

namespace detail {

// A narrow dtype's elements to and from its kernel dtype (int64 or float32):
// integers wrap as C++ conversions to a narrower type do, floats round to
// nearest even.
template <class N>
inline void widen_elements(const std::byte* src, std::int64_t src_stride, std::byte* dst, std::int64_t n) noexcept {
    auto* s = reinterpret_cast<const N*>(src);
    if constexpr (std::is_same_v<N, float16_t> || std::is_same_v<N, bfloat16_t>) {
        auto* d = reinterpret_cast<float*>(dst);
        for (std::int64_t i = 0; i < n; ++i) {
            const std::uint16_t b = s[i * src_stride].bits;
            d[i] = std::is_same_v<N, float16_t> ? half_to_float(b) : bfloat16_to_float(b);
        }
    } else {
        auto* d = reinterpret_cast<std::int64_t*>(dst);
        for (std::int64_t i = 0; i < n; ++i) d[i] = static_cast<std::int64_t>(s[i * src_stride]);
    }
}

template <class N>
inline void narrow_elements(const std::byte* src, std::byte* dst, std::int64_t dst_stride, std::int64_t n) noexcept {
    auto* d = reinterpret_cast<N*>(dst);
    if constexpr (std::is_same_v<N, float16_t> || std::is_same_v<N, bfloat16_t>) {
        auto* s = reinterpret_cast<const float*>(src);
        for (std::int64_t i = 0; i < n; ++i)
            d[i * dst_stride] = N{std::is_same_v<N, float16_t> ? float_to_half(s[i]) : float_to_bfloat16(s[i])};
    } else {
        auto* s = reinterpret_cast<const std::int64_t*>(src);
        for (std::int64_t i = 0; i < n; ++i) d[i * dst_stride] = static_cast<N>(s[i]);
    }
}

template <class F>
inline void dispatch_narrow(dtype dt, F&& f) {
    switch (dt) {
    case dtype::uint8: f(type_tag<std::uint8_t>{}); break;
    case dtype::int8: f(type_tag<std::int8_t>{}); break;
    case dtype::int16: f(type_tag<std::int16_t>{}); break;
    case dtype::int32: f(type_tag<std::int32_t>{}); break;
    case dtype::float16: f(type_tag<float16_t>{}); break;
    default: f(type_tag<bfloat16_t>{}); break;
    }
}

// Copies n elements between two kernel dtypes.
inline void convert_kernel_elements(const std::byte* src, dtype src_dt, std::int64_t src_stride, std::byte* dst,
                                    dtype dst_dt, std::int64_t dst_stride, std::int64_t n) {
    if (src_dt == dst_dt && src_stride == 1 && dst_stride == 1) {
        std::memcpy(dst, src, static_cast<std::size_t>(n) * element_size(src_dt));
        return;
    }
    dispatch_dtype(src_dt, [&](auto src_tag) {
        using S = typename decltype(src_tag)::type;
        dispatch_dtype(dst_dt, [&](auto dst_tag) {
            using D = typename decltype(dst_tag)::type;
            auto* s = reinterpret_cast<const S*>(src);
            auto* d = reinterpret_cast<D*>(dst);
            if (src_stride == 1 && dst_stride == 1) {
                for (std::int64_t i = 0; i < n; ++i) d[i] = cast_element<D>(s[i]);
            } else {
                for (std::int64_t i = 0; i < n; ++i) d[i * dst_stride] = cast_element<D>(s[i * src_stride]);
            }
        });
    });
}

// The conversions that involve a narrow dtype go through the kernel dtypes
// in blocks: narrow source -> its kernel dtype -> the destination's kernel
// dtype -> narrow destination (float -> uint8 through int64, as c10 does).
STANDIN_NOINLINE inline void convert_narrow_elements(const std::byte* src, dtype src_dt, std::int64_t src_stride, std::byte* dst,
                                    dtype dst_dt, std::int64_t dst_stride, std::int64_t n) {
    constexpr std::int64_t block = 256;
    alignas(8) std::byte wide_src[block * 8];
    alignas(8) std::byte wide_dst[block * 8];
    const dtype ks = kernel_dtype(src_dt), kd = kernel_dtype(dst_dt);
    const auto src_size = static_cast<std::int64_t>(element_size(src_dt));
    const auto dst_size = static_cast<std::int64_t>(element_size(dst_dt));
    for (std::int64_t start = 0; start < n; start += block) {
        const std::int64_t m = std::min(block, n - start);
        const std::byte* s = src + start * src_stride * src_size;
        std::byte* d = dst + start * dst_stride * dst_size;
        const std::byte* from = s;
        std::int64_t from_stride = src_stride;
        if (is_narrow(src_dt)) {
            dispatch_narrow(src_dt, [&](auto tag) { widen_elements<typename decltype(tag)::type>(s, src_stride, wide_src, m); });
            from = wide_src;
            from_stride = 1;
        }
        if (!is_narrow(dst_dt)) {
            convert_kernel_elements(from, ks, from_stride, d, dst_dt, dst_stride, m);
            continue;
        }
        if (is_floating(ks) && !is_floating(dst_dt) && dst_dt != dtype::uint8) {
            // float -> int32/int16/int8 converts as x86's 32-bit truncation
            // does (out of range: INT32_MIN), then wraps; uint8 goes
            // through int64, as c10 special-cases it.
            convert_kernel_elements(from, ks, from_stride, wide_dst, dtype::float64, 1, m);
            auto* w = reinterpret_cast<double*>(wide_dst);
            auto* o = reinterpret_cast<std::int64_t*>(wide_dst);
            for (std::int64_t i = 0; i < m; ++i) {
                const double v = w[i];
                o[i] = v > -2147483649.0 && v < 2147483648.0 ? static_cast<std::int64_t>(v) : std::int64_t{-2147483648};
            }
        } else {
            convert_kernel_elements(from, ks, from_stride, wide_dst, kd, 1, m);
        }
        dispatch_narrow(dst_dt, [&](auto tag) { narrow_elements<typename decltype(tag)::type>(wide_dst, d, dst_stride, m); });
    }
}

// One element of a narrow dtype from / to its kernel dtype's bytes.
STANDIN_NOINLINE inline void narrow_one(const std::byte* wide, dtype dt, std::byte* out) noexcept {
    dispatch_narrow(dt, [&](auto tag) { narrow_elements<typename decltype(tag)::type>(wide, out, 1, 1); });
}
STANDIN_NOINLINE inline void widen_one(const std::byte* p, dtype dt, std::byte* wide) noexcept {
    dispatch_narrow(dt, [&](auto tag) { widen_elements<typename decltype(tag)::type>(p, 1, wide, 1); });
}

}  // namespace detail

// Copies n elements, converting: dst[i * dst_stride] = src[i * src_stride]
// (strides in elements; a zero source stride broadcasts one element).
inline void convert_elements(const std::byte* src, dtype src_dt, std::int64_t src_stride, std::byte* dst,
                             dtype dst_dt, std::int64_t dst_stride, std::int64_t n) {
    if (src_dt == dst_dt && src_stride == 1 && dst_stride == 1) {
        std::memcpy(dst, src, static_cast<std::size_t>(n) * element_size(src_dt));
        return;
    }
    if (is_narrow(src_dt) || is_narrow(dst_dt)) {
        if (src_dt == dst_dt) {  // a strided copy of the same type: bytes
            const auto size = static_cast<std::int64_t>(element_size(src_dt));
            for (std::int64_t i = 0; i < n; ++i)
                std::memcpy(dst + i * dst_stride * size, src + i * src_stride * size, static_cast<std::size_t>(size));
            return;
        }
        detail::convert_narrow_elements(src, src_dt, src_stride, dst, dst_dt, dst_stride, n);
        return;
    }
    detail::convert_kernel_elements(src, src_dt, src_stride, dst, dst_dt, dst_stride, n);
}

// Writes a Python number (bool, int or float) as one element of `dt`.
inline void write_scalar(const Value& v, dtype dt, std::byte* out) noexcept {
    const dtype kd = kernel_dtype(dt);
    alignas(8) std::byte wide[8];
    dispatch_dtype(kd, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T x;
        if (v.is_float())
            x = cast_element<T>(v.as_float());
        else if (v.is_bool())
            x = cast_element<T>(v.as_bool());
        else
            x = cast_element<T>(v.as_int());
        std::memcpy(kd == dt ? out : wide, &x, sizeof x);
    });
    if (kd != dt) detail::narrow_one(wide, dt, out);
}

// One element of `dt` as a Python number: bool, int or float.
inline Value read_scalar(const std::byte* p, dtype dt) noexcept {
    switch (dt) {
    case dtype::bool_: return Value(*reinterpret_cast<const bool*>(p));
    case dtype::int64: return Value(*reinterpret_cast<const std::int64_t*>(p));
    case dtype::float32: return Value(static_cast<double>(*reinterpret_cast<const float*>(p)));
    case dtype::float64: return Value(*reinterpret_cast<const double*>(p));
    default: break;
    }
    alignas(8) std::byte wide[8];
    detail::widen_one(p, dt, wide);
    return read_scalar(wide, kernel_dtype(dt));
}

STANDIN_NAMESPACE_END
