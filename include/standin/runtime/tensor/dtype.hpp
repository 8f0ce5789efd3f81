// Element types of the reference tensor: bool, int64, float32, float64 (the
// kernel dtypes) and the narrow uint8, int8, int16, int32, float16, bfloat16; their
// names as torch prints them, sizes, categories, promotion and casting rules,
// and the guest objects that stand for them (`torch.float32`).
// Counterpart: c10/core/ScalarType.h (promoteTypes, canCast) and torch.dtype.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/klass.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

STANDIN_NAMESPACE_BEGIN

// The four dtypes the kernels compute in come first (their order indexes
// PointwiseInfo::block); the narrow ones are stored in their own width and
// computed in their kernel dtype (kernel_dtype): the integers in int64, the
// 16-bit floats in float32, as torch's CPU kernels compute half in float.
enum class dtype : std::uint8_t { bool_, int64, float32, float64, uint8, int8, int16, int32, float16, bfloat16 };

inline constexpr std::size_t dtype_count = 10;
// The dtypes with kernels of their own: bool, int64, float32, float64.
inline constexpr std::size_t kernel_dtype_count = 4;
// torch.get_default_dtype(): the type of float scalars and of float results
// computed from integers (true division, exp, mean with an explicit dtype...).
// float32 until torch.set_default_dtype changes it; per thread, as the
// interpreter that runs on the thread sets it.
namespace detail {
inline dtype& default_dtype_slot() noexcept {
    static thread_local dtype current = dtype::float32;
    return current;
}
}  // namespace detail
inline dtype default_dtype() noexcept { return detail::default_dtype_slot(); }

inline constexpr std::size_t index_of(dtype dt) noexcept { return static_cast<std::size_t>(dt); }

inline constexpr std::size_t element_size(dtype dt) noexcept {
    constexpr std::size_t sizes[] = {1, 8, 4, 8, 1, 1, 2, 4, 2, 2};
    return sizes[index_of(dt)];
}

// "torch.float32": what print(t.dtype) shows.
inline constexpr std::string_view dtype_name(dtype dt) noexcept {
    constexpr std::string_view names[] = {"torch.bool",  "torch.int64", "torch.float32", "torch.float64",
                                          "torch.uint8", "torch.int8",  "torch.int16",   "torch.int32",
                                          "torch.float16", "torch.bfloat16"};
    return names[index_of(dt)];
}

// "Float": c10's ScalarType name, used by torch's error messages.
inline constexpr std::string_view scalar_type_name(dtype dt) noexcept {
    constexpr std::string_view names[] = {"Bool", "Long", "Float", "Double", "Byte", "Char", "Short", "Int", "Half", "BFloat16"};
    return names[index_of(dt)];
}

inline constexpr bool is_floating(dtype dt) noexcept {
    return dt == dtype::float32 || dt == dtype::float64 || dt == dtype::float16 || dt == dtype::bfloat16;
}
// An integer type or bool (c10's isIntegralType(t, /*includeBool=*/true)).
inline constexpr bool is_integral(dtype dt) noexcept { return !is_floating(dt); }
// Stored narrower than the dtype its kernels compute in.
inline constexpr bool is_narrow(dtype dt) noexcept { return index_of(dt) >= kernel_dtype_count; }
// The dtype a narrow dtype's values are computed in; the others themselves.
inline constexpr dtype kernel_dtype(dtype dt) noexcept {
    if (!is_narrow(dt)) return dt;
    return is_floating(dt) ? dtype::float32 : dtype::int64;
}

