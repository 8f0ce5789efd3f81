// Elementwise ops. Each op's scalar operation is written once, as a functor;
// from it come the contiguous block kernels (one per compute dtype, the unit
// the graph layer's fusion composes), the PointwiseInfo describing the op's
// dtype rule, and through one shared engine the broadcasting, strided,
// converting kernel. The shape/dtype rule (`pointwise_rule`) is the one both
// the meta function and the kernel call. The fused kernel's register tiles
// apply the same functors to 16-byte SIMD vectors: arithmetic works on them
// as written; the few ops whose scalar form branches (abs, relu, maximum,
// minimum) have a vector form next to it, with the same results bit for bit.
// Counterpart: ATen's TensorIterator (TensorIterator.cpp: compute_shape,
// compute_types, reorder_dimensions, coalesce_dimensions) and the binary and
// unary op kernels of native/cpu/BinaryOpsKernel.cpp and UnaryOpsKernel.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/tensor/convert.hpp>
#include <standin/runtime/tensor/pointwise_info.hpp>
#include <standin/runtime/tensor/promotion.hpp>
#include <standin/runtime/tensor/vec_math.hpp>
#include <standin/runtime/repr.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

STANDIN_NAMESPACE_BEGIN

// The defaults every op functor inherits; an op overrides what differs.
struct pointwise_op_base {
    static constexpr std::uint8_t arity = 2;
    static constexpr std::uint8_t bool_inputs = 0;
    static constexpr ComputeRule compute = ComputeRule::promoted;
    static constexpr ResultRule result = ResultRule::compute;
    static constexpr void (*check)(std::span<const Value>) = nullptr;
    template <class T>
    static constexpr bool supports = true;
};
struct unary_op_base : pointwise_op_base {
    static constexpr std::uint8_t arity = 1;
};
struct floating_unary_op_base : unary_op_base {
    static constexpr ComputeRule compute = ComputeRule::floating;
    template <class T>
    static constexpr bool supports = std::is_floating_point_v<T>;
};
struct comparison_op_base : pointwise_op_base {
    static constexpr ResultRule result = ResultRule::boolean;
};

namespace detail {

template <class T>
inline constexpr bool is_int64 = std::is_same_v<T, std::int64_t>;

// int64 arithmetic wraps, as torch's does; unsigned arithmetic keeps it defined.
inline std::int64_t wrap(std::uint64_t v) noexcept { return static_cast<std::int64_t>(v); }
inline std::uint64_t bits(std::int64_t v) noexcept { return static_cast<std::uint64_t>(v); }

// A Python number's or tensor's dtype as promotion sees it.
inline dtype operand_dtype(const Value& v) noexcept {
    if (auto* t = v.dyn<Tensor>()) return t->dtype();
    return scalar_dtype(v).value_or(default_dtype());
}

#if STANDIN_VECTOR_EXTENSIONS
// 16-byte SIMD vectors of float32 and float64 (GCC/Clang vector extensions):
// +, -, *, / and unary - work lane by lane with IEEE semantics, comparisons
// give a mask of the same width (all ones where true).
using f32x4 = float __attribute__((vector_size(16)));
using f64x2 = double __attribute__((vector_size(16)));
template <class V>
concept simd_vector = std::is_same_v<V, f32x4> || std::is_same_v<V, f64x2>;
template <class V>
using simd_mask = decltype(V{} < V{});
template <class T>
using simd_of = std::conditional_t<std::is_same_v<T, float>, f32x4, f64x2>;

// Lane by lane: m ? a : b.
template <simd_vector V>
STANDIN_ALWAYS_INLINE V simd_select(simd_mask<V> m, V a, V b) noexcept {
    return std::bit_cast<V>((m & std::bit_cast<simd_mask<V>>(a)) | (~m & std::bit_cast<simd_mask<V>>(b)));
}
#endif

}  // namespace detail

// --- the ops' scalar operations ----------------------------------------------

struct add_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "add";
    template <class T>
    T operator()(T a, T b) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return a || b;
        else if constexpr (detail::is_int64<T>) return detail::wrap(detail::bits(a) + detail::bits(b));
        else return a + b;
    }
};

struct sub_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "sub";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    static void check_args(std::span<const Value> args) {
        bool a = detail::operand_dtype(args[0]) == dtype::bool_, b = detail::operand_dtype(args[1]) == dtype::bool_;
        if (a && b)
            raise(exc::RuntimeError, "Subtraction, the `-` operator, with two bool tensors is not supported. "
                                     "Use the `^` or `logical_xor()` operator instead.");
        if (a || b)
            raise(exc::RuntimeError, "Subtraction, the `-` operator, with a bool tensor is not supported. "
                                     "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    }
    static constexpr void (*check)(std::span<const Value>) = &check_args;
    template <class T>
    T operator()(T a, T b) const noexcept {
        if constexpr (detail::is_int64<T>) return detail::wrap(detail::bits(a) - detail::bits(b));
        else return a - b;
    }
};

struct mul_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "mul";
    template <class T>
    T operator()(T a, T b) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return a && b;
        else if constexpr (detail::is_int64<T>) return detail::wrap(detail::bits(a) * detail::bits(b));
        else return a * b;
    }
};

