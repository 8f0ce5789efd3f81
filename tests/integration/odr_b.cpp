// ODR check, second TU: see odr_a.cpp. It includes the whole library but uses only a
// little of it (the compiler's entry point and repr): a non-inline definition in a
// header is emitted by every TU that includes it, used or not, so the link fails here
// as well as anywhere; and odr_a.cpp runs the interpreter, so the program links the
// library's definitions for real.
#include <standin/standin.hpp>
// A header the umbrella leaves out in the compiled mode, included after it: its
// internal macros must be defined again after the umbrella undefined them.
#include <standin/lang/compiler.hpp>

#include <string>
#include <string_view>

std::string_view version_seen_by_odr_b() { return standin::version_string(); }

std::string repr_seen_by_odr_b() {
    standin::ref<standin::Code> code = standin::compile_source("x = 42\n", "<odr_b>");
    return code ? standin::repr(standin::Value(std::int64_t{42})) : std::string("no code");
}
