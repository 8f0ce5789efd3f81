// Placeholder for the main demo (scripts/run.sh builds and runs it): prints the
// library version. It will become the command-line front end that runs guest scripts.
#include <standin/standin.hpp>

#include <iostream>

int main(int argc, char** argv) {
    (void)argc;
    (void)argv;
    std::cout << "standin " << standin::version_string() << '\n';
    return standin::version_string().empty() ? 1 : 0;
}