// True division: integers divide as floats.
struct div_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "div_true";
    static constexpr ComputeRule compute = ComputeRule::floating;
    template <class T>
    static constexpr bool supports = std::is_floating_point_v<T>;
    template <class T>
    T operator()(T a, T b) const noexcept { return a / b; }
};

// Python's //: rounds toward negative infinity.
struct floor_divide_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "div_floor_cpu";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (detail::is_int64<T>) {
            if (b == 0) raise(exc::RuntimeError, "ZeroDivisionError");
            if (b == -1) return detail::wrap(0 - detail::bits(a));
            T q = a / b;
            if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
            return q;
        } else {
            // ATen's div_floor_floating.
            if (b == 0) return a / b;
            T mod = std::fmod(a, b);
            T div = (a - mod) / b;
            if (mod != 0 && (b < 0) != (mod < 0)) div -= T(1);
            T floordiv;
            if (div != 0) {
                floordiv = std::floor(div);
                if (div - floordiv > T(0.5)) floordiv += T(1);
            } else {
                floordiv = std::copysign(T(0), a / b);
            }
            return floordiv;
        }
    }
};

// Python's %: the result takes the divisor's sign.
struct remainder_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "remainder_cpu";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (detail::is_int64<T>) {
            if (b == 0) raise(exc::RuntimeError, "ZeroDivisionError");
            if (b == -1) return 0;
            T r = a % b;
            if (r != 0 && ((r < 0) != (b < 0))) r += b;
            return r;
        } else {
            T r = std::fmod(a, b);
            if (r != 0 && ((b < 0) != (r < 0))) r += b;
            return r;
        }
    }
};

template <bool Std>
struct pow_op_t : pointwise_op_base {
    static constexpr std::string_view kernel_name = "pow";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    static void check_args(std::span<const Value> args) {
        if (args[1].is_int() && args[1].as_int() < 0 && is_integral(detail::operand_dtype(args[0])))
            raise(exc::RuntimeError, "Integers to negative integer powers are not allowed.");
    }
    static constexpr void (*check)(std::span<const Value>) = &check_args;
    template <class T>
    T operator()(T a, T b) const noexcept {
        if constexpr (detail::is_int64<T>) {
            // ATen's powi: negative exponents truncate toward zero.
            if (b < 0) {
                if (a == 1) return 1;
                if (a == -1) return (b & 1) ? -1 : 1;
                return 0;
            }
            std::uint64_t result = 1, base = detail::bits(a);
            for (std::uint64_t e = detail::bits(b); e; e >>= 1) {
                if (e & 1) result *= base;
                base *= base;
            }
            return detail::wrap(result);
        } else if constexpr (std::is_floating_point_v<T> && !Std) {
            // ATen's pow by a scalar exponent: these exponents as the
            // multiplications and roots they are, every other by std::pow
            // (_pow_std: always std::pow, as ATen's norm and pdist kernels).
            if (b == T(2)) return a * a;
            if (b == T(3)) return a * a * a;
            if (b == T(0.5)) return std::sqrt(a);
            if (b == T(-0.5)) return T(1) / std::sqrt(a);
            if (b == T(-1)) return T(1) / a;
            if (b == T(-2)) return T(1) / (a * a);
            return std::pow(a, b);
        } else {
            return std::pow(a, b);
        }
    }
};

using pow_op = pow_op_t<false>;
using pow_std_op = pow_op_t<true>;

struct eq_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "eq";
    template <class T> bool operator()(T a, T b) const noexcept { return a == b; }
};
struct ne_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "ne";
    template <class T> bool operator()(T a, T b) const noexcept { return a != b; }
};
struct lt_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "lt";
    template <class T> bool operator()(T a, T b) const noexcept { return a < b; }
};
struct le_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "le";
    template <class T> bool operator()(T a, T b) const noexcept { return a <= b; }
};
struct gt_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "gt";
    template <class T> bool operator()(T a, T b) const noexcept { return a > b; }
};
struct ge_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "ge";
    template <class T> bool operator()(T a, T b) const noexcept { return a >= b; }
};

// NaN propagates, as in torch.maximum / torch.minimum.
struct maximum_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "maximum_cpu";
    template <class T>
    T operator()(T a, T b) const noexcept {
        if constexpr (std::is_floating_point_v<T>) {
            if (a != a) return a;
            if (b != b) return b;
        }
        return a < b ? b : a;
    }
#if STANDIN_VECTOR_EXTENSIONS
    template <detail::simd_vector V>
    STANDIN_ALWAYS_INLINE V operator()(V a, V b) const noexcept {
        V r = detail::simd_select(a < b, b, a);
        r = detail::simd_select(b != b, b, r);
        return detail::simd_select(a != a, a, r);
    }
#endif
};
struct minimum_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "minimum_cpu";
    template <class T>
    T operator()(T a, T b) const noexcept {
        if constexpr (std::is_floating_point_v<T>) {
            if (a != a) return a;
            if (b != b) return b;
        }
        return b < a ? b : a;
    }
