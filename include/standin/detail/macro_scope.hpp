// Internal macros of standin used across headers, defined in one place and
// #undef'd by detail/macro_unscope.hpp at the end of the umbrella header
// (nlohmann/json's macro_scope), so the amalgamated single header leaks none
// of them. Two other kinds of internal macro exist, both STANDIN_-prefixed:
// an X-macro list defined beside the data it lists (STANDIN_OPCODES in
// lang/bytecode.hpp), undefined in macro_unscope.hpp too; and a macro local to
// one function or table, #undef'd right after it. tests/integration/
// macro_hygiene.cpp checks that none survives the umbrella header.
//
// No #pragma once: the guard below is itself undefined by macro_unscope.hpp, so a
// standin header included after <standin/standin.hpp> (lang/compiler.hpp, say)
// finds the macros defined again.
#ifndef STANDIN_MACRO_SCOPE_ACTIVE
#define STANDIN_MACRO_SCOPE_ACTIVE

#include <standin/config.hpp>
#include <standin/detail/abi_macros.hpp>

// STANDIN_DECL marks a non-template function that the compiled mode compiles
// once (in <standin/src.hpp>): inline in header-only mode, an ordinary external
// function otherwise. STANDIN_DEFINITIONS says whether this TU sees the
// definitions of those functions: always in header-only mode, and in the
// compiled mode only in the library's own TU.
#if STANDIN_HEADER_ONLY
#define STANDIN_DECL inline
#else
#define STANDIN_DECL
#endif
#if STANDIN_HEADER_ONLY || defined(STANDIN_BUILDING_LIBRARY)
#define STANDIN_DEFINITIONS 1
#else
#define STANDIN_DEFINITIONS 0
#endif

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

// A builtin function, method or torch function of the guest: every native
// callable the interpreter installs has this signature (BuiltinFn).
#define STANDIN_BUILTIN_FN(fname)                                                                                \
    inline Value fname([[maybe_unused]] Interpreter& vm, [[maybe_unused]] const Value& self,                     \
                       [[maybe_unused]] std::span<const Value> args, [[maybe_unused]] std::span<const KwArg> kwargs)

#endif  // STANDIN_MACRO_SCOPE_ACTIVE
