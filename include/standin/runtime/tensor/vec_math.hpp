// Transcendental functions as PyTorch's CPU kernels compute them, bit for bit.
// torch's vectorized float kernels (exp, log, tanh, softmax, log_softmax on
// AVX2 machines) call SLEEF's 1-ulp functions, whose results differ from the
// C library's in the last bit for some inputs; a tensor printed with all its
// digits (`loss.item()`) shows that bit. These are SLEEF's published
// algorithms (range reduction, then a minimax polynomial evaluated with fused
// multiply-adds, as its FMA build does), written anew for one float.
// Counterpart: ATen's cpu/vec/vec256/vec256_float.h (Vectorized<float>::exp
// and friends call Sleef_expf8_u10 ...).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

STANDIN_NAMESPACE_BEGIN
namespace vecmath {

inline float bits_to_float(std::uint32_t b) noexcept {
    float f;
    std::memcpy(&f, &b, sizeof f);
    return f;
}
inline std::uint32_t float_to_bits(float f) noexcept {
    std::uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    return b;
}
// The product rounded on its own: a compiler allowed to contract (GCC's
// -ffp-contract=fast with -mfma or -march=native) must not fuse it into a
// following add, which would change the last bit.
template <class T>
inline T rounded(T p) noexcept {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __asm__("" : "+x"(p));
#elif defined(__GNUC__) && defined(__aarch64__)
    __asm__("" : "+w"(p));
#endif
    return p;
}
inline float rounded_mul(float a, float b) noexcept { return rounded(a * b); }

// x * y + z with one rounding (SLEEF's vmla on FMA targets).
inline float mla(float x, float y, float z) noexcept { return std::fma(x, y, z); }

// 2^q for q in the normal exponent range, by building the bits.
inline float pow2i(std::int32_t q) noexcept {
    const auto bits = static_cast<std::uint32_t>(q + 0x7f) << 23;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}
// d * 2^e in two steps, so e may reach past the normal range on either side.
inline float ldexp2k(float d, std::int32_t e) noexcept { return d * pow2i(e >> 1) * pow2i(e - (e >> 1)); }

// e^d: d = q*ln2 + s with |s| <= ln2/2 (ln2 split in two parts so q*ln2 is
// exact enough), e^s by a degree-7 polynomial, then scaled by 2^q.
inline float exp_f32(float d) noexcept {
    const auto q = static_cast<std::int32_t>(std::nearbyint(d * 1.442695040888963407359924681001892137426645954152985934135449406931f));
    const auto fq = static_cast<float>(q);
    float s = mla(fq, -0.693145751953125f, d);
    s = mla(fq, -1.428606765330187045e-06f, s);
    float u = 0.000198527617612853646278381f;
    u = mla(u, s, 0.00139304355252534151077271f);
    u = mla(u, s, 0.00833336077630519866943359f);
    u = mla(u, s, 0.0416664853692054748535156f);
    u = mla(u, s, 0.166666671633720397949219f);
    u = mla(u, s, 0.5f);
    u = 1.0f + mla(s * s, u, s);
    u = ldexp2k(u, q);
    if (d < -104) u = 0;
    if (100 < d) u = std::numeric_limits<float>::infinity();
    if (std::isnan(d)) u = std::numeric_limits<float>::quiet_NaN();
    return u;
}

// A float carried as an unevaluated sum hi + lo (SLEEF's double-float): the
// error terms of each step are kept, then dropped at the end.
struct Float2 {
    float hi, lo;
};
inline Float2 two_sum(float a, float b) noexcept {  // no magnitude precondition
    const float s = a + b;
    const float v = s - a;
    return {s, (a - (s - v)) + (b - v)};
}
inline Float2 add(Float2 a, float b) noexcept {
    Float2 r = two_sum(a.hi, b);
    r.lo = r.lo + a.lo;
    return r;
}
inline Float2 add(Float2 a, Float2 b) noexcept {
    Float2 r = two_sum(a.hi, b.hi);
    r.lo = r.lo + (a.lo + b.lo);
    return r;
}
// The "fast" sums: |a| >= |b| is known, one rounding error to track.
inline Float2 add_fast(Float2 a, Float2 b) noexcept {
    const float s = a.hi + b.hi;
    return {s, (((a.hi - s) + b.hi) + a.lo) + b.lo};
}
inline Float2 add_fast(float a, Float2 b) noexcept {
    const float s = a + b.hi;
    return {s, ((a - s) + b.hi) + b.lo};
}
inline Float2 add_fast(Float2 a, float b) noexcept {
    const float s = a.hi + b;
    return {s, ((a.hi - s) + b) + a.lo};
}
// Products: the rounding error of hi*b comes exactly from an FMA.
inline Float2 mul(Float2 a, float b) noexcept {
    const float p = rounded_mul(a.hi, b);
    return {p, std::fma(a.lo, b, std::fma(a.hi, b, -p))};
}
inline Float2 mul(Float2 a, Float2 b) noexcept {
    const float p = rounded_mul(a.hi, b.hi);
    return {p, std::fma(a.hi, b.lo, std::fma(a.lo, b.hi, std::fma(a.hi, b.hi, -p)))};
}
inline Float2 square(Float2 a) noexcept {
    const float p = rounded_mul(a.hi, a.hi);
    return {p, std::fma(a.hi + a.hi, a.lo, std::fma(a.hi, a.hi, -p))};
}
inline Float2 reciprocal(Float2 d) noexcept {
    const float r = 1.0f / d.hi;
    return {r, rounded_mul(r, std::fma(-d.lo, r, std::fma(-d.hi, r, 1.0f)))};
}
inline Float2 divide(Float2 n, Float2 d) noexcept {
    const float r = 1.0f / d.hi;
    const float q = rounded_mul(n.hi, r);
    const float u = std::fma(r, n.hi, -q);
    const float c = std::fma(-d.lo, r, std::fma(-d.hi, r, 1.0f));
    return {q, std::fma(q, c, std::fma(n.lo, r, u))};
}
inline float ldexp2k_rounded(float d, std::int32_t e) noexcept {
    return rounded_mul(rounded_mul(d, pow2i(e >> 1)), pow2i(e - (e >> 1)));
}

// log(d): d = m * 2^e with m in [0.75, 1.5); log m = 2 atanh(x) with
// x = (m-1)/(m+1), the leading terms in double-float, e*ln2 added likewise.
inline float log_f32(float d) noexcept {
    if (d == 0.0f) return -std::numeric_limits<float>::infinity();
    if (d < 0.0f || d != d) return std::numeric_limits<float>::quiet_NaN();
    if (d == std::numeric_limits<float>::infinity()) return d;
    const bool tiny = d < std::numeric_limits<float>::min();  // subnormal: scale by 2^64 first
    if (tiny) d = rounded_mul(d, 18446744073709551616.0f);
    std::int32_t e = static_cast<std::int32_t>((float_to_bits(rounded_mul(d, 1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
    const float m = bits_to_float(float_to_bits(d) - (static_cast<std::uint32_t>(e) << 23));
    if (tiny) e -= 64;
    Float2 s = mul(Float2{0.69314718246459960938f, -1.904654323148236017e-09f}, static_cast<float>(e));
    const Float2 x = divide(two_sum(-1.0f, m), two_sum(1.0f, m));
    const float x2 = rounded_mul(x.hi, x.hi);
    float t = 0.3027294874e+0f;
    t = std::fma(t, x2, 0.3996108174e+0f);
    t = std::fma(t, x2, 0.6666694880e+0f);
    s = add_fast(s, Float2{rounded_mul(x.hi, 2.0f), rounded_mul(x.lo, 2.0f)});
    s = add_fast(s, rounded_mul(rounded_mul(x2, x.hi), t));
    return s.hi + s.lo;
}

// a + b with |a| >= |b|, and a * b, exactly as pairs.
inline Float2 add_fast(float a, float b) noexcept {
    const float s = a + b;
    return {s, (a - s) + b};
}
inline Float2 mul(float a, float b) noexcept {
    const float p = rounded_mul(a, b);
    return {p, std::fma(a, b, -p)};
}
// cvtps2dq: round to nearest even; NaN and out of range give INT32_MIN.
inline std::int32_t round_to_int(float v) noexcept {
    if (!(v > -2147483648.0f && v < 2147483648.0f)) return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(std::nearbyint(v));
}
// e^d for a double-float d (tanh's and erf's helper); 0 below -104.
inline Float2 exp_float2(Float2 d) noexcept {
    const std::int32_t q = round_to_int(rounded_mul(d.hi + d.lo, 1.442695040888963407359924681001892137426645954152985934135449406931f));
    const auto fq = static_cast<float>(q);
    Float2 s = add(d, rounded_mul(fq, -0.693145751953125f));
    s = add(s, rounded_mul(fq, -1.428606765330187045e-06f));
    float u = 0.1980960224e-3f;
    u = std::fma(u, s.hi, 0.1394256484e-2f);
    u = std::fma(u, s.hi, 0.8333456703e-2f);
    u = std::fma(u, s.hi, 0.4166637361e-1f);
    Float2 t = add(mul(s, u), 0.166666659414234244790680580464e+0f);
    t = add(mul(s, t), 0.5f);
    t = add(s, mul(square(s), t));
    t = add_fast(1.0f, t);
    if (d.hi < -104.0f) return {0.0f, 0.0f};
    return {ldexp2k_rounded(t.hi, q), ldexp2k_rounded(t.lo, q)};
}
// tanh(x) = (e^a - e^-a) / (e^a + e^-a) for a = |x|, in double-float; 1 past 8.66.
inline float tanh_f32(float x) noexcept {
    if (x != x) return bits_to_float(0xffffffffu);  // SLEEF's NaN: all bits set
    const float a = std::fabs(x);
    float y;
    if (a > 8.664339742f) {
        y = 1.0f;
    } else {
        const Float2 d = exp_float2(Float2{a, 0.0f});
        const Float2 e = reciprocal(d);
        const Float2 r = divide(add_fast(d, Float2{-e.hi, -e.lo}), add_fast(d, e));
        y = r.hi + r.lo;
        if (y != y) y = 1.0f;
    }
    return bits_to_float(float_to_bits(y) ^ (float_to_bits(x) & 0x80000000u));
}

inline float quieted(float x) noexcept { return bits_to_float(float_to_bits(x) | 0x00400000u); }

// erf(a): SLEEF 3.5's three intervals (split at 1.1, 2.4, 4): an odd series
// below 1.1, 1 - e^(log erfc) above, 1 from 4 on; double-float throughout.
inline float erf_f32(float a) noexcept {
    if (a != a) return std::numeric_limits<float>::quiet_NaN();
    const float x = std::fabs(a);
    float r;
    if (!(x < 4.0f)) {
        r = 1.0f;
    } else {
        const int k = x < 1.1f ? 0 : (x < 2.4f ? 1 : 2);
        const float u = k == 0 ? rounded_mul(x, x) : x;
        static constexpr float c[3][5] = {
            {+0.7089292194e-4f, -0.7768311189e-3f, +0.5159463733e-2f, -0.2683781274e-1f, +0.1128318012e+0f},
            {-0.1792667899e-4f, +0.3937633010e-3f, -0.3949181177e-2f, +0.2445474640e-1f, -0.1070996150e+0f},
            {-0.9495757695e-5f, +0.2481465926e-3f, -0.2918176819e-2f, +0.2059706673e-1f, -0.9901899844e-1f}};
        // Two more coefficients per interval, each as a pair (hi, lo).
        static constexpr Float2 d1[3] = {{-0x1.812724p-2f, -0x1.09a282p-28f},
                                         {-0x1.44e8d6p-1f, -0x1.2a3f94p-27f},
                                         {-0x1.4985b0p-1f, +0x1.f48282p-26f}};
        static constexpr Float2 d0[3] = {{+0x1.20dd74p+0f, +0x1.cd2f54p-25f},
                                         {-0x1.20f8f2p+0f, +0x1.88f16cp-25f},
                                         {-0x1.1fe6c2p+0f, -0x1.6e4cf0p-25f}};
        float t = c[k][0];
        for (int i = 1; i < 5; ++i) t = std::fma(t, u, c[k][i]);
        Float2 d = mul(t, u);
        d = add(d, d1[k]);
        d = mul(d, u);
        d = add(d, d0[k]);
        d = mul(d, x);
        if (k != 0) {
            const Float2 e = exp_float2(d);
            d = add_fast(1.0f, Float2{-e.hi, -e.lo});
        }
        r = d.hi + d.lo;
    }
    return bits_to_float(float_to_bits(r) ^ (float_to_bits(a) & 0x80000000u));
}

// e^a - 1 without cancellation: e^a as a pair, minus 1, then rounded once.
inline float expm1_f32(float a) noexcept {
    if (a != a) return quieted(a);
    if (a > 88.72283172607421875f) return std::numeric_limits<float>::infinity();
    if (a < -16.635532333438687426013570f) return -1.0f;
    if (a == 0.0f) return a;
    const Float2 d = add(exp_float2(Float2{a, 0.0f}), -1.0f);
    return d.hi + d.lo;
}

// log(1 + d): 1 + d = m' * 2^e, the reduced argument m = (1+d)*2^-e - 1
// formed with one rounding, then log's series on m / (2 + m).
inline float log1p_f32(float d) noexcept {
    if (d != d) return quieted(d);
    if (d > 1e38f) return std::numeric_limits<float>::infinity();
    if (d < -1.0f) return bits_to_float(0xffffffffu);
    if (d == -1.0f) return -std::numeric_limits<float>::infinity();
    if (d == 0.0f) return d;
    const float dp1 = d + 1.0f;
    const std::int32_t e = static_cast<std::int32_t>((float_to_bits(rounded_mul(dp1, 1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
    const float t = bits_to_float(0x3f800000u - (static_cast<std::uint32_t>(e) << 23));
    const float m = std::fma(d, t, t - 1.0f);
    Float2 s = mul(Float2{0.69314718246459960938f, -1.904654323148236017e-09f}, static_cast<float>(e));
    const Float2 x = divide(Float2{m, 0.0f}, add_fast(2.0f, m));
    const float x2 = rounded_mul(x.hi, x.hi);
    float p = 0.3027294874e+0f;
    p = std::fma(p, x2, 0.3996108174e+0f);
    p = std::fma(p, x2, 0.6666694880e+0f);
    s = add_fast(s, Float2{rounded_mul(x.hi, 2.0f), rounded_mul(x.lo, 2.0f)});
    s = add_fast(s, rounded_mul(rounded_mul(x2, x.hi), p));
    return s.hi + s.lo;
}

// The horizontal sum of an AVX2 accumulator of 8 floats, in the order of
// torch's vec_reduce_all (halves, then pairs, then neighbours).
inline float reduce_lanes(const float (&a)[8]) noexcept {
    return ((a[0] + a[4]) + (a[2] + a[6])) + ((a[1] + a[5]) + (a[3] + a[7]));
}

}  // namespace vecmath
STANDIN_NAMESPACE_END
