// ODR check, second TU: see odr_a.cpp. It runs the interpreter too, so both TUs
// use the library's definitions (their own inline copies in header-only mode).
#include <standin/standin.hpp>

#include <string_view>

std::string_view version_seen_by_odr_b() { return standin::version_string(); }

long long answer_seen_by_odr_b() {
    standin::Interpreter vm;
    vm.exec("x = sum([20, 22])\n");
    return vm.global("x").as_int();
}
