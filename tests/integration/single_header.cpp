// The amalgamated single header compiles on its own: this TU sees only
// single_include/ and Boost, never include/.
#include <standin/standin.hpp>

#include <iostream>

#ifndef STANDIN_VERSION_MAJOR
#error "single_include/standin/standin.hpp does not define STANDIN_VERSION_MAJOR"
#endif

// Runs a guest line: in the compiled mode this links the library's interpreter.
static bool interpreter_works() {
    standin::Interpreter vm;
    vm.exec("x = [n * n for n in range(4)]\n");
    return vm.global("x").as<standin::List>()->size() == 4;
}

int main() {
    if (!interpreter_works()) {
        std::cerr << "the interpreter did not run a guest line\n";
        return 1;
    }
    std::cout << "single header: standin " << standin::version_string() << '\n';
    return standin::version_string().empty() ? 1 : 0;
}
