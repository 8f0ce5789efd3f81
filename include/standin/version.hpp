// standin's version, as a compile-time string and as numbers.
#pragma once

#include <string_view>

#define STANDIN_VERSION_MAJOR 0
#define STANDIN_VERSION_MINOR 1
#define STANDIN_VERSION_PATCH 0

namespace standin::inline v0 {

inline constexpr std::string_view version_string() noexcept { return "0.1.0"; }

}  // namespace standin::inline v0
