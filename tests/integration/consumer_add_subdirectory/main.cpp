// A consumer that adds standin's source tree: includes the umbrella header.
#include <standin/standin.hpp>

#include <iostream>

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
    if (standin::version_string().empty()) {
        std::cerr << "standin::version_string() is empty\n";
        return 1;
    }
    std::cout << "add_subdirectory(standin) consumer: standin " << standin::version_string() << '\n';
    return 0;
}