#if STANDIN_VECTOR_EXTENSIONS
    template <detail::simd_vector V>
    STANDIN_ALWAYS_INLINE V operator()(V a, V b) const noexcept {
        V r = detail::simd_select(b < a, b, a);
        r = detail::simd_select(b != b, b, r);
        return detail::simd_select(a != a, a, r);
    }
#endif
};

struct neg_op : unary_op_base {
    static constexpr std::string_view kernel_name = "neg_cpu";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    static void check_args(std::span<const Value> args) {
        if (detail::operand_dtype(args[0]) == dtype::bool_)
            raise(exc::RuntimeError, "Negation, the `-` operator, on a bool tensor is not supported. If you are "
                                     "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    }
    static constexpr void (*check)(std::span<const Value>) = &check_args;
    template <class T>
    T operator()(T a) const noexcept {
        if constexpr (detail::is_int64<T>) return detail::wrap(0 - detail::bits(a));
        else return -a;
    }
};

struct abs_op : unary_op_base {
    static constexpr std::string_view kernel_name = "abs_cpu";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    template <class T>
    T operator()(T a) const noexcept {
        if constexpr (detail::is_int64<T>) return a < 0 ? detail::wrap(0 - detail::bits(a)) : a;
        else return std::abs(a);
    }
#if STANDIN_VECTOR_EXTENSIONS
    // std::abs clears the sign bit, of a NaN too.
    template <detail::simd_vector V>
    STANDIN_ALWAYS_INLINE V operator()(V a) const noexcept {
        using M = detail::simd_mask<V>;
        return std::bit_cast<V>(std::bit_cast<M>(a) & ~std::bit_cast<M>(-V{}));
    }
#endif
};

struct relu_op : unary_op_base {
    static constexpr std::string_view kernel_name = "relu";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    static void check_args(std::span<const Value> args) {
        if (detail::operand_dtype(args[0]) == dtype::bool_)
            raise(exc::RuntimeError, "Boolean inputs not supported for relu");
    }
    static constexpr void (*check)(std::span<const Value>) = &check_args;
    template <class T>
    // As ATen's clamp_min(a, 0) (std::max(a, 0), _mm256_max_ps(0, a)):
    // only a < 0 becomes +0.0; NaN and -0.0 stay as they are.
    T operator()(T a) const noexcept { return a < T(0) ? T(0) : a; }
#if STANDIN_VECTOR_EXTENSIONS
    template <detail::simd_vector V>
    STANDIN_ALWAYS_INLINE V operator()(V a) const noexcept {
        using M = detail::simd_mask<V>;
        return std::bit_cast<V>(std::bit_cast<M>(a) & ~(a < V{}));
    }
#endif
};

struct exp_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "exp";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return vecmath::exp_f32(a);  // torch's SLEEF exp
        else return std::exp(a);
    }
};
struct log_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "log";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return vecmath::log_f32(a);  // torch's SLEEF log
        else return std::log(a);
    }
};
struct sqrt_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "sqrt";
    template <class T> T operator()(T a) const noexcept { return std::sqrt(a); }
};
struct sin_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "sin";
    template <class T> T operator()(T a) const noexcept { return std::sin(a); }
};
struct cos_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "cos";
    template <class T> T operator()(T a) const noexcept { return std::cos(a); }
};
struct tanh_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "tanh";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return vecmath::tanh_f32(a);  // torch's SLEEF tanh
        else return std::tanh(a);
    }
};
struct sigmoid_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "sigmoid";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return 1.0f / (vecmath::exp_f32(-a) + 1.0f);  // torch's vector kernel
        else return T(1) / (T(1) + std::exp(-a));
    }
};

// Trigonometric and hyperbolic functions, log10 (the C library's, as ATen's
// scalar kernels).
struct tan_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "tan";
    template <class T> T operator()(T a) const noexcept { return std::tan(a); }
};
struct atan_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "atan";
    template <class T> T operator()(T a) const noexcept { return std::atan(a); }
};
struct asin_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "asin";
    template <class T> T operator()(T a) const noexcept { return std::asin(a); }
};
struct acos_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "acos";
    template <class T> T operator()(T a) const noexcept { return std::acos(a); }
};
struct sinh_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "sinh";
    template <class T> T operator()(T a) const noexcept { return std::sinh(a); }
};
struct cosh_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "cosh";
    template <class T> T operator()(T a) const noexcept { return std::cosh(a); }
};
struct asinh_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "asinh";
    template <class T> T operator()(T a) const noexcept { return std::asinh(a); }
};
struct acosh_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "acosh";
    template <class T> T operator()(T a) const noexcept { return std::acosh(a); }
};
struct atanh_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "atanh";
    template <class T> T operator()(T a) const noexcept { return std::atanh(a); }
};
struct log10_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "log10";
    template <class T> T operator()(T a) const noexcept { return std::log10(a); }
};
// atan2(y, x): integer inputs compute in the default float; hypot(x, y):
// floating inputs only, as ATen's.
struct atan2_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "atan2";
    static constexpr ComputeRule compute = ComputeRule::floating;
    template <class T>
    static constexpr bool supports = std::is_floating_point_v<T>;
    template <class T>
    T operator()(T a, T b) const noexcept { return std::atan2(a, b); }
};
struct hypot_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "hypot_cpu";
    template <class T>
    static constexpr bool supports = std::is_floating_point_v<T>;
    template <class T>
    T operator()(T a, T b) const noexcept { return std::hypot(a, b); }
};

