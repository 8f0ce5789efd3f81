// standin's version, as numbers (STANDIN_VERSION_MAJOR/MINOR/PATCH, in
// detail/abi_macros.hpp) and as a string derived from them.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <string_view>

STANDIN_NAMESPACE_BEGIN

inline constexpr std::string_view version_string() noexcept { return STANDIN_VERSION_STRING; }

STANDIN_NAMESPACE_END
