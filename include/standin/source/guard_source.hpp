// Where a source's root lives, which decides how its guards are installed:
// a frame local, a global, an nn.Module reached from one of those, or a
// constant. Counterpart: torch/_guards.py GuardSource.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <cstdint>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

enum class GuardSource : std::uint8_t { LOCAL, GLOBAL, LOCAL_NN_MODULE, GLOBAL_NN_MODULE, CONSTANT };

constexpr std::string_view guard_source_name(GuardSource g) noexcept {
    switch (g) {
    case GuardSource::LOCAL: return "LOCAL";
    case GuardSource::GLOBAL: return "GLOBAL";
    case GuardSource::LOCAL_NN_MODULE: return "LOCAL_NN_MODULE";
    case GuardSource::GLOBAL_NN_MODULE: return "GLOBAL_NN_MODULE";
    case GuardSource::CONSTANT: return "CONSTANT";
    }
    return "?";
}

// The nn.Module variant of a guard source (NNModuleSource's rule).
constexpr GuardSource as_nn_module(GuardSource g) noexcept {
    switch (g) {
    case GuardSource::LOCAL: return GuardSource::LOCAL_NN_MODULE;
    case GuardSource::GLOBAL: return GuardSource::GLOBAL_NN_MODULE;
    default: return g;
    }
}

constexpr bool is_local(GuardSource g) noexcept {
    return g == GuardSource::LOCAL || g == GuardSource::LOCAL_NN_MODULE;
}

STANDIN_NAMESPACE_END