struct erf_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "erf";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return vecmath::erf_f32(a);  // torch's SLEEF erf
        else return std::erf(a);
    }
};
// erfc: ATen's calc_erfc, std::erfc in the tensor's type (1 - erf loses
// every digit past erf(4) = 1 in float32).
struct erfc_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "erfc";
    template <class T> T operator()(T a) const noexcept { return std::erfc(a); }
};
// lgamma: ATen's kernel is SLEEF's (within 1 ulp); float32 as the double
// result rounded, which is what SLEEF's float32 gives wherever it rounds
// correctly.
struct lgamma_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "lgamma";
    template <class T> T operator()(T a) const noexcept { return static_cast<T>(std::lgamma(static_cast<double>(a))); }
};
// digamma: ATen's calc_digamma (Cephes' psi): the reflection formula below 0,
// the recurrence up to 10, then the asymptotic series; float32 in float
// except the reflection's pi / tan(pi r), taken in double.
struct digamma_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "digamma";
    template <class T> T operator()(T x) const noexcept {
        if (x == 0) return std::copysign(std::numeric_limits<T>::infinity(), -x);
        if (x < 0) {
            if (x == std::trunc(x)) return std::numeric_limits<T>::quiet_NaN();
            double whole;
            const double r = std::modf(static_cast<double>(x), &whole);
            const T reflection = static_cast<T>(3.14159265358979323846 / std::tan(3.14159265358979323846 * r));
            return (*this)(T(1) - x) - reflection;
        }
        T result = 0;
        while (x < 10) {
            result -= T(1) / x;
            x += 1;
        }
        if (x == 10) return result + static_cast<T>(2.25175258906672110764);
        constexpr T series[] = {T(8.33333333333333333333E-2), T(-2.10927960927960927961E-2), T(7.57575757575757575758E-3),
                                T(-4.16666666666666666667E-3), T(3.96825396825396825397E-3), T(-8.33333333333333333333E-3),
                                T(8.33333333333333333333E-2)};
        T y = 0;
        if (x < T(1.0e17)) {
            const T z = T(1) / (x * x);
            T poly = series[0];
            for (int i = 1; i < 7; ++i) poly = std::fma(poly, z, series[i]);
            y = z * poly;
        }
        return result + std::log(x) - (T(0.5) / x) - y;
    }
};
// erfinv: ATen's calc_erfinv: a rational first guess (one form for
// |y| <= 0.7, one for the tails), then two Newton steps on erf. The
// polynomials' multiply-adds are fused, as in ATen's AVX2 build.
struct erfinv_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "erfinv";
    template <class T> T operator()(T y) const noexcept {
        constexpr T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
        constexpr T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
        constexpr T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
        constexpr T d[2] = {T(3.543889200), T(1.637067800)};
        const T y_abs = std::abs(y);
        if (y_abs > T(1)) return std::numeric_limits<T>::quiet_NaN();
        if (y_abs == T(1)) return std::copysign(std::numeric_limits<T>::infinity(), y);
        T x;
        if (y_abs <= T(0.7)) {
            const T z = y * y;
            const T num = std::fma(std::fma(std::fma(a[3], z, a[2]), z, a[1]), z, a[0]);
            const T dem = std::fma(std::fma(std::fma(std::fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, T(1));
            x = y * num / dem;
        } else {
            const T z = std::sqrt(-std::log((T(1) - y_abs) / T(2)));
            const T num = std::fma(std::fma(std::fma(c[3], z, c[2]), z, c[1]), z, c[0]);
            const T dem = std::fma(std::fma(d[1], z, d[0]), z, T(1));
            x = std::copysign(num, y) / dem;
        }
        const T two_over_sqrt_pi = T(2 * 0.564189583547756286948);  // 2 / sqrt(pi)
        x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
        x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
        return x;
    }
};
struct log1p_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "log1p";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return vecmath::log1p_f32(a);  // torch's SLEEF log1p
        else return std::log1p(a);
    }
};
struct expm1_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "expm1";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, float>) return vecmath::expm1_f32(a);  // torch's SLEEF expm1
        else return std::expm1(a);
    }
};
struct rsqrt_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "rsqrt";
    template <class T> T operator()(T a) const noexcept { return T(1) / std::sqrt(a); }
};
struct log2_op : floating_unary_op_base {
    static constexpr std::string_view kernel_name = "log2";
    template <class T> T operator()(T a) const noexcept { return std::log2(a); }
};

// Rounding keeps integers as they are (torch returns them unchanged).
struct rounding_op_base : unary_op_base {
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
};
struct floor_op : rounding_op_base {
    static constexpr std::string_view kernel_name = "floor";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return std::floor(a); else return a;
    }
};
struct ceil_op : rounding_op_base {
    static constexpr std::string_view kernel_name = "ceil";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return std::ceil(a); else return a;
    }
};
// Halves round to even, as torch.round does.
struct round_op : rounding_op_base {
    static constexpr std::string_view kernel_name = "round";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return std::nearbyint(a); else return a;
    }
};
struct trunc_op : rounding_op_base {
    static constexpr std::string_view kernel_name = "trunc";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return std::trunc(a); else return a;
    }
};
struct sign_op : unary_op_base {
    static constexpr std::string_view kernel_name = "sign_cpu";
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return a;
        else return static_cast<T>((T(0) < a) - (a < T(0)));
    }
};

