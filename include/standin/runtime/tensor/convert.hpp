// Element conversion between dtypes: the casts torch performs when it copies
// or promotes (float -> int64 truncates, NaN and out-of-range values become
// INT64_MIN as on x86, anything -> bool is `!= 0`), and the strided copy loop
// every kernel uses to gather inputs and scatter outputs.
// Counterpart: c10/util/TypeCast.h (static_cast_with_inter_type) and ATen's
// copy kernel (native/cpu/CopyKernel.cpp).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/dtype.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
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

// Copies n elements, converting: dst[i * dst_stride] = src[i * src_stride]
// (strides in elements; a zero source stride broadcasts one element).
inline void convert_elements(const std::byte* src, dtype src_dt, std::int64_t src_stride, std::byte* dst,
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

// Writes a Python number (bool, int or float) as one element of `dt`.
inline void write_scalar(const Value& v, dtype dt, std::byte* out) noexcept {
    dispatch_dtype(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T x;
        if (v.is_float())
            x = cast_element<T>(v.as_float());
        else if (v.is_bool())
            x = cast_element<T>(v.as_bool());
        else
            x = cast_element<T>(v.as_int());
        std::memcpy(out, &x, sizeof x);
    });
}

// One element of `dt` as a Python number: bool, int or float.
inline Value read_scalar(const std::byte* p, dtype dt) noexcept {
    switch (dt) {
    case dtype::bool_: return Value(*reinterpret_cast<const bool*>(p));
    case dtype::int64: return Value(*reinterpret_cast<const std::int64_t*>(p));
    case dtype::float32: return Value(static_cast<double>(*reinterpret_cast<const float*>(p)));
    case dtype::float64: break;
    }
    return Value(*reinterpret_cast<const double*>(p));
}

STANDIN_NAMESPACE_END
