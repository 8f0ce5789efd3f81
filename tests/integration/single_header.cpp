// The amalgamated single header compiles on its own: this TU sees only
// single_include/ and Boost, never include/.
#include <standin/standin.hpp>

#include <iostream>

#ifndef STANDIN_VERSION_MAJOR
#error "single_include/standin/standin.hpp does not define STANDIN_VERSION_MAJOR"
#endif

int main() {
    std::cout << "single header: standin " << standin::version_string() << '\n';
    return standin::version_string().empty() ? 1 : 0;
}