// Predicates on one input: a bool result.
struct unary_predicate_base : unary_op_base {
    static constexpr ResultRule result = ResultRule::boolean;
};
struct isnan_op : unary_predicate_base {
    static constexpr std::string_view kernel_name = "isnan";
    template <class T> bool operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return a != a; else return false;
    }
};
struct isinf_op : unary_predicate_base {
    static constexpr std::string_view kernel_name = "isinf";
    template <class T> bool operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return std::isinf(a); else return false;
    }
};
struct isfinite_op : unary_predicate_base {
    static constexpr std::string_view kernel_name = "isfinite";
    template <class T> bool operator()(T a) const noexcept {
        if constexpr (std::is_floating_point_v<T>) return std::isfinite(a); else return true;
    }
};
struct logical_not_op : unary_predicate_base {
    static constexpr std::string_view kernel_name = "logical_not_cpu";
    template <class T> bool operator()(T a) const noexcept { return !(a != T(0)); }
};
struct logical_and_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "logical_and_cpu";
    template <class T> bool operator()(T a, T b) const noexcept { return (a != T(0)) && (b != T(0)); }
};
struct logical_or_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "logical_or_cpu";
    template <class T> bool operator()(T a, T b) const noexcept { return (a != T(0)) || (b != T(0)); }
};
struct logical_xor_op : comparison_op_base {
    static constexpr std::string_view kernel_name = "logical_xor_cpu";
    template <class T> bool operator()(T a, T b) const noexcept { return (a != T(0)) != (b != T(0)); }
};

// &, |, ^ and ~ on bool and integer tensors.
struct bitwise_op_base : pointwise_op_base {
    template <class T>
    static constexpr bool supports = !std::is_floating_point_v<T>;
};
struct bitwise_and_op : bitwise_op_base {
    static constexpr std::string_view kernel_name = "bitwise_and_cpu";
    template <class T> T operator()(T a, T b) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return a && b; else if constexpr (std::is_floating_point_v<T>) return a; else return a & b;
    }
};
struct bitwise_or_op : bitwise_op_base {
    static constexpr std::string_view kernel_name = "bitwise_or_cpu";
    template <class T> T operator()(T a, T b) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return a || b; else if constexpr (std::is_floating_point_v<T>) return a; else return a | b;
    }
};
struct bitwise_xor_op : bitwise_op_base {
    static constexpr std::string_view kernel_name = "bitwise_xor_cpu";
    template <class T> T operator()(T a, T b) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return a != b; else if constexpr (std::is_floating_point_v<T>) return a; else return a ^ b;
    }
};
struct bitwise_not_op : bitwise_op_base {
    static constexpr std::string_view kernel_name = "bitwise_not_cpu";
    static constexpr std::uint8_t arity = 1;
    template <class T> T operator()(T a) const noexcept {
        if constexpr (std::is_same_v<T, bool>) return !a; else if constexpr (std::is_floating_point_v<T>) return a; else return ~a;
    }
};

// C's fmod: the result takes the dividend's sign.
struct fmod_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "fmod_cpu";
    template <class T>
    static constexpr bool supports = !std::is_same_v<T, bool>;
    template <class T>
    T operator()(T a, T b) const {
        if constexpr (detail::is_int64<T>) {
            if (b == 0) raise(exc::RuntimeError, "ZeroDivisionError");
            if (b == -1) return 0;
            return a % b;
        } else {
            return std::fmod(a, b);
        }
    }
};

// where(condition, a, b): the condition is a bool input outside promotion.
struct where_op : pointwise_op_base {
    static constexpr std::string_view kernel_name = "where_cpu";
    static constexpr std::uint8_t arity = 3;
    static constexpr std::uint8_t bool_inputs = 1;
    static void check_args(std::span<const Value> args) {
        auto* cond = args[0].dyn<Tensor>();
        if (!cond) raise(exc::TypeError, "where(): argument 'condition' must be Tensor, not " + std::string(type_name(args[0])));
        if (cond->dtype() != dtype::bool_)
            raise(exc::RuntimeError, "where expected condition to be a boolean tensor, but got a tensor with dtype " +
                                         std::string(scalar_type_name(cond->dtype())));
    }
    static constexpr void (*check)(std::span<const Value>) = &check_args;
    template <class T>
    T operator()(bool c, T a, T b) const noexcept { return c ? a : b; }
};

// The identity: copy_, to(dtype), clone and contiguous are its conversions.
struct copy_op : unary_op_base {
    static constexpr std::string_view kernel_name = "copy_";
    template <class T> T operator()(T a) const noexcept { return a; }
};

// --- block kernels and PointwiseInfo, generated from a functor ----------------