// c10::promoteTypes: bool below every number; among integers the wider,
// with uint8 and int8 meeting in int16; an integer with a float gives the
// float; float16 with bfloat16 gives float32, otherwise the wider float.
inline constexpr dtype promote_types(dtype a, dtype b) noexcept {
    if (!is_narrow(a) && !is_narrow(b)) return a < b ? b : a;  // bool < int64 < float32 < float64
    if (a == b) return a;
    if (a == dtype::bool_) return b;
    if (b == dtype::bool_) return a;
    const bool fa = is_floating(a), fb = is_floating(b);
    if (fa != fb) return fa ? a : b;
    if (fa) {
        if ((a == dtype::float16 && b == dtype::bfloat16) || (a == dtype::bfloat16 && b == dtype::float16))
            return dtype::float32;
        return element_size(a) >= element_size(b) ? a : b;
    }
    if ((a == dtype::uint8 && b == dtype::int8) || (a == dtype::int8 && b == dtype::uint8)) return dtype::int16;
    if (a == dtype::uint8) return element_size(b) > 1 ? b : dtype::int16;
    if (b == dtype::uint8) return element_size(a) > 1 ? a : dtype::int16;
    return element_size(a) >= element_size(b) ? a : b;
}

// c10::canCast: the result of an op may be written into an output of type `to`
// unless that would turn a float into an integer or a number into a bool.
inline constexpr bool can_cast(dtype from, dtype to) noexcept {
    if (is_floating(from) && is_integral(to)) return false;
    if (from != dtype::bool_ && to == dtype::bool_) return false;
    return true;
}

// IEEE half and bfloat16, as storage only: their values convert to and from
// float with round-to-nearest-even, as c10::Half and c10::BFloat16 do.
struct float16_t {
    std::uint16_t bits;
};
struct bfloat16_t {
    std::uint16_t bits;
};

inline float half_to_float(std::uint16_t h) noexcept {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    std::uint32_t exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu, bits;
    if (exponent == 0x1f) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {  // subnormal: normalise
        exponent = 113;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            --exponent;
        }
        bits = sign | (exponent << 23) | ((mantissa & 0x3ffu) << 13);
    }
    return std::bit_cast<float>(bits);
}

inline std::uint16_t float_to_half(float f) noexcept {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    const std::uint16_t sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
    const std::uint32_t abs = x & 0x7fffffffu;
    if (abs > 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7e00u);  // NaN
    if (abs >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // rounds to inf
    if (abs < 0x38800000u) {  // a half subnormal (or zero): round at 2^-24
        const float scaled = std::bit_cast<float>(abs) * 16777216.0f;  // exact: a power of two
        float r = scaled;
        // round half to even at integer resolution
        const float fl = static_cast<float>(static_cast<std::int32_t>(scaled));
        const float diff = scaled - fl;
        if (diff > 0.5f || (diff == 0.5f && (static_cast<std::int32_t>(fl) & 1))) r = fl + 1.0f;
        else r = fl;
        return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(r));
    }
    // normal: rebias the exponent and round the mantissa to 10 bits, to even
    std::uint32_t m = abs - 0x38000000u;  // exponent - 112
    m += 0x0fffu + ((m >> 13) & 1u);
    return static_cast<std::uint16_t>(sign | (m >> 13));
}

inline float bfloat16_to_float(std::uint16_t b) noexcept { return std::bit_cast<float>(static_cast<std::uint32_t>(b) << 16); }

