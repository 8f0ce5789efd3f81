// ODR check, second TU: see odr_a.cpp.
#include <standin/standin.hpp>
// A header the umbrella leaves out in the compiled mode, included after it: its
// internal macros must be defined again after the umbrella undefined them.
#include <standin/lang/compiler.hpp>

#include <string>
#include <string_view>

std::string_view version_seen_by_odr_b() { return standin::version_string(); }

std::string repr_seen_by_odr_b() { return standin::repr(standin::list({standin::Value(std::int64_t{42})})); }