template <class Op, class T>
STANDIN_VECTORIZE void block_kernel(const void* const* inputs, void* out, std::size_t n) {
    using R = std::conditional_t<Op::result == ResultRule::boolean, bool, T>;
    auto* o = static_cast<R*>(out);
    const Op op{};
    if constexpr (Op::arity == 1) {
        auto* a = static_cast<const T*>(inputs[0]);
        for (std::size_t i = 0; i < n; ++i) o[i] = op(a[i]);
    } else if constexpr (Op::arity == 2) {
        auto* a = static_cast<const T*>(inputs[0]);
        auto* b = static_cast<const T*>(inputs[1]);
        for (std::size_t i = 0; i < n; ++i) o[i] = op(a[i], b[i]);
    } else {
        using A = std::conditional_t<(Op::bool_inputs & 1u) != 0, bool, T>;
        using B = std::conditional_t<(Op::bool_inputs & 2u) != 0, bool, T>;
        using C = std::conditional_t<(Op::bool_inputs & 4u) != 0, bool, T>;
        auto* a = static_cast<const A*>(inputs[0]);
        auto* b = static_cast<const B*>(inputs[1]);
        auto* c = static_cast<const C*>(inputs[2]);
        for (std::size_t i = 0; i < n; ++i) o[i] = op(a[i], b[i], c[i]);
    }
}

template <class Op, class T>
constexpr BlockFn block_for() noexcept {
    if constexpr (Op::template supports<T>) return &block_kernel<Op, T>;
    else return nullptr;
}

template <class Op>
inline constexpr PointwiseInfo pointwise_info_of{
    Op::arity,
    Op::bool_inputs,
    Op::compute,
    Op::result,
    Op::kernel_name,
    Op::check,
    {block_for<Op, bool>(), block_for<Op, std::int64_t>(), block_for<Op, float>(), block_for<Op, double>()},
};

// --- the shape/dtype rule --------------------------------------------------------

struct PointwiseMeta {
    DimVector sizes;
    DimVector strides;
    dtype result;
    dtype value;  // the dtype the op's values take (narrow for int32 + int32): pointwise_execute's `compute`

    // The kernel dtype the block kernel runs in.
    dtype compute() const noexcept { return kernel_dtype(value); }
};