inline std::uint16_t float_to_bfloat16(float f) noexcept {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((x >> 16) | 0x40u);  // quiet NaN
    return static_cast<std::uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// The C++ element type of each dtype, and back.
template <dtype D>
struct cpp_type_of;
template <> struct cpp_type_of<dtype::bool_> { using type = bool; };
template <> struct cpp_type_of<dtype::int64> { using type = std::int64_t; };
template <> struct cpp_type_of<dtype::float32> { using type = float; };
template <> struct cpp_type_of<dtype::float64> { using type = double; };
template <> struct cpp_type_of<dtype::uint8> { using type = std::uint8_t; };
template <> struct cpp_type_of<dtype::int8> { using type = std::int8_t; };
template <> struct cpp_type_of<dtype::int16> { using type = std::int16_t; };
template <> struct cpp_type_of<dtype::int32> { using type = std::int32_t; };
template <> struct cpp_type_of<dtype::float16> { using type = float16_t; };
template <> struct cpp_type_of<dtype::bfloat16> { using type = bfloat16_t; };
template <dtype D>
using cpp_type = typename cpp_type_of<D>::type;

template <class T>
inline constexpr dtype dtype_of = std::is_same_v<T, bool>           ? dtype::bool_
                                  : std::is_same_v<T, std::int64_t> ? dtype::int64
                                  : std::is_same_v<T, float>        ? dtype::float32
                                  : std::is_same_v<T, double>       ? dtype::float64
                                  : std::is_same_v<T, std::uint8_t> ? dtype::uint8
                                  : std::is_same_v<T, std::int8_t>  ? dtype::int8
                                  : std::is_same_v<T, std::int16_t> ? dtype::int16
                                  : std::is_same_v<T, std::int32_t> ? dtype::int32
                                  : std::is_same_v<T, float16_t>    ? dtype::float16
                                                                    : dtype::bfloat16;

template <class T>
struct type_tag {
    using type = T;
};

// torch's error for a kernel without an instance for `dt`:
// RuntimeError: "exp_vml_cpu" not implemented for 'Half'.
[[noreturn]] inline void raise_not_implemented(std::string_view kernel, dtype dt) {
    raise(exc::RuntimeError, "\"" + std::string(kernel) + "\" not implemented for '" + std::string(scalar_type_name(dt)) + "'");
}

[[noreturn]] inline void narrow_dtype_in_kernel(dtype dt) {
    raise(exc::RuntimeError, "internal error: a kernel without a " + std::string(dtype_name(dt)) +
                                 " instance was given one (narrow dtypes compute in their kernel dtype)");
}

// Calls f(type_tag<T>{}) with T the element type of `dt`, one of the four
// kernel dtypes: the one switch every kernel's dtype dispatch goes through.
// A narrow dtype is widened before it reaches a kernel (op_table.hpp).
template <class F>
decltype(auto) dispatch_dtype(dtype dt, F&& f) {
    switch (dt) {
    case dtype::bool_: return f(type_tag<bool>{});
    case dtype::int64: return f(type_tag<std::int64_t>{});
    case dtype::float32: return f(type_tag<float>{});
    case dtype::float64: break;
    default: narrow_dtype_in_kernel(dt);
    }
    return f(type_tag<double>{});
}

// The guest object `torch.float32`: one immortal instance per dtype, so
// identity is equality and a Value holding it costs no reference count.
class DTypeObject final : public NativeObject {
public:
    explicit DTypeObject(dtype dt) noexcept : dtype_(dt) {}
    std::string_view type_name() const noexcept override { return "torch.dtype"; }
    dtype value() const noexcept { return dtype_; }

private:
    dtype dtype_;
};

namespace detail {
inline DTypeObject* const* dtype_objects() {
    static DTypeObject* const* const objects = [] {
        static DTypeObject* made[dtype_count];
        for (std::size_t i = 0; i < dtype_count; ++i) {
            made[i] = new DTypeObject(static_cast<dtype>(i));
            made[i]->make_immortal();
        }
        return made;
    }();
    return objects;
}
}  // namespace detail

inline DTypeObject* dtype_object(dtype dt) { return detail::dtype_objects()[index_of(dt)]; }
inline Value dtype_value(dtype dt) { return Value::borrow(dtype_object(dt)); }

// The dtype a guest value names, or nullptr when it is not a torch.dtype.
inline const DTypeObject* as_dtype_object(const Value& v) {
    if (v.kind() != Kind::native) return nullptr;
    auto* const* objects = detail::dtype_objects();
    for (std::size_t i = 0; i < dtype_count; ++i)
        if (v.object() == objects[i]) return objects[i];
    return nullptr;
}

STANDIN_NAMESPACE_END
