// A consumer of the installed package: includes the umbrella header and checks the
// package version agrees with the headers.
#include <standin/standin.hpp>

#include <iostream>
#include <string_view>

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
    std::string_view const package_version = STANDIN_PACKAGE_VERSION;
    if (standin::version_string() != package_version) {
        std::cerr << "headers say " << standin::version_string() << ", package config says "
                  << package_version << '\n';
        return 1;
    }
    std::cout << "find_package(standin) consumer: standin " << standin::version_string() << '\n';
    return 0;
}