// The output layout of an elementwise op: contiguous when every tensor input
// is contiguous with the output's shape, else the inputs' dimension order
// (TensorIterator::reorder_dimensions), so `x.t() + 1` stays transposed.
inline DimVector pointwise_output_strides(std::span<const std::int64_t> sizes, std::span<const Value> args) {
    const std::size_t nd = sizes.size();
    bool all_contiguous = true;
    for (const auto& a : args)
        if (auto* t = a.dyn<Tensor>())
            if (!t->is_contiguous() || !std::equal(sizes.begin(), sizes.end(), t->sizes().begin(), t->sizes().end()))
                all_contiguous = false;
    if (all_contiguous || nd <= 1) return contiguous_strides(sizes);

    DimVector operand_strides[max_pointwise_arity];
    std::size_t count = 0;
    for (const auto& a : args)
        if (auto* t = a.dyn<Tensor>()) operand_strides[count++] = broadcast_strides(*t, sizes);
    auto should_swap = [&](std::size_t d0, std::size_t d1) {
        for (std::size_t k = 0; k < count; ++k) {
            std::int64_t s0 = operand_strides[k][d0], s1 = operand_strides[k][d1];
            if (s0 == 0 || s1 == 0) continue;
            if (s0 < s1) return -1;
            if (s0 > s1) return 1;
            if (sizes[d0] > sizes[d1]) return 1;
        }
        return 0;
    };
    DimVector perm(nd);  // fastest-varying dimension first
    for (std::size_t i = 0; i < nd; ++i) perm[i] = static_cast<std::int64_t>(nd - 1 - i);
    for (std::size_t i = 1; i < nd; ++i) {
        std::size_t d1 = i;
        for (std::size_t d0 = i; d0-- > 0;) {
            int c = should_swap(static_cast<std::size_t>(perm[d0]), static_cast<std::size_t>(perm[d1]));
            if (c > 0) {
                std::swap(perm[d0], perm[d1]);
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    DimVector strides(nd);
    std::int64_t acc = 1;
    for (std::size_t i = 0; i < nd; ++i) {
        auto d = static_cast<std::size_t>(perm[i]);
        strides[d] = acc;
        acc *= sizes[d] > 1 ? sizes[d] : 1;
    }
    return strides;
}

inline void check_pointwise_operand(std::string_view op, const Value& v) {
    if (!v.is<Tensor>() && !v.is_number())
        raise(exc::TypeError, std::string(op) + "(): expected Tensor or Number operands, but got " +
                                  std::string(type_name(v)));
}

namespace detail {
// torch 1.13's CPU kernels for these ops have no float16 instance.
inline void check_half_kernel(std::string_view kernel) {
    std::string name;
    for (std::string_view vml : {"exp", "log", "sqrt", "sin", "cos", "tanh", "erf", "log1p", "expm1", "log2", "floor",
                                 "ceil", "round", "trunc"})
        if (kernel == vml) name = std::string(kernel) + "_vml_cpu";
    if (kernel == "sigmoid" || kernel == "rsqrt") name = std::string(kernel) + "_cpu";
    if (kernel == "relu") name = "clamp_min_cpu";
    if (!name.empty()) raise_not_implemented(name, dtype::float16);
}
}  // namespace detail

// The one rule for broadcasting and promotion of an elementwise op.
inline PointwiseMeta pointwise_rule(std::string_view op, const PointwiseInfo& info, std::span<const Value> args) {
    for (const auto& a : args) check_pointwise_operand(op, a);
    if (info.check) info.check(args);
    ResultTypeState state;
    DimVector sizes;
    bool first = true;
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (!((info.bool_inputs >> k) & 1u)) state.update(args[k]);
        if (auto* t = args[k].dyn<Tensor>()) {
            if (first) {
                sizes = DimVector(t->sizes());
                first = false;
            } else if (!std::equal(sizes.begin(), sizes.end(), t->sizes().begin(), t->sizes().end())) {
                broadcast_into(sizes, t->sizes());
            }
        }
    }
    const dtype value = info.value_dtype(state.result());
    const dtype compute = kernel_dtype(value);
    if (value == dtype::float16) detail::check_half_kernel(info.kernel_name);
    if (!info.block[index_of(compute)]) raise_not_implemented(info.kernel_name, value);
    DimVector strides = pointwise_output_strides(sizes, args);
    return {std::move(sizes), std::move(strides), info.result_dtype(value), value};
}

// --- the engine ----------------------------------------------------------------

namespace detail {

// Merges adjacent dimensions that every operand walks as one (TensorIterator's
// coalesce_dimensions). `strides[k]` are operand k's strides over `shape`.
inline void coalesce_dimensions(DimVector& shape, DimVector* strides, std::size_t operands) {
    if (shape.size() <= 1) return;
    std::size_t prev = 0;  // index of the dimension being grown
    for (std::size_t d = 1; d < shape.size(); ++d) {
        bool can = shape[prev] == 1 || shape[d] == 1;
        if (!can) {
            can = true;
            for (std::size_t k = 0; k < operands && can; ++k) can = strides[k][prev] == shape[d] * strides[k][d];
        }
        if (can) {
            for (std::size_t k = 0; k < operands; ++k)
                if (shape[prev] == 1 || shape[d] != 1) strides[k][prev] = strides[k][d];
            shape[prev] *= shape[d];
        } else {
            ++prev;
            shape[prev] = shape[d];
            for (std::size_t k = 0; k < operands; ++k) strides[k][prev] = strides[k][d];
        }
    }
    shape.resize(prev + 1);
    for (std::size_t k = 0; k < operands; ++k) strides[k].resize(prev + 1);
}

// Copies the first element of `p` (of U's size) into elements 1..n-1.
template <class U>
inline void splat_first(std::byte* p, std::int64_t n) noexcept {
    U v;
    std::memcpy(&v, p, sizeof v);
    U* q = reinterpret_cast<U*>(p);
    for (std::int64_t i = 1; i < n; ++i) q[i] = v;
}

}  // namespace detail

// Runs a block kernel over broadcast, strided, mixed-dtype operands writing
// `out` (whose shape is the broadcast shape; any strides and dtype the result
// can be cast to). Python scalars among `args` are broadcast constants.
inline void pointwise_execute(const PointwiseInfo& info, dtype compute, std::span<const Value> args, Tensor& out) {
    const std::int64_t n = out.numel();
    if (n == 0) return;
    // A narrow value dtype computes in its kernel dtype; a Python scalar
    // operand first takes the narrow type (uint8 > -1 compares with 255).
    const dtype value = compute;
    compute = kernel_dtype(compute);
    auto write_operand = [&](std::size_t k, std::byte* dst) {
        const dtype want = info.input_dtype(k, compute);
        if (value == compute || want == dtype::bool_) return write_scalar(args[k], want, dst);
        alignas(8) std::byte narrow[8];
        write_scalar(args[k], value, narrow);
        convert_elements(narrow, value, 1, dst, want, 1, 1);
    };
    const BlockFn fn = info.block[index_of(compute)];
    const dtype result = info.result_dtype(compute);
    const std::size_t arity = args.size();

    // Fast path: everything contiguous, same shape, already in the right
    // dtypes; a Python scalar operand of a small op (x * 2 on 16 floats) is
    // splatted into a stack buffer of n elements.
    {
        constexpr std::int64_t splat_limit = 64;
        alignas(64) std::byte splat[max_pointwise_arity][splat_limit * 8];
        bool fast = out.is_contiguous() && out.dtype() == result;
        const void* ptrs[max_pointwise_arity] = {};
        for (std::size_t k = 0; k < arity && fast; ++k) {
            auto* t = args[k].dyn<Tensor>();
            const dtype want = info.input_dtype(k, compute);
            if (!t) {
                fast = n <= splat_limit;
                if (!fast) break;
                write_operand(k, splat[k]);
                switch (element_size(want)) {
                case 1: detail::splat_first<std::uint8_t>(splat[k], n); break;
                case 2: detail::splat_first<std::uint16_t>(splat[k], n); break;
                case 4: detail::splat_first<std::uint32_t>(splat[k], n); break;
                default: detail::splat_first<std::uint64_t>(splat[k], n); break;
                }
                ptrs[k] = splat[k];
                continue;
            }
            fast = t->is_contiguous() && t->dtype() == want &&
                   std::equal(t->sizes().begin(), t->sizes().end(), out.sizes().begin(), out.sizes().end());
            if (fast) ptrs[k] = t->data();
        }
        if (STANDIN_LIKELY(fast)) {
            fn(ptrs, out.data(), static_cast<std::size_t>(n));
            return;
        }
    }

    // General path. Operand 0 is the output, 1..arity the inputs.
    constexpr std::int64_t block = 256;
    const std::size_t operands = arity + 1;
    DimVector shape(out.sizes());
    if (shape.empty()) shape.push_back(1);
    DimVector strides[max_pointwise_arity + 1];
    const std::byte* base[max_pointwise_arity + 1];
    dtype stored[max_pointwise_arity + 1];
    alignas(64) std::byte scalars[max_pointwise_arity][8];
    strides[0] = out.dim() ? DimVector(out.strides()) : DimVector{1};
    base[0] = out.data();
    stored[0] = out.dtype();
    for (std::size_t k = 0; k < arity; ++k) {
        auto* t = args[k].dyn<Tensor>();
        // A 0-dim tensor of another dtype takes the narrow value dtype first,
        // as a Python scalar does (TensorIterator casts it to the common
        // dtype): minimum(tensor(-6), uint8) compares 250.
        if (t && t->dim() == 0 && t->dtype() != value && value != compute &&
            info.input_dtype(k, compute) != dtype::bool_) {
            alignas(8) std::byte narrow[8];
            convert_elements(t->data(), t->dtype(), 0, narrow, value, 1, 1);
            stored[k + 1] = info.input_dtype(k, compute);
            convert_elements(narrow, value, 1, scalars[k], stored[k + 1], 1, 1);
            strides[k + 1] = DimVector(shape.size(), 0);
            base[k + 1] = scalars[k];
            continue;
        }
        if (t) {
            strides[k + 1] = broadcast_strides(*t, out.sizes());
            if (strides[k + 1].empty()) strides[k + 1].push_back(0);
            base[k + 1] = t->data();
            stored[k + 1] = t->dtype();
        } else {
            stored[k + 1] = info.input_dtype(k, compute);
            write_operand(k, scalars[k]);
            strides[k + 1] = DimVector(shape.size(), 0);
            base[k + 1] = scalars[k];
        }
    }
    detail::coalesce_dimensions(shape, strides, operands);

    // Inputs that are one element for the whole run (scalars, 0-dim tensors,
    // full broadcasts) are converted once into a constant block.
    const std::size_t nd = shape.size();
    const std::int64_t inner = shape[nd - 1];
    alignas(64) std::byte buffers[max_pointwise_arity + 1][block * 8];
    bool constant[max_pointwise_arity + 1] = {};
    for (std::size_t k = 1; k < operands; ++k) {
        constant[k] = std::all_of(strides[k].begin(), strides[k].end(), [](std::int64_t s) { return s == 0; });
        if (constant[k])
            convert_elements(base[k], stored[k], 0, buffers[k], info.input_dtype(k - 1, compute), 1,
                             std::min(block, inner));
    }

    DimVector index(nd, 0);
    const std::byte* row[max_pointwise_arity + 1];
    for (;;) {
        for (std::size_t k = 0; k < operands; ++k) {
            std::int64_t offset = 0;
            for (std::size_t d = 0; d + 1 < nd; ++d) offset += index[d] * strides[k][d];
            row[k] = base[k] + offset * static_cast<std::int64_t>(element_size(stored[k]));
        }
        for (std::int64_t start = 0; start < inner; start += block) {
            const std::int64_t m = std::min(block, inner - start);
            const void* in[max_pointwise_arity];
            for (std::size_t k = 1; k < operands; ++k) {
                const dtype want = info.input_dtype(k - 1, compute);
                const std::int64_t s = strides[k][nd - 1];
                const std::byte* p = row[k] + start * s * static_cast<std::int64_t>(element_size(stored[k]));
                if (constant[k]) {
                    in[k - 1] = buffers[k];
                } else if (s == 1 && stored[k] == want) {
                    in[k - 1] = p;
                } else {
                    convert_elements(p, stored[k], s, buffers[k], want, 1, m);
                    in[k - 1] = buffers[k];
                }
            }
            const std::int64_t s = strides[0][nd - 1];
            auto* o = const_cast<std::byte*>(row[0]) + start * s * static_cast<std::int64_t>(element_size(stored[0]));
            if (s == 1 && stored[0] == result) {
                fn(in, o, static_cast<std::size_t>(m));
            } else {
                fn(in, buffers[0], static_cast<std::size_t>(m));
                convert_elements(buffers[0], result, 1, o, stored[0], s, m);
            }
        }
        std::size_t d = nd - 1;
        while (d-- > 0) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
        if (d == static_cast<std::size_t>(-1)) return;
    }
}

// A fresh output for `m`, real or fake.
inline ref<Tensor> make_pointwise_output(const PointwiseMeta& m, bool fake) {
    return make_strided_tensor(m.result, m.sizes, m.strides, fake);
}

STANDIN_NAMESPACE_END
