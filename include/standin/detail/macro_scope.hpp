// Internal macros of standin, defined in one place and #undef'd by
// detail/macro_unscope.hpp at the end of the umbrella header (nlohmann/json's
// macro_scope), so the amalgamated single header leaks none of them.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define STANDIN_LIKELY(x) __builtin_expect(!!(x), 1)
#define STANDIN_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define STANDIN_ALWAYS_INLINE inline __attribute__((always_inline))
#define STANDIN_NOINLINE __attribute__((noinline))
#else
#define STANDIN_LIKELY(x) (x)
#define STANDIN_UNLIKELY(x) (x)
#define STANDIN_ALWAYS_INLINE inline
#define STANDIN_NOINLINE
#endif

// Vectorizes a function's loops even at -O2, whose "very cheap" cost model in
// GCC 12 skips any loop needing a remainder or an aliasing check (the tensor
// block kernels). Clang vectorizes such loops at -O2 already.
#if defined(__GNUC__) && !defined(__clang__)
#define STANDIN_VECTORIZE __attribute__((optimize("tree-loop-vectorize", "vect-cost-model=dynamic")))
#else
#define STANDIN_VECTORIZE
#endif

// GCC and Clang vector extensions: fixed-size SIMD vectors whose operators
// work lane by lane (the register tiles of fx/fused_kernel.hpp).
#if defined(__GNUC__) || defined(__clang__)
#define STANDIN_VECTOR_EXTENSIONS 1
#else
#define STANDIN_VECTOR_EXTENSIONS 0
#endif
