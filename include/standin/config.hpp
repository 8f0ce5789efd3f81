// The library's build mode, chosen by the user before the first standin include.
//
//   header-only (the default): every definition is in the headers; a TU that
//     uses the interpreter compiles it.
//   compiled mode: define STANDIN_SEPARATE_COMPILATION in every TU (CMake:
//     link standin::standin_compiled, which defines it for you). The headers
//     then declare the heavy non-template parts (the interpreter, the compiler,
//     the op table and its kernels) and one TU, <standin/src.hpp>, compiles
//     them, as Boost.Asio's BOOST_ASIO_SEPARATE_COMPILATION does.
//
// Public macros: STANDIN_HEADER_ONLY is 1 in header-only mode, 0 otherwise.
#pragma once

#if defined(STANDIN_SEPARATE_COMPILATION)
#define STANDIN_HEADER_ONLY 0
#else
#define STANDIN_HEADER_ONLY 1
#endif
