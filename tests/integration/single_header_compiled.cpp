// The amalgamated single header in the compiled mode, user TU: it sees only the
// declarations (STANDIN_SEPARATE_COMPILATION is set for the whole test program) and
// runs the interpreter that single_header_src.cpp compiles from the same header.
#include <standin/standin.hpp>

#include <iostream>

#if STANDIN_HEADER_ONLY
#error "this TU must be in the compiled mode"
#endif

int main() {
    standin::Interpreter vm;
    vm.exec("x = [n * n for n in range(4)]\n");
    if (vm.global("x").as<standin::List>()->size() != 4) {
        std::cerr << "the interpreter did not run a guest line\n";
        return 1;
    }
    std::cout << "single header, compiled mode: standin " << standin::version_string() << '\n';
    return 0;
}
