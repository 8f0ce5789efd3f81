// A consumer that adds standin's source tree: includes the umbrella header.
#include <standin/standin.hpp>

#include <iostream>

int main() {
    if (standin::version_string().empty()) {
        std::cerr << "standin::version_string() is empty\n";
        return 1;
    }
    std::cout << "add_subdirectory(standin) consumer: standin " << standin::version_string() << '\n';
    return 0;
}
