// A consumer of the installed package: includes the umbrella header and checks the
// package version agrees with the headers.
#include <standin/standin.hpp>

#include <iostream>
#include <string_view>

int main() {
    std::string_view const package_version = STANDIN_PACKAGE_VERSION;
    if (standin::version_string() != package_version) {
        std::cerr << "headers say " << standin::version_string() << ", package config says "
                  << package_version << '\n';
        return 1;
    }
    std::cout << "find_package(standin) consumer: standin " << standin::version_string() << '\n';
    return 0;
}
