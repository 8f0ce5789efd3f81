// Arithmetic on the guest's int (int64) and float (double) with CPython's
// semantics and messages: floor division and modulo take the divisor's sign,
// true division of ints gives a float, and an int result that does not fit in
// 64 bits raises OverflowError instead of wrapping.
// Counterpart: CPython's longobject.c and floatobject.c number slots.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/error.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

STANDIN_NAMESPACE_BEGIN

namespace detail {
[[noreturn]] inline void int_overflow() {
    raise(exc::OverflowError, "integer result does not fit in 64 bits (standin ints are int64)");
}
}  // namespace detail

inline std::int64_t int_add(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) detail::int_overflow();
    return r;
}
inline std::int64_t int_sub(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_sub_overflow(a, b, &r)) detail::int_overflow();
    return r;
}
inline std::int64_t int_mul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) detail::int_overflow();
    return r;
}
inline std::int64_t int_neg(std::int64_t a) { return int_sub(0, a); }
inline std::int64_t int_abs(std::int64_t a) { return a < 0 ? int_neg(a) : a; }

inline std::int64_t int_floordiv(std::int64_t a, std::int64_t b) {
    if (b == 0) raise(exc::ZeroDivisionError, "integer division or modulo by zero");
    if (a == std::numeric_limits<std::int64_t>::min() && b == -1) detail::int_overflow();
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
inline std::int64_t int_mod(std::int64_t a, std::int64_t b) {
    if (b == 0) raise(exc::ZeroDivisionError, "integer modulo by zero");
    if (b == -1) return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
inline double int_truediv(std::int64_t a, std::int64_t b) {
    if (b == 0) raise(exc::ZeroDivisionError, "division by zero");
    return static_cast<double>(a) / static_cast<double>(b);
}
// a ** b for b >= 0 (a negative exponent makes a float: see float_pow).
inline std::int64_t int_pow(std::int64_t base, std::int64_t exp) {
    std::int64_t result = 1;
    while (exp > 0) {
        if (exp & 1) result = int_mul(result, base);
        exp >>= 1;
        if (exp) base = int_mul(base, base);
    }
    return result;
}
inline std::int64_t int_lshift(std::int64_t a, std::int64_t n) {
    if (n < 0) raise(exc::ValueError, "negative shift count");
    if (a == 0) return 0;
    if (n >= 63) detail::int_overflow();
    std::int64_t r = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << n);
    if ((r >> n) != a) detail::int_overflow();
    return r;
}
inline std::int64_t int_rshift(std::int64_t a, std::int64_t n) {
    if (n < 0) raise(exc::ValueError, "negative shift count");
    if (n >= 63) return a < 0 ? -1 : 0;
    return a >> n;
}

inline double float_truediv(double a, double b) {
    if (b == 0.0) raise(exc::ZeroDivisionError, "float division by zero");
    return a / b;
}
inline double float_mod(double a, double b) {
    if (b == 0.0) raise(exc::ZeroDivisionError, "float modulo");
    double m = std::fmod(a, b);
    if (m != 0.0) {
        if ((b < 0) != (m < 0)) m += b;
    } else {
        m = std::copysign(0.0, b);
    }
    return m;
}
inline double float_floordiv(double a, double b) {
    if (b == 0.0) raise(exc::ZeroDivisionError, "float floor division by zero");
    double m = std::fmod(a, b);
    double div = (a - m) / b;
    if (m != 0.0 && ((b < 0) != (m < 0))) div -= 1.0;
    if (div != 0.0) {
        double floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
        return floordiv;
    }
    return std::copysign(0.0, a / b);
}
inline double float_pow(double a, double b) {
    if (a == 0.0 && b < 0.0) raise(exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
    if (a < 0.0 && b != std::floor(b) && std::isfinite(b))
        raise(exc::ValueError, "negative number cannot be raised to a fractional power (complex numbers are not supported)");
    double r = std::pow(a, b);
    if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
        raise(exc::OverflowError, "(34, 'Numerical result out of range')");
    return r;
}
// int(x) for a float: truncation toward zero.
inline std::int64_t float_to_int(double d) {
    if (std::isnan(d)) raise(exc::ValueError, "cannot convert float NaN to integer");
    if (std::isinf(d)) raise(exc::OverflowError, "cannot convert float infinity to integer");
    if (d >= 9.2233720368547758e18 || d < -9.2233720368547758e18) detail::int_overflow();
    return static_cast<std::int64_t>(d);
}
// round(x) with no ndigits: half to even, as CPython.
inline std::int64_t float_round(double d) {
    if (std::isnan(d)) raise(exc::ValueError, "cannot convert float NaN to integer");
    if (std::isinf(d)) raise(exc::OverflowError, "cannot convert float infinity to integer");
    return float_to_int(std::nearbyint(d));
}

STANDIN_NAMESPACE_END
