// ODR check, second TU: see odr_a.cpp.
#include <standin/standin.hpp>

#include <string_view>

std::string_view version_seen_by_odr_b() { return standin::version_string(); }
