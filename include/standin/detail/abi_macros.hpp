// The version numbers and the macros that open and close standin's namespace,
// whose inline ABI namespace is built from the major version (v0 for 0.x):
// binaries built against different major versions do not link together
// silently. Public macros (listed in the README): they stay defined after the
// umbrella header, so a user's own headers may open the namespace too.
// Counterpart: nlohmann/json's detail/abi_macros.hpp.
#pragma once

#define STANDIN_VERSION_MAJOR 0
#define STANDIN_VERSION_MINOR 1
#define STANDIN_VERSION_PATCH 0

#define STANDIN_STRINGIFY_IMPL(x) #x
#define STANDIN_STRINGIFY(x) STANDIN_STRINGIFY_IMPL(x)
#define STANDIN_CONCAT_IMPL(a, b) a##b
#define STANDIN_CONCAT(a, b) STANDIN_CONCAT_IMPL(a, b)

// "0.1.0"
#define STANDIN_VERSION_STRING                                                   \
    STANDIN_STRINGIFY(STANDIN_VERSION_MAJOR) "." STANDIN_STRINGIFY(STANDIN_VERSION_MINOR) "." STANDIN_STRINGIFY( \
        STANDIN_VERSION_PATCH)

// The inline ABI namespace: v0.
#define STANDIN_ABI_NAMESPACE STANDIN_CONCAT(v, STANDIN_VERSION_MAJOR)

#define STANDIN_NAMESPACE_BEGIN      \
    namespace standin {              \
    inline namespace STANDIN_ABI_NAMESPACE {
#define STANDIN_NAMESPACE_END \
    } /* namespace STANDIN_ABI_NAMESPACE */ \
    } /* namespace standin */
